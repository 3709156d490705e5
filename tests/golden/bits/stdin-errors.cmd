"$FPTUTOR" bits --json -f fp16 -
