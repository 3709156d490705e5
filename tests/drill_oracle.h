/*
 * drill_oracle.h — the exact side of tests/check_drill.c, sharing none of
 * the engine's code: a decimal read by hand into a GMP rational, and
 * rounding to nearest even into a format decided by exact rational
 * comparison with the patterns' values and midpoints (tests/fp_ref.h
 * gives the values, by the textbook formula).
 */
#ifndef FPTUTOR_TESTS_DRILL_ORACLE_H
#define FPTUTOR_TESTS_DRILL_ORACLE_H

#include <check.h>
#include <ctype.h>
#include <gmp.h>
#include <math.h>
#include <stdlib.h>

#include "fp_ref.h"

/* A decimal (digits, an optional point, an optional exponent, a sign)
 * into q, exactly; *digits (may be NULL) gets its significant digits. */
static inline void
oracle_dec(const char *s, mpq_t q, int *digits)
{
	mpz_t m, p;
	bool neg = false, point = false, lead = true;
	long e = 0;
	int d = 0;

	mpz_inits(m, p, NULL);
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	for (; *s && *s != 'e' && *s != 'E'; s++) {
		if (*s == '.') {
			point = true;
			continue;
		}
		ck_assert_msg(isdigit((unsigned char)*s), "not a decimal: %s", s);
		mpz_mul_ui(m, m, 10);
		mpz_add_ui(m, m, (unsigned long)(*s - '0'));
		lead = lead && *s == '0';
		d += !lead;
		e -= point;
	}
	if (*s)
		e += atol(s + 1);
	mpz_ui_pow_ui(p, 10, (unsigned long)labs(e));
	mpq_set_z(q, m);
	if (e >= 0) {
		mpz_mul(mpq_numref(q), mpq_numref(q), p);
	} else {
		mpz_set(mpq_denref(q), p);
		mpq_canonicalize(q);
	}
	if (neg)
		mpq_neg(q, q);
	if (digits)
		*digits = d;
	mpz_clears(m, p, NULL);
}

/* The sign of |q| - x, exactly. */
static inline int
oracle_cmp(const mpq_t q, double x)
{
	mpq_t a, b;

	mpq_inits(a, b, NULL);
	mpq_abs(a, q);
	mpq_set_d(b, x);
	int c = mpq_cmp(a, b);
	mpq_clears(a, b, NULL);
	return (c > 0) - (c < 0);
}

/* The magnitude pattern |q| rounds to in r, nearest even; max_bits + 1
 * for an overflow.  *tie (may be NULL): |q| was a midpoint. */
static inline uint32_t
oracle_round_q(const struct ref_fmt *r, const mpq_t q, bool *tie)
{
	uint32_t lo = 0, hi = r->max_bits + 1;	/* raw(hi) is past the max */

	if (tie)
		*tie = false;
	if (oracle_cmp(q, ref_raw(r, hi)) >= 0)
		return hi;
	while (hi - lo > 1) {	/* raw(lo) <= |q| < raw(hi) */
		uint32_t mid = (lo + hi) / 2;
		if (oracle_cmp(q, ref_raw(r, mid)) >= 0)
			lo = mid;
		else
			hi = mid;
	}
	if (oracle_cmp(q, ref_raw(r, lo)) == 0)
		return lo;
	int c = oracle_cmp(q, (ref_raw(r, lo) + ref_raw(r, hi)) / 2);
	if (tie)
		*tie = c == 0;
	return c < 0 ? lo : c > 0 ? hi : (lo & 1 ? hi : lo);
}

static inline uint32_t
oracle_round_dec(const struct ref_fmt *r, const char *text, bool *tie)
{
	mpq_t q;

	mpq_init(q);
	oracle_dec(text, q, NULL);
	uint32_t b = oracle_round_q(r, q, tie);
	mpq_clear(q);
	return b;
}

static inline uint32_t
oracle_round(const struct ref_fmt *r, double x)
{
	mpq_t q;

	ck_assert(isfinite(x));
	mpq_init(q);
	mpq_set_d(q, x);
	uint32_t b = oracle_round_q(r, q, NULL);
	mpq_clear(q);
	return b;
}

/* |x| rounded into r, as a double (inf past the range). */
static inline double
oracle_value(const struct ref_fmt *r, double x)
{
	if (!isfinite(x))
		return x;
	uint32_t b = oracle_round(r, x);
	return b > r->max_bits ? INFINITY : ref_raw(r, b);
}

#endif
