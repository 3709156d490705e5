"$FPTUTOR" scaler --simulate 20000 --grad-max 0.01 --accumulate 4 --inf-steps 3000
