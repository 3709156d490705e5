/*
 * stats.c — the statistics of one tensor (tensor.h): the counts, the
 * magnitudes, the histogram of floor(log2|x|) and, per target format,
 * what a cast does to the finite nonzero values, each value rounded once
 * by fp_encode.  8- and 16-bit tensors are first counted per bit pattern
 * (one pass over the data, one table), so the work per distinct pattern
 * is done once and the median is read off the sorted patterns; 32- and
 * 64-bit tensors go through wide.c (blocks cast by the engine's array
 * path, the median by band.c, in one pass).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tensor/scale.h"
#include "tensor/tensor_int.h"
#include "tensor/wide.h"

/* The relative error of casting finite nonzero v into f, counted into c;
 * false (and no error) when it overflows. */
static bool
cast_one(const fp_format *f, double v, uint64_t w, tensor_cast *c, double *err)
{
	unsigned flags = 0;
	uint32_t b = fp_encode(f, v, &flags);

	if (flags & FP_FLAG_OVERFLOW) {
		c->overflow += w;
		return false;
	}
	switch (fp_classify(f, b)) {
	case FP_CLASS_ZERO: c->flushed += w; break;
	case FP_CLASS_SUBNORMAL: c->subnormal += w; break;
	default: c->normal += w; break;
	}
	/* r - v is exact (Sterbenz: r is within a factor 2 of v, or 0). */
	double r = fp_decode(f, b);
	*err = fabs(r - v) / fabs(v);
	if (*err == 0)
		c->exact += w;
	if (!(*err <= c->err_max))
		c->err_max = *err;
	return true;
}

/* Everything but the median for one value of weight w.  The source
 * class comes from the caller, which knows the dtype. */
static void
add_value(tensor_stats *st, const tensor_stats_opts *o, double v, fp_class cls,
    uint64_t w)
{
	switch (cls) {
	case FP_CLASS_ZERO: st->zeros += w; return;
	case FP_CLASS_INF: st->infs += w; return;
	case FP_CLASS_NAN: st->nans += w; return;
	case FP_CLASS_SUBNORMAL: st->subnormals += w; break;
	default: break;
	}
	double m = fabs(v), err;
	int e;
	st->finite_nonzero += w;
	if (!(m >= st->min_mag))
		st->min_mag = m;
	if (!(m <= st->max_mag))
		st->max_mag = m;
	frexp(m, &e);
	int bin = e - 1 - TENSOR_LOG2_MIN;
	st->hist[bin] += w;
	if (bin < st->lo)
		st->lo = bin;
	if (bin > st->hi)
		st->hi = bin;
	for (int k = 0; k < st->nfmt; k++) {
		cast_one(st->fmts[k], v, w, &st->cast[k], &err);
		if (o->scaled)
			tensor_scale_add(st->fmts[k], v, w, &st->scaled[k]);
	}
}

/* ---- 8- and 16-bit dtypes: one table of pattern counts ------------------- */

typedef struct table {
	uint64_t *count;
	uint32_t *part;		/* NPART x one chunk's counts, in 32 bits */
	int size;
	bool swap;
} table;

/* Elements alike in a row (zeros, a repeated gradient) would make every
 * increment wait for the one before: NPART tables, taken in turn, break
 * that chain.  A chunk holds fewer than 2^32 elements, so each is counted
 * in 32 bits, then added to the totals. */
#define NPART 4

static void
count_chunk(const unsigned char *p, uint64_t nel, void *ctx)
{
	table *t = ctx;
	uint32_t npat = 1u << (8 * t->size);
	uint32_t *c = t->part;
	uint64_t i = 0, n4 = nel & ~(uint64_t)(NPART - 1);

	memset(c, 0, NPART * npat * sizeof *c);
#define PAT(j) (t->size == 1 ? p[j] : t->swap ? \
	(unsigned)p[2 * (j)] << 8 | p[2 * (j) + 1] : \
	p[2 * (j)] | (unsigned)p[2 * (j) + 1] << 8)
	for (; i < n4; i += NPART) {
		c[PAT(i)]++;
		c[npat + PAT(i + 1)]++;
		c[2 * npat + PAT(i + 2)]++;
		c[3 * npat + PAT(i + 3)]++;
	}
	for (; i < nel; i++)
		c[PAT(i)]++;
#undef PAT
	for (uint32_t b = 0; b < npat; b++)
		t->count[b] += (uint64_t)c[b] + c[npat + b] + c[2 * npat + b] +
		    c[3 * npat + b];
}

typedef struct werr {
	double err;
	uint64_t w;
} werr;

static int
cmp_werr(const void *a, const void *b)
{
	double x = ((const werr *)a)->err, y = ((const werr *)b)->err;
	return x < y ? -1 : x > y;
}

static bool
stats_table(const tensor_file *tf, const tensor_info *t,
    const tensor_stats_opts *o, tensor_stats *st)
{
	const fp_format *src = tensor_dtype_format(t->dtype);
	int size = tensor_dtype_size(t->dtype);
	uint32_t npat = 1u << (8 * size);
	table tb = { calloc(npat, sizeof *tb.count), malloc(NPART * npat * sizeof *tb.part),
		size, t->big_endian };
	werr *we = malloc(npat * sizeof *we);
	bool ok = tb.count && tb.part && we;

	if (ok)
		tensor_each_chunk(tf, t, count_chunk, &tb);
	for (uint32_t b = 0; ok && b < npat; b++)
		if (tb.count[b])
			add_value(st, o, fp_decode(src, b), fp_classify(src, b),
			    tb.count[b]);
	for (int k = 0; ok && k < st->nfmt; k++) {
		size_t n = 0;
		uint64_t total = 0;
		tensor_cast scratch = { .err_max = 0 };
		for (uint32_t b = 0; b < npat; b++) {
			fp_class c = fp_classify(src, b);
			if (!tb.count[b] || c == FP_CLASS_ZERO || c == FP_CLASS_INF ||
			    c == FP_CLASS_NAN)
				continue;
			if (cast_one(st->fmts[k], fp_decode(src, b), 1, &scratch,
			    &we[n].err)) {
				we[n].w = tb.count[b];
				total += we[n++].w;
			}
		}
		qsort(we, n, sizeof *we, cmp_werr);
		uint64_t rank = total ? (total - 1) / 2 : 0, below = 0;
		size_t i = 0;
		while (i < n && below + we[i].w <= rank)
			below += we[i++].w;
		st->cast[k].err_median = i < n ? we[i].err : 0.0 / 0.0;
	}
	free(tb.count);
	free(tb.part);
	free(we);
	return ok;
}

tensor_stats *
tensor_stats_compute(const tensor_file *tf, const tensor_info *t,
    const tensor_stats_opts *o)
{
	tensor_stats *st;

	if (t->dtype == TENSOR_OTHER || (st = calloc(1, sizeof *st)) == NULL)
		return NULL;
	st->count = t->count;
	st->min_mag = st->max_mag = 0.0 / 0.0;
	st->lo = TENSOR_NBINS;
	st->hi = -1;
	st->nfmt = o->nfmt;
	st->has_scaled = o->scaled;
	for (int k = 0; k < o->nfmt; k++) {
		st->fmts[k] = o->fmts[k];
		st->cast[k].err_max = 0.0 / 0.0;
	}
	bool ok = tensor_dtype_size(t->dtype) <= 2 ? stats_table(tf, t, o, st)
	    : tensor_wide_stats(tf, t, o, st);
	if (!ok) {
		free(st);
		return NULL;
	}
	return st;
}

void
tensor_stats_free(tensor_stats *st)
{
	free(st);
}
