/*
 * text.c — numbers to text: the shortest string that reads back as the
 * same double, the format's round-trip digits, and the exact expansion.
 * printf does the digit work; glibc's is exact for any precision.
 *
 * fp_value_str is on the hot path of `bits --json` (once per output line),
 * so the values every format here decodes to take an exact integer route
 * instead of printf and strtod: integers below 2^53, and doubles of at
 * most 24 significant bits whose exact decimal expansion has at most 38
 * digits.  It produces the same bytes as the printf route below it (the
 * %.15g, %.16g, %.17g search), computed exactly; anything else, or any
 * rounding mode but the default, takes that printf route.
 */
#include <config.h>

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp/fp.h"
#include "fp/fp_int.h"

/* Copy a string of len bytes into buf[n], truncating as snprintf does. */
static void
put_str(char *buf, size_t n, const char *s, size_t len)
{
	if (n == 0)
		return;
	if (len > n - 1)
		len = n - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}

/* Drop trailing zeros of a fraction, and the point if nothing is left. */
static void
trim_frac(char *s)
{
	char *dot = strchr(s, '.');
	if (dot == NULL)
		return;
	char *end = s + strlen(s);
	while (end > dot + 1 && end[-1] == '0')
		*--end = '\0';
	if (end == dot + 1)
		*dot = '\0';
}

static bool
special_str(double v, char *buf, size_t n)
{
	if (isnan(v))
		put_str(buf, n, "nan", 3);
	else if (isinf(v))
		put_str(buf, n, v < 0 ? "-inf" : "inf", v < 0 ? 4 : 3);
	else
		return false;
	return true;
}

/* The decimal digits of u into p; returns how many. */
static int
u64_digits(uint64_t u, char *p)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	for (int i = 0; i < n; i++)
		p[i] = tmp[n - 1 - i];
	return n;
}

/*
 * The exact route of fp_value_str.  A double v = M x 2^k (M odd) of at
 * most 24 significant bits is D x 10^-n exactly, with D = M x 5^n and
 * n = -k when k < 0, or D = M x 2^k and n = 0.  When D < 10^38 it fits in
 * 128 bits and %.{prec}g is D rounded to prec digits, ties to even as
 * glibc rounds exact ties.  Whether that reads back as v is exact integer
 * arithmetic too: the neighbours of v lie 2^(e-52) away, e = floor(log2
 * v), so the digits R (in units of 10^-n) read back as v when |R - D| is
 * at most 2^(e-53) x 10^n = 5^n x 2^S, S = n + e - 53 (half that below a
 * power of two).  At exactly that distance strtod's tie goes to v, whose
 * 53-bit significand ends in 29 or more zeros; for n > 0 that distance is
 * never an integer (5^n is odd), so the bound is floor(5^n x 2^S).
 */
#ifdef __SIZEOF_INT128__

static int
dec_digits(fp_u128 d)		/* 1 <= d < 10^38 */
{
	uint64_t hi = (uint64_t)(d >> 64);
	int bits = hi ? 128 - __builtin_clzll(hi) : 64 - __builtin_clzll((uint64_t)d);
	int n = bits * 1233 >> 12;	/* floor(log10(2^bits)), bits <= 127 */

	return n + (d >= fp_pow10_128(n));	/* 10^n <= d or 10^(n-1) <= d */
}

/* Does R read back as v = D x 10^-n?  See above; mbits = bits of M. */
static bool
reads_back(fp_u128 r, fp_u128 d, int n, int mbits, int k, bool pow2)
{
	int s = n + (mbits - 1 + k) - 53;
	fp_u128 diff;

	if (r >= d) {
		diff = r - d;
	} else {
		diff = d - r;
		s -= pow2;	/* the gap below a power of two is half */
	}
	return diff <= (s >= 0 ? fp_pow5_128(n) << s : fp_pow5_128(n) >> -s);
}

