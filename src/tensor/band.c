/*
 * band.c — the exact median of the rounding errors of a 32- or 64-bit
 * tensor, in one pass and bounded memory.
 *
 * The error of a value, |fmt(x) - x| / x, is a rational number e; the
 * median is the one of rank floor((n - 1) / 2) among the n values that do
 * not overflow.  Exact values (e = 0) come first and flushed ones (e = 1,
 * the largest any value can have) last, so their counts alone settle a
 * median among them.  For the rest the pass works with e', the error as
 * it computes it in its own precision (the quotient of two floats for
 * F32, of two doubles for F64).  A correctly rounded division is
 * monotone, so e < f implies e' <= f', and e' < f' implies e < f: a
 * count of the values with e' below a bound is a count of the values
 * below each of those above it, in the exact order.
 *
 * Before the pass, a sample of the tensor (wide.c takes it, spread over
 * the file) gives a band [lo, hi] of e' around its own median, a few
 * standard deviations of a sample rank wide.  The pass counts the values
 * below the band and keeps the input values inside it, up to a buffer.
 * If the median's rank falls inside and every inside value was kept,
 * their exact errors (the engine, value by value) are selected directly:
 * the answer, exact, after one pass.  Otherwise (an unlucky sample, or a
 * buffer too small) the counts say which region of e' holds the median
 * and at which rank, and further passes feed that region's exact errors
 * to the radix selection of select.c, which needs no more memory either.
 * A tensor no larger than the buffer is collected whole: no sample.
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tensor/band.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Reorder a[0 .. n-1] so that a[k] is what it would be sorted, with
 * nothing larger before it or smaller after it: quickselect with a
 * three-way partition (repeated values cost nothing), sorting the rest
 * if the pivots keep being bad. */
