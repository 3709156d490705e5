"$FPTUTOR" scaler --order --json
