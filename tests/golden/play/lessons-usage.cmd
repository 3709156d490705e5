"$FPTUTOR" lessons extra
