"$FPTUTOR" calc -d fp32,fp16,bf16 'exp([20,19]) / sum(exp([20,19]))'
