"$FPTUTOR" drill --count 0
