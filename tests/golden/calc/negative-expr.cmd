# An argument that starts with "-" and a digit, "(" or a function is an expression.
"$FPTUTOR" calc -d fp32 '-3*2' '+ -exp(1)'
