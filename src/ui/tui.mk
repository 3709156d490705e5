# src/ui/tui.mk — the full-screen UI's shell (src/ui/tui.h): the loop,
# home, the lesson player screen, presenter mode; its screen tests.
# Included by Makefile.am.

# The shell, home, the lesson player screen and the answer panel; `learn`
# and `lab`.  They join the program (the curses flags are in
# src_fptutor_CPPFLAGS, src/lesson/local.mk).
src_fptutor_SOURCES += \
	src/ui/tui.h \
	src/ui/tui_priv.h \
	src/ui/tui.c \
	src/ui/tui_look.c \
	src/ui/home.c \
	src/ui/player_screen.c \
	src/ui/answer.c \
	src/cli/learn.c

# The screen tests (tmux; tests/tui_lib.sh drives it).
TESTS += tests/tui.sh
dist_check_SCRIPTS += tests/tui.sh tests/tui_lib.sh

# `make bench`: the first frame, bytes per step, peak memory (a pty, no tmux).
EXTRA_PROGRAMS += bench/bench_tui
BENCH_RUN += bench/bench_tui$(EXEEXT)
bench_bench_tui_SOURCES = bench/bench_tui.c
bench_bench_tui_CPPFLAGS = $(AM_CPPFLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
bench_bench_tui_LDADD = -lutil $(LIBS)
