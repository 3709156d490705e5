/*
 * check_fp_exact.c — the rounding walk beyond double's range: the exact
 * reading of a number's text (fp_read_exact) and its walk
 * (fp_explain_round_exact).  Part of tests/check_fp.
 *
 * The oracles do not share the code: a small big integer written here
 * (base 2^32 limbs, multiply by a small number, add one) gives the exact
 * binary expansion of 10^400, of 2^13000 + 1 written out in decimal, and
 * of 5^3000; the documented identity floor(log2(10^n)) = floor(n log2 10)
 * (with n log2 10 far from an integer, checked) gives the exponents of
 * 10^1000000 and 10^-400, whose odd parts (5^n) are longer than 64 bits,
 * so bits beyond the first 64 are set.  Inside double's range the walk
 * must agree with fp_explain_round field by field, and its bits with
 * fp_encode_real.  Literals of 10^6 digits (fp_read_long): halfway points
 * of the textbook decoder (fp_ref.h), written out in decimal by the big
 * integer, plus or minus 10^-999999, must round up, down and to even.
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"

Suite *fp_exact_suite(void);

/* ---- a big natural number, little-endian base 2^32 --------------------- */

typedef struct big {
	uint32_t *w;
	size_t n;
} big;

static void
big_init(big *b, uint32_t v, size_t cap)
{
	b->w = calloc(cap, sizeof *b->w);
	ck_assert_ptr_nonnull(b->w);
	b->w[0] = v;
	b->n = 1;
}

static void
big_mul_add(big *b, uint32_t m, uint32_t a)
{
	uint64_t carry = a;
	for (size_t i = 0; i < b->n; i++) {
		uint64_t t = (uint64_t)b->w[i] * m + carry;
		b->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry)
		b->w[b->n++] = (uint32_t)carry;
}

static long
big_bits(const big *b)
{
	return (long)(b->n - 1) * 32 + 32 - __builtin_clz(b->w[b->n - 1]);
}

static unsigned
big_bit(const big *b, long i)
{
	return i < 0 || (size_t)(i / 32) >= b->n ? 0 : (b->w[i / 32] >> (i % 32)) & 1u;
}

/* The first 64 bits, the leading 1 at bit 63, and whether any bit below
 * them is set. */
static uint64_t
big_top64(const big *b, bool *more)
{
	long len = big_bits(b);
	uint64_t s = 0;

	for (long i = len - 1; i >= len - 64; i--)
		s = s << 1 | big_bit(b, i);
	*more = false;
	for (long i = len - 65; i >= 0 && !*more; i--)
		*more = big_bit(b, i) != 0;
	return s;
}

/* Decimal digits of b (destroys b), most significant first, into buf. */
static void
big_decimal(big *b, char *buf, size_t cap)
{
	size_t k = 0;

	while (b->n > 1 || b->w[0] != 0) {
		uint64_t r = 0;
		for (size_t i = b->n; i-- > 0;) {
			uint64_t t = r << 32 | b->w[i];
			b->w[i] = (uint32_t)(t / 10);
			r = t % 10;
		}
		while (b->n > 1 && b->w[b->n - 1] == 0)
			b->n--;
		ck_assert_uint_lt(k + 1, cap);
		buf[k++] = (char)('0' + r);
	}
	for (size_t i = 0; i < k / 2; i++) {
		char c = buf[i];
		buf[i] = buf[k - 1 - i];
		buf[k - 1 - i] = c;
	}
	buf[k] = '\0';
}

static void
read_ok(const char *text, fp_exact *x)
{
	ck_assert_msg(fp_read_exact(text, x), "fp_read_exact('%.40s') failed", text);
}

/* ---- the tests ------------------------------------------------------------- */

