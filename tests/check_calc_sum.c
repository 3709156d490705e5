/*
 * check_calc_sum.c — part of tests/check_calc: sum, mean and dot with no
 * accumulator are the exact value rounded once, never a double sum
 * rounded again.  The oracle is written here and shares no code with the
 * engine's (src/calc/xsum.c): a fixed-point integer of base 2^32 limbs,
 * two's complement, its last bit worth 2^-XLSB, holds the exact sum (the
 * products of a dot are exact doubles: every term is a value of a format
 * of at most 24 bits); a long
 * division by n gives the mean with its remainder; the result is cut to
 * 30 significant bits with every bit below folded into the last one (a
 * sticky bit), an exact double that ct_ref_round (calc_test.c) then
 * rounds as it would round the exact value, every format here having at
 * most 24 bits.
 *
 * Two kinds of case: halfway points made on purpose (a value of the
 * format, half its ulp, and a term of +-2^k far below double's reach from
 * them: the double sum is the tie, which goes to even, where the exact
 * one goes up or down), and random vectors of every magnitude, counting
 * how many the double sum would have got wrong, so the test is known to
 * reach the cases it is for.
 */
#include <config.h>

#include "calc/calc.h"
#include "calc_test.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the oracle: a fixed-point integer -------------------------------------- */

#define XLSB 400		/* the last bit is worth 2^-400 */
#define XLIMBS 40		/* 1280 bits: up to 2^879, with room to shift */

typedef struct xfix {
	uint32_t w[XLIMBS];	/* little-endian, two's complement */
} xfix;

/* x += d (an exact double, its last bit at 2^-XLSB or above). */
static void
xfix_add(xfix *x, double d)
{
	int e;
	double f = frexp(fabs(d), &e), m53 = ldexp(f, 53);
	uint64_t m = (uint64_t)m53;		/* 53 bits: exact */
	int shift = e - 53 + XLSB;
	uint32_t add[XLIMBS] = { 0 };

	if (d == 0)
		return;
	ck_assert_int_ge(shift, 0);
	for (int b = 0; b < 53; b++)
		if ((m >> b) & 1)
			add[(b + shift) / 32] |= 1u << ((b + shift) % 32);
	if (d < 0) {			/* two's complement: ~add + 1 */
		uint64_t c = 1;
		for (int i = 0; i < XLIMBS; i++) {
			c += (uint32_t)~add[i];
			add[i] = (uint32_t)c;
			c >>= 32;
		}
	}
	uint64_t c = 0;
	for (int i = 0; i < XLIMBS; i++) {
		c += (uint64_t)x->w[i] + add[i];
		x->w[i] = (uint32_t)c;
		c >>= 32;
	}
}

/* x / div as a double that rounds like it: 30 significant bits, the
 * rest folded into the last one. */
static double
xfix_value(const xfix *x, uint32_t div)
{
	uint32_t m[XLIMBS];
	bool neg = x->w[XLIMBS - 1] >> 31;
	uint64_t c = 1;
	int lsb = -XLSB;
	bool sticky = false;

	for (int i = 0; i < XLIMBS; i++) {
		if (neg) {
			c += (uint32_t)~x->w[i];
			m[i] = (uint32_t)c;
			c >>= 32;
		} else {
			m[i] = x->w[i];
		}
	}
	if (div > 1) {			/* 64 more bits, then divide */
		ck_assert_uint_eq(m[XLIMBS - 1] | m[XLIMBS - 2], 0);
		memmove(m + 2, m, (XLIMBS - 2) * sizeof m[0]);
		m[0] = m[1] = 0;
		lsb -= 64;
		uint64_t r = 0;
		for (int i = XLIMBS; i-- > 0;) {
			uint64_t t = r << 32 | m[i];
			m[i] = (uint32_t)(t / div);
			r = t % div;
		}
		sticky = r != 0;
	}
	int top = -1;
	for (int b = XLIMBS * 32 - 1; b >= 0 && top < 0; b--)
		if ((m[b / 32] >> (b % 32)) & 1)
			top = b;
	if (top < 0)
		return 0;		/* an exact zero (its sign: see the cases) */
	uint64_t k = 0;
	for (int b = top; b > top - 30; b--)
		k = k << 1 | (b >= 0 ? (m[b / 32] >> (b % 32)) & 1 : 0);
	for (int b = top - 30; b >= 0 && !sticky; b--)
		sticky = (m[b / 32] >> (b % 32)) & 1;
	double v = ldexp((double)(k | sticky), top - 29 + lsb);
	return neg ? -v : v;
}

