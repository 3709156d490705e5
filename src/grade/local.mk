# src/grade/local.mk — the free-text grader (src/grade/grade.h): a rubric
# compiled from its lines, an answer graded against it.  It knows nothing
# of lessons (src/lesson/grade_text.c is the bridge).
src_libfptutor_a_SOURCES += \
	src/grade/grade.h \
	src/grade/grade_int.h \
	src/grade/words.c \
	src/grade/fold.c \
	src/grade/text.c \
	src/grade/rubric_util.c \
	src/grade/rubric.c \
	src/grade/shared.c \
	src/grade/shared_runtime.def \
	src/grade/phrase.c \
	src/grade/match.c \
	src/grade/facts_int.h \
	src/grade/facts_read.c \
	src/grade/facts.c \
	src/grade/facts_claims.c \
	src/grade/grade.c