START_TEST(test_1e400)
{
	big b;
	bool more;
	fp_exact x;
	fp_walk w;

	big_init(&b, 1, 64);
	for (int i = 0; i < 400; i++)
		big_mul_add(&b, 10, 0);
	uint64_t top = big_top64(&b, &more);
	ck_assert_int_eq(big_bits(&b) - 1, 1328);	/* floor(log2(10^400)) */
	read_ok("1e400", &x);
	ck_assert_int_eq(x.lead, 1328);
	ck_assert(x.sig == top);
	ck_assert(x.more == more && more);
	ck_assert(!x.negative);
	fp_explain_round_exact(fp_format_get(FP_FP16), &x, &w);
	ck_assert_int_eq(w.lead, 1328);
	ck_assert(w.overflow);
	ck_assert_int_eq(w.decision, FP_ROUND_SPECIAL);
	ck_assert_uint_eq(w.bits, 0x7c00);
	for (int i = 0; i < 13; i++)
		ck_assert_int_eq(w.expansion[i] - '0', (int)((top >> (63 - i)) & 1));
	read_ok("-1e400", &x);
	ck_assert(x.negative);
	fp_explain_round_exact(fp_format_get(FP_BF16), &x, &w);
	ck_assert_uint_eq(w.bits, 0xff80);
	free(b.w);
}
END_TEST

START_TEST(test_powers_of_two)
{
	fp_exact x;
	fp_walk w;

	read_ok("0x1p5000", &x);
	ck_assert_int_eq(x.lead, 5000);
	ck_assert(x.sig == UINT64_C(1) << 63 && !x.more);
	fp_explain_round_exact(fp_format_get(FP_FP32), &x, &w);
	ck_assert_int_eq(w.lead, 5000);
	ck_assert(w.overflow);
	ck_assert_uint_eq(w.bits, 0x7f800000);

	read_ok("0x1.8p-5000", &x);
	ck_assert_int_eq(x.lead, -5000);
	ck_assert(x.sig == UINT64_C(3) << 62 && !x.more);
	fp_explain_round_exact(fp_format_get(FP_FP16), &x, &w);
	ck_assert_int_eq(w.lead, -5000);
	ck_assert(w.flushed && w.subnormal_range);
	ck_assert_uint_eq(w.sticky, 1);		/* the whole value is below the cut */
	ck_assert_uint_eq(w.guard, 0);
	ck_assert_uint_eq(w.bits, 0);
}
END_TEST

/* 10^-400: floor(log2) = floor(-400 log2 10) = -1329; 10^1000000 and
 * 10^-1000000: 3321928 and -3321929.  Each odd part is 5^n, far longer
 * than 64 bits, so bits beyond the first 64 are set. */
