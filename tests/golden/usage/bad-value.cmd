"$FPTUTOR" bits foo
