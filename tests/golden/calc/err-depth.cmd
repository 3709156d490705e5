"$FPTUTOR" calc "$(printf '(%.0s' $(seq 100))1"
