"$FPTUTOR" drill encode ulp --seed 42 --count 4
