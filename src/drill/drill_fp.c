/*
 * drill_fp.c — the drills on formats: encode, decode, round, ulp,
 * swallow and overflow, in fp16, bf16, e4m3 or e5m2.  Operands are
 * patterns drawn from the stream (so every one is representable), and
 * values derived from them exactly; the answer is what src/fp computes.
 * bf16 values stay within 2^-20 .. 2^20, the range gradients and weights
 * live in, so a prompt never shows a 40-digit number.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drill/drill_int.h"

static const fp_id formats[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };

static const fp_format *
pick_format(drill_rng *r)
{
	return fp_format_get(formats[drill_below(r, 4)]);
}

/* A finite, nonzero, positive pattern (normal when asked, not the
 * largest finite when below_max). */
static uint32_t
pick_pattern(drill_rng *r, const fp_format *f, bool normal, bool below_max)
{
	for (;;) {
		uint32_t b = (uint32_t)drill_next(r) & ((1u << (f->width - 1)) - 1);
		fp_fields fl;

		fp_fields_of(f, b, &fl);
		if (fl.cls == FP_CLASS_ZERO || fl.cls == FP_CLASS_INF ||
		    fl.cls == FP_CLASS_NAN || (normal && fl.cls !=
		    FP_CLASS_NORMAL) || (below_max && b == f->max_bits))
			continue;
		if (f->id == FP_BF16 && (fl.exp < -20 || fl.exp > 20))
			continue;
		return b;
	}
}

static uint32_t
sign_bit(const fp_format *f)
{
	return 1u << (f->width - 1);
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

void
drill_make_encode(drill_rng *r, drill_item *it)
{
	char hex[16];

	for (;;) {
		it->f = pick_format(r);
		uint32_t b = pick_pattern(r, it->f, false, false);
		if (drill_below(r, 2))
			b |= sign_bit(it->f);
		int digits = 3 + (int)drill_below(r, 2);
		fp_real x;
		unsigned fl;
		snprintf(it->value, sizeof it->value, "%.*g", digits,
		    fp_decode(it->f, b));
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
drill_make_decode(drill_rng *r, drill_item *it)
{
	char hex[16];

	it->f = pick_format(r);
	it->bits = pick_pattern(r, it->f, false, false);
	if (drill_below(r, 2))
		it->bits |= sign_bit(it->f);
	it->ans_value = fp_decode(it->f, it->bits);
	drill_shortest(it->f, it->bits, it->answer, sizeof it->answer);
	snprintf(it->value, sizeof it->value, "%s", it->answer);
	snprintf(it->prompt, sizeof it->prompt, "What value is the %s pattern "
	    "%s? (the shortest decimal that reads back to it)", it->f->name,
	    drill_hex(it->f, it->bits, hex, sizeof hex));
}

void
drill_make_round(drill_rng *r, drill_item *it)
{
	char lo[48], hi[48];
	uint32_t up;
	fp_real x;
	unsigned fl;

	it->f = pick_format(r);
	it->bits = pick_pattern(r, it->f, true, true);
	fp_next_up(it->f, it->bits, &up);
	double a = fp_decode(it->f, it->bits), b = fp_decode(it->f, up);
	uint32_t k = 1 + drill_below(r, 15);
	it->x = a + (b - a) * k / 16;	/* exact: a few bits past a */
	char exact[1100];	/* what fp_exact_str may need */
	snprintf(it->value, sizeof it->value, "%s", fp_exact_str(it->x, exact,
	    sizeof exact));
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
drill_make_ulp(drill_rng *r, drill_item *it)
{
	char v[48];

	it->f = pick_format(r);
	it->bits = pick_pattern(r, it->f, false, false);
	it->x = fp_decode(it->f, it->bits);
	it->ans_value = fp_ulp(it->f, it->bits);
	drill_shortest(it->f, it->bits, it->value, sizeof it->value);
	snprintf(it->prompt, sizeof it->prompt, "What is the spacing of %s at "
	    "%s (one ulp)?", it->f->name, it->value);
	snprintf(it->answer, sizeof it->answer, "2^%d (%s)",
	    ilogb(it->ans_value), fp_value_str(it->ans_value, v, sizeof v));
}

void
drill_make_swallow(drill_rng *r, drill_item *it)
{
	char w[48], dw[48], s[48];
	uint32_t wb;

	for (;;) {
		unsigned fl;

		it->f = pick_format(r);
		wb = pick_pattern(r, it->f, true, true);
		it->w = fp_decode(it->f, wb);
		int j = 1 + (int)drill_below(r, (uint32_t)it->f->man_bits + 3);
		it->dw = ldexp(1 + drill_below(r, 4) / 4.0, ilogb(it->w) - j);
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

void
drill_make_overflow(drill_rng *r, drill_item *it)
{
	char a[48], b[48], v[48];
	unsigned fl;

	it->f = pick_format(r);
	int emax = ilogb(fp_max_finite(it->f));
	static const char ops[] = { '*', '+', 'e' };
	it->op = ops[drill_below(r, 3)];
	double res;
	if (it->op == '*') {
		int h = emax / 2;
		it->a = ldexp(1 + drill_below(r, 4) / 4.0, h - 2 + (int)drill_below(r, 5));
		it->b = ldexp(1 + drill_below(r, 4) / 4.0, h - 2 + (int)drill_below(r, 5));
		res = it->a * it->b;	/* exact: 3 bits each */
	} else if (it->op == '+') {
		it->a = ldexp(1 + drill_below(r, 4) / 4.0, emax - (int)drill_below(r, 2));
		it->b = ldexp(1 + drill_below(r, 4) / 4.0, emax - (int)drill_below(r, 2));
		res = it->a + it->b;	/* exact */
	} else {
		/* Quarter steps around ln(max): never within 1e-3 of the
		 * edge, so libm's last bit cannot decide. */
		it->a = floor(log(fp_max_finite(it->f)) * 4) / 4 +
		    ((int)drill_below(r, 17) - 8) / 4.0;
		res = exp(it->a);
	}
	it->ans_bits = fp_encode(it->f, res, &fl);
	it->ans_yes = finite_in(it->f, it->ans_bits);
	it->ans_value = res;
	fp_value_str(it->a, a, sizeof a);
	fp_value_str(it->b, b, sizeof b);
	if (it->op == 'e')
		snprintf(it->prompt, sizeof it->prompt, "In %s, is exp(%s) "
		    "finite? (yes or no)", it->f->name, a);
	else
		snprintf(it->prompt, sizeof it->prompt, "In %s, is %s %s %s "
		    "finite? (yes or no)", it->f->name, a, it->op == '*' ? "x" :
		    "+", b);
	snprintf(it->value, sizeof it->value, "%s", a);
	if (it->ans_yes)
		snprintf(it->answer, sizeof it->answer, "yes (%s)",
		    fp_value_str(fp_decode(it->f, it->ans_bits), v, sizeof v));
	else
		snprintf(it->answer, sizeof it->answer, "no (%s)",
		    it->f->has_inf ? "inf" : "NaN: e4m3 has no inf");
}
