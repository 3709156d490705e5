"$FPTUTOR" calc -d autocast-fp16,fp32 'fp16([1,2]) * 3'
"$FPTUTOR" calc -d autocast-fp16,fp32 'bf16(2) * fp16([1,2])'
"$FPTUTOR" calc -d autocast-fp16,fp32 'mean(fp16([1,2]))'
"$FPTUTOR" calc -d autocast-fp16,fp32 '1 / fp16([2,4])'
