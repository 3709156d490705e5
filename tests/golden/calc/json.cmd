"$FPTUTOR" calc --json -d fp16,bf16 '10000*10000'
