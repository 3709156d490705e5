"$FPTUTOR" calc
