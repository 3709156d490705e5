# tests/local.mk — the test suite: Check suites against oracles that do
# not share the code under test, and shell scripts that drive the built
# program (golden files under tests/golden, a real terminal through tmux).

# --- Check suites -------------------------------------------------------------
if HAVE_CHECK
check_PROGRAMS += tests/check_fp tests/check_fp_fast tests/check_fp_exhaustive tests/check_calc \
	tests/check_scaler tests/check_toy tests/check_grade tests/check_shared_table \
	tests/check_progress tests/check_lesson tests/check_lesson_msg tests/check_edit \
	tests/check_tensor tests/check_drill
TESTS += tests/check_fp tests/check_fp_fast tests/check_fp_exhaustive tests/check_calc \
	tests/check_scaler tests/check_toy tests/check_grade tests/check_shared_table \
	tests/check_progress tests/check_lesson tests/check_lesson_msg tests/check_edit \
	tests/check_tensor tests/check_drill
CHECK_FLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
TOP_DEF = -DTOP_SRCDIR='"$(abs_top_srcdir)"'

tests_check_fp_SOURCES = tests/fp_test.h tests/fp_test.c tests/check_fp.c \
	tests/check_fp_round.c tests/check_fp_exact.c tests/fp_ref.h tests/fp_tally.h
tests_check_fp_CFLAGS = $(CHECK_FLAGS)
tests_check_fp_LDADD = $(CHECK_LDADD)
tests_check_fp_fast_SOURCES = tests/check_fp_fast.c tests/fp_ref.h \
	tests/fp_tally.h
tests_check_fp_fast_CFLAGS = $(CHECK_FLAGS)
tests_check_fp_fast_LDADD = $(CHECK_LDADD)
# The oracle side is built with F16C where the CPU has it (see configure).
tests_check_fp_exhaustive_SOURCES = tests/fpx_test.h tests/fpx_test.c \
	tests/check_fp_exhaustive.c tests/check_fp_exhaustive_patterns.c \
	tests/fp_ref.h
tests_check_fp_exhaustive_CFLAGS = $(CHECK_FLAGS) $(F16C_CFLAGS)
tests_check_fp_exhaustive_LDADD = src/libfptutor.a $(CHECK_LIBS) $(PTHREAD_LIBS) $(LIBS)
tests_check_drill_SOURCES = tests/check_drill.c tests/drill_oracle.h tests/fp_ref.h
tests_check_drill_CFLAGS = $(CHECK_FLAGS)
tests_check_drill_LDADD = $(CHECK_LDADD)
tests_check_calc_SOURCES = tests/calc_test.h tests/calc_test.c \
	tests/check_calc.c tests/check_calc_arith.c tests/check_calc_lang.c \
	tests/check_calc_policy.c tests/check_calc_sum.c
tests_check_calc_CFLAGS = $(CHECK_FLAGS)
tests_check_calc_LDADD = $(CHECK_LDADD)
tests_check_scaler_SOURCES = tests/scaler_test.h tests/check_scaler.c \
	tests/check_scaler_walk.c
tests_check_scaler_CFLAGS = $(CHECK_FLAGS)
tests_check_scaler_LDADD = $(CHECK_LDADD)
tests_check_toy_SOURCES = tests/check_toy.c
tests_check_toy_CFLAGS = $(CHECK_FLAGS)
tests_check_toy_LDADD = $(CHECK_LDADD)
tests_check_grade_SOURCES = tests/check_grade.c tests/check_grade_sets.c \
	tests/check_grade_facts.c tests/check_grade_claims.c tests/check_grade_reading.c \
	tests/check_grade_claims_api.c tests/check_grade_voice.c \
	tests/grade_test.h
tests_check_grade_CFLAGS = $(CHECK_FLAGS)
tests_check_grade_LDADD = $(CHECK_LDADD)
# the tables shared_gen wrote against the shared lines compiled here
tests_check_shared_table_SOURCES = tests/check_shared_table.c
tests_check_shared_table_CFLAGS = $(CHECK_FLAGS)
tests_check_shared_table_LDADD = $(CHECK_LDADD)
tests_check_progress_SOURCES = tests/progress_test.h \
	tests/progress_test.c tests/check_progress.c \
	tests/check_progress_kill.c tests/check_progress_items.c \
	tests/check_progress_damaged.c
tests_check_progress_CFLAGS = $(CHECK_FLAGS)
tests_check_progress_LDADD = $(CHECK_LDADD)
tests_check_lesson_SOURCES = tests/lesson_test.h tests/lesson_test.c \
	tests/check_lesson.c tests/check_lesson_model.c \
	tests/check_lesson_drill.c
