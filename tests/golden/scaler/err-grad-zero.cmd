"$FPTUTOR" scaler --grad 0