START_TEST(test_far_exponents)
{
	static const struct { const char *text; long n; } c[] = {
		{ "1e-400", -400 }, { "1e1000000", 1000000 }, { "1e-1000000", -1000000 },
		{ "10e399", 400 }, { "0.0001e-396", -400 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		long double l = (long double)c[i].n * 3.32192809488736234787031942948939L;
		long double fl = floorl(l);
		ck_assert(l - fl > 0.01L && l - fl < 0.99L);	/* not near an integer */
		fp_exact x;
		fp_walk w;
		read_ok(c[i].text, &x);
		ck_assert_msg(x.lead == (long)fl, "%s: lead %ld, want %ld", c[i].text,
		    x.lead, (long)fl);
		ck_assert(x.more);
		/* the leading bits against 2^(l - floor l) */
		long double frac = powl(2.0L, l - fl);
		ck_assert(fabsl((long double)x.sig / 0x1p63L - frac) < 1e-9L);
		fp_explain_round_exact(fp_format_get(FP_FP16), &x, &w);
		ck_assert_int_eq(w.lead, (int)fl);
		if (c[i].n < 0) {
			ck_assert(w.flushed);
			ck_assert_uint_eq(w.sticky, 1);
			ck_assert_uint_eq(w.bits, 0);
		} else {
			ck_assert(w.overflow);
		}
	}
}
END_TEST

/* Long texts, exact: 2^13000 written out in decimal (3914 digits) is
 * exactly 2^13000; one more is not.  5^3000 / 10^3000 = 2^-3000. */
START_TEST(test_long_decimals)
{
	static char text[FP_READ_MAX + 1];
	big b;
	fp_exact x;

	big_init(&b, 1, 512);
	for (int i = 0; i < 13000; i++)
		big_mul_add(&b, 2, 0);
	big_decimal(&b, text, sizeof text);
	ck_assert_uint_gt(strlen(text), 3900);
	read_ok(text, &x);
	ck_assert_int_eq(x.lead, 13000);
	ck_assert(x.sig == UINT64_C(1) << 63 && !x.more);
	size_t len = strlen(text);
	text[len - 1]++;			/* 2^13000 + 1: last digit 6 -> 7 */
	read_ok(text, &x);
	ck_assert_int_eq(x.lead, 13000);
	ck_assert(x.sig == UINT64_C(1) << 63 && x.more);
	free(b.w);

	big_init(&b, 1, 256);
	for (int i = 0; i < 3000; i++)
		big_mul_add(&b, 5, 0);
	char digits[2200];
	big_decimal(&b, digits, sizeof digits);
	snprintf(text, sizeof text, "%se-3000", digits);
	read_ok(text, &x);
	ck_assert_int_eq(x.lead, -3000);
	ck_assert(x.sig == UINT64_C(1) << 63 && !x.more);
	free(b.w);
}
END_TEST

/* Inside double's range the exact walk is fp_explain_round's. */
START_TEST(test_agrees_in_range)
{
	static const char *const texts[] = {
		"1", "65504", "65519", "65520", "1e-8", "0.1", "2049", "1e5", "3.14159",
		"2.98023223876953125e-8", "2.9802322387695313e-8", "448", "449", "464",
		"1e-45", "1.401298464324817e-45", "3.4028235677973366e38", "-0.3",
		"0x1.ffep15", "0x1.000002p-25", "123456789012345678901234567890",
		"9.99999999999999999999999e-9", "6e-8", "1e38", "5e-324",
		"2049.00000000000000000000001", "2048.99999999999999999999",
		"65520.000000000000000000001",
	};
	int bad = 0;

	for (int f = 0; f < FP_NFORMATS; f++)
		for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
			const fp_format *fmt = fp_format_get((fp_id)f);
			fp_real r;
			fp_exact x;
			fp_walk a, b;
			unsigned fl = 0;
			ck_assert(fp_read(texts[i], &r, NULL) == FP_READ_OK);
			read_ok(texts[i], &x);
			fp_explain_round(fmt, &r, &a);
			fp_explain_round_exact(fmt, &x, &b);
			uint32_t bits = fp_encode_real(fmt, &r, &fl);
			bool same = a.bits == b.bits && b.bits == bits && a.flags == b.flags &&
			    b.flags == fl && a.lead == b.lead && a.lsb == b.lsb &&
			    a.decision == b.decision && a.overflow == b.overflow &&
			    a.flushed == b.flushed && a.carry == b.carry;
			if (a.decision != FP_ROUND_SPECIAL)
				same = same && a.guard == b.guard && a.round == b.round &&
				    a.sticky == b.sticky && a.kept == b.kept;
			if (!same && bad++ < 5)
				fprintf(stderr, "%s in %s: walks differ (bits %x %x %x)\n",
				    texts[i], fmt->name, (unsigned)a.bits, (unsigned)b.bits,
				    (unsigned)bits);
		}
	ck_assert_int_eq(bad, 0);
	/* beyond it, the exponent differs but the bits are fp_encode_real's */
	static const char *const far[] = { "1e400", "-1e400", "1e-400", "0x1p5000",
		"-0x1p-5000", "1e-320", "2.4703282292062328e-324" };
	for (int f = 0; f < FP_NFORMATS; f++)
		for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
			const fp_format *fmt = fp_format_get((fp_id)f);
			fp_real r;
			fp_exact x;
			fp_walk b;
			unsigned fl = 0;
			ck_assert(fp_read(far[i], &r, NULL) == FP_READ_OK);
			read_ok(far[i], &x);
			fp_explain_round_exact(fmt, &x, &b);
			ck_assert_msg(b.bits == fp_encode_real(fmt, &r, &fl) && b.flags == fl,
			    "%s in %s: bits %x flags %x", far[i], fmt->name,
			    (unsigned)b.bits, b.flags);
		}
}
END_TEST

