"$FPTUTOR" calc -d fp16 'sum(linspace(1, 1, 4096), acc=fp16)'
