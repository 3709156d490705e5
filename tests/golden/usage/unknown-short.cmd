"$FPTUTOR" check-lesson -qZ x.lesson
