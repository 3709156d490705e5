/*
 * band.h — the exact median of a 32- or 64-bit tensor's rounding errors in
 * one pass, for wide.c (band.c says how).  Per target format: plan the
 * band from a sample, let the pass count and collect, then ask for the
 * result; when the band missed, a further pass over the region that holds
 * the median feeds the radix selection of select.c.  (Internal to
 * src/tensor.)
 */
#ifndef FPTUTOR_TENSOR_BAND_H
#define FPTUTOR_TENSOR_BAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tensor/select.h"
#include "tensor/tensor.h"

/* Candidates kept per format: 4 MiB of input values. */
#define TENSOR_BAND_BYTES (4u << 20)

typedef struct tensor_band {
	/* The band, in the pass's rounded error e' (band.c): a value is
	 * below when e' < lo, inside when lo <= e' <= hi. */
	double lo, hi;
	uint64_t below, inside;		/* counted by the pass */
	unsigned char *coll;		/* the inside values' input bits */
	size_t ncoll, cap;
	int elsize;			/* 4 (F32) or 8 (F64) */
	/* After tensor_band_result() asked for another pass: the region of
	 * e' that holds the median (open or closed at each end) and the
	 * selection that the pass feeds with the region's exact errors. */
	double rlo, rhi;
	bool rlo_open, rhi_open;
	tensor_sel sel;
} tensor_band;

/* Plan the band from the rounded errors e' of a sample (sorted in place
 * of the caller's array, partly), for a tensor of count values whose
 * inputs are elsize bytes each.  A tensor no larger than the buffer gets
 * the widest band: every value is collected.  False when memory runs out. */
bool tensor_band_plan(tensor_band *b, double *sample, size_t ns, uint64_t count,
    int elsize);

/* One inside value (its input's bits, elsize bytes at p). */
static inline void
tensor_band_keep(tensor_band *b, const void *p)
{
	if (b->ncoll < b->cap)
		memcpy(b->coll + b->ncoll * (size_t)b->elsize, p, (size_t)b->elsize);
	b->ncoll++;
}

/* After the pass: the median of format f's errors into c->err_median
 * (c's counts filled, c->exact and c->flushed among them), true; or
 * false, b's region and selection set for a further pass
 * (tensor_band_region_add, then tensor_band_pass_done).  *nomem is set
 * when memory ran out. */
bool tensor_band_result(tensor_band *b, const fp_format *f, tensor_cast *c,
    uint64_t n_ok, bool *nomem);
/* Whether e' lies in the region. */
static inline bool
tensor_band_in_region(const tensor_band *b, double e)
{
	return (b->rlo_open ? e > b->rlo : e >= b->rlo) &&
	    (b->rhi_open ? e < b->rhi : e <= b->rhi);
}
/* End of a further pass: true when the median is known (into c). */
bool tensor_band_pass_done(tensor_band *b, tensor_cast *c, bool *nomem);
void tensor_band_free(tensor_band *b);
/* For another thread's share of the pass: part gets b's band and a
 * buffer of its own, half of b's room (false when memory runs out);
 * after the pass, join puts part's counts and kept values back into b
 * and frees part's buffer. */
bool tensor_band_split(tensor_band *part, tensor_band *b);
void tensor_band_join(tensor_band *b, tensor_band *part);

/* The exact relative error of casting magnitude x into f (the engine,
 * value by value): |fmt(x) - x| / x. */
double tensor_band_err(const fp_format *f, double x);

#endif
