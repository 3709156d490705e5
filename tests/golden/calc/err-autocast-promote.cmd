"$FPTUTOR" calc -d autocast-fp16 'dot(bf16([1, 2]), fp16([3, 4]))'
