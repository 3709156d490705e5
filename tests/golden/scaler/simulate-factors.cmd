"$FPTUTOR" scaler --simulate 60 --init-scale 1000 --growth-factor 3 --backoff-factor 0.3 --growth-interval 7 --inf-steps 5,20-22,40
