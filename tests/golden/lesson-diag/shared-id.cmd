"$FPTUTOR" check-lesson -q ../lessons/overflow-demo.lesson ../lessons/dup/shared-id.lesson
