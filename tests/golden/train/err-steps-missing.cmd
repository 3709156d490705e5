"$FPTUTOR" train --steps
