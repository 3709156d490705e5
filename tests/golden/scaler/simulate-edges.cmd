"$FPTUTOR" scaler --simulate 5 --grad-max 1e300 && "$FPTUTOR" scaler --simulate 1 && "$FPTUTOR" scaler --simulate 3 --accumulate 1048576 --grad-max 1 --json
