/*
 * accum.c — a reduction with a chosen accumulator: sum, mean, dot and
 * matmul given acc=DTYPE add their terms left to right into a running sum
 * that is rounded to DTYPE after every addition, the way a kernel with an
 * fp16 (or fp32) accumulator does.  Each addition is rounded exactly once:
 * the double sum and its error (Knuth's TwoSum) give the exact value as a
 * truncation plus a sticky bit, which fp_encode_real rounds.  A dot's
 * products are exact (each fits a double), as in a fused multiply-add.
 *
 * The record shows where small terms stopped counting: the first term
 * that left the running sum unchanged, and how many did.  mean then rounds
 * the sum to its own dtype before dividing, as torch's CPU kernel does
 * (sum into the result dtype, then div_), so an fp16 mean of [60000,
 * 60000] is inf there even with an fp32 accumulator.
 */
#include <config.h>

#include <math.h>

#include "calc/calc_int.h"

/* s + t rounded once into f (s, t finite doubles). */
static double
add_round(const fp_format *f, double s, double t)
{
	double hi = s + t;
	fp_real r = { hi, false };

	if (isfinite(hi)) {
		double bb = hi - s;
		double err = (s - (hi - bb)) + (t - bb);
		if (err != 0) {
			r.sticky = true;
			if ((err > 0) != (hi > 0))	/* exact lies below hi */
				r.lo = nextafter(hi, 0);
		}
	}
	return fp_decode(f, fp_encode_real(f, &r, NULL));
}

void
calc_accumulate(calc_kind k, const calc_step *x, const calc_step *y,
    calc_step *s)
{
	double acc = 0;

	s->lost_first = -1;
	s->lost = 0;
	for (size_t i = 0; i < x->n; i++) {
		double t = x->value[i];
		if (k == CK_DOT)
			t *= y->value[y->n == 1 ? 0 : i];
		double next = isfinite(acc) && isfinite(t) ? add_round(s->acc, acc, t)
		    : fp_decode(s->acc, fp_encode(s->acc, acc + t, NULL));
		if (t != 0 && next == acc && isfinite(acc)) {
			if (s->lost_first < 0) {
				s->lost_first = (long)i;
				s->lost_at = acc;
			}
			s->lost++;
		}
		acc = next;
	}
	s->total = acc;
	if (k == CK_MEAN) {
		s->presum = fp_decode(s->dtype, fp_encode(s->dtype, acc, NULL));
		s->exact[0] = s->presum / (double)x->n;
	} else {
		s->exact[0] = acc;
	}
}
