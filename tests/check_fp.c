/*
 * check_fp.c — unit tests of the format core (src/fp), fast (seconds).
 *
 * Every expectation comes from somewhere other than src/fp: bit patterns
 * derived by hand in the comments, the format definitions typed in below,
 * and two small reference routines written for this file (a decoder by the
 * textbook formula, and a rounder that binary-searches the format's values
 * and compares against exact midpoints).  glibc's strtod/strtof/printf are
 * used where they are correctly rounded (decimal <-> binary).
 *
 * Check's ck_assert writes to a pipe on every call, so loops over whole
 * formats count their mismatches (FAILF) and assert once at the end.
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "fp_tally.h"

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

static bool
same(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* ---- descriptors, names, flags ----------------------------------------- */

START_TEST(test_format_table)
{
	char buf[128];

	for (int i = 0; i < FP_NFORMATS; i++) {
		const fp_format *f = fp_format_get((fp_id)i);
		const struct ref_fmt *r = &REF[i];
		ck_assert_ptr_nonnull(f);
		ck_assert_msg(strcmp(f->name, r->name) == 0 && fp_format_find(r->name) == f &&
		    f->exp_bits == r->ebits && f->man_bits == r->mbits &&
		    f->bias == r->bias && f->width == r->width && f->has_inf == r->ieee &&
		    f->max_bits == r->max_bits && f->nan_bits == r->nan_bits &&
		    f->digits == r->digits, "descriptor of %s", r->name);
	}
	ck_assert_ptr_null(fp_format_get(FP_NFORMATS));
	ck_assert_ptr_eq(fp_format_find("HALF"), fp_format_get(FP_FP16));
	ck_assert_ptr_eq(fp_format_find("bfloat16"), fp_format_get(FP_BF16));
	ck_assert_ptr_eq(fp_format_find("Float"), fp_format_get(FP_FP32));
	ck_assert_ptr_eq(fp_format_find("e4m3fn"), fp_format_get(FP_E4M3));
	ck_assert_ptr_null(fp_format_find("fp64"));
	ck_assert_ptr_null(fp_format_find("half,"));	/* not a list */
	ck_assert_ptr_null(fp_format_find(""));
	ck_assert_str_eq(fp_flags_str(0, ",", buf, sizeof buf), "");
	ck_assert_str_eq(fp_flags_str(FP_FLAG_INEXACT | FP_FLAG_OVERFLOW, ",",
	    buf, sizeof buf), "inexact,overflow");
	ck_assert_str_eq(fp_flags_str(FP_FLAG_INVALID | FP_FLAG_UNDERFLOW |
	    FP_FLAG_SUBNORMAL, " ", buf, sizeof buf), "underflow subnormal invalid");
	ck_assert_str_eq(fp_class_name(FP_CLASS_SUBNORMAL), "subnormal");
}
END_TEST

/* ---- fp_read ------------------------------------------------------------ */

START_TEST(test_read_errors)
{
	static const struct { const char *s; fp_read_err e; size_t pos; } t[] = {
		/* errpos: the first byte that cannot continue a number; the
		 * end of the text when what is missing is a digit. */
		{ "foo", FP_READ_SYNTAX, 0 }, { "  foo", FP_READ_SYNTAX, 2 },
		{ "1e", FP_READ_SYNTAX, 2 }, { "1e+", FP_READ_SYNTAX, 3 },
		{ "1..2", FP_READ_SYNTAX, 2 }, { "0x", FP_READ_SYNTAX, 2 },
		{ "0x1p", FP_READ_SYNTAX, 4 }, { "--1", FP_READ_SYNTAX, 1 },
		{ "-", FP_READ_SYNTAX, 1 }, { "1 2", FP_READ_SYNTAX, 1 },
		{ "1,5", FP_READ_SYNTAX, 1 }, { "65,504", FP_READ_SYNTAX, 2 },
		{ "1e5x", FP_READ_SYNTAX, 3 }, { "", FP_READ_EMPTY, 0 },
		{ "   ", FP_READ_EMPTY, 0 }, { "\t\n", FP_READ_EMPTY, 0 },
	};
	fp_real r;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t pos = 999;
		fp_read_err e = fp_read(t[i].s, &r, &pos);
		FAILF(e == t[i].e && (e != FP_READ_SYNTAX || pos == t[i].pos),
		    "\"%s\": error %d errpos %zu, want %d %zu", t[i].s, e, pos, t[i].e, t[i].pos);
	}
	done();
	/* FP_READ_MAX bytes are fine, one more is too long.  0.000...01 of
	 * 4096 bytes is 10^-4094: below every double, so lo = 0 + sticky. */
	static char big[5001];
	memset(big, '0', 5000);
	big[1] = '.';
	big[FP_READ_MAX - 1] = '1';
	big[FP_READ_MAX] = '\0';
	ck_assert_int_eq(fp_read(big, &r, NULL), FP_READ_OK);
	ck_assert(r.lo == 0 && !signbit(r.lo) && r.sticky);
	big[FP_READ_MAX] = '1';
	big[FP_READ_MAX + 1] = '\0';
	ck_assert_int_eq(fp_read(big, &r, NULL), FP_READ_TOOLONG);
	memset(big, '1', 5000);
	big[5000] = '\0';
	ck_assert_int_eq(fp_read(big, &r, NULL), FP_READ_TOOLONG);
}
END_TEST

