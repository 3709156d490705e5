"$FPTUTOR" drill nosuch
