# bench/local.mk — `make bench`: figures, not pass/fail.  Each benchmark
# prints what it measures; none is run by make check.
EXTRA_PROGRAMS += bench/bench_fp bench/bench_calc bench/bench_scaler \
	bench/bench_toy bench/bench_grade bench/bench_tui bench/bench_inspect \
	bench/bench_class bench/bench_oneshot bench/bench_review
BENCH_RUN += bench/bench_calc$(EXEEXT) bench/bench_scaler$(EXEEXT) \
	bench/bench_toy$(EXEEXT) bench/bench_grade$(EXEEXT) bench/bench_tui$(EXEEXT) \
	bench/bench_inspect$(EXEEXT) bench/bench_class$(EXEEXT) \
	bench/bench_oneshot$(EXEEXT) bench/bench_review$(EXEEXT)
CLEANFILES += $(EXTRA_PROGRAMS)
BENCH_FLAGS = $(AM_CFLAGS) -O2

# the format core against the hardware cast and the bit trick
bench_bench_fp_SOURCES = bench/bench_fp.c
bench_bench_fp_CFLAGS = $(BENCH_FLAGS) $(F16C_CFLAGS)
bench_bench_fp_LDADD = src/libfptutor.a $(LIBS)
# parse + eval of a 4096-element softmax, stable and naive
bench_bench_calc_SOURCES = bench/bench_calc.c
bench_bench_calc_CFLAGS = $(BENCH_FLAGS)
bench_bench_calc_LDADD = src/libfptutor.a $(LIBS)
# a 100,000-step GradScaler simulation
bench_bench_scaler_SOURCES = bench/bench_scaler.c
bench_bench_scaler_CFLAGS = $(BENCH_FLAGS)
bench_bench_scaler_LDADD = src/libfptutor.a $(LIBS)
# the toy run, all five modes at the default size
bench_bench_toy_SOURCES = bench/bench_toy.c
bench_bench_toy_CFLAGS = $(BENCH_FLAGS)
bench_bench_toy_LDADD = src/libfptutor.a $(LIBS)
# answers graded per second over the labelled corpora
bench_bench_grade_SOURCES = bench/bench_grade.c
bench_bench_grade_CFLAGS = $(BENCH_FLAGS)
bench_bench_grade_LDADD = src/libfptutor.a $(JANSSON_LIBS) $(LIBS)
# the first frame, bytes per step, peak memory, key-to-frame latency on
# every step of every lesson (a pty, no tmux)
bench_bench_tui_SOURCES = bench/bench_tui.c bench/bench_stats.h
bench_bench_tui_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
bench_bench_tui_LDADD = -lutil $(LIBS)
# fptutor inspect on 1 GiB safetensors files written on the fly (BF16 and
# F16, F32, F64): wall time and peak memory (a child process)
bench_bench_inspect_SOURCES = bench/bench_inspect.c
bench_bench_inspect_CFLAGS = $(BENCH_FLAGS)
bench_bench_inspect_LDADD = $(LIBS)
# one-shot grade against --version, whole processes, paired
bench_bench_oneshot_SOURCES = bench/bench_oneshot.c bench/bench_stats.h
bench_bench_oneshot_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
bench_bench_oneshot_LDADD = $(LIBS)

# a 10,000-row class file graded by one run of the program: answers/s,
# peak memory
bench_bench_class_SOURCES = bench/bench_class.c
bench_bench_class_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
bench_bench_class_LDADD =

# a drill generated and graded, every kind and level; review opened with
# 10,000 items
bench_bench_review_SOURCES = bench/bench_review.c
bench_bench_review_CFLAGS = $(BENCH_FLAGS)
bench_bench_review_LDADD = src/libfptutor.a $(LIBS)

bench: bench/bench_fp$(EXEEXT) src/fptutor$(EXEEXT) $(BENCH_RUN)
	bench/bench_fp$(EXEEXT)
	@for b in $(BENCH_RUN); do echo "== $$b"; ./$$b || exit 1; done
	$(SHELL) $(srcdir)/bench/bench_bits.sh src/fptutor$(EXEEXT)
	@echo "== the figures recorded in doc/performance.md"
	@sed -n '/^## Recorded figures/,$$p' $(srcdir)/doc/performance.md
.PHONY: bench
EXTRA_DIST += bench/bench_bits.sh
