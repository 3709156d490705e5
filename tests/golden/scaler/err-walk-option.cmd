"$FPTUTOR" scaler --simulate 10 --scale 1024
