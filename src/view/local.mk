# src/view/local.mk — the plain-text views (no curses): what the commands
# and scripted lesson mode print, and what the full-screen tutor draws.
src_libfptutor_a_SOURCES += \
	src/view/term.h \
	src/view/term.c \
	src/view/bits_text.h \
	src/view/bits_text.c \
	src/view/calc_text.h \
	src/view/calc_text.c \
	src/view/scaler_text.h \
	src/view/scaler_text.c \
	src/view/scaler_sim_text.c \
	src/view/train_text.h \
	src/view/train_text.c \
	src/view/inspect_text.h \
	src/view/inspect_text.c \
	src/view/lesson_text.h \
	src/view/lesson_puts.c \
	src/view/lesson_text.c \
	src/view/lesson_text_blocks.c \
	src/view/block_cache.h \
	src/view/block_cache.c \
	src/view/train_block.c \
	src/view/diag_text.c \
	src/view/class_text.h \
	src/view/class_text.c \
	src/view/lesson_md.h \
	src/view/lesson_md.c
