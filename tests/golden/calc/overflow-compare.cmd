"$FPTUTOR" calc -d fp32,fp16,bf16 '10000 * 10000'
