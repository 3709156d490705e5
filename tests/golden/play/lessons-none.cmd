FPTUTOR_LESSON_PATH=/nonexistent "$FPTUTOR" lessons --json
