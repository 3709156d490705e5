# src/grade/local.mk — build fragment, included by Makefile.am.
# Append to the shared lists: src_libfptutor_a_SOURCES (curses-free core),
# src_fptutor_SOURCES (CLI files), check_PROGRAMS/TESTS/dist_check_SCRIPTS,
# EXTRA_DIST, BENCH_RUN (run by make bench; also add to EXTRA_PROGRAMS).

src_libfptutor_a_SOURCES += \
	src/grade/grade.h \
	src/grade/grade_int.h \
	src/grade/text.c \
	src/grade/rubric.c \
	src/grade/match.c \
	src/grade/grade.c
