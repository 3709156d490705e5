"$FPTUTOR" bits --from-bits -f fp16 0x7bff 0x0001 0x7c00 0xfe00 "0 11110 1111111111"
