"$FPTUTOR" scaler --scale 1,2^1.5
