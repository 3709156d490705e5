"$FPTUTOR" scaler --simulate 2.5
