"$FPTUTOR" train --frobnicate
