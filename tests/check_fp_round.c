/*
 * check_fp_round.c — part of tests/check_fp: rounding into a format,
 * checked against a reference rounder written here that shares nothing
 * with src/fp (a binary search over the format's ordered values and a
 * comparison with the exact midpoints): the decimal edge cases derived by
 * hand, and the rounding walk (fp_explain_round) checked number by number
 * against what the exact value says, over every value and midpoint of the
 * small formats and random reals.
 *
 * The mismatch tally and the random numbers are this file's own copies
 * of fp_tally.h's; its test cases reset them (fp_round_tcases).
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "fp_tally.h"
#include "fp_test.h"

/*
 * The reference rounder: the value lo (+ a sticky hair beyond it) to the
 * nearest value of the format, ties to the even pattern, by binary search
 * over the ordered positive patterns and comparison with the exact midpoint
 * (format values have at most 24 bits, so midpoints are exact doubles).
 */
static uint32_t
ref_round(const struct ref_fmt *r, double lo, bool sticky, unsigned *flags)
{
	uint32_t sign = signbit(lo) ? 1u << (r->width - 1) : 0, top = r->max_bits;
	double a = fabs(lo);
	uint32_t p = 0, res;
	unsigned fl = 0;

	if (isnan(lo)) {
		*flags = 0;
		return sign | r->nan_bits;
	}
	if (isinf(lo)) {	/* no inf in e4m3: that is an invalid operation */
		*flags = r->ieee ? 0 : FP_FLAG_INVALID;
		return sign | (r->ieee ? top + 1 : r->nan_bits);
	}
	if (a >= ref_raw(r, top)) {
		p = top;
	} else {
		uint32_t l = 0, h = top;
		while (l < h) {
			uint32_t mid = l + (h - l + 1) / 2;
			if (ref_raw(r, mid) <= a)
				l = mid;
			else
				h = mid - 1;
		}
		p = l;
	}
	double vp = ref_raw(r, p), mid = (vp + ref_raw(r, p + 1)) / 2;
	if (vp == a && !sticky) {
		res = p;
	} else {
		fl |= FP_FLAG_INEXACT;
		if (a > mid || (a == mid && sticky))
			res = p + 1;
		else if (a < mid)
			res = p;
		else
			res = p & 1 ? p + 1 : p;
	}
	if (res > top) {
		fl |= FP_FLAG_OVERFLOW;
		res = r->ieee ? top + 1 : r->nan_bits;
	} else if (a < ldexp(1.0, 1 - r->bias) && (fl & FP_FLAG_INEXACT)) {
		fl |= FP_FLAG_UNDERFLOW;	/* tiny before rounding */
	}
	if (res != 0 && res < (1u << r->mbits))
		fl |= FP_FLAG_SUBNORMAL;
	*flags = fl;
	return sign | res;
}

/* ---- one walk, checked against first principles ------------------------- */

static int
ref_emax(const struct ref_fmt *r)
{
	return (1 << r->ebits) - (r->ieee ? 2 : 1) - r->bias;
}

/* Encode in through fp_encode_real and fp_explain_round; compare both with
 * ref_round, and every number of the walk with what the exact value says. */
