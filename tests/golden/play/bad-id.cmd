"$FPTUTOR" play "Not An Id"
