"$FPTUTOR" scaler --simulate 10 --backoff-factor 1
