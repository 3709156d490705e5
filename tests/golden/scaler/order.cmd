"$FPTUTOR" scaler --order
