"$FPTUTOR" scaler
