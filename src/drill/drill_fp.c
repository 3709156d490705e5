/*
 * drill_fp.c — the drills on formats: encode, decode, round, ulp and
 * swallow, in fp16, bf16, e4m3 or e5m2 (fp16 and bf16 alone at level 1).
 * Operands are patterns drawn from the stream (so every one is
 * representable), and values derived from them exactly; the answer is
 * what src/fp computes.  bf16 values stay within 2^-20 .. 2^20, the range
 * gradients and weights live in, so a prompt never shows a 40-digit
 * number (and bf16 is never drawn where a subnormal is asked for).
 *
 * The levels: 1, normal values of at most three significant bits
 * (1, 1.25, 1.5, 1.75 times 2^-4 .. 2^6) and clear cases; 2, any normal
 * value of the four formats; 3, subnormals, the extremes of a format
 * and exact ties (rounded to even).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drill/drill_int.h"

static const fp_id formats[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };
/* Where subnormals are drawn: bf16's are beyond the range it keeps to. */
static const fp_id sub_formats[] = { FP_FP16, FP_E4M3, FP_E5M2 };

static const fp_format *
pick_format(drill_rng *r, int level)
{
	return fp_format_get(formats[drill_below(r, level == 1 ? 2 : 4)]);
}

static const fp_format *
pick_sub_format(drill_rng *r)
{
	return fp_format_get(sub_formats[drill_below(r, 3)]);
}

enum { P_NORMAL = 1, P_SUBNORMAL = 2, P_BELOW_MAX = 4 };

/* A finite, nonzero, positive pattern of the classes asked for (not the
 * largest finite with P_BELOW_MAX). */
static uint32_t
pick_pattern(drill_rng *r, const fp_format *f, unsigned want)
{
	for (;;) {
		uint32_t b = (uint32_t)drill_next(r) & ((1u << (f->width - 1)) - 1);
		fp_fields fl;

		if ((want & ~P_BELOW_MAX) == P_SUBNORMAL)	/* most are normal */
			b &= (1u << f->man_bits) - 1;
		fp_fields_of(f, b, &fl);
		if ((fl.cls == FP_CLASS_NORMAL && !(want & P_NORMAL)) ||
		    (fl.cls == FP_CLASS_SUBNORMAL && !(want & P_SUBNORMAL)) ||
		    fl.cls == FP_CLASS_ZERO || fl.cls == FP_CLASS_INF ||
		    fl.cls == FP_CLASS_NAN || ((want & P_BELOW_MAX) &&
		    b == f->max_bits))
			continue;
		if (f->id == FP_BF16 && (fl.exp < -20 || fl.exp > 20))
			continue;
		return b;
	}
}

/* Level 1's values: 1, 1.25, 1.5 or 1.75 times 2^-4 .. 2^6 (fp16, bf16). */
static uint32_t
simple_pattern(drill_rng *r, const fp_format *f)
{
	int e = -4 + (int)drill_below(r, 11);
	uint32_t frac = drill_below(r, 4) << (f->man_bits - 2);

	return ((uint32_t)(e + f->bias) << f->man_bits) | frac;
}

static uint32_t
sign_bit(const fp_format *f)
{
	return 1u << (f->width - 1);
}

static uint32_t
maybe_negative(drill_rng *r, const fp_format *f, uint32_t b)
{
	return drill_below(r, 2) ? b | sign_bit(f) : b;
}

char *
drill_hex(const fp_format *f, uint32_t bits, char *buf, size_t n)
{
	snprintf(buf, n, "0x%0*x", (f->width + 3) / 4, (unsigned)bits);
	return buf;
}

char *
drill_shortest(const fp_format *f, uint32_t bits, char *buf, size_t n)
{
	double v = fp_decode(f, bits);

	if (v == trunc(v) && fabs(v) < 1e7)	/* 7000, not 7e+03 */
		return fp_value_str(v, buf, n);
	for (int d = 1; d <= 17; d++) {
		fp_real r;
		unsigned fl;

		snprintf(buf, n, "%.*g", d, v);
		if (fp_read(buf, &r, NULL) == FP_READ_OK &&
		    fp_encode_real(f, &r, &fl) == bits)
			return buf;
	}
	return fp_value_str(v, buf, n);
}

static bool
finite_in(const fp_format *f, uint32_t bits)
{
	fp_class c = fp_classify(f, bits);
	return c != FP_CLASS_INF && c != FP_CLASS_NAN;
}


/* The exact decimal of v into buf, or false when it is longer than n. */
static bool
exact_text(double v, char *buf, size_t n)
{
	char exact[1100];	/* what fp_exact_str may need */

	fp_exact_str(v, exact, sizeof exact);
	if (strlen(exact) >= n)
		return false;
	memcpy(buf, exact, strlen(exact) + 1);
	return true;
}

