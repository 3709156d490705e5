"$FPTUTOR" play a b
