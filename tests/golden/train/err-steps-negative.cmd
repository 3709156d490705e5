"$FPTUTOR" train --steps -1
