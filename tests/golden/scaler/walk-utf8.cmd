LC_ALL=C.UTF-8 "$FPTUTOR" scaler --grad-max 0.01 --scale 1,2^13 2^22 0x1p23