/* %.{prec}g of (-1)^neg x q x 10^(x - (digits of q) + 1), q > 0. */
static size_t
g_style(bool neg, uint64_t q, int x, int prec, char *out)
{
	char dig[20];
	size_t o = 0;

	while (q % 10 == 0)
		q /= 10;
	int len = u64_digits(q, dig);
	if (neg)
		out[o++] = '-';
	if (x < -4 || x >= prec) {
		out[o++] = dig[0];
		if (len > 1) {
			out[o++] = '.';
			memcpy(out + o, dig + 1, (size_t)len - 1);
			o += (size_t)len - 1;
		}
		out[o++] = 'e';
		out[o++] = x < 0 ? '-' : '+';
		unsigned ax = (unsigned)(x < 0 ? -x : x);
		if (ax < 10)
			out[o++] = '0';
		o += (size_t)u64_digits(ax, out + o);
	} else if (x >= 0) {
		for (int i = 0; i <= x; i++)
			out[o++] = i < len ? dig[i] : '0';
		if (len > x + 1) {
			out[o++] = '.';
			memcpy(out + o, dig + x + 1, (size_t)(len - x - 1));
			o += (size_t)(len - x - 1);
		}
	} else {
		out[o++] = '0';
		out[o++] = '.';
		for (int i = 0; i < -x - 1; i++)
			out[o++] = '0';
		memcpy(out + o, dig, (size_t)len);
		o += (size_t)len;
	}
	return o;
}

/* v as D x 10^-n (see above); false when v is not in the exact route. */
static bool
exact_decimal(double v, fp_u128 *d, int *n, int *mbits, int *k, bool *pow2)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	int dexp = (int)((u >> 52) & 0x7ff);
	if (dexp == 0 || dexp == 0x7ff)
		return false;
	uint64_t m = (u & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
	int tz = __builtin_ctzll(m);
	m >>= tz;
	*k = dexp - 1075 + tz;
	*mbits = 64 - __builtin_clzll(m);
	*pow2 = m == 1;
	if (*mbits > 24)
		return false;
	if (*k >= 0) {
		if (*mbits + *k > 126)	/* keeps D below 2^126 < 10^38 */
			return false;
		*n = 0;
		*d = (fp_u128)m << *k;
		return true;
	}
	*n = -*k;
	if (*n > 54 || fp_pow5_128(*n) > (fp_pow10_128(38) - 1) / m)
		return false;
	*d = fp_pow5_128(*n) * m;
	return true;
}

/* The shortest decimal of 15 to 17 digits that reads back, exactly: at
 * each width the nearest, then its two neighbours (next to a power of two
 * the nearest can fall in the narrow gap below while the one above still
 * reads back: 2^-24 is 5.960464477539063e-08, not ...0625). */
static bool
value_str_exact(double v, char *out, size_t *len)
{
	fp_u128 d;
	int n, mbits, k;
	bool pow2;

	if (!exact_decimal(v, &d, &n, &mbits, &k, &pow2))
		return false;
	int nd = dec_digits(d);
	for (int prec = 15; prec <= 17; prec++) {
		int x = nd - 1 - n;

		if (nd <= prec) {	/* exact in prec digits */
			*len = g_style(signbit(v), (uint64_t)d, x, prec, out);
			return true;
		}
		fp_u128 p = fp_pow10_128(nd - prec);
		fp_u128 q = d / p;
		fp_u128 rem = d - q * p;
		if (rem > p / 2 || (rem == p / 2 && (q & 1)))
			q++;	/* the nearest, ties to even */
		fp_u128 cand[3] = { q, q + 1, q - 1 };
		for (int c = 0; c < 3; c++) {
			fp_u128 qc = cand[c];
			if (qc < fp_pow10_128(prec - 1) || qc > fp_pow10_128(prec))
				continue;
			if (prec < 17 && !reads_back(qc * p, d, n, mbits, k, pow2))
				continue;
			int xc = x;
			if (qc == fp_pow10_128(prec)) {
				qc /= 10;
				xc++;
			}
			*len = g_style(signbit(v), (uint64_t)qc, xc, prec, out);
			return true;
		}
	}
	return false;		/* not reached */
}
#else
static bool
value_str_exact(double v, char *out, size_t *len)
{
	(void)v, (void)out, (void)len;
	return false;
}
#endif

/* The same search through printf, for doubles the exact route does not
 * cover (more than 24 significant bits, extreme exponents, or another
 * rounding mode): each width's nearest and its two neighbours, each one
 * checked by reading it back. */
