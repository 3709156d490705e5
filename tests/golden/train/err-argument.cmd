"$FPTUTOR" train fp16
