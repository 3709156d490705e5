FPTUTOR_LESSON_PATH=../lessons "$FPTUTOR" lessons
