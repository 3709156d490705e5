"$FPTUTOR" scaler --scale 2^128