/* Level 3's tie: a pattern below the largest finite (subnormal too,
 * outside bf16), and the midpoint between it and the next one up. */
static double
tie_above(drill_rng *r, const fp_format *f)
{
	uint32_t b = pick_pattern(r, f, P_NORMAL | P_BELOW_MAX |
	    (f->id == FP_BF16 ? 0 : P_SUBNORMAL)), up;

	fp_next_up(f, b, &up);
	return (fp_decode(f, b) + fp_decode(f, up)) / 2;	/* exact */
}

void
drill_make_encode(drill_rng *r, int level, drill_item *it)
{
	char hex[16];

	for (;;) {
		bool neg = drill_below(r, 2);
		bool exact = level == 1;
		double v;
		if (level == 1) {
			it->f = pick_format(r, 1);
			v = fp_decode(it->f, simple_pattern(r, it->f));
		} else if (level == 2) {
			it->f = pick_format(r, 2);
			v = fp_decode(it->f, pick_pattern(r, it->f, P_NORMAL));
		} else if (drill_below(r, 2)) {
			it->f = pick_sub_format(r);
			v = fp_decode(it->f, pick_pattern(r, it->f, P_SUBNORMAL));
		} else {
			it->f = pick_format(r, 3);
			v = tie_above(r, it->f);
			exact = true;
		}
		if (neg)
			v = -v;
		if (exact && !exact_text(v, it->value, 48))
			continue;
		if (!exact)
			snprintf(it->value, sizeof it->value, "%.*g", 3 +
			    (int)drill_below(r, 2), v);
		fp_real x;
		unsigned fl;
		if (fp_read(it->value, &x, NULL) != FP_READ_OK)
			continue;
		it->ans_bits = fp_encode_real(it->f, &x, &fl);
		if (finite_in(it->f, it->ans_bits) &&
		    fp_classify(it->f, it->ans_bits) != FP_CLASS_ZERO)
			break;
	}
	snprintf(it->prompt, sizeof it->prompt, "Encode %s in %s: its bit "
	    "pattern, in hex?", it->value, it->f->name);
	snprintf(it->answer, sizeof it->answer, "%s",
	    drill_hex(it->f, it->ans_bits, hex, sizeof hex));
}

void
drill_make_decode(drill_rng *r, int level, drill_item *it)
{
	char hex[16];

	if (level == 1) {
		it->f = pick_format(r, 1);
		it->bits = simple_pattern(r, it->f);
	} else if (level == 2) {
		it->f = pick_format(r, 2);
		it->bits = maybe_negative(r, it->f, pick_pattern(r, it->f,
		    P_NORMAL));
	} else {
		uint32_t c = drill_below(r, 4);
		it->f = c < 2 ? pick_sub_format(r) : pick_format(r, 3);
		const fp_format *f = it->f;
		const uint32_t edge[] = { f->max_bits, 1u << f->man_bits, 1,
		    (1u << f->man_bits) - 1 };
		it->bits = c < 2 ? pick_pattern(r, f, P_SUBNORMAL) : c == 2 ?
		    edge[drill_below(r, 4)] : pick_pattern(r, f, P_NORMAL);
		it->bits = maybe_negative(r, f, it->bits);
	}
	it->ans_value = fp_decode(it->f, it->bits);
	drill_shortest(it->f, it->bits, it->answer, sizeof it->answer);
	snprintf(it->value, sizeof it->value, "%s", it->answer);
	snprintf(it->prompt, sizeof it->prompt, "What value is the %s pattern "
	    "%s? (the shortest decimal that reads back to it)", it->f->name,
	    drill_hex(it->f, it->bits, hex, sizeof hex));
}

