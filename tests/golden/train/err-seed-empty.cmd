"$FPTUTOR" train --seed ""
