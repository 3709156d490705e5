# src/state/local.mk — the progress store (src/state/progress.h): sources
# and tests.  Included by Makefile.am.

src_libfptutor_a_SOURCES += \
	src/state/progress.h \
	src/state/progress_int.h \
	src/state/progress.c \
	src/state/progress_file.c \
	src/state/progress_io.c

if HAVE_CHECK
check_PROGRAMS += tests/check_progress
TESTS += tests/check_progress
tests_check_progress_SOURCES = tests/progress_test.h \
	tests/progress_test.c tests/check_progress.c \
	tests/check_progress_kill.c
tests_check_progress_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_progress_LDADD = src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif
EXTRA_DIST += doc/progress.md
