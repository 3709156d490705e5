"$FPTUTOR" scaler --grad-max 0.01
