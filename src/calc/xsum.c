/*
 * xsum.c — the exact sum, mean and dot of a reduction with no
 * accumulator.  A sum of doubles added in double rounds at every
 * addition, and its result, rounded again into the dtype, can be wrong
 * twice over: fp32's 1 + 2^-24 + 2^-80 is 1 + 2^-24 in double, a tie
 * that goes down to 1, where the exact sum rounds up; 2^100 + 1 - 2^100
 * is 0 in double.  So the terms go into a fixed-point integer that spans
 * every double (its bit 0 worth 2^-1074, the smallest subnormal), in
 * 32-bit pieces held in 64-bit limbs so that an addition touches three
 * limbs and carries nothing (2^30 terms fit before a limb could
 * overflow; a vector has at most CALC_MAX_VEC).  A dot's products are
 * split exactly by fma into the double product and its error, both added.
 * At the end the carries are settled, a mean divided with its remainder,
 * and the total given as an fp_real: truncated to a double, with a sticky
 * bit for what was cut, which rounds once as the exact value would.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "calc/calc_int.h"

/* 2^-1074 .. 2^1024, and 2^17 of growth over a vector's terms, in 32-bit
 * pieces; two more at the bottom for the quotient of a mean. */
#define XLIMBS 70
#define XLOW 2
#define M32 UINT64_C(0xffffffff)

typedef struct xacc {
	int64_t limb[XLIMBS];
} xacc;

/* acc += d, d finite and nonzero. */
static void
xadd(xacc *a, double d)
{
	int e;
	double f = frexp(fabs(d), &e), m53 = ldexp(f, 53);
	uint64_t m = (uint64_t)m53;		/* d = m x 2^(e - 53), exactly */
	long p = (long)e - 53 + 1074;		/* the bit of m's last bit */

	if (p < 0) {		/* a subnormal double: its bits start at 2^-1074 */
		m >>= -p;	/* exact: those bits are zero */
		p = 0;
	}
	int idx = (int)(p / 32) + XLOW, sh = (int)(p % 32);
	uint64_t t0 = (m & M32) << sh, t1 = (m >> 32) << sh;
	int64_t sign = d < 0 ? -1 : 1;

	a->limb[idx] += sign * (int64_t)(t0 & M32);
	a->limb[idx + 1] += sign * (int64_t)((t0 >> 32) + (t1 & M32));
	a->limb[idx + 2] += sign * (int64_t)(t1 >> 32);
}

/* Settle the carries: every limb 0..2^32-1 and the total's sign; the
 * magnitude into mag (two's complement undone).  False for zero. */
static bool
xsettle(const xacc *a, uint32_t *mag, bool *neg)
{
	int64_t carry = 0;
	bool any = false;

	for (int i = 0; i < XLIMBS; i++) {
		int64_t c = a->limb[i] + carry;
		uint64_t low = (uint64_t)c & M32;
		carry = (c - (int64_t)low) / (INT64_C(1) << 32);
		mag[i] = (uint32_t)low;
		any |= low != 0;
	}
	*neg = carry < 0;		/* -1: the limbs are 2^(32 XLIMBS) - |sum| */
	if (*neg) {
		uint64_t c = 1;
		for (int i = 0; i < XLIMBS; i++) {
			c += (uint32_t)~mag[i];
			mag[i] = (uint32_t)c;
			c >>= 32;
		}
	}
	return any;
}

static unsigned
bit(const uint32_t *mag, long i)
{
	return i < 0 ? 0u : (mag[i / 32] >> (i % 32)) & 1u;
}

/* mag x 2^(bit 0's weight, lsb) truncated toward zero to a double; *cut
 * when bits were dropped.  Above DBL_MAX it is DBL_MAX, with bits cut,
 * as fp_read gives such a value. */
static double
xtrunc(const uint32_t *mag, long lsb, bool *cut)
{
	int hi = XLIMBS - 1;

	while (hi > 0 && mag[hi] == 0)
		hi--;
	long top = 32L * hi + 31 - __builtin_clz(mag[hi]);	/* mag is not 0 */
	if (top + lsb >= 1024) {
		*cut = true;
		return 1.7976931348623157e308;
	}
	long from = top - 52 > -1074 - lsb ? top - 52 : -1074 - lsb;
	double k = 0;
	for (long i = top; i >= from; i--)
		k = 2 * k + bit(mag, i);	/* at most 53 bits: exact */
	for (long i = from - 1; i >= 0 && !*cut; i--) {
		if (i % 32 == 31 && mag[i / 32] == 0) {
			i -= 31;		/* a zero piece at once */
			continue;
		}
		*cut = bit(mag, i);
	}
	return ldexp(k, (int)(from + lsb));
}

/* The element i of a step, broadcasting a scalar. */
static double
at(const calc_step *s, size_t i)
{
	return s->value[s->n == 1 ? 0 : i];
}

bool
calc_exact_sum(calc_kind k, const calc_step *x, const calc_step *y, fp_real *r)
{
	size_t n = x->n;
	bool neg_zeros = n > 0, neg, cut = false;
	xacc a;
	uint32_t mag[XLIMBS];

	memset(&a, 0, sizeof a);
	for (size_t i = 0; i < n; i++) {
		double u = x->value[i], v = k == CK_DOT ? at(y, i) : 1;
		if (!isfinite(u) || !isfinite(v))
			return false;	/* the double sum has the inf or NaN */
		double p = u * v;
		if (!isfinite(p))
			return false;
		neg_zeros &= p == 0 && signbit(u) != signbit(v);
		if (p != 0)
			xadd(&a, p);
		/* the product's rounding error, exact (no underflow here:
		 * the formats' values are far above double's subnormals) */
		double err = k == CK_DOT ? fma(u, v, -p) : 0;
		if (err != 0)
			xadd(&a, err);
	}
	if (!xsettle(&a, mag, &neg)) {
		r->lo = neg_zeros ? -0.0 : 0.0;	/* -0 only when every term is */
		r->sticky = false;
		return true;
	}
	long lsb = -1074 - 32 * XLOW;
	if (k == CK_MEAN && n > 1) {		/* a long division, remainder kept */
		uint64_t rem = 0;
		for (int i = XLIMBS; i-- > 0;) {
			uint64_t t = rem << 32 | mag[i];
			mag[i] = (uint32_t)(t / n);
			rem = t % n;
		}
		cut = rem != 0;
	}
	r->lo = xtrunc(mag, lsb, &cut);
	if (neg)
		r->lo = -r->lo;
	r->sticky = cut;
	return true;
}
