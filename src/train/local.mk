# src/train/local.mk — build fragment for src/train, included by Makefile.am.
# Append to the shared lists: src_libfptutor_a_SOURCES (curses-free core),
# src_fptutor_SOURCES (CLI files), check_PROGRAMS/TESTS/dist_check_SCRIPTS,
# EXTRA_DIST, BENCH_RUN (run by make bench; also add to EXTRA_PROGRAMS).

# The loss-scaling model: GradScaler rule and simulation, the static walk,
# the step-order model (curses-free, in the library).
src_libfptutor_a_SOURCES += \
	src/train/scaler.h \
	src/train/scaler.c \
	src/train/walk.c \
	src/train/steporder.c

# `fptutor scaler` and its text views.
src_fptutor_SOURCES += \
	src/cli/scaler_cli.h \
	src/cli/scaler.c \
	src/cli/scaler_json.c \
	src/ui/scaler_text.h \
	src/ui/scaler_text.c \
	src/ui/scaler_sim_text.c

if HAVE_CHECK
check_PROGRAMS += tests/check_scaler
TESTS += tests/check_scaler
tests_check_scaler_SOURCES = tests/check_scaler.c
tests_check_scaler_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_scaler_LDADD = src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif

# make bench: a 100,000-step simulation, timed.
EXTRA_PROGRAMS += bench/bench_scaler
BENCH_RUN += bench/bench_scaler$(EXEEXT)
bench_bench_scaler_SOURCES = bench/bench_scaler.c
bench_bench_scaler_CFLAGS = $(AM_CFLAGS) -O2
bench_bench_scaler_LDADD = src/libfptutor.a $(LIBS)
