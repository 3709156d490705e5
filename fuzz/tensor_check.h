/*
 * tensor_check.h — the invariants the two tensor fuzz targets
 * (fuzz_npy.c, fuzz_safetensors.c) check on whatever a reader accepted:
 * every tensor lies inside the bytes, its count is its shape's product,
 * and its statistics add up.  Header-only, shared by the two targets.
 */
#ifndef FPTUTOR_FUZZ_TENSOR_CHECK_H
#define FPTUTOR_FUZZ_TENSOR_CHECK_H

#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "tensor/tensor.h"

static void
fuzz_tensor_bytes(const uint8_t *data, size_t size)
{
	tensor_file *tf;
	tensor_err e;
	tensor_status s = tensor_file_open_mem(data, size, "fuzz", &tf, &e);

	if (s != TENSOR_OK) {
		FUZZ_CHECK(s == TENSOR_EDATA || s == TENSOR_ENOMEM);
		FUZZ_CHECK(s != TENSOR_EDATA || e.msg[0] != '\0');
		return;
	}
	tensor_stats_opts o = { .nfmt = 0, .scaled = true };
	for (int k = 0; k < FP_NFORMATS; k++)
		o.fmts[o.nfmt++] = fp_format_get((fp_id)k);
	for (size_t i = 0; i < tf->n; i++) {
		const tensor_info *t = &tf->t[i];
		uint64_t c = 1;
		for (int d = 0; d < t->ndim; d++)
			c *= t->shape[d];
		FUZZ_CHECK(c == t->count);
		FUZZ_CHECK(t->offset <= size && t->nbytes <= size - t->offset);
		if (t->dtype == TENSOR_OTHER)
			continue;
		FUZZ_CHECK(t->nbytes == t->count * (uint64_t)tensor_dtype_size(t->dtype));
		tensor_stats *st = tensor_stats_compute(tf, t, &o);
		if (st == NULL)
			continue;
		FUZZ_CHECK(st->zeros + st->infs + st->nans + st->finite_nonzero ==
		    st->count);
		for (int k = 0; k < st->nfmt; k++) {
			const tensor_cast *x = &st->cast[k];
			FUZZ_CHECK(x->flushed + x->subnormal + x->normal + x->overflow ==
			    st->finite_nonzero);
			FUZZ_CHECK(isnan(x->err_median) || x->err_median <= x->err_max);
			tensor_scale_counts sc;
			tensor_stats_at_scale(st, k, 0, &sc);
			FUZZ_CHECK(sc.flushed == x->flushed && sc.overflow == x->overflow);
		}
		tensor_stats_free(st);
	}
	tensor_file_close(tf);
}

#endif
