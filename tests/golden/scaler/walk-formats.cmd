"$FPTUTOR" scaler --dtype bf16 && "$FPTUTOR" scaler --dtype e4m3 --grad 1 --scale 1,256,512 && "$FPTUTOR" scaler --dtype fp32 --grad -1e-40 --scale 1,1000
