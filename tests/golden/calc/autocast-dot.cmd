"$FPTUTOR" calc -d autocast-fp16,fp32 'dot(fp16([1,2]), [3,4])'
