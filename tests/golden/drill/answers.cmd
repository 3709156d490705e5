"$FPTUTOR" drill --answers - --json
