"$FPTUTOR" train
