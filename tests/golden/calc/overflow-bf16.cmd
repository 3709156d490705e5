"$FPTUTOR" calc -d bf16 '10000 * 10000'
