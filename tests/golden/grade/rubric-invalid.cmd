# The asked question's own rubric is compiled, and its fault refused once,
# at its line.
FPTUTOR_LESSON_PATH=../lessons/elsewhere "$FPTUTOR" grade elsewhere-bad
