"$FPTUTOR" scaler --simulate 12 --init-scale 2^125 --growth-interval 2 --json | tail -n 5 && "$FPTUTOR" scaler --simulate 100 --dtype bf16 --grad-max 0.01 --growth-interval 1 --init-scale 2^100
