FPTUTOR_LESSON_PATH=../../lessons "$FPTUTOR" play anatomy
