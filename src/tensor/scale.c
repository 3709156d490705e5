/*
 * scale.c — what a power-of-two loss scale does to a tensor in a format.
 * Multiplying by 2^s is exact, and each of "no longer flushes", "is
 * normal" and "overflows" becomes true for a value at one scale and stays
 * true above it, so a value is summed up by three thresholds; histograms
 * of them give every scale's counts by prefix sums, and the window of
 * `fptutor inspect --grad`: the scales under which enough values are
 * normal and none overflows (GradScaler's goal, see `fptutor scaler`).
 */
#include <config.h>

#include <math.h>

#include "tensor/scale.h"

typedef enum { REACH_NONZERO, REACH_NORMAL, REACH_OVERFLOW } reach;

static bool
reached(const fp_format *f, double v, int s, reach what)
{
	unsigned flags = 0;
	uint32_t b = fp_encode(f, ldexp(v, s), &flags);

	if (flags & FP_FLAG_OVERFLOW)
		return true;
	if (what == REACH_OVERFLOW)
		return false;
	fp_class c = fp_classify(f, b);
	return what == REACH_NONZERO ? c != FP_CLASS_ZERO : c == FP_CLASS_NORMAL;
}

/* The smallest s in MIN .. MAX at which v x 2^s has reached `what`, as a
 * histogram index (0: at MIN or below; NSCALES: never).  guess is where
 * v x 2^s enters the binade of the threshold, so the answer is guess - 1,
 * guess or guess + 1; start below and walk up. */
static int
first(const fp_format *f, double v, int guess, reach what)
{
	int s = guess - 2;

	if (s < TENSOR_SCALE_MIN)
		s = TENSOR_SCALE_MIN;
	while (s <= TENSOR_SCALE_MAX && !reached(f, v, s, what))
		s++;
	if (s > TENSOR_SCALE_MAX)	/* never, or a guess beyond the range */
		s = TENSOR_SCALE_MAX + 1;
	return s - TENSOR_SCALE_MIN;
}

void
tensor_scale_thresholds(const fp_format *f, double v, int thr[3])
{
	int e, emax;
	int emin = 1 - f->bias;

	frexp(v, &e);
	e -= 1;				/* floor(log2|v|) */
	frexp(fp_max_finite(f), &emax);
	emax -= 1;
	thr[0] = first(f, v, emin - f->man_bits - 1 - e, REACH_NONZERO);
	thr[1] = first(f, v, emin - 1 - e, REACH_NORMAL);
	thr[2] = first(f, v, emax - e, REACH_OVERFLOW);
}

void
tensor_scale_add(const fp_format *f, double v, uint64_t w, tensor_scaled *out)
{
	int thr[3];

	tensor_scale_thresholds(f, v, thr);
	out->first_nonzero[thr[0]] += w;
	out->first_normal[thr[1]] += w;
	out->first_overflow[thr[2]] += w;
}

static uint64_t
upto(const uint64_t *h, int idx)
{
	uint64_t c = 0;
	for (int i = 0; i <= idx; i++)
		c += h[i];
	return c;
}

void
tensor_stats_at_scale(const tensor_stats *st, int k, int s,
    tensor_scale_counts *out)
{
	const tensor_scaled *sc = &st->scaled[k];
	int idx = s - TENSOR_SCALE_MIN;
	uint64_t nz = upto(sc->first_nonzero, idx);
	uint64_t norm = upto(sc->first_normal, idx);
	uint64_t ov = upto(sc->first_overflow, idx);

	out->flushed = st->finite_nonzero - nz;
	out->subnormal = nz - norm;
	out->overflow = ov;
	out->normal = norm - ov;
}

/* ceil(n x ppm / 10^6) without overflow for any 64-bit n. */
static uint64_t
needed(uint64_t n, uint32_t ppm)
{
	uint64_t q = n / 1000000, r = n % 1000000;
	return q * ppm + (r * ppm + 999999) / 1000000;
}

bool
tensor_grad_window(const tensor_stats *st, int k, uint32_t share_ppm,
    int *lo, int *hi)
{
	uint64_t need = needed(st->finite_nonzero, share_ppm);
	bool any = false;

	if (st->finite_nonzero == 0 || !st->has_scaled)
		return false;
	for (int s = TENSOR_SCALE_MIN; s <= TENSOR_SCALE_MAX; s++) {
		tensor_scale_counts c;
		tensor_stats_at_scale(st, k, s, &c);
		if (c.overflow == 0 && c.normal >= need) {
			if (!any)
				*lo = s;
			*hi = s;
			any = true;
		}
	}
	return any;
}
