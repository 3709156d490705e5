"$FPTUTOR" calc -d autocast-bf16 '[10000, 1] @ [10000, 1]'
