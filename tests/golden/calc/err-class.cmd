"$FPTUTOR" calc 'cross_entropy([1,2], 2)'
