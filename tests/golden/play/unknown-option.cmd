"$FPTUTOR" play --frobnicate x