static void
check_walk(fp_id id, fp_real in, const char *ctx)
{
	const struct ref_fmt *r = &REF[id];
	const fp_format *f = fp_format_get(id);
	unsigned fl = 0, rfl;
	uint32_t bits = fp_encode_real(f, &in, &fl);
	uint32_t want = ref_round(r, in.lo, in.sticky, &rfl);
	double a = fabs(in.lo), sum = 0;
	int e, emin = 1 - r->bias;
	const char *hair = in.sticky ? "+" : "";
	fp_walk w;

	fp_explain_round(f, &in, &w);
	FAILF(bits == want && fl == rfl && w.bits == bits && w.flags == fl &&
	    w.negative == (signbit(in.lo) != 0), "%s %s %a%s: got 0x%x/%#x, walk "
	    "0x%x/%#x, want 0x%x/%#x", r->name, ctx, in.lo, hair, bits, fl,
	    w.bits, w.flags, want, rfl);
	if (!isfinite(a) || (a == 0 && !in.sticky)) {
		FAILF(w.special && w.decision == FP_ROUND_SPECIAL, "%s %a: not special",
		    r->name, in.lo);
		return;
	}
	if (a == 0) {		/* below every double: all of it is sticky */
		FAILF(!w.special && w.decision == FP_ROUND_DOWN && w.flushed &&
		    w.sticky && w.more, "%s %s: below-double walk", r->name, ctx);
		return;
	}
	frexp(a, &e);
	int lead = e - 1, lsb = (lead < emin ? emin : lead) - r->mbits;
	/* The expansion must spell |lo| exactly. */
	for (int i = 0; i < w.nbits && i < FP_WALK_MAXBITS; i++)
		sum += w.expansion[i] == '1' ? ldexp(1.0, lead - i) : 0;
	bool shape = !w.special && w.nbits >= 0 && w.nbits <= FP_WALK_MAXBITS &&
	    w.lead == lead && w.lsb == lsb &&
	    w.subnormal_range == (lead < emin) && w.more == in.sticky && sum == a &&
	    strspn(w.expansion, "01") == (size_t)w.nbits && w.expansion[w.nbits] == 0;
	if (lead > ref_emax(r)) {	/* no cut: straight to overflow */
		FAILF(shape && w.overflow && w.decision == FP_ROUND_SPECIAL,
		    "%s %s %a: overflow walk", r->name, ctx, in.lo);
		return;
	}
	/* Kept bits, guard, round and sticky straight from the value. */
	double kept = floor(ldexp(a, -lsb)), g1 = floor(ldexp(a, 1 - lsb));
	double g2 = floor(ldexp(a, 2 - lsb));
	unsigned g = fmod(g1, 2) != 0, rd = fmod(g2, 2) != 0;
	unsigned st = ldexp(a, 2 - lsb) != g2 || in.sticky;
	fp_decision d = !(g | rd | st) ? FP_ROUND_EXACT : g && !(rd | st) ?
	    (fmod(kept, 2) != 0 ? FP_ROUND_TIE_UP : FP_ROUND_TIE_DOWN) :
	    g ? FP_ROUND_UP : FP_ROUND_DOWN;
	/* The walk's own numbers must produce the result; a carry is a
	 * round-up that leaves the binade (or the subnormal range). */
	bool up = d == FP_ROUND_UP || d == FP_ROUND_TIE_UP;
	double res = ldexp(kept + up, lsb);
	bool ovf = res > ref_raw(r, r->max_bits);
	bool carry = up && kept + 1 == ldexp(1.0, r->mbits + (lead >= emin));
	FAILF(shape && (double)w.kept == kept && w.guard == g && w.round == rd &&
	    w.sticky == st && w.decision == d && w.overflow == ovf &&
	    (ovf || ref_raw(r, bits & magmask(r)) == res) && w.flushed == (res == 0) &&
	    w.carry == carry, "%s %s %a%s: walk lead %d lsb %d \"%s\" kept %llu grs "
	    "%u%u%u %s carry %d ovf %d flushed %d; want lead %d lsb %d kept %.0f grs "
	    "%u%u%u %s carry %d", r->name, ctx, in.lo, hair, w.lead, w.lsb,
	    w.expansion, (unsigned long long)w.kept, w.guard, w.round, w.sticky,
	    fp_decision_name(w.decision), w.carry, w.overflow, w.flushed, lead, lsb,
	    kept, g, rd, st, fp_decision_name(d), carry);
}

/* ---- decimal edge cases -------------------------------------------------- */

#define IX FP_FLAG_INEXACT
#define OV (FP_FLAG_OVERFLOW | FP_FLAG_INEXACT)
#define UF (FP_FLAG_UNDERFLOW | FP_FLAG_INEXACT)
#define SUB FP_FLAG_SUBNORMAL
#define H FP_FP16
/* dr: rounding the double nearest the text instead (double rounding) gives
 * another answer, so the case shows the text is rounded only once. */
