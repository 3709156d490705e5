# src/train/toy.mk — build fragment, included by Makefile.am.
# Append to the shared lists: src_libfptutor_a_SOURCES (curses-free core),
# src_fptutor_SOURCES (CLI files), check_PROGRAMS/TESTS/dist_check_SCRIPTS,
# EXTRA_DIST, BENCH_RUN (run by make bench; also add to EXTRA_PROGRAMS).

# The controlled comparison: the toy model trained in five precision modes
# (curses-free, in the library).
src_libfptutor_a_SOURCES += \
	src/train/toy.h \
	src/train/toy_int.h \
	src/train/toy.c \
	src/train/toy_model.c \
	src/train/toy_math.c

# `fptutor train` and its text view.
src_fptutor_SOURCES += \
	src/cli/train.c \
	src/ui/train_text.h \
	src/ui/train_text.c

if HAVE_CHECK
check_PROGRAMS += tests/check_toy
TESTS += tests/check_toy
tests_check_toy_SOURCES = tests/check_toy.c
tests_check_toy_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_toy_LDADD = src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif

# make bench: all five modes at the default size, timed.
EXTRA_PROGRAMS += bench/bench_toy
BENCH_RUN += bench/bench_toy$(EXEEXT)
bench_bench_toy_SOURCES = bench/bench_toy.c
bench_bench_toy_CFLAGS = $(AM_CFLAGS) -O2
bench_bench_toy_LDADD = src/libfptutor.a $(LIBS)
