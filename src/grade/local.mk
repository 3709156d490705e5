# src/grade/local.mk — build fragment, included by Makefile.am.
# Append to the shared lists: src_libfptutor_a_SOURCES (curses-free core),
# src_fptutor_SOURCES (CLI files), check_PROGRAMS/TESTS/dist_check_SCRIPTS,
# EXTRA_DIST, BENCH_RUN (run by make bench; also add to EXTRA_PROGRAMS).

src_libfptutor_a_SOURCES += \
	src/grade/grade.h \
	src/grade/grade_int.h \
	src/grade/words.c \
	src/grade/text.c \
	src/grade/rubric.c \
	src/grade/phrase.c \
	src/grade/match.c \
	src/grade/grade.c

if HAVE_CHECK
check_PROGRAMS += tests/check_grade
TESTS += tests/check_grade
tests_check_grade_SOURCES = tests/check_grade.c
tests_check_grade_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_grade_LDADD = src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif
EXTRA_DIST += tests/grade

# make bench: answers graded per second over the labelled corpora.
EXTRA_PROGRAMS += bench/bench_grade
BENCH_RUN += bench/bench_grade$(EXEEXT)
bench_bench_grade_SOURCES = bench/bench_grade.c
bench_bench_grade_CFLAGS = $(AM_CFLAGS) -O2
bench_bench_grade_LDADD = src/libfptutor.a $(LIBS)

# The bridge to lessons: rubric blocks and the player's text grader.
src_libfptutor_a_SOURCES += \
	src/grade/lesson_grade.h \
	src/grade/lesson_grade.c
src_fptutor_SOURCES += src/cli/grade.c
