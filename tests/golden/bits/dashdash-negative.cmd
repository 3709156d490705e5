"$FPTUTOR" bits -- -1
