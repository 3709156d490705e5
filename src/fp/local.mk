# src/fp/local.mk — the format engine (src/fp/fp.h), the bottom layer.
FP_SOURCES = \
	src/fp/fp.h \
	src/fp/fp_int.h \
	src/fp/fast.h \
	src/fp/simd.h \
	src/fp/format.c \
	src/fp/encode.c \
	src/fp/fast.c \
	src/fp/read.c \
	src/fp/decode.c \
	src/fp/text.c \
	src/fp/explain.c \
	src/fp/exact.c \
	src/fp/walk.c
src_libfptutor_a_SOURCES += $(FP_SOURCES)
