"$FPTUTOR" play ../lessons/overflow-demo.lesson --answers ../lessons/overflow-demo.answers
