"$FPTUTOR" calc -d fp32 'cross_entropy([20, 19], 1)' 
