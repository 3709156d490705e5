"$FPTUTOR" lessons --help
