"$FPTUTOR" scaler 1024