/* ---- running the engine ------------------------------------------------------ */

/* "fn([a, b, ...])" or "dot([a, ...], [b, ...])" of n terms, in %a. */
static char *
text_of(const char *fn, const double *x, const double *y, size_t n)
{
	size_t cap = 64 + n * 2 * 40;
	char *t = malloc(cap);
	size_t len;

	ck_assert_ptr_nonnull(t);
	len = (size_t)snprintf(t, cap, "%s([", fn);
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(t + len, cap - len, "%s%a", i ? ", " : "", x[i]);
	len += (size_t)snprintf(t + len, cap - len, "]");
	if (y) {
		len += (size_t)snprintf(t + len, cap - len, ", [");
		for (size_t i = 0; i < n; i++)
			len += (size_t)snprintf(t + len, cap - len, "%s%a", i ? ", " : "",
			    y[i]);
		len += (size_t)snprintf(t + len, cap - len, "]");
	}
	snprintf(t + len, cap - len, ")");
	return t;
}

/* The engine's result of fn over the terms under policy pol, against want
 * (a value of r); false, reported, when they differ. */
static bool
engine_is(const char *fn, const double *x, const double *y, size_t n,
    const char *pol, const struct ct_ref *r, double want)
{
	char *text = text_of(fn, x, y, n);
	calc_trace t;
	calc_error err;
	bool ok = false;

	if (!ct_try_eval(text, pol, &t, &err)) {
		ct_report("%.200s [%s]: %s", text, pol, err.msg);
		free(text);
		return false;
	}
	const calc_step *s = ct_last(&t);
	if (s->dtype != fp_format_get(r->id))
		ct_report("%.200s [%s]: ran in %s", text, pol, s->dtype->name);
	else if (!ct_same(s->value[0], want))
		ct_report("%.200s [%s]: %a, want %a", text, pol, s->value[0], want);
	else if (s->bits[0] != ct_ref_bits(r, want))
		ct_report("%.200s [%s]: bits 0x%x", text, pol, (unsigned)s->bits[0]);
	else
		ok = true;
	calc_trace_free(&t);
	free(text);
	return ok;
}

/* The exact result of fn over the terms, rounded into r by the oracle. */
static double
oracle(const char *fn, const double *x, const double *y, size_t n,
    const struct ct_ref *r)
{
	xfix acc;

	memset(&acc, 0, sizeof acc);
	for (size_t i = 0; i < n; i++)
		xfix_add(&acc, y ? x[i] * y[i] : x[i]);	/* products: exact */
	return ct_ref_round(r, xfix_value(&acc, strcmp(fn, "mean") == 0 ?
	    (uint32_t)n : 1));
}

/* What a double sum rounded into r gives. */
static double
twice(const char *fn, const double *x, const double *y, size_t n,
    const struct ct_ref *r)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += y ? x[i] * y[i] : x[i];
	return ct_ref_round(r, strcmp(fn, "mean") == 0 ? s / (double)n : s);
}

/* ---- halfway points ------------------------------------------------------------ */

/* A random pattern's value of r in [2^elo, 2^ehi), positive, normal. */
static double
pick(const struct ct_ref *r, int elo, int ehi)
{
	int e = elo + (int)(ct_rnd32() % (uint32_t)(ehi - elo));
	double frac = ldexp((double)(ct_rnd32() & ((1u << r->mbits) - 1)), -r->mbits);

	return ldexp(1 + frac, e);
}

