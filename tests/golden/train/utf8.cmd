LC_ALL=C.UTF-8 "$FPTUTOR" train --mode fp16,fp16-noscale,fp32 --steps 40
