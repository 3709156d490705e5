"$FPTUTOR" bits -f fp99 1
