"$FPTUTOR" check-lesson
