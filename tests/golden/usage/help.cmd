"$FPTUTOR" --help