START_TEST(test_declines)
{
	fp_exact x;
	static const char *const no[] = { "0", "-0.000", "inf", "nan", "x1",
		"1e20000000", "1e-20000000", "0x1p99999999", "" };

	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		ck_assert_msg(!fp_read_exact(no[i], &x), "'%s' was read", no[i]);
	read_ok("1e10000000", &x);	/* FP_EXACT_MAX_EXP10 itself */
	ck_assert_int_eq(x.lead, 33219280);	/* floor(10^7 log2 10) */
}
END_TEST

/* fp_read_beyond reads exactly where fp_real clamps (above DBL_MAX, below
 * the smallest normal double, bits cut) and nowhere else. */
START_TEST(test_beyond)
{
	static const char *const yes[] = { "1e400", "-1e400", "0x1p5000",
		"1e-400", "1e-310", "0x1.0000000000001p-1030",
		"1.7976931348623159e308" };
	static const char *const no[] = { "1e300", "1e-300", "1", "0.1",
		"0x1p-1022", "0x1p-1074", "0x1.8p-1030", "1.7976931348623157e308",
		"inf", "0" };
	fp_exact x, y;
	fp_real r;

	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		ck_assert(fp_read(yes[i], &r, NULL) == FP_READ_OK);
		ck_assert_msg(fp_read_beyond(yes[i], &r, &x), "'%s' not beyond", yes[i]);
		read_ok(yes[i], &y);
		ck_assert(x.lead == y.lead && x.sig == y.sig && x.more == y.more);
	}
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		ck_assert(fp_read(no[i], &r, NULL) == FP_READ_OK);
		ck_assert_msg(!fp_read_beyond(no[i], &r, &x), "'%s' beyond", no[i]);
	}
	ck_assert(fp_read("1e400", &r, NULL) == FP_READ_OK);
	ck_assert(!fp_read_beyond(NULL, &r, &x));
}
END_TEST

/* ---- 10^6-digit literals (fp_read_long) ------------------------------------ */

#define LONG_PLACES 999999	/* the last digit is worth 10^-999999 */

/* The exact decimal expansion of a positive double d in (0, 2), every
 * digit after the point (d = M x 2^-k, M odd, is M x 5^k / 10^k), into
 * buf as "I.FFFF"; returns the number of fraction digits. */
static size_t
exact_decimal(double d, char *buf, size_t cap)
{
	int k = 0;
	big b;

	while (d != floor(d)) {
		d *= 2;
		k++;
	}
	ck_assert(d < 9007199254740992.0);	/* 2^53: M is a double's */
	uint64_t m = (uint64_t)d;
	big_init(&b, (uint32_t)m, 64);
	if (m >> 32) {
		b.w[1] = (uint32_t)(m >> 32);
		b.n = 2;
	}
	for (int i = 0; i < k; i++)
		big_mul_add(&b, 5, 0);
	char digits[256];
	big_decimal(&b, digits, sizeof digits);
	free(b.w);
	size_t nd = strlen(digits);
	ck_assert_uint_gt(nd, (size_t)k);	/* d >= 1: an integer digit */
	snprintf(buf, cap, "%.*s.%s", (int)(nd - (size_t)k), digits,
	    digits + nd - (size_t)k);
	return (size_t)k;
}

/* h's expansion to LONG_PLACES fraction digits, then +1 or -1 in the
 * last place (sign 0: h itself, zeros after its digits). */
