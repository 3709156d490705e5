"$FPTUTOR" calc -d fp16,bf16 'softmax([20,19])'
