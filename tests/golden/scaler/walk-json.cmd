"$FPTUTOR" scaler --json --grad-max 0.01
