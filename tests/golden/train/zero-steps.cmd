"$FPTUTOR" train --steps 0 --mode fp32,fp16
