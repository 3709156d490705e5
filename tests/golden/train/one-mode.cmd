"$FPTUTOR" train --mode bf16 --steps 5 --seed 18446744073709551615
