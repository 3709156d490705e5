"$FPTUTOR" train --json | grep final_loss
