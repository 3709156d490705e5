# src/ui/lab.mk — the full-screen UI's widgets (line editor, bits widget)
# and labs (src/ui/tui.h); their tests.  Included by Makefile.am.
#
# The widgets and labs are an archive of their own, linked into the program
# after its objects: the linker takes only the members the shell refers to,
# and the curses-free editing model can be linked by a unit test alone.
noinst_LIBRARIES += src/libfptutor_tui.a
src_libfptutor_tui_a_CPPFLAGS = $(AM_CPPFLAGS) $(NCURSESW_CFLAGS)
src_libfptutor_tui_a_SOURCES = \
	src/ui/tui.h \
	src/ui/edit_int.h \
	src/ui/edit_model.c \
	src/ui/edit.c \
	src/ui/bitsw.c \
	src/ui/lab_int.h \
	src/ui/lab.c \
	src/ui/lab_bits.c \
	src/ui/lab_calc.c \
	src/ui/lab_scaler.c \
	src/ui/lab_softmax.c \
	src/ui/lab_train.c
src_fptutor_LDADD += src/libfptutor_tui.a src/libfptutor.a $(NCURSESW_LIBS) $(LIBS)

if HAVE_CHECK
check_PROGRAMS += tests/check_edit
TESTS += tests/check_edit
tests_check_edit_SOURCES = tests/check_edit.c
tests_check_edit_CPPFLAGS = $(AM_CPPFLAGS) $(NCURSESW_CFLAGS)
tests_check_edit_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
# From the archive the linker takes the model only (edit_model.o), which
# makes no curses calls: the test needs no terminal and no curses library.
tests_check_edit_LDADD = src/libfptutor_tui.a src/libfptutor.a $(CHECK_LIBS) $(LIBS)
endif

# Each lab through tmux at 80x24 against tests/golden/tui-lab (goldens are
# in the tarball with tests/golden).  tui_lib.sh drives tmux.
TESTS += tests/tui_lab.sh
dist_check_SCRIPTS += tests/tui_lab.sh
EXTRA_DIST += tests/tui_lib.sh