START_TEST(test_read_values)
{
	/* lo is the value truncated toward zero, sticky says something was cut:
	 * the double 0.1 is above 1/10, so lo is the double below it. */
	static const struct { const char *s; double lo; bool sticky; } t[] = {
		{ "0.5", 0.5, false }, { "  +1.5e0\t", 1.5, false },
		{ "0.1", 0x1.9999999999999p-4, true },
		{ "-0.1", -0x1.9999999999999p-4, true },
		{ "0x1.8p1", 3.0, false }, { ".5", 0.5, false }, { "5.", 5.0, false },
		{ "1e-400", 0.0, true }, { "-1e-400", -0.0, true },
		{ "1e400", DBL_MAX, true }, { "-0", -0.0, false },
		{ "INF", INFINITY, false }, { "-Infinity", -INFINITY, false },
		{ "2049.00000000000000000000001", 2049.0, true },
		{ "2050.99999999999999999999999", 0x1.005ffffffffffp11, true },
	};
	fp_real r;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		ck_assert_msg(fp_read(t[i].s, &r, NULL) == FP_READ_OK, "%s", t[i].s);
		ck_assert_msg(same(r.lo, t[i].lo) && r.sticky == t[i].sticky,
		    "\"%s\": lo %a sticky %d, want %a %d", t[i].s, r.lo, r.sticky,
		    t[i].lo, t[i].sticky);
	}
	ck_assert(fp_read("nan", &r, NULL) == FP_READ_OK && isnan(r.lo) && !signbit(r.lo));
	ck_assert(fp_read("-NaN", &r, NULL) == FP_READ_OK && isnan(r.lo) && signbit(r.lo));
}
END_TEST

/* One text through fp_read: lo and sticky against strtod under round
 * toward zero and round up (exact, per C99 and glibc), and the fp32 encode
 * against glibc's correctly rounded strtof (one rounding of the text). */
static void
check_read(const char *s)
{
	fp_real r;
	unsigned fl = 0;

	if (fp_read(s, &r, NULL) != FP_READ_OK) {
		failf("\"%s\" does not read", s);
		return;
	}
	fesetround(FE_TOWARDZERO);
	double lo = strtod(s, NULL);
	fesetround(FE_UPWARD);
	double hi = strtod(s, NULL);
	fesetround(FE_TONEAREST);
	float x = strtof(s, NULL);
	uint32_t want, got = fp_encode_real(fp_format_get(FP_FP32), &r, &fl);
	memcpy(&want, &x, sizeof want);
	FAILF(same(r.lo, lo) && r.sticky == (hi != lo) && got == want,
	    "\"%s\": lo %a%s fp32 0x%08x, want %a%s 0x%08x", s, r.lo,
	    r.sticky ? "+" : "", got, lo, hi != lo ? "+" : "", want);
}

/* Random decimal and hex texts of 1 to 22 digits over a wide exponent
 * range (both of fp_read's routes: exact integers for short texts, strtod
 * for the rest), and texts hugging fp32 midpoints: each midpoint printed
 * to 17..46 digits, and again with its last digit raised. */
