/*
 * check_drill.c — engine-made drills against an oracle that shares none
 * of the engine's code: the formats decoded by the textbook formula
 * (tests/fp_ref.h), rounding to nearest even decided by exact integer
 * comparison of the decimal with the midpoints (__int128), the compiler's
 * f16 for fp16 sums and products, the step order typed in here.  For
 * thousands of seeds of every kind: the engine's answer is the oracle's,
 * its own answer passes, a wrong one fails, the usual notations are read.
 */
#include <config.h>

#include <check.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "fp_ref.h"

#define NSEEDS 4000

__extension__ typedef __int128 i128;
__extension__ typedef _Float16 f16;

/* ---- exact numbers ------------------------------------------------------- */

/* A decimal M x 10^E, read by hand: digits, an optional point, an
 * optional exponent. */
struct dec { bool neg; unsigned long long m; int e; };

static struct dec
dec_read(const char *s)
{
	struct dec d = { false, 0, 0 };

	if (*s == '-' || *s == '+')
		d.neg = *s++ == '-';
	for (bool point = false; *s && *s != 'e' && *s != 'E'; s++) {
		if (*s == '.') {
			point = true;
			continue;
		}
		ck_assert_msg(isdigit((unsigned char)*s), "not a decimal: %s", s);
		ck_assert_msg(d.m < 100000000000000000ull, "too many digits");
		d.m = d.m * 10 + (unsigned)(*s - '0');
		d.e -= point;
	}
	if (*s)
		d.e += atoi(s + 1);
	return d;
}

static i128
pow10i(int k)
{
	i128 v = 1;
	while (k-- > 0)
		v *= 10;
	return v;
}

/* x = K 2^Q exactly (x >= 0, finite). */
static void
dyadic(double x, long long *k, int *q)
{
	int ex;
	double m = frexp(x, &ex);

	double km = ldexp(m, 53);

	*k = (long long)km;
	*q = ex - 53;
	while (*k && !(*k & 1)) {
		*k /= 2;
		++*q;
	}
}

/* The sign of |d| - x, exactly. */
static int
dec_cmp(struct dec d, double x)
{
	long long k;
	int q;

	dyadic(x, &k, &q);
	ck_assert_msg(q > -64 && q < 64 && d.e > -30 && d.e < 30,
	    "out of the oracle's range: q %d, e %d", q, d.e);
	i128 l = (i128)d.m, r = (i128)k;
	if (d.e >= 0)
		l *= pow10i(d.e);
	else
		r *= pow10i(-d.e);
	if (q >= 0)
		r <<= q;
	else
		l <<= -q;
	return (l > r) - (l < r);
}

/* ---- the oracle's rounding -------------------------------------------------- */

/* The magnitude pattern |d| rounds to in r, nearest even; max + 1 for an
 * overflow. */
static uint32_t
ref_round_dec(const struct ref_fmt *r, struct dec d)
{
	uint32_t lo = 0, hi = r->max_bits + 1;	/* raw(hi) is past the max */
	double approx = (double)((long double)d.m * powl(10, d.e));

	if (d.m == 0)
		return 0;
	/* Near |d| by doubles, then exactly: raw(lo) <= |d| < raw(lo + 1). */
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;
		if (ref_raw(r, mid) <= approx)
			lo = mid;
		else
			hi = mid;
	}
	while (lo > 0 && dec_cmp(d, ref_raw(r, lo)) < 0)
		lo--;
	while (lo <= r->max_bits && dec_cmp(d, ref_raw(r, lo + 1)) >= 0)
		lo++;
	if (lo > r->max_bits)
		return lo;
	hi = lo + 1;
	if (dec_cmp(d, ref_raw(r, lo)) == 0)
		return lo;
	int c = dec_cmp(d, (ref_raw(r, lo) + ref_raw(r, hi)) / 2);
	return c < 0 ? lo : c > 0 ? hi : (lo & 1 ? hi : lo);
}

/* The same for a double: every comparison is of doubles, exact. */
static uint32_t
ref_round(const struct ref_fmt *r, double x)
{
	uint32_t lo = 0, hi = r->max_bits + 1;

	x = fabs(x);
	if (x >= ref_raw(r, hi))
		return hi;
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;
		if (ref_raw(r, mid) <= x)
			lo = mid;
		else
			hi = mid;
	}
	if (x == ref_raw(r, lo))
		return lo;
	double m = (ref_raw(r, lo) + ref_raw(r, hi)) / 2;
	return x < m ? lo : x > m ? hi : (lo & 1 ? hi : lo);
}

static const struct ref_fmt *
ref_of(const drill_item *it)
{
	return &REF[it->f->id];
}

static uint32_t
sign_of(const struct ref_fmt *r, bool neg)
{
	return neg ? 1u << (r->width - 1) : 0;
}

