# tests/local.mk — the test suite: Check suites against oracles that do
# not share the code under test, and shell scripts that drive the built
# program (golden files under tests/golden, a real terminal through tmux).

# --- Check suites -------------------------------------------------------------
if HAVE_CHECK
check_PROGRAMS += tests/check_fp tests/check_fp_exhaustive tests/check_calc \
	tests/check_scaler tests/check_toy tests/check_grade tests/check_progress \
	tests/check_lesson tests/check_edit
TESTS += tests/check_fp tests/check_fp_exhaustive tests/check_calc \
	tests/check_scaler tests/check_toy tests/check_grade tests/check_progress \
	tests/check_lesson tests/check_edit
CHECK_FLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
TOP_DEF = -DTOP_SRCDIR='"$(abs_top_srcdir)"'

tests_check_fp_SOURCES = tests/check_fp.c tests/fp_ref.h
tests_check_fp_CFLAGS = $(CHECK_FLAGS)
tests_check_fp_LDADD = $(CHECK_LDADD)
# The oracle side is built with F16C where the CPU has it (see configure).
tests_check_fp_exhaustive_SOURCES = tests/check_fp_exhaustive.c tests/fp_ref.h
tests_check_fp_exhaustive_CFLAGS = $(CHECK_FLAGS) $(F16C_CFLAGS)
tests_check_fp_exhaustive_LDADD = src/libfptutor.a $(CHECK_LIBS) $(PTHREAD_LIBS) $(LIBS)
tests_check_calc_SOURCES = tests/check_calc.c
tests_check_calc_CFLAGS = $(CHECK_FLAGS)
tests_check_calc_LDADD = $(CHECK_LDADD)
tests_check_scaler_SOURCES = tests/check_scaler.c
tests_check_scaler_CFLAGS = $(CHECK_FLAGS)
tests_check_scaler_LDADD = $(CHECK_LDADD)
tests_check_toy_SOURCES = tests/check_toy.c
tests_check_toy_CFLAGS = $(CHECK_FLAGS)
tests_check_toy_LDADD = $(CHECK_LDADD)
tests_check_grade_SOURCES = tests/check_grade.c
tests_check_grade_CFLAGS = $(CHECK_FLAGS)
tests_check_grade_LDADD = $(CHECK_LDADD)
tests_check_progress_SOURCES = tests/progress_test.h \
	tests/progress_test.c tests/check_progress.c \
	tests/check_progress_kill.c
tests_check_progress_CFLAGS = $(CHECK_FLAGS)
tests_check_progress_LDADD = $(CHECK_LDADD)
tests_check_lesson_SOURCES = tests/check_lesson.c
tests_check_lesson_CFLAGS = $(CHECK_FLAGS)
tests_check_lesson_CPPFLAGS = $(AM_CPPFLAGS) $(TOP_DEF)
tests_check_lesson_LDADD = $(CHECK_LDADD)
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

# --- scripts ------------------------------------------------------------------
# cli: golden outputs of every command; docs: README, --help, the man
# pages, doc/ and the screen picture agree; hostile: bad input of every
# kind; layers: src/ keeps its layers; lesson: check-lesson over the
# malformed lessons, play transcripts; lesson_set: the shipped lessons;
# lesson_literals: no computed number typed in a lesson; tui, tui_lab,
# tui_answer: the full-screen tutor in tmux at 80x24.
TESTS += tests/cli.sh tests/docs.sh tests/hostile.sh tests/layers.sh \
	tests/lesson.sh tests/lesson_set.sh tests/lesson_literals.sh \
	tests/tui.sh tests/tui_lab.sh tests/tui_answer.sh
dist_check_SCRIPTS += tests/cli.sh tests/docs.sh tests/hostile.sh \
	tests/layers.sh tests/lesson.sh tests/lesson_set.sh \
	tests/lesson_literals.sh tests/tui.sh tests/tui_lab.sh \
	tests/tui_answer.sh tests/lib.sh tests/tui_lib.sh
# The tools those tests run: the layer check, the screen picture.
EXTRA_DIST += tools/layers.sh tools/screenshot.sh
EXTRA_DIST += tests/golden tests/lessons tests/grade
