"$FPTUTOR" check-lesson ../lessons/missing.lesson ../lessons/fp16-range.lesson
