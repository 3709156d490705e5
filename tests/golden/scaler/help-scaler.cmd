"$FPTUTOR" help scaler
