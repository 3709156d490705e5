# "--" ends the options, it is not two minus signs: the expression is "2 3".
"$FPTUTOR" calc 2 -- 3