/* ---- per kind ---------------------------------------------------------------- */

static void
expect_pass(const drill_item *it, const char *answer, bool pass)
{
	drill_result res;

	drill_grade(it, answer, &res);
	ck_assert_msg(res.pass == pass, "%s (%s): '%s' should %s: %s", it->id,
	    it->prompt, answer, pass ? "pass" : "fail", res.feedback);
	ck_assert_msg(res.feedback[0] != '\0', "%s: no feedback", it->id);
}

static void
check_encode(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	struct dec d = dec_read(it->value);
	uint32_t want = ref_round_dec(r, d) | sign_of(r, d.neg);
	char buf[64];

	ck_assert_msg(it->ans_bits == want, "%s: encode %s in %s: 0x%x, the "
	    "oracle 0x%x", it->id, it->value, r->name, it->ans_bits, want);
	if (it->f->id == FP_FP16) {
		f16 h = (f16)strtod(it->value, NULL);
		uint16_t hb;
		memcpy(&hb, &h, 2);
		ck_assert_uint_eq(hb, it->ans_bits);
	}
	snprintf(buf, sizeof buf, "%x", it->ans_bits);	/* no 0x */
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "0x%x", it->ans_bits ^ 1);
	expect_pass(it, buf, false);
	if (it->f->width == 8) {	/* binary */
		for (int i = 0; i < 8; i++)
			buf[i] = (char)('0' + ((it->ans_bits >> (7 - i)) & 1));
		buf[8] = '\0';
		expect_pass(it, buf, true);
	}
}

static void
check_decode(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	double v = ref_value(r, it->bits);
	struct dec d = dec_read(it->answer);
	char buf[400];

	ck_assert_msg(it->ans_value == v, "%s: value", it->id);
	ck_assert_msg((ref_round_dec(r, d) | sign_of(r, d.neg)) == it->bits,
	    "%s: %s does not read back to 0x%x", it->id, it->answer, it->bits);
	/* Shortest: one digit fewer does not read back (integers aside). */
	int digits = 0;
	for (const char *s = it->answer; *s && *s != 'e'; s++)
		digits += isdigit((unsigned char)*s) && (digits || *s != '0');
	if (v != trunc(v) && digits > 1) {
		snprintf(buf, sizeof buf, "%.*g", digits - 1, v);
		struct dec e = dec_read(buf);
		ck_assert_msg((ref_round_dec(r, e) | sign_of(r, e.neg)) !=
		    it->bits, "%s: %s is shorter", it->id, buf);
	}
	expect_pass(it, it->answer, true);
	snprintf(buf, sizeof buf, "%.17g", ref_value(r, it->bits ^ 1));
	expect_pass(it, buf, false);
}

static void
check_round(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	double lo = ref_raw(r, it->bits), hi = ref_raw(r, it->bits + 1);
	double mid = (lo + hi) / 2, x = it->x;

	ck_assert(lo < x && x < hi);
	ck_assert_msg(strtod(it->value, NULL) == x, "%s: %s is not %.17g",
	    it->id, it->value, x);
	bool up = x > mid || (x == mid && (it->bits & 1));
	ck_assert_msg(it->ans_yes == up, "%s: %s rounds %s", it->id, it->value,
	    up ? "up" : "down");
	expect_pass(it, up ? "up" : "down", true);
	expect_pass(it, up ? "down" : "up", false);
}

static void
check_ulp(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	double v = ref_raw(r, it->bits);
	double want = it->bits < r->max_bits ? ref_raw(r, it->bits + 1) - v :
	    v - ref_raw(r, it->bits - 1);
	char buf[128];

	ck_assert_msg(it->ans_value == want, "%s: ulp at %s", it->id, it->value);
	ck_assert_msg(strtod(it->value, NULL) == v ||
	    ref_round_dec(r, dec_read(it->value)) == it->bits, "%s: value", it->id);
	snprintf(buf, sizeof buf, "2**%d", ilogb(want));
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "%.60f", want);	/* exact: a dyadic */
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "%.17g", want);	/* close, not exact */
	expect_pass(it, buf, dec_cmp(dec_read(buf), want) == 0);
	snprintf(buf, sizeof buf, "2^%d", ilogb(want) + 1);
	expect_pass(it, buf, false);
}

static void
check_swallow(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	uint32_t wb = ref_round(r, it->w);
	bool changes = ref_round(r, it->w + it->dw) != wb;

	ck_assert(ref_raw(r, wb) == it->w);
	ck_assert(ref_raw(r, ref_round(r, it->dw)) == it->dw);
	if (it->f->id == FP_FP16) {
		f16 w = (f16)it->w, dw = (f16)it->dw;
		f16 s = w + dw;
		ck_assert_int_eq(s != w, changes);
	}
	ck_assert_msg(it->ans_yes == changes, "%s: %s", it->id, it->prompt);
	expect_pass(it, changes ? "yes" : "no", true);
	expect_pass(it, changes ? "n" : "y", false);
}

