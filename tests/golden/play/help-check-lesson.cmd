"$FPTUTOR" check-lesson -h
