/*
 * explain.c — the decode of a pattern as a view animates it: which field
 * each bit belongs to and what it adds (2^k to the raw exponent, 2^-i to
 * the significand), and the closing formula.  The rounding walk of an
 * encode lives in encode.c, beside the code whose steps it records.
 */
#include <config.h>

#include <math.h>

#include "fp/fp.h"

int
fp_explain_bits(const fp_format *f, uint32_t pattern, fp_bit bits[32])
{
	int n = 0;

	for (int i = f->width - 1; i >= 0; i--, n++) {
		fp_bit *b = &bits[n];
		b->set = (pattern >> i) & 1u;
		if (i == f->width - 1) {
			b->field = FP_FIELD_SIGN;
			b->pos = 0;
			b->power = 0;
		} else if (i >= f->man_bits) {
			b->field = FP_FIELD_EXP;
			b->pos = f->width - 2 - i;
			b->power = i - f->man_bits;
		} else {
			b->field = FP_FIELD_MAN;
			b->pos = f->man_bits - 1 - i;
			b->power = -(b->pos + 1);
		}
	}
	return n;
}

void
fp_explain_formula(const fp_format *f, uint32_t pattern, fp_formula *out)
{
	fp_fields_of(f, pattern, &out->fields);
	out->significand = out->fields.implicit +
	    ldexp((double)out->fields.mantissa, -f->man_bits);
	out->value = fp_decode(f, pattern);
}

/* The stages are the walk's own: the lessons count them as frames of a
 * bits block and the bits widget draws them, so both ask here. */
int
fp_round_stages(const fp_format *f, const fp_real *r, const fp_exact *x,
    fp_walk *out)
{
	unsigned flags = 0;
	fp_walk wk;

	fp_encode_real(f, r, &flags);
	if (!(flags & FP_FLAG_INEXACT))
		return 0;
	fp_explain_round_x(f, r, x, &wk);
	if (wk.special)
		return 0;
	if (out)
		*out = wk;
	if (wk.decision == FP_ROUND_SPECIAL)
		return 2;	/* the exponent alone overflows: no cut */
	return 3 + (wk.overflow || wk.flushed || wk.carry);
}