tests_check_lesson_CFLAGS = $(CHECK_FLAGS)
tests_check_lesson_CPPFLAGS = $(AM_CPPFLAGS) $(TOP_DEF)
tests_check_lesson_LDADD = $(CHECK_LDADD)
# The table of lesson diagnostics against the expected outputs of the
# malformed lessons (tests/lessons/bad/NAME.diag) and of tests/golden.
tests_check_lesson_msg_SOURCES = tests/check_lesson_msg.c
tests_check_lesson_msg_CFLAGS = $(CHECK_FLAGS)
tests_check_lesson_msg_CPPFLAGS = $(AM_CPPFLAGS) $(TOP_DEF)
tests_check_lesson_msg_LDADD = $(CHECK_LDADD)
tests_check_tensor_SOURCES = tests/check_tensor.c tests/check_tensor_io.c \
	tests/check_tensor_wide.c tests/tensor_fix.h tests/fp_ref.h
tests_check_tensor_CFLAGS = $(CHECK_FLAGS)
tests_check_tensor_LDADD = $(CHECK_LDADD)
tests_check_edit_SOURCES = tests/check_edit.c
tests_check_edit_CPPFLAGS = $(AM_CPPFLAGS) $(NCURSESW_CFLAGS)
tests_check_edit_CFLAGS = $(CHECK_FLAGS)
# From the archive the linker takes the model only (edit_model.o), which
# makes no curses calls: the test needs no terminal and no curses library.
tests_check_edit_LDADD = src/libfptutor_tui.a $(CHECK_LDADD)
else
check-local:
	@echo "Check (the unit test framework) is missing: run ./bootstrap, or install the 'check' package" >&2; exit 1
endif

# The fixtures of tests/inspect.sh, written in C (no Check needed).
check_PROGRAMS += tests/mktensor
tests_mktensor_SOURCES = tests/mktensor.c tests/tensor_fix.h

# --- scripts ------------------------------------------------------------------
# cli: golden outputs of every command; options: one option grammar and
# one set of messages for every command; docs: README, --help, the man
# pages, doc/ and the screen picture agree; hostile: bad input of every
# kind; layers: src/ keeps its layers; lesson: check-lesson over the
# malformed lessons (tests/lessons/bad: NAME.lesson beside its NAME.diag);
# lesson_set: the shipped lessons; bits_long: literals of 10^6 digits,
# rounded once; lesson_literals: no computed number
# typed in a lesson; inspect: fptutor inspect on files tests/mktensor
# writes; class: class mode's verdicts against single-answer grade;
# handout: the markdown handouts through cmark-gfm; tui, tui_lab,
# tui_present, tui_answer, tui_beyond, tui_drill: the full-screen tutor in
# tmux at 80x24 (skipped without tmux); simd: the fast-path and tensor
# tests again on the narrower vector copies (FPTUTOR_SIMD).  tests/README.md
# says what each checks and how golden files are rewritten
# (FPTUTOR_UPDATE_GOLDEN=1).
TESTS += tests/cli.sh tests/options.sh tests/docs.sh tests/hostile.sh tests/layers.sh \
	tests/lesson.sh tests/inspect.sh tests/lesson_set.sh \
	tests/lesson_literals.sh tests/class.sh tests/handout.sh \
	tests/tui.sh tests/tui_lab.sh tests/tui_present.sh tests/review.sh \
	tests/tui_review.sh tests/tui_answer.sh tests/tui_beyond.sh \
	tests/tui_drill.sh tests/bits_long.sh tests/simd.sh
dist_check_SCRIPTS += tests/cli.sh tests/options.sh tests/docs.sh tests/hostile.sh \
	tests/layers.sh tests/lesson.sh tests/inspect.sh tests/lesson_set.sh \
	tests/lesson_literals.sh tests/class.sh tests/handout.sh \
	tests/tui.sh tests/tui_lab.sh tests/tui_present.sh tests/lib.sh \
	tests/review.sh tests/tui_review.sh tests/tui_answer.sh \
	tests/tui_beyond.sh tests/tui_drill.sh tests/tui_lib.sh tests/bits_long.sh \
	tests/simd.sh
# The tools those tests run: the layer check, the screen picture.
EXTRA_DIST += tools/layers.sh tools/screenshot.sh
EXTRA_DIST += tests/golden tests/lessons tests/grade tests/README.md
