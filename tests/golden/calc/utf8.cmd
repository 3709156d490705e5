LC_ALL=C.UTF-8 "$FPTUTOR" calc -d fp16 '2 × 3 − 1 ÷ 4'
