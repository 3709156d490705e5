"$FPTUTOR" drill --seed 1 --count 16 --json
