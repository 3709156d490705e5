"$FPTUTOR" scaler --simulate 5000 --grad-max 0.01
