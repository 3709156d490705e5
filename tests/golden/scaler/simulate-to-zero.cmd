"$FPTUTOR" scaler --simulate 200 --inf-steps 1-200 --init-scale 1