static const struct dcase {
	fp_id id;
	const char *text;
	uint32_t bits;
	unsigned flags;
	bool dr;
} DCASES[] = {
	/* fp16 in [2048, 4096): ulp 2, exponent field 11+15 = 0b11010 = 0x68xx;
	 * 2050 = 2048 + 1 ulp = 0x6801.  2049 and 2051 are ties: even 2048 and
	 * 2052 (0x6802).  The double nearest 2049.000...1 is 2049 itself. */
	{ H, "2050", 0x6801, 0, 0 }, { H, "2049", 0x6800, IX, 0 },
	{ H, "2051", 0x6802, IX, 0 }, { H, "2048.99999999999999999999999", 0x6800, IX, 0 },
	{ H, "2049.00000000000000000000001", 0x6801, IX, 1 },
	{ H, "2050.99999999999999999999999", 0x6801, IX, 1 },
	/* Top: 65504 = 0x7bff (mantissa odd), ulp 32; 65520 is the tie with
	 * 2^16, which is even, so it overflows to inf. */
	{ H, "65504", 0x7bff, 0, 0 }, { H, "65519.99", 0x7bff, IX, 0 },
	{ H, "65519.999999999999999999", 0x7bff, IX, 1 }, { H, "65520", 0x7c00, OV, 0 },
	{ H, "65520.000000000000000000001", 0x7c00, OV, 0 }, { H, "1e400", 0x7c00, OV, 0 },
	/* Bottom: 2^-25 is half the smallest subnormal: the tie goes to +0. */
	{ H, "2.98023223876953125e-8", 0x0000, UF, 0 },
	{ H, "2.98023223876953125000001e-8", 0x0001, UF | SUB, 1 },
	{ H, "2.98023223876953124999999e-8", 0x0000, UF, 0 },
	{ H, "8.94069671630859375e-8", 0x0002, UF | SUB, 0 },	/* 3 * 2^-25 */
	{ H, "1e-8", 0x0000, UF, 0 },			/* 0.168 * 2^-24 */
	{ H, "1e-400", 0x0000, UF, 0 }, { H, "0x1p-24", 0x0001, SUB, 0 },
	{ H, "0x1.ff8p-15", 0x03ff, SUB, 0 },		/* 1023 * 2^-24 */
	{ H, "0x1.ff4p-15", 0x03fe, UF | SUB, 0 },	/* 1022.5: even 1022 */
	/* 1023.5 * 2^-24 ties up to 2^-14, a normal: tiny before rounding,
	 * so still underflow, but the result is not subnormal. */
	{ H, "0x1.ffcp-15", 0x0400, UF, 0 }, { H, "0x1.ffcp15", 0x7bff, 0, 0 },
	{ H, "-0", 0x8000, 0, 0 }, { H, "0", 0x0000, 0, 0 }, { H, "1", 0x3c00, 0, 0 },
	{ H, "nan", 0x7e00, 0, 0 }, { H, "inf", 0x7c00, 0, 0 }, { H, "-inf", 0xfc00, 0, 0 },
	/* bf16 1e-8 = 1.3422 * 2^-27: 0.3422*128 = 43.8 -> 44 = 0b0101100,
	 * exponent 100 = 0b01100100: 0 01100100 0101100 = 0x322c. */
	{ FP_BF16, "1e-8", 0x322c, IX, 0 }, { FP_BF16, "10000", 0x461c, IX, 0 },
	{ FP_BF16, "0x1.fep127", 0x7f7f, 0, 0 },	/* the max, odd */
	{ FP_BF16, "0x1.ffp127", 0x7f80, OV, 0 },	/* tie with 2^128 */
	{ FP_BF16, "0x1.fefffffffffffp127", 0x7f7f, IX, 0 },
	{ FP_BF16, "1.00390625", 0x3f80, IX, 0 },	/* 1 + 2^-8: tie, even */
	/* fp32 (strtof agrees): 2^-149 = 1.4e-45 is the smallest subnormal,
	 * half of it 7.00649232162408535e-46.  16777217 = 2^24 + 1 ties 2^24
	 * (even) and 2^24 + 2.  The max is 3.40282347e38, the overflow
	 * threshold 2^128 - 2^103 = 3.40282357e38. */
	{ FP_FP32, "1e-8", 0x322bcc77, IX, 0 }, { FP_FP32, "0.1", 0x3dcccccd, IX, 0 },
	{ FP_FP32, "1e-45", 0x00000001, UF | SUB, 0 }, { FP_FP32, "7e-46", 0, UF, 0 },
	{ FP_FP32, "7.006492321624085e-46", 0, UF, 0 },
	{ FP_FP32, "7.0064923216240854e-46", 0x00000001, UF | SUB, 1 },
	{ FP_FP32, "3.5e38", 0x7f800000, OV, 0 },
	{ FP_FP32, "3.4028235e38", 0x7f7fffff, IX, 0 },
	{ FP_FP32, "16777217", 0x4b800000, IX, 0 },
	{ FP_FP32, "16777217.000000000000001", 0x4b800001, IX, 1 },
	/* 19 digits x 10^-27, above a midpoint by less than the low bit of the
	 * 65-bit quotient of fp_read's exact route: only the remainder of that
	 * division knows (cases found by search).  0x1.829869p-30 ties
	 * 0x30c14c34 (even) and ...35; 0x1.f1p-30 ties bf16 0x30f8 and 0x30f9. */
	{ FP_FP32, "1.406425698124991186e-9", 0x30c14c35, IX, 1 },
	{ FP_BF16, "1.808075467124581337e-9", 0x30f9, IX, 1 },
	/* tf32: 1 + 2^-10 is 1 ulp; 1 + 2^-11 the tie, to even 1.0. */
	{ FP_TF32, "1.0009765625", 0x1fc01, 0, 0 }, { FP_TF32, "1.00048828125", 0x1fc00, IX, 0 },
	/* e4m3, top binade 2^8: 416 = 1.101 (0x7d), 448 = 1.110 (0x7e, even,
	 * the max); 480 = 1.111 would be 0x7f, which is NaN.  432 ties 416/448
	 * and 464 ties 448/480: both go to the even 448, in range, so no
	 * overflow.  Anything above 464 rounds to 480 > max: NaN, overflow. */
	{ FP_E4M3, "448", 0x7e, 0, 0 }, { FP_E4M3, "416", 0x7d, 0, 0 },
	{ FP_E4M3, "432", 0x7e, IX, 0 }, { FP_E4M3, "464", 0x7e, IX, 0 },
	{ FP_E4M3, "464.0000000000000000001", 0x7f, OV, 1 }, { FP_E4M3, "500", 0x7f, OV, 0 },
	{ FP_E4M3, "inf", 0x7f, FP_FLAG_INVALID, 0 }, { FP_E4M3, "nan", 0x7f, 0, 0 },
	{ FP_E4M3, "0x1p-9", 0x01, SUB, 0 },		/* smallest subnormal */
	{ FP_E4M3, "0x1p-10", 0x00, UF, 0 },		/* half of it: tie to 0 */
	{ FP_E4M3, "0x1.8p-10", 0x01, UF | SUB, 0 },
	/* e5m2: 57344 = 1.11 * 2^15 = 0 11110 11 = 0x7b (odd); 61440 ties
	 * with 2^16 = inf (even); 53248 ties 49152 (0x7a, even) / 57344. */
	{ FP_E5M2, "57344", 0x7b, 0, 0 }, { FP_E5M2, "61440", 0x7c, OV, 0 },
	{ FP_E5M2, "61439.999999999999999999", 0x7b, IX, 1 },
	{ FP_E5M2, "53248", 0x7a, IX, 0 }, { FP_E5M2, "0x1p-16", 0x01, SUB, 0 },
	{ FP_E5M2, "inf", 0x7c, 0, 0 },
};

