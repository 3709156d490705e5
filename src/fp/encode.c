/*
 * encode.c — rounding a real number into a format: round to nearest, ties
 * to even, with subnormals, signed zeros, overflow and IEEE flags.
 *
 * One routine, round_into(), does the work for both fp_encode_real
 * (walk == NULL, which the compiler specialises) and fp_explain_round
 * (which records every step for the rounding walk), so the walk a learner
 * is shown is the computation that produced the bits.  fp_encode of a
 * double takes the fast exact path of fast.c, which gives the same bits
 * and flags without a walk.
 */
#include <config.h>

#include <string.h>

#include "fp/fp.h"
#include "fp/fast.h"

#define DBL_FRAC_BITS 52

static inline uint32_t
sign_bit(const fp_format *f, unsigned neg)
{
	return (uint32_t)neg << (f->width - 1);
}

/* Magnitude pattern of +inf, or of NaN for formats without inf. */
static inline uint32_t
overflow_mag(const fp_format *f)
{
	return f->has_inf ? ((1u << f->exp_bits) - 1) << f->man_bits
			  : f->nan_bits;
}

/* Bit i of m (0 = least significant); 0 outside 0..63. */
static inline unsigned
bit_at(uint64_t m, int i)
{
	return i >= 0 && i < 64 ? (unsigned)(m >> i) & 1u : 0u;
}

/* Are any of the bits of m below position i (exclusive) set? */
static inline bool
any_below(uint64_t m, int i)
{
	if (i <= 0)
		return false;
	if (i >= 64)
		return m != 0;
	return (m & ((UINT64_C(1) << i) - 1)) != 0;
}

static inline uint32_t
round_into(const fp_format *f, double x, bool sticky_in, unsigned *flags,
    fp_walk *w)
{
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	unsigned neg = (unsigned)(u >> 63);
	int dexp = (int)((u >> DBL_FRAC_BITS) & 0x7ff);
	uint64_t m = u & ((UINT64_C(1) << DBL_FRAC_BITS) - 1);
	unsigned fl = 0;
	uint32_t mag;

	if (w) {
		memset(w, 0, sizeof *w);
		w->negative = neg;
		w->decision = FP_ROUND_SPECIAL;
	}

	if (dexp == 0x7ff) {			/* inf or NaN */
		if (w)
			w->special = true;
		if (m != 0) {
			mag = f->nan_bits;	/* quiet NaN stays NaN, no flag */
		} else if (f->has_inf) {
			mag = overflow_mag(f);
		} else {
			mag = f->nan_bits;	/* no inf to give: invalid */
			fl |= FP_FLAG_INVALID;
		}
		goto done;
	}
	if (dexp == 0 && m == 0) {		/* zero, or below every double */
		mag = 0;
		if (sticky_in) {
			fl |= FP_FLAG_INEXACT | FP_FLAG_UNDERFLOW;
			if (w) {
				/* Far below anything shown: the whole value is sticky. */
				w->lead = -1075;
				w->expansion[0] = '\0';
				w->more = true;
				w->lsb = 1 - f->bias - f->man_bits;
				w->subnormal_range = true;
				w->sticky = 1;
				w->decision = FP_ROUND_DOWN;
				w->flushed = true;
			}
		} else if (w) {
			w->special = true;
		}
		goto done;
	}

	/* |x| = m * 2^e2 with m normalised to 53 bits (bit 52 set). */
	int e2;
	if (dexp == 0) {
		int lz = __builtin_clzll(m) - 11;
		m <<= lz;
		e2 = 1 - 1075 - lz;
	} else {
		m |= UINT64_C(1) << DBL_FRAC_BITS;
		e2 = dexp - 1075;
	}
	int lead = e2 + DBL_FRAC_BITS;		/* |x| in [2^lead, 2^(lead+1)) */
	int emin = 1 - f->bias;
	int emax = ((1 << f->exp_bits) - (f->has_inf ? 2 : 1)) - f->bias;
	bool tiny = lead < emin;
	int lsb = (tiny ? emin : lead) - f->man_bits;

	if (w) {
		int nb = DBL_FRAC_BITS + 1 - __builtin_ctzll(m);
		for (int i = 0; i < nb; i++)
			w->expansion[i] = (char)('0' + bit_at(m, DBL_FRAC_BITS - i));
		w->expansion[nb] = '\0';
		w->nbits = nb;
		w->more = sticky_in;
		w->lead = lead;
		w->lsb = lsb;
		w->subnormal_range = tiny;
	}

	if (lead > emax) {			/* beyond the top binade */
		fl |= FP_FLAG_OVERFLOW | FP_FLAG_INEXACT;
		mag = overflow_mag(f);
		if (w)
			w->overflow = true;	/* decision stays SPECIAL: no cut */
		goto done;
	}

	int shift = lsb - e2;			/* how many low bits of m are cut */
	uint64_t kept = shift >= 64 ? 0 : m >> shift;
	unsigned guard = bit_at(m, shift - 1);
	unsigned rnd = bit_at(m, shift - 2);
	unsigned sticky = any_below(m, shift - 2) || sticky_in;
	bool up = guard && (rnd || sticky || (kept & 1));

	if (guard | rnd | sticky)
		fl |= FP_FLAG_INEXACT;
	if (w) {
		w->kept = kept;
		w->guard = guard;
		w->round = rnd;
		w->sticky = sticky;
		if (!(guard | rnd | sticky))
			w->decision = FP_ROUND_EXACT;
		else if (guard && !(rnd | sticky))
			w->decision = up ? FP_ROUND_TIE_UP : FP_ROUND_TIE_DOWN;
		else
			w->decision = up ? FP_ROUND_UP : FP_ROUND_DOWN;
	}
	kept += up;

	/* Compose.  In the normal range kept includes the implicit bit, so a
	 * carry out of the mantissa lands in the exponent field by itself. */
	if (tiny)
		mag = (uint32_t)kept;
	else
		mag = ((uint32_t)(lead + f->bias - 1) << f->man_bits) + (uint32_t)kept;
	if (w && up)	/* rounded up into the next binade */
		w->carry = kept == (UINT64_C(1) << (f->man_bits + !tiny));

	if (mag > f->max_bits) {
		fl |= FP_FLAG_OVERFLOW | FP_FLAG_INEXACT;
		mag = overflow_mag(f);
		if (w)
			w->overflow = true;
	} else if (tiny && (fl & FP_FLAG_INEXACT)) {
		fl |= FP_FLAG_UNDERFLOW;
		if (w && mag == 0)
			w->flushed = true;
	}
	if (mag != 0 && (mag >> f->man_bits) == 0)
		fl |= FP_FLAG_SUBNORMAL;

done:
	mag |= sign_bit(f, neg);
	if (w) {
		w->bits = mag;
		w->flags = fl;
	}
	if (flags)
		*flags |= fl;
	return mag;
}

/* A double and no walk: the fast exact path (fast.c) gives the same bits
 * and flags as round_into, branch-light. */
uint32_t
fp_encode(const fp_format *f, double x, unsigned *flags)
{
	return fp_fast_encode(f, x, flags);
}

uint32_t
fp_encode_real(const fp_format *f, const fp_real *r, unsigned *flags)
{
	return round_into(f, r->lo, r->sticky, flags, NULL);
}

void
fp_explain_round(const fp_format *f, const fp_real *r, fp_walk *out)
{
	(void)round_into(f, r->lo, r->sticky, NULL, out);
}
