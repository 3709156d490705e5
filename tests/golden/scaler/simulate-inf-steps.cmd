"$FPTUTOR" scaler --simulate 30 --inf-steps 3,10-12 --growth-interval 5
