"$FPTUTOR" scaler --growth-interval 10
