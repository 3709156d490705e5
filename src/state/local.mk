# src/state/local.mk — the progress store (src/state/progress.h).
src_libfptutor_a_SOURCES += \
	src/state/progress.h \
	src/state/progress_int.h \
	src/state/progress.c \
	src/state/progress_file.c \
	src/state/progress_io.c \
	src/state/progress_item.c \
	src/state/fsrs.h \
	src/state/fsrs.c
