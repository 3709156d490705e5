"$FPTUTOR" calc 'exp([20,19]'
