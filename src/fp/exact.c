/*
 * exact.c — the exact value of a number's text, for the rounding walk,
 * whatever its exponent: 1e400, 0x1p5000 and 1e-400 lie beyond double's
 * range, where fp_real (a double and a sticky bit) can only say "beyond";
 * the walk must show their true binary exponent and where their bits are.
 *
 * The text (already checked by fp_read) is read with GMP's integers: a
 * decimal D x 10^E is D x 5^E x 2^E, or for E < 0 the quotient of D x 2^s
 * by 5^-E with enough bits (s) and its remainder; a hex float W x 2^E is
 * W already.  The first 64 bits of the result, its leading exponent and
 * whether any bit beyond them is set are exact.  Decimal exponents are
 * read up to FP_EXACT_MAX_EXP10 in magnitude (5^E then has some 23
 * million bits), hex exponents up to four times that; beyond, and for
 * zero, inf and NaN, fp_read_exact declines and callers fall back on
 * fp_real's reading.  fp_read_beyond reads it only where fp_real cannot
 * tell the walk the truth: past double's range.
 */
#include <config.h>

#include <float.h>
#include <gmp.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fp/fp.h"

/* The exponent field after 'e' or 'p' (already checked to be digits),
 * saturated at +-LONG_MAX / 4. */
static long
exp_field(const char *s)
{
	bool neg = *s == '-';
	long v = 0;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		if (v < LONG_MAX / 40)
			v = v * 10 + (*s - '0');
	return neg ? -v : v;
}

/* sig and more from m x 2^e2 (m > 0): the first 64 bits, leading 1 on
 * top, and whether m has set bits below them; returns the lead. */
static long
top_bits(const mpz_t m, long e2, fp_exact *out)
{
	size_t len = mpz_sizeinbase(m, 2);
	mpz_t t;

	mpz_init(t);
	if (len > 64) {
		mpz_tdiv_q_2exp(t, m, len - 64);
		out->more |= mpz_scan1(m, 0) < len - 64;
	} else {
		mpz_mul_2exp(t, m, 64 - len);
	}
	uint64_t w[2] = { 0, 0 };
	size_t count = 0;
	mpz_export(w, &count, -1, sizeof w[0], 0, 0, t);	/* t < 2^64 */
	out->sig = w[0];
	mpz_clear(t);
	return (long)len - 1 + e2;
}

bool
fp_read_exact(const char *text, fp_exact *out)
{
	fp_real r;
	size_t pos;

	memset(out, 0, sizeof *out);
	if (fp_read_long(text, &r, &pos) != FP_READ_OK || r.lo != r.lo ||
	    (r.lo == r.lo * 2 && r.lo != 0))
		return false;			/* not a number, NaN or inf */
	while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n')
		text++;
	out->negative = *text == '-';
	if (*text == '+' || *text == '-')
		text++;
	bool hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
	if (hex)
		text += 2;

	/* the digits without the point, and the exponent they stand at */
	size_t n = strlen(text);
	char *dig = malloc(n + 2);
	if (dig == NULL)
		return false;
	size_t nd = 0;
	long frac = 0, e = 0;
	bool point = false;
	for (const char *c = text; *c; c++) {
		if (*c == '.') {
			point = true;
		} else if (strchr(hex ? "pP" : "eE", *c)) {
			e = exp_field(c + 1);
			break;
		} else if (*c != ' ' && *c != '\t' && *c != '\r' && *c != '\n') {
			dig[nd++] = *c;
			frac += point;
		}
	}
	dig[nd] = '\0';
	e -= hex ? 4 * frac : frac;

	mpz_t m, p5, rem;
	mpz_inits(m, p5, rem, NULL);
	bool ok = mpz_set_str(m, dig, hex ? 16 : 10) == 0;
	free(dig);
	if (ok && mpz_sgn(m) == 0) {
		ok = false;			/* zero: nothing to walk */
	} else if (ok && e >= 0) {
		ok = e <= (hex ? 4 * FP_EXACT_MAX_EXP10 : FP_EXACT_MAX_EXP10);
		if (ok && !hex)
			mpz_ui_pow_ui(p5, 5, (unsigned long)e), mpz_mul(m, m, p5);
		if (ok)
			out->lead = top_bits(m, e, out);
	} else if (ok && hex) {
		ok = e >= -4 * FP_EXACT_MAX_EXP10;
		if (ok)
			out->lead = top_bits(m, e, out);
	} else if (ok) {			/* D / 10^k, k = -e */
		unsigned long k = (unsigned long)-e;
		ok = k <= FP_EXACT_MAX_EXP10;
		if (ok) {
			mpz_ui_pow_ui(p5, 5, k);
			long s = (long)mpz_sizeinbase(p5, 2) - (long)mpz_sizeinbase(m, 2) + 66;
			if (s < 0)
				s = 0;
			mpz_mul_2exp(m, m, (mp_bitcnt_t)s);
			mpz_tdiv_qr(m, rem, m, p5);
			out->more = mpz_sgn(rem) != 0;
			out->lead = top_bits(m, e - s, out);
		}
	}
	mpz_clears(m, p5, rem, NULL);
	return ok;
}

bool
fp_real_beyond(const fp_real *r)
{
	double a = fabs(r->lo);

	return r->sticky && (a == DBL_MAX || a < DBL_MIN);
}

bool
fp_read_beyond(const char *text, const fp_real *r, fp_exact *x)
{
	return text != NULL && fp_real_beyond(r) && fp_read_exact(text, x);
}
