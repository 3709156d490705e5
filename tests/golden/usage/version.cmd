"$FPTUTOR" --version
