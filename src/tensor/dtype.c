/*
 * dtype.c — what the readers (npy.c, safetensors.c) and the opener
 * (file.c) share: the dtype table (names, sizes, the format engine's
 * format of each), the error helper, and an element count that cannot
 * overflow.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "tensor/tensor_int.h"

static const struct {
	const char *name;
	int size;
	fp_id fmt;		/* FP_NFORMATS: none */
} dtypes[TENSOR_NDTYPES] = {
	[TENSOR_F16] = { "F16", 2, FP_FP16 },
	[TENSOR_BF16] = { "BF16", 2, FP_BF16 },
	[TENSOR_F32] = { "F32", 4, FP_FP32 },
	[TENSOR_F64] = { "F64", 8, FP_NFORMATS },
	[TENSOR_F8_E4M3] = { "F8_E4M3", 1, FP_E4M3 },
	[TENSOR_F8_E5M2] = { "F8_E5M2", 1, FP_E5M2 },
	[TENSOR_OTHER] = { "other", 0, FP_NFORMATS },
};

const char *
tensor_dtype_name(tensor_dtype d)
{
	return d >= 0 && d < TENSOR_NDTYPES ? dtypes[d].name : "?";
}

int
tensor_dtype_size(tensor_dtype d)
{
	return d >= 0 && d < TENSOR_NDTYPES ? dtypes[d].size : 0;
}

const fp_format *
tensor_dtype_format(tensor_dtype d)
{
	if (d < 0 || d >= TENSOR_NDTYPES || dtypes[d].fmt == FP_NFORMATS)
		return NULL;
	return fp_format_get(dtypes[d].fmt);
}

void
tensor_errf(tensor_err *err, const char *tensor, const char *fmt, ...)
{
	va_list ap;

	snprintf(err->tensor, sizeof err->tensor, "%s", tensor ? tensor : "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	err->sys = 0;
}

bool
tensor_set_count(tensor_info *t, int elsize)
{
	uint64_t c = 1;

	for (int i = 0; i < t->ndim; i++) {
		if (t->shape[i] != 0 && c > UINT64_MAX / t->shape[i])
			return false;
		c *= t->shape[i];
	}
	if (c > UINT64_MAX / (uint64_t)(elsize > 0 ? elsize : 1))
		return false;
	t->count = c;
	t->nbytes = c * (uint64_t)elsize;
	return true;
}
