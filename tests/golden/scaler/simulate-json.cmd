"$FPTUTOR" scaler --simulate 12 --inf-steps 4,9-10 --growth-interval 3 --json
