"$FPTUTOR" scaler --grad-max
