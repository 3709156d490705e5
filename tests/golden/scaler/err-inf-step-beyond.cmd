"$FPTUTOR" scaler --simulate 10 --inf-steps 4-12
