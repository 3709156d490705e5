"$FPTUTOR" calc '1 + foo(2)'
