"$FPTUTOR" play ../lessons/overflow-demo.lesson --format markdown --key
