FPTUTOR_LESSON_PATH=../lessons/order "$FPTUTOR" lessons --json
