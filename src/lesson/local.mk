# src/lesson/local.mk — build fragment for src/lesson, included by Makefile.am.
# Append to the shared lists: src_libfptutor_a_SOURCES (curses-free core),
# src_fptutor_SOURCES (CLI files), check_PROGRAMS/TESTS/dist_check_SCRIPTS,
# EXTRA_DIST, BENCH_RUN (run by make bench; also add to EXTRA_PROGRAMS).

# The lesson language and the player (curses-free, in the library):
# source → parse → validate, computed values, the player and its graders.
src_libfptutor_a_SOURCES += \
	src/lesson/lesson.h \
	src/lesson/player.h \
	src/lesson/priv.h \
	src/lesson/diag.c \
	src/lesson/source.c \
	src/lesson/parse.c \
	src/lesson/parse_q.c \
	src/lesson/validate.c \
	src/lesson/validate_block.c \
	src/lesson/validate_params.c \
	src/lesson/value.c \
	src/lesson/plot.c \
	src/lesson/model.c \
	src/lesson/find.c \
	src/lesson/player.c \
	src/lesson/grade.c

# `fptutor lessons`, `play`, `check-lesson` and the text view of the player.
src_fptutor_SOURCES += \
	src/cli/lesson_cli.h \
	src/cli/lessons.c \
	src/cli/play.c \
	src/cli/check_lesson.c \
	src/ui/lesson_text.h \
	src/ui/lesson_text.c \
	src/ui/lesson_text_blocks.c

# The installed lessons' directory, for the search path (find.c takes it
# as an argument; only the program knows it).
src_fptutor_CPPFLAGS = $(AM_CPPFLAGS) $(NCURSESW_CFLAGS) -DFPTUTOR_LESSONDIR='"$(lessondir)"'
# The one object that uses it is rebuilt when configure changes the prefix.
src/cli/fptutor-check_lesson.$(OBJEXT): Makefile

# (Makefile.am sets dist_man_MANS after the fragments: a section variable.)
dist_man5_MANS = man/fptutor-lesson.5

if HAVE_CHECK
check_PROGRAMS += tests/check_lesson
TESTS += tests/check_lesson
tests_check_lesson_SOURCES = tests/check_lesson.c
tests_check_lesson_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_lesson_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_check_lesson_LDADD = src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif

# check-lesson over the malformed lessons, play transcripts, bad bytes.
TESTS += tests/lesson.sh
dist_check_SCRIPTS += tests/lesson.sh
EXTRA_DIST += tests/lessons