static char *
long_literal(double h, int sign)
{
	char head[256];
	size_t k = exact_decimal(h, head, sizeof head), hl = strlen(head);
	size_t len = hl - k + LONG_PLACES;
	char *t = malloc(len + 1);

	ck_assert_ptr_nonnull(t);
	ck_assert_uint_lt(k, LONG_PLACES);
	memcpy(t, head, hl);
	memset(t + hl, '0', len - hl);
	t[len] = '\0';
	if (sign > 0) {
		t[len - 1] = '1';
	} else if (sign < 0) {		/* borrow through the zeros */
		size_t i = len - 1;
		while (t[i] == '0' || t[i] == '.') {
			if (t[i] == '0')
				t[i] = '9';
			i--;
		}
		t[i]--;
	}
	return t;
}

/*
 * Halfway points of fp16, bf16 and fp32 (h = the mean of two neighbours,
 * by the textbook decoder of fp_ref.h), written out to 10^6 digits: h
 * itself ties to even, h + 10^-999999 rounds up, h - 10^-999999 down.
 * The double reading: lo = h with sticky for the one above, the double
 * below h with sticky for the one below, h alone for the tie.  The walk:
 * guard 1 and sticky 1 above, guard 0 and round 1 below (the bits after
 * the cut are 0111...), guard 1, round 0, sticky 0 at the tie.
 */
START_TEST(test_million_digits)
{
	static const struct { fp_id id; uint32_t lo; } c[] = {
		{ FP_FP16, 0x3c00 }, { FP_FP16, 0x3c01 }, { FP_FP16, 0x3e55 },
		{ FP_BF16, 0x3f80 }, { FP_BF16, 0x3f81 },
		{ FP_FP32, 0x3f800000 }, { FP_FP32, 0x3fabcdef },
	};

	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		const struct ref_fmt *rf = &REF[c[i].id];
		const fp_format *f = fp_format_get(c[i].id);
		double a = ref_raw(rf, c[i].lo), b = ref_raw(rf, c[i].lo + 1);
		double h = (a + b) / 2;
		uint32_t even = c[i].lo & 1 ? c[i].lo + 1 : c[i].lo;

		for (int sign = -1; sign <= 1; sign++) {
			char *t = long_literal(h, sign);
			fp_real r;
			fp_walk w;
			unsigned fl = 0;

			ck_assert_uint_gt(strlen(t), 1000000);
			ck_assert_int_eq(fp_read(t, &r, NULL), FP_READ_TOOLONG);
			ck_assert_int_eq(fp_read_long(t, &r, NULL), FP_READ_OK);
			ck_assert(r.lo == (sign < 0 ? nextafter(h, 0) : h));
			ck_assert(r.sticky == (sign != 0));
			uint32_t got = fp_encode_real(f, &r, &fl);
			uint32_t want = sign > 0 ? c[i].lo + 1 : sign < 0 ? c[i].lo : even;
			ck_assert_msg(got == want, "%s 0x%x %+d: got 0x%x, want 0x%x",
			    rf->name, (unsigned)c[i].lo, sign, (unsigned)got,
			    (unsigned)want);
			ck_assert(fl & FP_FLAG_INEXACT);
			fp_explain_round(f, &r, &w);
			ck_assert_uint_eq(w.guard, sign >= 0);
			ck_assert_uint_eq(w.round, sign < 0);
			ck_assert_uint_eq(w.sticky, sign != 0);
			ck_assert_int_eq(w.decision, sign > 0 ? FP_ROUND_UP : sign < 0
			    ? FP_ROUND_DOWN : want == c[i].lo ? FP_ROUND_TIE_DOWN
			    : FP_ROUND_TIE_UP);
			free(t);
		}
	}
}
END_TEST

/* Half of fp16's smallest subnormal, 2^-25, written out (25 digits) and
 * padded to 10^6: exactly half flushes to zero (ties to even), and
 * 10^-999999 more rounds up to 2^-24.  The cap: FP_READ_LONG_MAX bytes,
 * decimal or hex, and a syntax error found at its byte deep inside.  And
 * 10^999999 written out (10^6 digits) is read exactly beyond double's
 * range: its first 1 at 2^3321924. */
