FPTUTOR_LESSON_PATH=../lessons "$FPTUTOR" play fp16-range --answers=../lessons/fp16-range.answers
