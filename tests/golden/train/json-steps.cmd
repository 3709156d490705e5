"$FPTUTOR" train --json --steps 12 --seed 42