START_TEST(test_million_digits_edges)
{
	const fp_format *f16 = fp_format_get(FP_FP16);
	fp_real r;
	unsigned fl = 0;

	/* 2^-25 = 5^25 / 10^25 */
	big b;
	big_init(&b, 1, 8);
	for (int i = 0; i < 25; i++)
		big_mul_add(&b, 5, 0);
	char d5[64];
	big_decimal(&b, d5, sizeof d5);
	free(b.w);
	size_t len = 2 + LONG_PLACES;
	char *t = malloc(len + 1);
	ck_assert_ptr_nonnull(t);
	memset(t, '0', len);
	t[1] = '.';
	memcpy(t + 2 + 25 - strlen(d5), d5, strlen(d5));
	t[len] = '\0';
	ck_assert_int_eq(fp_read_long(t, &r, NULL), FP_READ_OK);
	ck_assert(r.lo == ldexp(1, -25) && !r.sticky);
	ck_assert_uint_eq(fp_encode_real(f16, &r, &fl), 0);
	ck_assert(fl & FP_FLAG_UNDERFLOW);
	t[len - 1] = '1';
	ck_assert_int_eq(fp_read_long(t, &r, NULL), FP_READ_OK);
	ck_assert(r.lo == ldexp(1, -25) && r.sticky);
	ck_assert_uint_eq(fp_encode_real(f16, &r, NULL), 1);
	free(t);

	/* the cap: FP_READ_LONG_MAX bytes are read, one more is not */
	t = malloc(FP_READ_LONG_MAX + 2);
	ck_assert_ptr_nonnull(t);
	memset(t, '0', FP_READ_LONG_MAX + 1);
	t[1] = '.';
	t[FP_READ_LONG_MAX - 1] = '1';
	t[FP_READ_LONG_MAX] = '\0';
	ck_assert_int_eq(fp_read_long(t, &r, NULL), FP_READ_OK);
	ck_assert(r.lo == 0 && r.sticky);	/* 10^-2097150: below every double */
	t[FP_READ_LONG_MAX] = '0';
	t[FP_READ_LONG_MAX + 1] = '\0';
	ck_assert_int_eq(fp_read_long(t, &r, NULL), FP_READ_TOOLONG);
	memcpy(t, "0x0.", 4);			/* hex: 16^-(2097148) */
	t[FP_READ_LONG_MAX] = '\0';
	ck_assert_int_eq(fp_read_long(t, &r, NULL), FP_READ_OK);
	ck_assert(r.lo == 0 && r.sticky);
	/* a syntax error deep inside is found, at its byte */
	memset(t, '1', FP_READ_LONG_MAX);
	t[FP_READ_LONG_MAX - 7] = 'x';
	size_t pos = 0;
	ck_assert_int_eq(fp_read_long(t, &r, &pos), FP_READ_SYNTAX);
	ck_assert_uint_eq(pos, FP_READ_LONG_MAX - 7);

	/* 10^999999 in digits, and the exact reading of it */
	fp_exact x;
	memset(t, '0', 1000000);
	t[0] = '1';
	t[1000000] = '\0';
	read_ok(t, &x);
	/* floor(999999 log2 10), with 999999 log2 10 = 3321924.86...: far
	 * from an integer, so the double product is safe */
	double e = 999999 * log2(10.0), fl_e = floor(e);
	ck_assert(e - fl_e > 0.01 && e - fl_e < 0.99);
	ck_assert_int_eq(x.lead, (long)fl_e);
	ck_assert(x.more);			/* 5^999999 has more than 64 bits */
	free(t);
}
END_TEST

Suite *
fp_exact_suite(void)
{
	Suite *s = suite_create("fp_exact");
	TCase *tc = tcase_create("walk");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_1e400);
	tcase_add_test(tc, test_powers_of_two);
	tcase_add_test(tc, test_far_exponents);
	tcase_add_test(tc, test_long_decimals);
	tcase_add_test(tc, test_agrees_in_range);
	tcase_add_test(tc, test_declines);
	tcase_add_test(tc, test_beyond);
	tcase_add_test(tc, test_million_digits);
	tcase_add_test(tc, test_million_digits_edges);
	suite_add_tcase(s, tc);
	return s;
}
