"$FPTUTOR" calc -d fp16 'mean([60000, 60000], acc=fp32)'
