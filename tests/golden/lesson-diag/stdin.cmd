"$FPTUTOR" check-lesson -
