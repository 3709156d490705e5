"$FPTUTOR" drill overflow round --level hard --seed 3 --count 4
