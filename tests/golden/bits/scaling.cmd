"$FPTUTOR" bits -f fp16,bf16,fp32 1.024e-5 1.0012e-8 0.1 -- -2.5
