# Two lessons on the path ask the question: refused, both files named.
FPTUTOR_LESSON_PATH=../lessons:../lessons/dup "$FPTUTOR" grade demo-overflow