static bool
shortest_printf(double v, char *buf, size_t n)
{
	char s[40], t[48];

	for (int prec = 15; prec <= 16; prec++) {
		snprintf(s, sizeof s, "%.*e", prec - 1, v);	/* d.ddd...e±XX */
		char *e = strchr(s, 'e');
		if (e == NULL)
			return false;
		int exp10 = atoi(e + 1);
		bool neg = s[0] == '-';
		uint64_t q = 0;
		for (const char *c = s + neg; c < e; c++)
			if (*c >= '0' && *c <= '9')
				q = q * 10 + (uint64_t)(*c - '0');
		uint64_t lo = 1;
		for (int i = 1; i < prec; i++)
			lo *= 10;
		uint64_t cand[3] = { q, q + 1, q - 1 };
		for (int c = 0; c < 3; c++) {
			if (cand[c] < lo || cand[c] >= lo * 10)
				continue;
			snprintf(t, sizeof t, "%s%llue%d", neg ? "-" : "",
			    (unsigned long long)cand[c], exp10 - (prec - 1));
			if (strtod(t, NULL) == v) {
				/* print the winner in %g style */
				snprintf(buf, n, "%.*g", prec, strtod(t, NULL));
				if (strtod(buf, NULL) == v && c == 0)
					return true;
				/* a neighbour: %g would round back to the
				 * nearest, so print its digits ourselves */
				double a = fabs(v);
				if (a >= 1e-4 && a < 1e15) {
					snprintf(buf, n, "%.*f", prec - 1 - exp10 > 0 ?
					    prec - 1 - exp10 : 0, strtod(t, NULL));
					if (strtod(buf, NULL) != v)
						continue;
					trim_frac(buf);
				} else {
					char m[24];
					int len = snprintf(m, sizeof m, "%llu",
					    (unsigned long long)cand[c]);
					while (len > 1 && m[len - 1] == '0')
						m[--len] = '\0';
					snprintf(buf, n, "%s%c%s%s%se%c%02d", neg ? "-" : "",
					    m[0], len > 1 ? "." : "", m + 1, "",
					    exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
				}
				if (strtod(buf, NULL) == v)
					return true;
			}
		}
	}
	return false;
}

char *
fp_value_str(double v, char *buf, size_t n)
{
	char tmp[48];
	size_t len;

	if (special_str(v, buf, n))
		return buf;
	/* An integer below 2^53 prints exactly and shortest as an integer
	 * (as %.0f would; "-0" for negative zero). */
	if (v == trunc(v) && fabs(v) < 0x1p53) {
		double a = fabs(v);
		len = 0;
		if (signbit(v))
			tmp[len++] = '-';
		len += (size_t)u64_digits((uint64_t)a, tmp + len);
		put_str(buf, n, tmp, len);
		return buf;
	}
	/* printf and strtod follow the rounding mode; the exact route is
	 * that of the default mode, round to nearest. */
	if (fegetround() == FE_TONEAREST && value_str_exact(v, tmp, &len)) {
		put_str(buf, n, tmp, len);
		return buf;
	}
	/* A subnormal double has fewer than 15 digits of its own: search every
	 * width (no format of ours has such values; fp_value_str is general). */
	if (fabs(v) < DBL_MIN) {
		for (int prec = 1; prec <= 17; prec++) {
			snprintf(buf, n, "%.*g", prec, v);
			if (strtod(buf, NULL) == v)
				return buf;
		}
	}
	if (shortest_printf(v, buf, n))
		return buf;
	snprintf(buf, n, "%.17g", v);
	return buf;
}

char *
fp_short_str(const fp_format *f, double v, char *buf, size_t n)
{
	if (!special_str(v, buf, n))
		snprintf(buf, n, "%.*g", f->digits, v);
	return buf;
}

/* Drop trailing zeros of the fraction in a printf'd number, keeping any
 * exponent suffix. */
static void
trim_zeros(char *s)
{
	char *dot = strchr(s, '.');
	if (dot == NULL)
		return;
	char *e = strpbrk(dot, "eE");
	char *end = e ? e : dot + strlen(dot);
	char *p = end;
	while (p > dot + 1 && p[-1] == '0')
		p--;
	if (p == dot + 1)
		p = dot;
	memmove(p, end, strlen(end) + 1);
}

char *
fp_exact_str(double v, char *buf, size_t n)
{
	if (special_str(v, buf, n))
		return buf;
	double a = fabs(v);
	if (a == 0 || (a >= 1e-5 && a < 1e17)) {
		/* A double with k fraction bits has exactly k decimal places. */
		int places = 0;
		if (a != 0) {
			double t = a;
			while (t != trunc(t) && places < 1100) {
				t *= 2;
				places++;
			}
		}
		snprintf(buf, n, "%.*f", places, v);
	} else {
		snprintf(buf, n, "%.770e", v);
	}
	trim_zeros(buf);
	return buf;
}
