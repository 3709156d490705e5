/*
 * toy_math.c — the toy's random numbers and its exp, log and tanh, written
 * with + - x / and exact scalings only.  IEEE 754 makes those operations
 * give the same bits everywhere, so a seed names the same run on every
 * machine, whichever C library (libm's exp and tanh differ in the last
 * bit between libraries) and whichever compiler (contraction into fused
 * multiply-adds is switched off below).
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "train/toy_int.h"

/* No fused multiply-adds: they would change the bits between machines
 * (GCC does not contract under -std=c11; clang needs the pragma). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

void
toy_rng_seed(toy_rng *g, uint64_t seed, uint64_t stream)
{
	/* Streams are far apart in splitmix64's sequence of counters. */
	g->s = seed ^ (stream * UINT64_C(0xd1b54a32d192ed03));
	toy_rng_next(g);
}

uint64_t
toy_rng_next(toy_rng *g)
{
	uint64_t z = (g->s += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

double
toy_rng_uniform(toy_rng *g)
{
	return (double)(toy_rng_next(g) >> 11) * 0x1p-53;
}

double
toy_rng_normal(toy_rng *g)
{
	double s = toy_rng_uniform(g) + toy_rng_uniform(g) +
	    toy_rng_uniform(g) + toy_rng_uniform(g);
	/* sqrt is correctly rounded by IEEE 754, hence portable. */
	return (s - 2.0) * sqrt(3.0);
}

/* ln 2 split so that n * LN2_HI is exact for |n| < 2^20 (fdlibm's). */
#define LN2_HI 6.93147180369123816490e-01
#define LN2_LO 1.90821492927058770002e-10
#define LOG2E 1.44269504088896338700e+00

double
toy_exp(double x)
{
	if (isnan(x))
		return x;
	if (x > 709.78)
		return HUGE_VAL;
	if (x < -745.2)
		return 0.0;
	/* n = x / ln 2 rounded to an integer, by truncating conversion. */
	double t = x * LOG2E;
	double n = (double)(long)(t < 0 ? t - 0.5 : t + 0.5);
	double r = (x - n * LN2_HI) - n * LN2_LO;	/* |r| <= 0.35 */
	/* Taylor to r^13: the rest is below 2^-57 relative. */
	static const double c[] = {
		1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0,
		1.0 / 362880.0, 1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0,
		1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0,
	};
	double p = 1.0 / 6227020800.0;
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
		p = p * r + c[i];
	/* p 2^n, building 2^n (n is -1075 .. 1024); a subnormal result is
	 * rounded once, by the last multiplication. */
	long e = (long)n;
	double post = 1.0;
	if (e > 1023) {
		e -= 1;
		post = 2.0;
	} else if (e < -1022) {
		e += 64;
		post = 0x1p-64;
	}
	uint64_t bits = (uint64_t)(e + 1023) << 52;
	double two_n;
	memcpy(&two_n, &bits, sizeof two_n);
	return p * two_n * post;
}

double
toy_log(double x)
{
	if (isnan(x) || x < 0)
		return NAN;
	if (x == 0)
		return -HUGE_VAL;
	if (isinf(x))
		return x;
	int e;
	double m = frexp(x, &e);	/* x = m 2^e, m in [0.5, 1): exact */
	if (m < 0.70710678118654752440) {
		m *= 2.0;
		e--;
	}
	/* log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172. */
	double s = (m - 1.0) / (m + 1.0), s2 = s * s, sum = 0.0;
	for (int k = 25; k >= 3; k -= 2)
		sum = sum * s2 + 1.0 / k;
	double logm = 2.0 * s + 2.0 * s * s2 * sum;
	return ((double)e * LN2_LO + logm) + (double)e * LN2_HI;
}

double
toy_tanh(double x)
{
	double ax = fabs(x), t;

	if (isnan(x))
		return x;
	if (ax > 22.0) {
		t = 1.0;		/* 1 - tanh(22) < 2^-63 */
	} else if (ax < 0.25) {
		/* The series, where 1 - 2/(e^2x + 1) would cancel; eleven
		 * terms leave less than 2^-60 relative at 0.25. */
		static const double c[] = {
			18888466084.0 / 194896477400625.0,
			-443861162.0 / 1856156927625.0,
			6404582.0 / 10854718875.0, -929569.0 / 638512875.0,
			21844.0 / 6081075.0, -1382.0 / 155925.0, 62.0 / 2835.0,
			-17.0 / 315.0, 2.0 / 15.0, -1.0 / 3.0, 1.0,
		};
		double x2 = ax * ax, p = 0.0;
		for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
			p = p * x2 + c[i];
		t = ax * p;
	} else {
		t = 1.0 - 2.0 / (toy_exp(2.0 * ax) + 1.0);
	}
	return x < 0 ? -t : t;
}
