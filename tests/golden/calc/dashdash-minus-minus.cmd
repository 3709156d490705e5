# "--" ends the options: "--1" is the expression, minus minus one.
"$FPTUTOR" calc -- --1
