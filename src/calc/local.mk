# src/calc/local.mk — the expression language (src/calc/calc.h).
src_libfptutor_a_SOURCES += \
	src/calc/calc.h \
	src/calc/calc_int.h \
	src/calc/parse.c \
	src/calc/funcs.c \
	src/calc/eval.c \
	src/calc/reduce.c \
	src/calc/policy.c \
	src/calc/accum.c \
	src/calc/xsum.c \
	src/calc/explain.c
