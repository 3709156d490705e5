"$FPTUTOR" scaler --frobnicate
