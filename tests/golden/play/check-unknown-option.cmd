"$FPTUTOR" check-lesson --strict x.lesson
