# Negative numbers are values, not options, before or after the options.
"$FPTUTOR" bits -1.5 -f fp16 -0x1p-24 -inf --json -.5