void
drill_make_round(drill_rng *r, int level, drill_item *it)
{
	char lo[48], hi[48];
	uint32_t up, k, d;
	fp_real x;
	unsigned fl;

	if (level == 1) {		/* a quarter of the way from one end */
		it->f = pick_format(r, 1);
		it->bits = simple_pattern(r, it->f);
		d = 4;
		k = 1 + 2 * drill_below(r, 2);
	} else if (level == 2) {	/* sixteenths, the tie among them */
		it->f = pick_format(r, 2);
		it->bits = pick_pattern(r, it->f, P_NORMAL | P_BELOW_MAX);
		d = 16;
		k = 1 + drill_below(r, 15);
	} else {			/* the tie, or a 256th either side */
		it->f = pick_format(r, 3);
		bool sub = it->f->id != FP_BF16 && drill_below(r, 3) == 0;
		it->bits = pick_pattern(r, it->f, P_BELOW_MAX | (sub ?
		    P_SUBNORMAL : P_NORMAL));
		d = 256;
		k = drill_below(r, 2) ? 128 : drill_below(r, 2) ? 128 +
		    (1 + drill_below(r, 3)) : 128 - (1 + drill_below(r, 3));
	}
	fp_next_up(it->f, it->bits, &up);
	double a = fp_decode(it->f, it->bits), b = fp_decode(it->f, up);
	it->x = a + (b - a) * k / d;	/* exact: a few bits past a */
	exact_text(it->x, it->value, sizeof it->value);
	fp_read(it->value, &x, NULL);
	it->ans_bits = fp_encode_real(it->f, &x, &fl);
	it->ans_yes = it->ans_bits == up;
	it->ans_value = fp_decode(it->f, it->ans_bits);
	fp_value_str(a, lo, sizeof lo);
	fp_value_str(b, hi, sizeof hi);
	snprintf(it->prompt, sizeof it->prompt, "In %s, %s lies between %s and "
	    "%s. Does it round up or down?", it->f->name, it->value, lo, hi);
	snprintf(it->answer, sizeof it->answer, "%s (to %s)", it->ans_yes ?
	    "up" : "down", it->ans_yes ? hi : lo);
}

void
drill_make_ulp(drill_rng *r, int level, drill_item *it)
{
	char v[48];

	if (level == 1) {
		it->f = pick_format(r, 1);
		it->bits = simple_pattern(r, it->f);
	} else if (level == 2) {
		it->f = pick_format(r, 2);
		it->bits = pick_pattern(r, it->f, P_NORMAL);
	} else {
		uint32_t c = drill_below(r, 3);
		it->f = c == 0 ? pick_sub_format(r) : pick_format(r, 3);
		uint32_t frac = (1u << it->f->man_bits) - 1;
		it->bits = c == 0 ? pick_pattern(r, it->f, P_SUBNORMAL) :
		    c == 2 ? pick_pattern(r, it->f, P_NORMAL) :
		    drill_below(r, 2) ? it->f->max_bits :	/* a binade's top */
		    pick_pattern(r, it->f, P_NORMAL) & ~frac;	/* its bottom */
	}
	it->x = fp_decode(it->f, it->bits);
	it->ans_value = fp_ulp(it->f, it->bits);
	drill_shortest(it->f, it->bits, it->value, sizeof it->value);
	snprintf(it->prompt, sizeof it->prompt, "What is the spacing of %s at "
	    "%s (one ulp)?", it->f->name, it->value);
	snprintf(it->answer, sizeof it->answer, "2^%d (%s)",
	    ilogb(it->ans_value), fp_value_str(it->ans_value, v, sizeof v));
}

void
drill_make_swallow(drill_rng *r, int level, drill_item *it)
{
	char w[48], dw[48], s[48];
	uint32_t wb;

	for (;;) {
		unsigned fl;

		it->f = pick_format(r, level);
		int m = it->f->man_bits;
		wb = pick_pattern(r, it->f, P_NORMAL | P_BELOW_MAX);
		it->w = fp_decode(it->f, wb);
		int e = ilogb(it->w), j;
		if (level == 1)		/* at least two ulps, or under a quarter */
			j = drill_below(r, 2) ? 1 + (int)drill_below(r,
			    (uint32_t)m - 1) : m + 3 + (int)drill_below(r, 3);
		else
			j = 1 + (int)drill_below(r, (uint32_t)m + 3);
		it->dw = ldexp(1 + drill_below(r, 4) / 4.0, e - j);
		if (level == 3) {	/* around half an ulp: the tie and near it */
			static const double near[] = { 0.75, 1, 1, 1.25, 1.5 };
			it->dw = ldexp(near[drill_below(r, 5)], e - m - 1);
		}
		if (it->dw >= fp_min_normal(it->f) &&
		    fp_decode(it->f, fp_encode(it->f, it->dw, &fl)) == it->dw)
			break;
	}
	unsigned fl;
	it->ans_bits = fp_encode(it->f, it->w + it->dw, &fl);	/* exact sum */
	it->ans_yes = it->ans_bits != wb;
	it->bits = wb;
	fp_value_str(it->w, w, sizeof w);
	fp_value_str(it->dw, dw, sizeof dw);
	snprintf(it->value, sizeof it->value, "%s", w);
	snprintf(it->prompt, sizeof it->prompt, "In %s, w = %s and dw = %s. "
	    "Does w + dw change w? (yes or no)", it->f->name, w, dw);
	if (it->ans_yes)
		snprintf(it->answer, sizeof it->answer, "yes (w becomes %s)",
		    fp_value_str(fp_decode(it->f, it->ans_bits), s, sizeof s));
	else
		snprintf(it->answer, sizeof it->answer, "no (it rounds back to "
		    "%s)", w);
}
