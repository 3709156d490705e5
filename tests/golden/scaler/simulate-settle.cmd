"$FPTUTOR" scaler --simulate 20000 --grad-max 0.01