static void
check_overflow(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	double x = it->op == '*' ? it->a * it->b : it->op == '+' ?
	    it->a + it->b : exp(it->a);
	bool finite = ref_round(r, x) <= r->max_bits;

	if (it->op != 'e') {
		ck_assert(ref_raw(r, ref_round(r, it->a)) == it->a);
		ck_assert(ref_raw(r, ref_round(r, it->b)) == it->b);
	}
	if (it->f->id == FP_FP16 && it->op != 'e') {
		f16 a = (f16)it->a, b = (f16)it->b;
		f16 s = it->op == '*' ? a * b : a + b;
		ck_assert_int_eq(isfinite((double)s), finite);
	}
	ck_assert_msg(it->ans_yes == finite, "%s: %s", it->id, it->prompt);
	expect_pass(it, finite ? "yes" : "no", true);
	expect_pass(it, finite ? "no" : "yes", false);
}

/* |d| x 2^k rounded to fp16 is at least the smallest normal, or finite. */
static bool
normal_at(struct dec d, int k)
{
	/* at or above the midpoint below 2^-14, which ties up to 2^-14 */
	return dec_cmp(d, ldexp(0x1p-14 - 0x1p-25, -k)) >= 0;
}

static bool
finite_at(struct dec d, int k)
{
	return dec_cmp(d, ldexp(65520, -k)) < 0;	/* 65520 ties to inf */
}

static void
check_scale(const drill_item *it)
{
	struct dec lo = dec_read(it->gmin), hi = dec_read(it->gmax);
	int a = -60, b = 60;	/* gradients 1e-10 .. 9e2: well inside */

	while (a < 60 && !normal_at(lo, a))
		a++;
	while (b > -60 && !finite_at(hi, b))
		b--;
	ck_assert(a > -60 && a < 60 && b > -60 && b < 60);
	ck_assert_msg(it->ans_lo == a && it->ans_hi == b, "%s: %s..%s: "
	    "2^%d..2^%d, the oracle 2^%d..2^%d", it->id, it->gmin, it->gmax,
	    it->ans_lo, it->ans_hi, a, b);
	char buf[64];
	snprintf(buf, sizeof buf, "%d to %d", a, b);
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "2^%d..2^%d", a - 1, b);
	expect_pass(it, buf, false);
}

static void
check_order(const drill_item *it)
{
	static const char *const canon[] = { "forward", "backward", "unscale",
	    "clip", "step", "update" };
	char want[32];
	size_t n = 0;

	for (int s = 0; s < 6; s++)
		for (int i = 0; i < 6; i++)
			if (strcmp(steporder_get(it->order[i])->key, canon[s]) == 0)
				n += (size_t)snprintf(want + n, sizeof want - n,
				    "%s%c", s ? " " : "", 'a' + i);
	ck_assert_str_eq(it->answer, want);
	char swapped[32];
	snprintf(swapped, sizeof swapped, "%s", want);
	char t = swapped[0];
	swapped[0] = swapped[2];
	swapped[2] = t;
	expect_pass(it, want, true);
	expect_pass(it, swapped, false);
}

static void (*const checks[DRILL_NKINDS])(const drill_item *) = {
	check_encode, check_decode, check_round, check_ulp, check_swallow,
	check_overflow, check_scale, check_order,
};

START_TEST(every_kind)
{
	drill_kind k = (drill_kind)_i;

	for (uint32_t s = 0; s < NSEEDS; s++) {
		drill_item it, again;
		uint32_t seed = drill_item_seed(12345, s);

		drill_make(k, seed, &it);
		ck_assert(drill_from_id(it.id, &again));
		ck_assert_str_eq(again.prompt, it.prompt);
		expect_pass(&it, it.answer, true);
		checks[k](&it);
	}
}
END_TEST

/* The stream is fixed: the same seed gives the same drills everywhere. */
START_TEST(fixed_stream)
{
	drill_item it;

	ck_assert_uint_eq(drill_mix(0), 0);
	ck_assert_uint_eq(drill_mix(0x9e3779b97f4a7c15u), 0xe220a8397b1dcdafu);
	drill_make(DRILL_ORDER, 1, &it);
	ck_assert_str_eq(it.id, "order-00000001");
	ck_assert(!drill_from_id("encode-1234567", &it));
	ck_assert(!drill_from_id("nosuch-12345678", &it));
	ck_assert(!drill_from_id("encode-1234567G", &it));
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("drill");
	TCase *tc = tcase_create("drill");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, every_kind, 0, DRILL_NKINDS);
	tcase_add_test(tc, fixed_stream);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
