/*
 * walk.c — the rounding walk of an exact value (fp_exact): the first 64
 * bits of the value, its true exponent and a sticky bit for the rest, cut
 * at the format's last kept bit and rounded to nearest, ties to even.
 * It is fp_explain_round's walk (encode.c) for a value that a double
 * cannot hold: 1e400 shows its exponent 1328, 1e-400 its first 1 at
 * 2^-1329.  Inside double's range both walks agree field by field, which
 * tests/check_fp.c checks.
 */
#include <config.h>

#include <string.h>

#include "fp/fp.h"

/* Bit i of m (0 = least significant); 0 outside 0..63. */
static unsigned
bit_of(uint64_t m, long i)
{
	return i >= 0 && i < 64 ? (unsigned)(m >> i) & 1u : 0u;
}

/* Are any of the bits of m below position i (exclusive) set? */
static bool
set_below(uint64_t m, long i)
{
	if (i <= 0)
		return false;
	return i >= 64 ? m != 0 : (m & ((UINT64_C(1) << i) - 1)) != 0;
}

void
fp_explain_round_exact(const fp_format *f, const fp_exact *x, fp_walk *w)
{
	int emin = 1 - f->bias;
	int emax = ((1 << f->exp_bits) - (f->has_inf ? 2 : 1)) - f->bias;
	uint32_t inf = f->has_inf ? ((1u << f->exp_bits) - 1) << f->man_bits
				  : f->nan_bits;
	uint32_t mag;
	unsigned fl = 0;

	memset(w, 0, sizeof *w);
	w->negative = x->negative;
	w->decision = FP_ROUND_SPECIAL;
	int nb = 64 - __builtin_ctzll(x->sig);
	for (int i = 0; i < nb; i++)
		w->expansion[i] = (char)('0' + bit_of(x->sig, 63 - i));
	w->expansion[nb] = '\0';
	w->nbits = nb;
	w->more = x->more;
	w->lead = (int)x->lead;
	bool tiny = x->lead < emin;
	w->lsb = (tiny ? emin : w->lead) - f->man_bits;
	w->subnormal_range = tiny;

	if (x->lead > emax) {			/* beyond the top binade */
		fl |= FP_FLAG_OVERFLOW | FP_FLAG_INEXACT;
		mag = inf;
		w->overflow = true;		/* decision stays SPECIAL: no cut */
		goto done;
	}
	/* sig's bit 0 is worth 2^(lead - 63): cut the bits below 2^lsb */
	long shift = (long)w->lsb - (x->lead - 63);
	uint64_t kept = shift >= 64 ? 0 : x->sig >> shift;
	unsigned guard = bit_of(x->sig, shift - 1);
	unsigned rnd = bit_of(x->sig, shift - 2);
	unsigned sticky = set_below(x->sig, shift - 2) || x->more;
	bool up = guard && (rnd || sticky || (kept & 1));

	if (guard | rnd | sticky)
		fl |= FP_FLAG_INEXACT;
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
	kept += up;
	if (tiny)
		mag = (uint32_t)kept;
	else
		mag = ((uint32_t)(w->lead + f->bias - 1) << f->man_bits) + (uint32_t)kept;
	if (up)
		w->carry = kept == (UINT64_C(1) << (f->man_bits + !tiny));
	if (mag > f->max_bits) {
		fl |= FP_FLAG_OVERFLOW | FP_FLAG_INEXACT;
		mag = inf;
		w->overflow = true;
	} else if (tiny && (fl & FP_FLAG_INEXACT)) {
		fl |= FP_FLAG_UNDERFLOW;
		w->flushed = mag == 0;
	}
	if (mag != 0 && (mag >> f->man_bits) == 0)
		fl |= FP_FLAG_SUBNORMAL;
done:
	w->bits = mag | (uint32_t)x->negative << (f->width - 1);
	w->flags = fl;
}

void
fp_explain_round_x(const fp_format *f, const fp_real *r, const fp_exact *x,
    fp_walk *out)
{
	if (x != NULL)
		fp_explain_round_exact(f, x, out);
	else
		fp_explain_round(f, r, out);
}
