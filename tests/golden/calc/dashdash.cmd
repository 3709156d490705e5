"$FPTUTOR" calc -- 5
