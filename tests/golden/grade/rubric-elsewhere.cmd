# A fault in another question's rubric does not stop grading this one:
# grading compiles only the asked question's rubric (check-lesson finds
# the other: lesson-diag/rubric-elsewhere).
FPTUTOR_LESSON_PATH=../lessons/elsewhere "$FPTUTOR" grade elsewhere-good
