"$FPTUTOR" scaler --simulate 10000001
