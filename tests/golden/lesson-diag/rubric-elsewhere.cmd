# check-lesson compiles every rubric (grade compiles only the one asked:
# grade/rubric-elsewhere).
"$FPTUTOR" check-lesson ../lessons/elsewhere/rubric-elsewhere.lesson
