"$FPTUTOR" calc '[1,2]+[1,2,3]'
