# src/drill/local.mk — engine-made drills (src/drill/drill.h): seeded
# operands, answers the engine computes, exact grading with the engine's
# explanation.
src_libfptutor_a_SOURCES += \
	src/drill/drill.h \
	src/drill/drill_int.h \
	src/drill/drill.c \
	src/drill/drill_rng.c \
	src/drill/drill_fp.c \
	src/drill/drill_chain.c \
	src/drill/drill_train.c \
	src/drill/drill_say.c \
	src/drill/drill_grade.c
