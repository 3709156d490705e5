"$FPTUTOR" check-lesson -q -
