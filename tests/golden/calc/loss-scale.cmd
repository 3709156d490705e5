"$FPTUTOR" calc -d fp32 'fp32(fp16(1e-8 * 1024)) / 1024'
