"$FPTUTOR" calc -d autocast-bf16 'dot([10000, 1], [10000, 1])'
