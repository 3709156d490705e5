LC_ALL=C.UTF-8 "$FPTUTOR" play ../lessons/overflow-demo.lesson --answers ../lessons/overflow-demo.answers
