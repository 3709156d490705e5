"$FPTUTOR" train --seed abc
