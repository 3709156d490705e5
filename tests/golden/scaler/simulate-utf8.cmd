LC_ALL=C.UTF-8 "$FPTUTOR" scaler --simulate 100000 --grad-max 0.01
