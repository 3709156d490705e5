"$FPTUTOR" play ../lessons/overflow-demo.lesson --answers - --json
