# src/tui/local.mk — the full-screen tutor (src/tui/tui.h): the shell,
# home, the lesson player screen and answer panel, the line editor, the
# bits widget and the labs.  An archive of its own, linked into the
# program: the linker takes only the members it needs, so a unit test can
# link the curses-free editing model (edit_model.o) alone.
src_libfptutor_tui_a_SOURCES += \
	src/tui/tui.h \
	src/tui/tui_int.h \
	src/tui/tui_priv.h \
	src/tui/tui.c \
	src/tui/paste.c \
	src/tui/start.c \
	src/tui/tui_look.c \
	src/tui/home.c \
	src/tui/player_screen.c \
	src/tui/player_end.c \
	src/tui/review.c \
	src/tui/player_help.c \
	src/tui/answer.c \
	src/tui/edit_int.h \
	src/tui/edit_model.c \
	src/tui/edit.c \
	src/tui/bitsw.c \
	src/tui/lab_int.h \
	src/tui/lab.c \
	src/tui/lab_util.c \
	src/tui/lab_bits.c \
	src/tui/lab_calc.c \
	src/tui/lab_scaler.c \
	src/tui/lab_softmax.c \
	src/tui/lab_train.c \
	src/tui/lab_inspect.c