START_TEST(test_read_random)
{
	char s[96];

	for (int i = 0; i < 100000; i++) {
		uint64_t u = rnd64();
		int nd = 1 + (int)(u % 22), point = (int)((u >> 8) % 23), o = 0;
		bool hex = (u >> 16) % 8 == 0;
		if (hex)
			o = snprintf(s, sizeof s, "0x");
		for (int k = 0; k < nd; k++) {
			if (k == point)
				s[o++] = '.';
			s[o++] = "0123456789abcdef"[rnd64() % (hex ? 16 : 10)];
		}
		int ex = (int)((u >> 32) % 100) - 55;
		snprintf(s + o, sizeof s - (size_t)o, hex ? "p%d" : "e%d", hex ? 3 * ex : ex);
		check_read(s);
	}
	for (int i = 0; i < 50000; i++) {
		uint32_t b = (uint32_t)rnd64() & 0x7f7fffffu;
		float f, g;
		memcpy(&f, &b, sizeof f);
		g = nextafterf(f, INFINITY);
		if (isinf(g))
			continue;
		snprintf(s, sizeof s, "%.*e", 16 + (int)(rnd64() % 30), ((double)f + g) / 2);
		check_read(s);
		char *e = strchr(s, 'e');
		if (e[-1] < '9') {
			e[-1]++;
			check_read(s);
		}
	}
	done();
}
END_TEST

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

/* A flags argument may be NULL, and flags accumulate (OR, never clear). */
START_TEST(test_flags_sticky)
{
	const fp_format *f = fp_format_get(FP_FP16);
	unsigned fl = FP_FLAG_INVALID;

	ck_assert_uint_eq(fp_encode(f, 65520.0, NULL), 0x7c00);
	fp_encode(f, 1.0, &fl);			/* exact: adds nothing */
	ck_assert_uint_eq(fl, FP_FLAG_INVALID);
	fp_encode(f, 0x1p-25, &fl);
	ck_assert_uint_eq(fl, FP_FLAG_INVALID | UF);
	fp_encode(f, 1e6, &fl);
	ck_assert_uint_eq(fl, FP_FLAG_INVALID | UF | OV);
}
END_TEST

/* ---- fields, ulp, neighbours, constants, patterns ---------------------- */

