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
