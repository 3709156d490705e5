FPTUTOR_LESSON_PATH=/nonexistent:../lessons "$FPTUTOR" play fp16-range --json -a -