START_TEST(test_constants)
{
	static const struct { fp_id id; double max, minn, mins; } t[] = {
		/* max = (2 - 2^-m) 2^emax; e4m3 loses S.1111.111 to NaN. */
		{ FP_FP16, 65504.0, 0x1p-14, 0x1p-24 },
		{ FP_BF16, 3.3895313892515355e38, 0x1p-126, 0x1p-133 },
		{ FP_FP32, FLT_MAX, 0x1p-126, 0x1p-149 },
		{ FP_TF32, 0x1.ffcp127, 0x1p-126, 0x1p-136 },
		{ FP_E4M3, 448.0, 0x1p-6, 0x1p-9 }, { FP_E5M2, 57344.0, 0x1p-14, 0x1p-16 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		const fp_format *f = fp_format_get(t[i].id);
		ck_assert_msg(fp_max_finite(f) == t[i].max && fp_decode(f, f->max_bits) ==
		    t[i].max && fp_min_normal(f) == t[i].minn && fp_min_subnormal(f) ==
		    t[i].mins, "%s: %a %a %a", f->name, fp_max_finite(f),
		    fp_min_normal(f), fp_min_subnormal(f));
	}
	ck_assert(0x1.fep127 == 3.3895313892515355e38);	/* (2 - 2^-7) 2^127 */
}
END_TEST

START_TEST(test_parse_bits)
{
	static const struct { fp_id id; const char *s; bool ok; uint32_t bits; } t[] = {
		{ FP_FP16, "0x7bff", true, 0x7bff }, { FP_FP16, "7bff", true, 0x7bff },
		{ FP_FP16, "0X7BFF", true, 0x7bff },
		{ FP_FP16, "0111101111111111", true, 0x7bff },
		{ FP_FP16, "0 11110 1111111111", true, 0x7bff },
		{ FP_FP16, "0b0111101111111111", true, 0x7bff },
		{ FP_FP16, "0x17bff", false, 0 }, { FP_FP16, "0xzz", false, 0 },
		{ FP_FP16, "0x", false, 0 }, { FP_FP16, "", false, 0 },
		{ FP_FP16, "0b011110111111111", false, 0 },	/* 15 bits */
		{ FP_FP16, "0b01111011111111110", false, 0 },	/* 17 bits */
		{ FP_E4M3, "0x7e", true, 0x7e }, { FP_E4M3, "01111110", true, 0x7e },
		{ FP_E4M3, "0x100", false, 0 }, { FP_FP32, "0x7f7fffff", true, 0x7f7fffff },
		{ FP_FP32, "0x1ffffffff", false, 0 }, { FP_TF32, "0x3fbff", true, 0x3fbff },
		{ FP_TF32, "0x80000", false, 0 },		/* 20 bits */
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		uint32_t b = 0xdeadbeef;
		bool ok = fp_parse_bits(fp_format_get(t[i].id), t[i].s, &b);
		ck_assert_msg(ok == t[i].ok && (!ok || b == t[i].bits),
		    "%s \"%s\": %d 0x%x", REF[t[i].id].name, t[i].s, ok, b);
	}
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

/* ---- text ----------------------------------------------------------------- */

/* Significant digits of a printed number: "0.0120" -> 2, "65504" -> 5. */
static int
sigdigits(const char *s)
{
	const char *q = s + strcspn(s, "123456789"), *end = s + strcspn(s, "e");
	int n = 0, last = 0;

	for (; q < end; q++)
		if (*q >= '0' && *q <= '9' && (++n, *q != '0'))
			last = n;
	return last;
}

/* Reads back, and is shortest: no decimal with one digit fewer reads back
 * as v.  Tried: the nearest such and both its neighbours, because at a power
 * of two the double's rounding interval is lopsided and the nearest shorter
 * decimal can miss while the one beyond it reads back. */
static void
check_value_str(double v)
{
	char buf[32], alt[64];
	int d = sigdigits(fp_value_str(v, buf, sizeof buf));
	long long m = 0;

	FAILF(same(strtod(buf, NULL), v), "value_str(%a) = \"%s\" reads back wrong", v, buf);
	if (d < 2 || d > 17)
		return;
	snprintf(alt, sizeof alt, "%.*e", d - 2, fabs(v));
	char *e = strchr(alt, 'e');
	for (const char *q = alt; q < e; q++)
		if (*q >= '0' && *q <= '9')
			m = m * 10 + (*q - '0');
	int x = atoi(e + 1) - (d - 2);
	for (long long k = m - 1; k <= m + 1; k++) {
		snprintf(alt, sizeof alt, "%llde%d", k, x);
		FAILF(strtod(alt, NULL) != fabs(v), "value_str(%a) = \"%s\" but \"%s\" reads back too",
		    v, buf, alt);
	}
}

START_TEST(test_value_str)
{
	static const struct { double v; const char *s; } t[] = {
		{ 0.1, "0.1" }, { 1.0 / 3, "0.3333333333333333" },
		{ 0x1p-24, "5.960464477539063e-08" }, { 1e23, "1e+23" },
		{ 65504.0, "65504" }, { 9984.0, "9984" }, { 123.456, "123.456" },
		{ 1.0251998901367188e-05, "1.0251998901367188e-05" },
		{ 5e-324, "5e-324" }, { DBL_MAX, "1.7976931348623157e+308" },
		{ -0.0, "-0" }, { INFINITY, "inf" }, { -INFINITY, "-inf" }, { NAN, "nan" },
	};
	char buf[32];
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		FAILF(strcmp(fp_value_str(t[i].v, buf, sizeof buf), t[i].s) == 0,
		    "value_str(%a) = \"%s\", want \"%s\" (shortest)", t[i].v, buf, t[i].s);
	/* Every value of the 8- and 16-bit formats, random floats (the
	 * 24-bit values fp_value_str has an exact route for), random doubles. */
	static const fp_id ids[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };
	for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
		for (uint32_t p = 0; p < 1u << REF[ids[k]].width; p++)
			if (isfinite(ref_value(&REF[ids[k]], p)))
				check_value_str(ref_value(&REF[ids[k]], p));
	for (int i = 0; i < 200000; i++) {
		uint64_t u = rnd64();
		uint32_t h = (uint32_t)(u >> 32);
		double x;
		float f;
		memcpy(&x, &u, sizeof x);
		memcpy(&f, &h, sizeof f);
		if (isfinite(x))
			check_value_str(x);
		if (isfinite(f))
			check_value_str(f);
	}
	done();
}
END_TEST

START_TEST(test_short_str_roundtrip)
{
	static const fp_id ids[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2, FP_TF32 };
	char buf[32];

	for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
		const struct ref_fmt *r = &REF[ids[k]];
		const fp_format *f = fp_format_get(ids[k]);
		for (uint32_t p = 0; p < 1u << r->width; p++) {
			fp_real in;
			size_t pos;
			fp_class c = ref_class(r, p);
			fp_short_str(f, ref_value(r, p), buf, sizeof buf);
			if (fp_read(buf, &in, &pos) != FP_READ_OK) {
				failf("%s 0x%x: \"%s\" does not read", r->name, p, buf);
				continue;
			}
			uint32_t back = fp_encode_real(f, &in, NULL);
			FAILF(c == FP_CLASS_NAN ? ref_class(r, back) == FP_CLASS_NAN : back == p,
			    "%s 0x%x: \"%s\" reads back as 0x%x", r->name, p, buf, back);
			FAILF(sigdigits(buf) <= r->digits, "%s 0x%x: \"%s\" too long",
			    r->name, p, buf);
		}
	}
	done();
	ck_assert_str_eq(fp_short_str(fp_format_get(FP_FP16), 1.0251998901367188e-05,
	    buf, sizeof buf), "1.0252e-05");
	ck_assert_str_eq(fp_short_str(fp_format_get(FP_E5M2), 57344, buf, sizeof buf),
	    "5.7e+04");
}
END_TEST

START_TEST(test_exact_str)
{
	/* Expansions from Python's decimal.Decimal(float). */
	static const struct { double v; const char *s; } t[] = {
		{ 0x1p-24, "5.9604644775390625e-08" },
		{ 10000.0, "10000" },
		{ 0.0999755859375, "0.0999755859375" },
		{ 0.1, "0.1000000000000000055511151231257827021181583404541015625" },
		{ 123.456, "123.4560000000000030695446184836328029632568359375" },
		{ -2.25, "-2.25" }, { -0.0, "-0" }, { 1e17, "1e+17" },
		{ 0x1p-150, "7.00649232162408535461864791644958065640130970938257885"
		  "878534141944895541342930300743319094181060791015625e-46" },
		{ DBL_MAX, "1.797693134862315708145274237317043567980705675258449965"
		  "98917476803157260780028538760589558632766878171540458953514382464"
		  "23432132688946418276846754670353751698604991057655128207624549009"
		  "03893289440758685084551339423045832369032229481658085593321233482"
		  "74797826204144723168738177180919299881250404026184124858368e+308" },
		{ INFINITY, "inf" },
	};
	static char buf[1100];
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		ck_assert_str_eq(fp_exact_str(t[i].v, buf, sizeof buf), t[i].s);
	/* 2^-1074 has 751 significant digits, the last of them a 5. */
	fp_exact_str(5e-324, buf, sizeof buf);
	ck_assert_int_eq(sigdigits(buf), 751);
	ck_assert(strncmp(buf, "4.940656458412465441765687928682213723650598026143", 50) == 0);
	ck_assert_str_eq(buf + strlen(buf) - 20, "265533447265625e-324");
	/* Random doubles: exact means it reads back, and a binary fraction's
	 * expansion ends in 5 (2^-k = 5^k / 10^k). */
	for (int i = 0; i < 20000; i++) {
		uint64_t u = rnd64();
		double x;
		memcpy(&x, &u, sizeof x);
		if (!isfinite(x))
			continue;
		fp_exact_str(x, buf, sizeof buf);
		char *e = strchr(buf, 'e');
		char last = e ? e[-1] : buf[strlen(buf) - 1];
		FAILF(same(strtod(buf, NULL), x) && (x == trunc(x) || last == '5'),
		    "exact_str(%a) = %.60s...", x, buf);
	}
	done();
}
END_TEST

static TCase *
tcase(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);
	tcase_add_checked_fixture(tc, reset, NULL);
	tcase_set_timeout(tc, 300);	/* wall clock: slack for loaded or sanitized runs */
	suite_add_tcase(s, tc);
	return tc;
}

