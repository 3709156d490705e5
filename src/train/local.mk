# src/train/local.mk — the loss-scaling model (src/train/scaler.h: the
# GradScaler rule and simulation, the static walk, the step order) and
# the toy run in five precision modes (src/train/toy.h).
src_libfptutor_a_SOURCES += \
	src/train/scaler.h \
	src/train/scaler.c \
	src/train/walk.c \
	src/train/steporder.c \
	src/train/toy.h \
	src/train/toy_int.h \
	src/train/toy.c \
	src/train/toy_model.c \
	src/train/toy_math.c
