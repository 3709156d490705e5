# src/calc/local.mk — build fragment for src/calc, included by Makefile.am.
# Append to the shared lists: src_libfptutor_a_SOURCES (curses-free core),
# src_fptutor_SOURCES (CLI files), check_PROGRAMS/TESTS/dist_check_SCRIPTS,
# EXTRA_DIST, BENCH_RUN (run by make bench; also add to EXTRA_PROGRAMS).

src_libfptutor_a_SOURCES += \
	src/calc/calc.h \
	src/calc/calc_int.h \
	src/calc/parse.c \
	src/calc/funcs.c \
	src/calc/eval.c \
	src/calc/explain.c

src_fptutor_SOURCES += \
	src/cli/calc.c \
	src/ui/calc_text.h \
	src/ui/calc_text.c

# Unit tests of the engine, each against an oracle it does not share.
if HAVE_CHECK
check_PROGRAMS += tests/check_calc
TESTS += tests/check_calc
tests_check_calc_SOURCES = tests/check_calc.c
tests_check_calc_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_calc_LDADD = src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif

# make bench: parse + eval of a 4096-element softmax, stable and naive.
EXTRA_PROGRAMS += bench/bench_calc
BENCH_RUN += bench/bench_calc$(EXEEXT)
bench_bench_calc_SOURCES = bench/bench_calc.c
bench_bench_calc_CFLAGS = $(AM_CFLAGS) -O2
bench_bench_calc_LDADD = src/libfptutor.a $(LIBS)
