"$FPTUTOR" train --steps 1e3
