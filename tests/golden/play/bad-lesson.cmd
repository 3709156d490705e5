"$FPTUTOR" play ../lessons/bad/duplicate-question-id.lesson
