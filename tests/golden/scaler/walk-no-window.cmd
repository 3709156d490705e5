"$FPTUTOR" scaler --grad-max 1000
