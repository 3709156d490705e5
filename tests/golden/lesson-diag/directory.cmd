"$FPTUTOR" check-lesson ../lessons
