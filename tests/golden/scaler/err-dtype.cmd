"$FPTUTOR" scaler --dtype fp12
