"$FPTUTOR" train --mode ,
