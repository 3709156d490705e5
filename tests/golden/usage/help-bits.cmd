"$FPTUTOR" help bits
