# src/tensor/local.mk — a learner's own tensors (src/tensor/tensor.h): the
# .npy and safetensors readers, the safetensors writer, the statistics
# against the target formats.  Uses src/fp only; jansson reads the
# safetensors header.
src_libfptutor_a_SOURCES += \
	src/tensor/tensor.h \
	src/tensor/tensor_int.h \
	src/tensor/dtype.c \
	src/tensor/file.c \
	src/tensor/npy.c \
	src/tensor/safetensors.c \
	src/tensor/st_write.c \
	src/tensor/select.h \
	src/tensor/select.c \
	src/tensor/scale.h \
	src/tensor/scale.c \
	src/tensor/f32.h \
	src/tensor/f32.c \
	src/tensor/band.h \
	src/tensor/band.c \
	src/tensor/wide.h \
	src/tensor/wide.c \
	src/tensor/wide_loops.c \
	src/tensor/stats.c
