"$FPTUTOR" play --json
