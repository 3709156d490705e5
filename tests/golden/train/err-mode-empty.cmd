"$FPTUTOR" train --mode fp16,
