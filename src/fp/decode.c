/*
 * decode.c — from a bit pattern to its meaning: value, class, fields,
 * neighbours and ulp; and reading a pattern typed as hex or binary.
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <string.h>

#include "fp/fp.h"

static inline uint32_t
width_mask(const fp_format *f)
{
	return f->width == 32 ? 0xffffffffu : (1u << f->width) - 1;
}

static inline uint32_t
exp_all_ones(const fp_format *f)
{
	return (1u << f->exp_bits) - 1;
}

fp_class
fp_classify(const fp_format *f, uint32_t bits)
{
	uint32_t mag = bits & (width_mask(f) >> 1);
	uint32_t e = mag >> f->man_bits;
	uint32_t m = mag & ((1u << f->man_bits) - 1);

	if (f->has_inf) {
		if (e == exp_all_ones(f))
			return m == 0 ? FP_CLASS_INF : FP_CLASS_NAN;
	} else if (mag == f->nan_bits) {
		return FP_CLASS_NAN;
	}
	if (e == 0)
		return m == 0 ? FP_CLASS_ZERO : FP_CLASS_SUBNORMAL;
	return FP_CLASS_NORMAL;
}

void
fp_fields_of(const fp_format *f, uint32_t bits, fp_fields *out)
{
	bits &= width_mask(f);
	out->sign = bits >> (f->width - 1);
	out->exp_raw = (bits >> f->man_bits) & exp_all_ones(f);
	out->mantissa = bits & ((1u << f->man_bits) - 1);
	out->cls = fp_classify(f, bits);
	out->implicit = out->cls == FP_CLASS_NORMAL;	/* inf and NaN have no significand */
	out->exp = out->exp_raw == 0 ? 1 - f->bias : (int)out->exp_raw - f->bias;
}

/* ldexp(x, e) for an integer x below 2^32, without the call where 2^e is a
 * normal double: x times that power of two is then exactly what ldexp
 * gives (the hot path of `bits --json`, which decodes every result). */
static inline double
scale2(double x, int e)
{
	if (e < -1022 || e > 1023)
		return ldexp(x, e);
	uint64_t b = (uint64_t)(e + 1023) << 52;
	double p;
	memcpy(&p, &b, sizeof p);
	return x * p;
}

double
fp_decode(const fp_format *f, uint32_t bits)
{
	fp_fields fl;
	double v;

	fp_fields_of(f, bits, &fl);
	switch (fl.cls) {
	case FP_CLASS_NAN:
		v = NAN;
		break;
	case FP_CLASS_INF:
		v = INFINITY;
		break;
	default:
		v = scale2((double)(((uint32_t)fl.implicit << f->man_bits) +
		    fl.mantissa), fl.exp - f->man_bits);
	}
	return fl.sign ? -v : v;
}

bool
fp_next_up(const fp_format *f, uint32_t bits, uint32_t *out)
{
	uint32_t smask = 1u << (f->width - 1);
	uint32_t mag = bits & (smask - 1);
	fp_class c = fp_classify(f, bits);

	bits &= width_mask(f);
	if (c == FP_CLASS_NAN)
		return false;
	if (!(bits & smask)) {
		if (c == FP_CLASS_INF || (mag == f->max_bits && !f->has_inf))
			return false;
		*out = mag + 1;		/* max + 1 is the inf pattern */
		return true;
	}
	if (mag == 0) {
		*out = 1;		/* -0 steps to the smallest subnormal */
		return true;
	}
	if (c == FP_CLASS_INF) {
		*out = smask | f->max_bits;
		return true;
	}
	*out = smask | (mag - 1);
	return true;
}

bool
fp_next_down(const fp_format *f, uint32_t bits, uint32_t *out)
{
	uint32_t smask = 1u << (f->width - 1);
	uint32_t neg;

	/* nextDown(x) = -nextUp(-x) */
	if (!fp_next_up(f, (bits ^ smask) & width_mask(f), &neg))
		return false;
	*out = neg ^ smask;
	return true;
}

double
fp_ulp(const fp_format *f, uint32_t bits)
{
	fp_fields fl;

	fp_fields_of(f, bits, &fl);
	if (fl.cls == FP_CLASS_INF || fl.cls == FP_CLASS_NAN)
		return NAN;
	return ldexp(1.0, fl.exp - f->man_bits);
}

double
fp_max_finite(const fp_format *f)
{
	return fp_decode(f, f->max_bits);
}

double
fp_min_normal(const fp_format *f)
{
	return ldexp(1.0, 1 - f->bias);
}

double
fp_min_subnormal(const fp_format *f)
{
	return ldexp(1.0, 1 - f->bias - f->man_bits);
}

/* A binary pattern: 0s and 1s, with blanks, '.' and '_' as separators. */
static bool
parse_binary(const char *s, int width, uint32_t *bits)
{
	uint32_t v = 0;
	int n = 0;

	for (; *s; s++) {
		if (*s == '0' || *s == '1') {
			if (++n > width)
				return false;
			v = v << 1 | (uint32_t)(*s - '0');
		} else if (!(*s == ' ' || *s == '.' || *s == '_')) {
			return false;
		}
	}
	if (n != width)
		return false;
	*bits = v;
	return true;
}

bool
fp_parse_bits(const fp_format *f, const char *text, uint32_t *bits)
{
	uint64_t v = 0;
	int ndig = 0;
	const char *s = text;

	while (*s == ' ' || *s == '\t')
		s++;
	if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		return parse_binary(s + 2, f->width, bits);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
	} else {
		/* All 0s and 1s (with separators) and exactly width digits:
		 * binary.  Otherwise hex, with or without 0x. */
		size_t n01 = strspn(s, "01 ._");
		if (s[n01] == '\0' && parse_binary(s, f->width, bits))
			return true;
	}
	for (; *s && !isspace((unsigned char)*s); s++) {
		int d;
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return false;
		if (++ndig > 8)
			return false;
		v = v << 4 | (uint64_t)d;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (ndig == 0 || *s != '\0' || v > width_mask(f))
		return false;
	*bits = (uint32_t)v;
	return true;
}