START_TEST(test_decimal_cases)
{
	char neg[128];

	for (size_t i = 0; i < sizeof DCASES / sizeof DCASES[0]; i++) {
		const struct dcase *c = &DCASES[i];
		const fp_format *f = fp_format_get(c->id);
		fp_real r;
		unsigned fl = 0, rfl;

		ck_assert_msg(fp_read(c->text, &r, NULL) == FP_READ_OK, "%s", c->text);
		uint32_t got = fp_encode_real(f, &r, &fl);
		FAILF(got == c->bits && fl == c->flags, "%s \"%s\": got 0x%x flags %#x, "
		    "want 0x%x flags %#x", f->name, c->text, got, fl, c->bits, c->flags);
		/* The hand derivation and the reference rounder agree. */
		FAILF(ref_round(&REF[c->id], r.lo, r.sticky, &rfl) == c->bits &&
		    rfl == c->flags, "ref_round disagrees on \"%s\"", c->text);
		/* The case really discriminates: rounding the double nearest
		 * the decimal (double rounding) gives another pattern. */
		FAILF(!c->dr || ref_round(&REF[c->id], strtod(c->text, NULL), false,
		    &rfl) != c->bits, "\"%s\" does not test double rounding", c->text);
		/* glibc's strtof is correctly rounded: a second opinion. */
		float x = strtof(c->text, NULL);
		uint32_t u;
		memcpy(&u, &x, sizeof u);
		FAILF(c->id != FP_FP32 || u == c->bits, "strtof(\"%s\") = 0x%08x", c->text, u);
		check_walk(c->id, r, c->text);
		if (c->text[0] == '-')
			continue;
		/* Its negation: the same magnitude and flags, the sign set. */
		snprintf(neg, sizeof neg, "-%s", c->text);
		fl = 0;
		ck_assert(fp_read(neg, &r, NULL) == FP_READ_OK);
		got = fp_encode_real(f, &r, &fl);
		FAILF(got == (c->bits | 1u << (f->width - 1)) && fl == c->flags,
		    "%s \"%s\": got 0x%x flags %#x", f->name, neg, got, fl);
		check_walk(c->id, r, neg);
	}
	done();
}
END_TEST