/*
 * For a of r, h half its ulp and eps = +-2^k with k at least 61 below a:
 * the exact a + h + eps lies just above or below the tie a + h, so it
 * rounds up to a + 2h or down to a whatever a's parity; with no eps the
 * tie goes to even.  A double cannot hold a + h + eps: its sum is the tie
 * itself, and rounded again it goes to even, wrong about half the time
 * (counted: the test must reach such cases).  Each case is asked as
 * sum([a, h, eps]), dot(..., [1, 1, 1]), mean of the three and five zeros
 * (eight terms, so the mean is exact/8), and again with a power of two
 * far above added first and taken away (big + a loses a in double).  The
 * oracle's answers are checked against the construction too.
 */
static void
halfway(const struct ct_ref *r, const char *pol, int ncase)
{
	static const char *const fns[3] = { "sum", "dot", "mean" };
	static const double one[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	int classic = 0;

	for (int c = 0; c < ncase; c++) {
		int ea = r->emin + 70 + (int)(ct_rnd32() % 60);
		double a = pick(r, ea, ea + 1);
		double h = ldexp(1, ea - r->mbits - 1);
		int k = r->emin - r->mbits + (int)(ct_rnd32() % (uint32_t)(ea - 60 -
		    (r->emin - r->mbits)));
		double big = ldexp(1, r->emax - (int)(ct_rnd32() % 8));
		double up = a + 2 * h;
		double even = fmod(ldexp(a, r->mbits - ea), 2) == 0 ? a : up;

		for (int sign = -1; sign <= 1; sign++) {
			double eps = sign * ldexp(1, k);
			double want = sign > 0 ? up : sign < 0 ? a : even;
			double w[3] = { want, want, want / 8 };
			for (int variant = 0; variant < 2; variant++) {
				double x[8] = { a, h, eps, 0, 0, 0, 0, 0 };
				size_t n = 3;
				if (variant) {
					double v[8] = { big, a, -big, h, eps, 0, 0, 0 };
					memcpy(x, v, sizeof x);
					n = 5;
				}
				for (int f = 0; f < 3; f++) {
					size_t nn = f == 2 ? 8 : n;
					const double *y = f == 1 ? one : NULL;
					if (!ct_same(oracle(fns[f], x, y, nn, r), w[f]))
						ct_report("the oracle: %s case %d sign %d",
						    fns[f], c, sign);
					engine_is(fns[f], x, y, nn, pol, r, w[f]);
					if (!variant)
						classic += !ct_same(twice(fns[f], x, y, nn, r),
						    w[f]);
				}
			}
		}
	}
	ck_assert_int_gt(classic, ncase / 2);
}

START_TEST(test_halfway_fp32)
{
	halfway(&CT_R32, "fp32", 200);
	CT_ASSERT_NO_MISMATCH("fp32 halfway sums");
}
END_TEST

START_TEST(test_halfway_bf16_tf32)
{
	halfway(&CT_RBF, "bf16", 200);
	halfway(&CT_RTF, "tf32", 200);
	CT_ASSERT_NO_MISMATCH("bf16 and tf32 halfway sums");
}
END_TEST

/* The cases of doc/numerics.md: 1 + 2^-24 + 2^-80 is 1 + 2^-23 in fp32
 * (the double sum is the tie 1 + 2^-24, which goes down to 1), and
 * 2^100 + 1 - 2^100 is 1 (the double sum is 0).  Under autocast-fp16 a
 * sum runs in fp32, so the same holds there. */
START_TEST(test_documented)
{
	ct_expect_scalar("sum([1, 0x1p-24, 0x1p-80])", "fp32", &CT_R32,
	    1 + ldexp(1, -23));
	ct_expect_scalar("sum(fp32([1, 0x1p-24, 0x1p-80]))", "autocast-fp16",
	    &CT_R32, 1 + ldexp(1, -23));
	ct_expect_scalar("sum([0x1p100, 1, -0x1p100])", "fp32", &CT_R32, 1);
	ct_expect_scalar("dot([0x1p100, 1, 0x1p100], [1, 1, -1])", "fp32", &CT_R32, 1);
	/* an exact zero: +0, and -0 only when every term is -0 */
	ct_expect_scalar("sum([1, -1])", "fp32", &CT_R32, 0);
	ct_expect_scalar("sum([-0x0p0, -0x0p0])", "fp32", &CT_R32, -0.0);
	ct_expect_scalar("sum([-0x0p0, 0x0p0])", "fp32", &CT_R32, 0);
	ct_expect_scalar("mean([-0x0p0])", "fp32", &CT_R32, -0.0);
	/* an exact sum still overflows, and inf and NaN still propagate */
	ct_expect_scalar("sum([0x1p127, 0x1p127])", "fp32", &CT_R32, INFINITY);
	ct_expect_scalar("sum([0x1p127, 0x1p127, -0x1p127])", "fp32", &CT_R32,
	    ldexp(1, 127));
}
END_TEST

/* ---- random vectors ------------------------------------------------------------ */

/* A random finite value of r: either sign, any binade, subnormals too. */
static double
any_value(const struct ct_ref *r)
{
	for (;;) {
		uint32_t b = ct_rnd32() & (r->width == 32 ? 0xffffffffu :
		    (1u << r->width) - 1);
		double v = ct_ref_decode(r, b);
		if (isfinite(v))
			return v;
	}
}

/*
 * Vectors of 2 to 23 terms of r: values of every binade and both signs,
 * and in most of them a pair +B, -B of a power of two near the top of the
 * range at random places (B first): the cancellation a double sum gets
 * wrong, every term under B's last double bit lost (counted).  sum, mean and dot (the second vector of
 * 1.xxxxxxx x 2^-4..2^3, either sign, held by r), against the oracle.
 */
static void
random_vectors(const struct ct_ref *r, const char *pol, int ncase, int *wrong)
{
	static const char *const fns[3] = { "sum", "mean", "dot" };
	double x[24], y[24];

	for (int c = 0; c < ncase; c++) {
		size_t n = 2 + ct_rnd32() % 20;
		for (size_t i = 0; i < n; i++) {
			x[i] = any_value(r);
			y[i] = ldexp(1 + ldexp((double)(ct_rnd32() & 0x7f), -7),
			    (int)(ct_rnd32() % 8) - 4);
			if (ct_rnd32() & 1)
				y[i] = -y[i];
		}
		if (ct_rnd32() % 4 != 0) {	/* +B ... -B */
			size_t i = ct_rnd32() % (n + 1), j = i + 1 + ct_rnd32() % (n + 1 - i);
			double big = ldexp(1, r->emax - 4 - (int)(ct_rnd32() % 4));
			memmove(x + i + 1, x + i, (n - i) * sizeof x[0]);
			memmove(y + i + 1, y + i, (n - i) * sizeof y[0]);
			x[i] = big;
			y[i] = 1;
			n++;
			memmove(x + j + 1, x + j, (n - j) * sizeof x[0]);
			memmove(y + j + 1, y + j, (n - j) * sizeof y[0]);
			x[j] = -big;
			y[j] = 1;
			n++;
		}
		const char *fn = fns[c % 3];
		const double *yy = c % 3 == 2 ? y : NULL;
		double want = oracle(fn, x, yy, n, r);
		if (want == 0)
			continue;	/* zeros: their sign is the cases' */
		engine_is(fn, x, yy, n, pol, r, want);
		*wrong += !ct_same(twice(fn, x, yy, n, r), want);
	}
}

START_TEST(test_random_vectors)
{
	int wrong32 = 0, wrongbf = 0;

	random_vectors(&CT_R32, "fp32", 20000, &wrong32);
	random_vectors(&CT_RBF, "bf16", 20000, &wrongbf);
	CT_ASSERT_NO_MISMATCH("random sums, means and dots");
	/* the double sum is wrong on some of them: the cases are reached */
	ck_assert_int_gt(wrong32, 0);
	ck_assert_int_gt(wrongbf, 0);
}
END_TEST

void
calc_sum_tcases(Suite *s)
{
	TCase *tc = ct_tcase(s, "exact sums");

	tcase_add_test(tc, test_halfway_fp32);
	tcase_add_test(tc, test_halfway_bf16_tf32);
	tcase_add_test(tc, test_documented);
	tcase_add_test(tc, test_random_vectors);
}
