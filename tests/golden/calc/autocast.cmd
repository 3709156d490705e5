"$FPTUTOR" calc -d autocast-fp16,fp16 'exp([20,19]) / sum(exp([20,19]))'