/* ---- the rounding walk --------------------------------------------------- */

/* Every value and midpoint of the small formats: exactly, a hair above,
 * a hair below, both signs. */
START_TEST(test_walk_midpoints)
{
	for (size_t k = 0; k < NSMALL; k++) {
		const struct ref_fmt *r = &REF[SMALL[k]];
		for (uint32_t p = 0; p <= r->max_bits; p++) {
			double v = ref_raw(r, p), mid = (v + ref_raw(r, p + 1)) / 2;
			fp_real in[] = { { mid, false }, { mid, true },
			    { nextafter(mid, 0), true }, { v, false }, { v, true } };
			for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
				check_walk(SMALL[k], in[i], "mid");
				in[i].lo = -in[i].lo;
				check_walk(SMALL[k], in[i], "mid");
			}
		}
	}
	done();
}
END_TEST

/* Random doubles, mostly within reach of each format, some anywhere. */
START_TEST(test_walk_random)
{
	for (int id = 0; id < FP_NFORMATS; id++) {
		const struct ref_fmt *r = &REF[id];
		int lo = 1 - r->bias - r->mbits - 3, span = ref_emax(r) + 3 - lo;
		for (int i = 0; i < 40000; i++) {
			uint64_t u = rnd64(), s = rnd64();
			double x;
			if (i % 8 == 0) {
				memcpy(&x, &u, sizeof x);
			} else {	/* exponent in range, 1 to 53 significant
					 * bits: short tails make ties and lone
					 * sticky bits common */
				int drop = (int)((s >> 32) % 53);
				x = ldexp(1.0 + ldexp((double)(u >> 12 >> drop << drop), -52),
				    lo + (int)(s % (uint64_t)span));
				x = s >> 63 ? -x : x;
			}
			fp_real in = { x, (s >> 20) % 4 == 0 };
			check_walk((fp_id)id, in, "random");
		}
	}
	done();
}
END_TEST

/* 10000 = 10011100010000b = 1.0011100 010000 x 2^13.  bf16 keeps 7
 * fraction bits: kept 10011100b = 156 units of 2^(13-7) = 64, that is 9984;
 * guard 0, round 1, sticky 0: below half an ulp, round down. */
START_TEST(test_walk_bf16_10000)
{
	const fp_format *f = fp_format_get(FP_BF16);
	fp_real in;
	fp_walk w;

	ck_assert(fp_read("10000", &in, NULL) == FP_READ_OK);
	fp_explain_round(f, &in, &w);
	ck_assert(!w.special && !w.negative && !w.more && !w.subnormal_range);
	ck_assert(w.lead == 13 && w.nbits == 10 && w.lsb == 6 && w.kept == 156);
	ck_assert_str_eq(w.expansion, "1001110001");
	ck_assert(w.guard == 0 && w.round == 1 && w.sticky == 0);
	ck_assert_int_eq(w.decision, FP_ROUND_DOWN);
	ck_assert(!w.carry && !w.overflow && !w.flushed);
	ck_assert(w.bits == 0x461c && w.flags == FP_FLAG_INEXACT);
	ck_assert(fp_decode(f, w.bits) == 9984.0);
	ck_assert(fp_decode(f, w.bits + 1) == 10048.0);	/* the other side */
}
END_TEST

void
fp_round_tcases(Suite *s, TCase *read)
{
	tcase_add_test(read, test_decimal_cases);
	TCase *tc = ft_tcase(s, "walk", reset);
	tcase_add_test(tc, test_walk_midpoints);
	tcase_add_test(tc, test_walk_random);
	tcase_add_test(tc, test_walk_bf16_10000);
}
