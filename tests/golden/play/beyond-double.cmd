"$FPTUTOR" play ../lessons/exact/beyond-double.lesson
