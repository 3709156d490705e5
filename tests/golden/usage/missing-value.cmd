"$FPTUTOR" bits -f