static void
select_k(double *a, size_t n, size_t k)
{
	size_t lo = 0, hi = n;
	int budget = 64;

	while (hi - lo > 16) {
		if (budget-- == 0) {
			qsort(a + lo, hi - lo, sizeof *a, cmp_double);
			return;
		}
		double x = a[lo], y = a[lo + (hi - lo) / 2], z = a[hi - 1];
		double p = x < y ? (y < z ? y : x < z ? z : x) : (x < z ? x : y < z ? z : y);
		size_t lt = lo, i = lo, gt = hi;
		while (i < gt) {
			double v = a[i];
			if (v < p) {
				a[i++] = a[lt];
				a[lt++] = v;
			} else if (v > p) {
				a[i] = a[--gt];
				a[gt] = v;
			} else {
				i++;
			}
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return;
	}
	qsort(a + lo, hi - lo, sizeof *a, cmp_double);
}

/* The klo-th and khi-th smallest (klo <= khi < n < 2^32) of a[0 .. n-1],
 * nonnegative doubles, which order as their bits: a count per value of
 * the top 16 bits finds the buckets of the two, whose members and those
 * of the buckets between (few, near the middle of a sample) are moved to
 * the front and selected among.  count has room for 65536. */
static void
two_ranks(double *a, size_t n, size_t klo, size_t khi, uint32_t *count,
    double *lo, double *hi)
{
	size_t below = 0, m = 0;
	uint32_t blo = 0, bhi;

	memset(count, 0, 65536 * sizeof *count);
	for (size_t i = 0; i < n; i++) {
		uint64_t u;
		memcpy(&u, &a[i], sizeof u);
		count[u >> 48]++;
	}
	while (below + count[blo] <= klo)
		below += count[blo++];
	size_t upto = below + count[blo];
	for (bhi = blo; upto <= khi; )
		upto += count[++bhi];
	for (size_t i = 0; i < n; i++) {
		uint64_t u;
		memcpy(&u, &a[i], sizeof u);
		if (u >> 48 >= blo && u >> 48 <= bhi) {
			double t = a[m];
			a[m++] = a[i];
			a[i] = t;
		}
	}
	select_k(a, m, klo - below);
	*lo = a[klo - below];
	select_k(a + (klo - below), m - (klo - below), khi - klo);
	*hi = a[khi - below];
}

bool
tensor_band_plan(tensor_band *b, double *sample, size_t ns, uint64_t count,
    int elsize)
{
	size_t fit = TENSOR_BAND_BYTES / (size_t)elsize;

	memset(b, 0, sizeof *b);
	b->elsize = elsize;
	/* Below every inexact value (e >= 2^-53), above every flushed one's
	 * e' of 2: the widest band. */
	b->lo = FLT_TRUE_MIN;
	b->hi = 1.0;
	if (count <= fit) {
		b->cap = (size_t)count;
	} else {
		b->cap = fit;
		uint32_t *hist = ns > 0 ? malloc(65536 * sizeof *hist) : NULL;
		if (ns > 0 && hist == NULL)
			return false;
		if (ns > 0) {
			/* 1.5 sqrt(ns) is three standard deviations of a sample
			 * rank near the middle. */
			size_t r = (ns - 1) / 2, m = (size_t)(1.5 * sqrt((double)ns)) + 16;
			size_t klo = r > m ? r - m : 0, khi = ns - 1 - r > m ? r + m : ns - 1;
			double lo, hi;
			two_ranks(sample, ns, klo, khi, hist, &lo, &hi);
			b->lo = fmax(lo, FLT_TRUE_MIN);
			b->hi = fmin(hi, 1.0);
		}
		free(hist);
	}
	b->coll = malloc((b->cap ? b->cap : 1) * (size_t)elsize);
	return b->coll != NULL;
}

double
tensor_band_err(const fp_format *f, double x)
{
	double r = fp_decode(f, fp_encode(f, x, NULL));

	/* r - x is exact (Sterbenz: r is within a factor 2 of x, or 0). */
	return fabs(r - x) / x;
}

static double
value_at(const tensor_band *b, size_t i)
{
	if (b->elsize == 4) {
		float v;
		memcpy(&v, b->coll + i * 4, sizeof v);
		return v;
	}
	double v;
	memcpy(&v, b->coll + i * 8, sizeof v);
	return v;
}

bool
tensor_band_result(tensor_band *b, const fp_format *f, tensor_cast *c,
    uint64_t n_ok, bool *nomem)
{
	uint64_t rank = n_ok ? (n_ok - 1) / 2 : 0, offset, n;

	*nomem = false;
	if (n_ok == 0 || rank < c->exact || rank >= n_ok - c->flushed) {
		c->err_median = n_ok == 0 ? 0.0 / 0.0 : rank < c->exact ? 0.0 : 1.0;
		return true;
	}
	if (rank >= b->below && rank - b->below < b->inside && b->ncoll <= b->cap) {
		double *e = malloc((b->ncoll ? b->ncoll : 1) * sizeof *e);
		if (e == NULL) {
			*nomem = true;
			return true;
		}
		for (size_t i = 0; i < b->ncoll; i++)
			e[i] = tensor_band_err(f, value_at(b, i));
		select_k(e, b->ncoll, (size_t)(rank - b->below));
		c->err_median = e[rank - b->below];
		free(e);
		return true;
	}
	free(b->coll);		/* the region's pass needs the memory */
	b->coll = NULL;
	if (rank < b->below) {		/* inexact, below the band */
		b->rlo = 0;
		b->rhi = b->lo;
		b->rlo_open = b->rhi_open = true;
		offset = c->exact;
		n = b->below - c->exact;
	} else if (rank - b->below >= b->inside) {	/* above, not flushed */
		b->rlo = b->hi;
		b->rhi = 2.0;
		b->rlo_open = b->rhi_open = true;
		offset = b->below + b->inside;
		n = n_ok - c->flushed - offset;
	} else {			/* inside, but not all of it was kept */
		b->rlo = b->lo;
		b->rhi = b->hi;
		b->rlo_open = b->rhi_open = false;
		offset = b->below;
		n = b->inside;
	}
	if (!tensor_sel_init(&b->sel, n)) {
		*nomem = true;
		return true;
	}
	b->sel.rank = rank - offset;
	return false;
}

bool
tensor_band_pass_done(tensor_band *b, tensor_cast *c, bool *nomem)
{
	*nomem = !tensor_sel_pass_done(&b->sel);
	if (*nomem || !b->sel.done)
		return *nomem;
	c->err_median = b->sel.result;
	return true;
}

void
tensor_band_free(tensor_band *b)
{
	free(b->coll);
	b->coll = NULL;
	tensor_sel_free(&b->sel);
}

bool
tensor_band_split(tensor_band *part, tensor_band *b)
{
	size_t mine = b->cap / 2, theirs = b->cap - mine;	/* the room, shared */
	unsigned char *coll = malloc((theirs ? theirs : 1) * (size_t)b->elsize);

	if (coll == NULL)
		return false;
	*part = *b;
	part->below = part->inside = 0;
	part->ncoll = 0;
	part->cap = theirs;
	part->coll = coll;
	b->cap = mine;
	return true;
}

void
tensor_band_join(tensor_band *b, tensor_band *part)
{
	bool lost = b->ncoll > b->cap || part->ncoll > part->cap;

	b->below += part->below;
	b->inside += part->inside;
	if (!lost)
		memcpy(b->coll + b->ncoll * (size_t)b->elsize, part->coll,
		    part->ncoll * (size_t)b->elsize);
	b->cap += part->cap;
	b->ncoll += part->ncoll;
	/* A share that overflowed kept too few: lost, as one pass would
	 * have lost more than the buffer. */
	if (lost && b->ncoll <= b->cap)
		b->ncoll = b->cap + 1;
	free(part->coll);
	part->coll = NULL;
}
