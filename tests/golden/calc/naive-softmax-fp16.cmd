"$FPTUTOR" calc -d fp16 'exp([20,19]) / sum(exp([20,19]))'
