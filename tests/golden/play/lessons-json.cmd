FPTUTOR_LESSON_PATH=../lessons:../lessons/bad "$FPTUTOR" lessons --json 2>/dev/null; echo "exit $?"
