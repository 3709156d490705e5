"$FPTUTOR" train --steps=1 --mode=FP16-Params,fp16-params,all --json
