"$FPTUTOR" help play
