"$FPTUTOR" train --mode fp8
