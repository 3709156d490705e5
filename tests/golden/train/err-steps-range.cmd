"$FPTUTOR" train --steps 20001
