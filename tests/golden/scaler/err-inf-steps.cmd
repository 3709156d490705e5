"$FPTUTOR" scaler --simulate 10 --inf-steps 2,x
