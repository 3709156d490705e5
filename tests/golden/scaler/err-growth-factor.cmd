"$FPTUTOR" scaler --simulate 10 --growth-factor 0.9
