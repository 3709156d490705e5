"$FPTUTOR" play ../lessons/fp16-range.lesson --answers - --json
