"$FPTUTOR" calc -d fp64 '1'
