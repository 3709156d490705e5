"$FPTUTOR" calc -d fp16,bf16 '1 + 1e-4' '+ 0'
