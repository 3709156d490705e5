"$FPTUTOR" review --bogus