static Suite *
fp_suite(void)
{
	Suite *s = suite_create("fp");
	TCase *tc = tcase(s, "format");
	tcase_add_test(tc, test_format_table);
	tcase_add_test(tc, test_flags_sticky);
	tcase_add_test(tc, test_constants);
	tcase_add_test(tc, test_parse_bits);
	tc = tcase(s, "read");
	tcase_add_test(tc, test_read_errors);
	tcase_add_test(tc, test_read_values);
	tcase_add_test(tc, test_read_random);
	tcase_add_test(tc, test_decimal_cases);
	tc = tcase(s, "walk");
	tcase_add_test(tc, test_walk_midpoints);
	tcase_add_test(tc, test_walk_random);
	tcase_add_test(tc, test_walk_bf16_10000);
	tc = tcase(s, "text");
	tcase_add_test(tc, test_value_str);
	tcase_add_test(tc, test_short_str_roundtrip);
	tcase_add_test(tc, test_exact_str);
	return s;
}

Suite *fp_exact_suite(void);	/* check_fp_exact.c */

int
main(void)
{
	SRunner *sr = srunner_create(fp_suite());
	int failures;

	srunner_add_suite(sr, fp_exact_suite());
	srunner_run_all(sr, CK_NORMAL);
	failures = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failures ? 1 : 0;
}
