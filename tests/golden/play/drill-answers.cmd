"$FPTUTOR" play ../lessons/drill/drill-demo.lesson --answers -
