"$FPTUTOR" drill --level 4
