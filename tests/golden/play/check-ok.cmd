"$FPTUTOR" check-lesson ../lessons/overflow-demo.lesson ../lessons/fp16-range.lesson
