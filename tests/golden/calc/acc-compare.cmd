"$FPTUTOR" calc -d fp16,autocast-fp16 'sum(fp16(linspace(1, 1, 4096)))'
"$FPTUTOR" calc -d fp16,autocast-fp16 'sum(fp16(linspace(1, 1, 4096)), acc=fp16)'
"$FPTUTOR" calc -d fp16,autocast-fp16 'sum(fp16(linspace(1, 1, 4096)), acc=fp32)'
