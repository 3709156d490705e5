/*
 * check_drill.c — engine-made drills against an oracle that shares none
 * of the engine's code: the formats decoded by the textbook formula
 * (tests/fp_ref.h), rounding to nearest even decided by exact rational
 * comparison (GMP, tests/drill_oracle.h), the compiler's _Float16 for
 * fp16 sums, products and chains, the step order typed in here.  For
 * thousands of seeds of every kind at every level: the engine's answer is
 * the oracle's, the item is of its level (level 1's short values, level
 * 3's subnormals and ties, the overflow chain's length), its own answer
 * passes, a wrong one fails with the engine's explanation, the usual
 * notations are read.
 */
#include <config.h>

#include <check.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "drill_oracle.h"

#define NSEEDS 4000

__extension__ typedef _Float16 f16;

/* What a level's items must hold, counted over the seeds of one run. */
static struct tally {
	unsigned n, sub, tie, edge, simple, ans[DRILL_MAX_CHAIN + 1];
	unsigned up, down, tie_up, tie_down;
} tl;

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

/* Whether the decimal text is exactly x. */
static bool
exactly(const char *text, double x)
{
	mpq_t q;

	mpq_init(q);
	oracle_dec(text, q, NULL);
	bool eq = oracle_cmp(q, x) == 0 && (mpq_sgn(q) < 0) == (x < 0);
	mpq_clear(q);
	return eq;
}

static bool
is_sub(const struct ref_fmt *r, uint32_t bits)
{
	return ref_class(r, bits) == FP_CLASS_SUBNORMAL;
}

/* Level 1's values: fp16 or bf16, 1, 1.25, 1.5 or 1.75 times 2^-4 .. 2^6. */
static bool
simple(const drill_item *it, double v)
{
	int e;
	double m = frexp(fabs(v), &e) * 2;

	return (it->f->id == FP_FP16 || it->f->id == FP_BF16) && e - 1 >= -4 &&
	    e - 1 <= 6 && m * 4 == trunc(m * 4);
}

static void
expect_pass(const drill_item *it, const char *answer, bool pass)
{
	drill_result res;

	drill_grade(it, answer, &res);
	ck_assert_msg(res.pass == pass, "%s (%s): '%s' should %s: %s", it->id,
	    it->prompt, answer, pass ? "pass" : "fail", res.feedback);
	ck_assert_msg(res.feedback[0] != '\0', "%s: no feedback", it->id);
}

/* A wrong answer fails, is read, and is explained with the engine's
 * words for the kind (the walk, the fields, the steps, the window). */
static void
expect_explained(const drill_item *it, const char *wrong, const char *words)
{
	drill_result res;

	drill_grade(it, wrong, &res);
	ck_assert_msg(!res.pass && res.understood, "%s: '%s' should fail, "
	    "read: %s", it->id, wrong, res.feedback);
	ck_assert_msg(strstr(res.feedback, words), "%s: '%s': no '%s' in: %s",
	    it->id, wrong, words, res.feedback);
}

/* ---- per kind ---------------------------------------------------------------- */

static void
check_encode(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	bool tie;
	uint32_t want = oracle_round_dec(r, it->value, &tie) |
	    sign_of(r, it->value[0] == '-');
	char buf[64];

	ck_assert_msg(it->ans_bits == want, "%s: encode %s in %s: 0x%x, the "
	    "oracle 0x%x", it->id, it->value, r->name, it->ans_bits, want);
	if (it->f->id == FP_FP16 && it->level < 3) {	/* strtod: one rounding */
		f16 h = (f16)strtod(it->value, NULL);
		uint16_t hb;
		memcpy(&hb, &h, 2);
		ck_assert_uint_eq(hb, it->ans_bits);
	}
	double v = strtod(it->value, NULL);
	if (it->level == 1)
		ck_assert_msg(simple(it, v) && ref_raw(r, want & magmask(r)) ==
		    fabs(v), "%s: %s is not a short exact value", it->id,
		    it->value);
	if (it->level == 2)
		ck_assert_msg(!is_sub(r, want), "%s: subnormal at level 2", it->id);
	tl.tie += tie;
	tl.sub += is_sub(r, want);
	if (it->level == 3)
		ck_assert_msg(tie || is_sub(r, want) || fabs(v) < ref_raw(r,
		    1u << r->mbits), "%s: %s is neither a tie nor subnormal",
		    it->id, it->value);
	snprintf(buf, sizeof buf, "%x", it->ans_bits);	/* no 0x */
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "0x%x", it->ans_bits ^ 1);
	expect_explained(it, buf, "guard");
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
	uint32_t mag = it->bits & magmask(r);
	char buf[400];

	ck_assert_msg(it->ans_value == v, "%s: value", it->id);
	ck_assert_msg((oracle_round_dec(r, it->answer, NULL) | sign_of(r,
	    it->answer[0] == '-')) == it->bits, "%s: %s does not read back to "
	    "0x%x", it->id, it->answer, it->bits);
	/* Shortest: one digit fewer does not read back (integers aside). */
	mpq_t q;
	int digits;
	mpq_init(q);
	oracle_dec(it->answer, q, &digits);
	mpq_clear(q);
	if (v != trunc(v) && digits > 1) {
		snprintf(buf, sizeof buf, "%.*g", digits - 1, v);
		ck_assert_msg((oracle_round_dec(r, buf, NULL) | sign_of(r, v < 0))
		    != it->bits, "%s: %s is shorter", it->id, buf);
	}
	if (it->level == 1)
		ck_assert_msg(simple(it, v) && v > 0, "%s: 0x%x is not short",
		    it->id, it->bits);
	if (it->level == 2)
		ck_assert(ref_class(r, it->bits) == FP_CLASS_NORMAL);
	tl.sub += is_sub(r, it->bits);
	tl.edge += mag == r->max_bits || mag == 1u << r->mbits || mag == 1;
	expect_pass(it, it->answer, true);
	uint32_t other = isfinite(ref_value(r, it->bits ^ 1)) ? it->bits ^ 1 :
	    it->bits ^ 2;	/* a neighbour, not e4m3's NaN */
	snprintf(buf, sizeof buf, "%.17g", ref_value(r, other));
	expect_explained(it, buf, "exponent field");
}

static void
check_round(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	double lo = ref_raw(r, it->bits), hi = ref_raw(r, it->bits + 1);
	double mid = (lo + hi) / 2, x = it->x;

	ck_assert(lo < x && x < hi);
	ck_assert_msg(exactly(it->value, x), "%s: %s is not %.17g", it->id,
	    it->value, x);
	bool up = x > mid || (x == mid && (it->bits & 1));
	ck_assert_msg(it->ans_yes == up, "%s: %s rounds %s", it->id, it->value,
	    up ? "up" : "down");
	double k = (x - lo) / (hi - lo);	/* exact: a power-of-two gap */
	if (it->level == 1)
		ck_assert_msg(k == 0.25 || k == 0.75, "%s: %g of the way", it->id, k);
	if (it->level == 2)
		ck_assert(k * 16 == trunc(k * 16));
	if (it->level == 3)
		ck_assert_msg(fabs(k - 0.5) <= 3.0 / 256, "%s: %g of the way",
		    it->id, k);
	tl.tie += x == mid;
	tl.sub += is_sub(r, it->bits);
	tl.tie_up += x == mid && up;
	tl.tie_down += x == mid && !up;
	expect_pass(it, up ? "up" : "down", true);
	expect_explained(it, up ? "down" : "up", "guard");
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
	ck_assert_msg(oracle_round_dec(r, it->value, NULL) == it->bits,
	    "%s: value", it->id);
	if (it->level == 1)
		ck_assert(simple(it, v));
	if (it->level == 2)
		ck_assert(ref_class(r, it->bits) == FP_CLASS_NORMAL);
	tl.sub += is_sub(r, it->bits);
	tl.edge += it->bits == r->max_bits || (!is_sub(r, it->bits) &&
	    (it->bits & ((1u << r->mbits) - 1)) == 0);
	snprintf(buf, sizeof buf, "2**%d", ilogb(want));
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "%.60f", want);	/* exact: a dyadic */
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "%.17g", want);	/* close, not exact */
	expect_pass(it, buf, exactly(buf, want));
	snprintf(buf, sizeof buf, "2^%d", ilogb(want) + 1);
	expect_explained(it, buf, is_sub(r, it->bits) ? "subnormal" : "steps of");
}

static void
check_swallow(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	uint32_t wb = oracle_round(r, it->w);
	bool changes = oracle_round(r, it->w + it->dw) != wb;	/* exact sum */
	double ulp = ref_raw(r, wb + 1) - ref_raw(r, wb);

	ck_assert(ref_raw(r, wb) == it->w);
	ck_assert(ref_raw(r, oracle_round(r, it->dw)) == it->dw);
	if (it->f->id == FP_FP16) {
		f16 w = (f16)it->w, dw = (f16)it->dw;
		f16 s = w + dw;
		ck_assert_int_eq(s != w, changes);
	}
	ck_assert_msg(it->ans_yes == changes, "%s: %s", it->id, it->prompt);
	double k = it->dw / (ulp / 2);
	if (it->level == 1)
		ck_assert_msg(k >= 4 || k < 0.5, "%s: dw is %g half ulps", it->id, k);
	if (it->level == 3)
		ck_assert_msg(k == 0.75 || k == 1 || k == 1.25 || k == 1.5,
		    "%s: dw is %g half ulps", it->id, k);
	tl.tie += k == 1;
	tl.tie_up += k == 1 && changes;
	tl.tie_down += k == 1 && !changes;
	expect_pass(it, changes ? "yes" : "no", true);
	expect_explained(it, changes ? "n" : "y", "guard");
}

/* The chain again: each step exact in rationals (or libm's exp) and
 * rounded by the oracle; fp16 chains once more in _Float16. */
static void
check_overflow(const drill_item *it)
{
	const struct ref_fmt *r = ref_of(it);
	double v = it->x0;
	f16 h = (f16)it->x0;
	int first = 0;
	char buf[64];

	ck_assert_msg(it->nsteps == (it->level == 1 ? 1 : it->level == 2 ? 2 :
	    it->nsteps), "%s: %d steps", it->id, it->nsteps);
	ck_assert(it->level < 3 || it->nsteps == 3 || it->nsteps == 4);
	ck_assert(oracle_value(r, it->x0) == it->x0);
	for (int i = 0; i < it->nsteps; i++) {
		char op = it->ops[i];
		ck_assert(op == '*' || op == '+' || op == 'e');
		ck_assert(op == 'e' || oracle_value(r, it->by[i]) == it->by[i]);
		ck_assert_msg(op != 'e' || i == 0, "%s: exp at step %d", it->id, i + 1);
		double x = op == '*' ? v * it->by[i] : op == '+' ? v + it->by[i] :
		    exp(v);
		if (op != 'e' && isfinite(v)) {	/* exact in double: check it */
			mpq_t a, b;
			mpq_inits(a, b, NULL);
			mpq_set_d(a, v);
			mpq_set_d(b, it->by[i]);
			(op == '*' ? mpq_mul : mpq_add)(a, a, b);
			ck_assert(oracle_cmp(a, x) == 0);
			mpq_clears(a, b, NULL);
		}
		v = oracle_value(r, x);
		if (!isfinite(v) && first == 0)
			first = i + 1;
		if (it->f->id == FP_FP16) {
			h = op == '*' ? h * (f16)it->by[i] : op == '+' ? h +
			    (f16)it->by[i] : (f16)exp((double)h);
			ck_assert_msg(isfinite((double)h) == isfinite(v) &&
			    (!isfinite(v) || (double)h == v), "%s: step %d: "
			    "_Float16 %g, the oracle %g", it->id, i + 1,
			    (double)h, v);
		}
		ck_assert_msg(it->got[i] == v || (isnan(it->got[i]) &&
		    !isfinite(v)) || (!isfinite(v) && !isfinite(it->got[i])),
		    "%s: step %d: %g, the oracle %g", it->id, i + 1, it->got[i], v);
	}
	ck_assert_msg(it->ans_step == first, "%s: %s: step %d, the oracle %d",
	    it->id, it->prompt, it->ans_step, first);
	ck_assert(it->ans_yes == (first == 0));
	tl.ans[first]++;
	expect_pass(it, first ? (snprintf(buf, sizeof buf, "no %d", first), buf)
	    : "yes", true);
	if (first) {
		snprintf(buf, sizeof buf, "step %d", first);
		expect_pass(it, buf, true);
		snprintf(buf, sizeof buf, "%d", first);
		expect_pass(it, buf, true);
		expect_explained(it, "yes", "the first step not finite");
	} else {
		expect_pass(it, "finite", true);
		snprintf(buf, sizeof buf, "no %d", it->nsteps);
		expect_explained(it, buf, "Every step stays finite");
	}
	if (it->nsteps == 1) {
		expect_pass(it, first ? "no" : "y", true);
	} else {
		drill_result res;
		drill_grade(it, "no", &res);	/* which step? */
		ck_assert(!res.understood && !res.pass);
		snprintf(buf, sizeof buf, "no %d", it->nsteps + 1);
		drill_grade(it, buf, &res);
		ck_assert(!res.understood && !res.pass);
	}
}

/* |d| x 2^k rounded to fp16 is at least the smallest normal, or finite. */
static bool
normal_at(const char *d, int k)
{
	mpq_t q;
	mpq_init(q);
	oracle_dec(d, q, NULL);
	/* at or above the midpoint below 2^-14, which ties up to 2^-14 */
	bool ok = oracle_cmp(q, ldexp(0x1p-14 - 0x1p-25, -k)) >= 0;
	mpq_clear(q);
	return ok;
}

static bool
finite_at(const char *d, int k)
{
	mpq_t q;
	mpq_init(q);
	oracle_dec(d, q, NULL);
	bool ok = oracle_cmp(q, ldexp(65520, -k)) < 0;	/* 65520 ties to inf */
	mpq_clear(q);
	return ok;
}

static void
check_scale(const drill_item *it)
{
	int a = -60, b = 60;	/* gradients 1e-10 .. 9.9e3: well inside */
	int digits;
	mpq_t q;

	while (a < 60 && !normal_at(it->gmin, a))
		a++;
	while (b > -60 && !finite_at(it->gmax, b))
		b--;
	ck_assert(a > -60 && a < 60 && b > -60 && b < 60 && a <= b);
	ck_assert_msg(it->ans_lo == a && it->ans_hi == b, "%s: %s..%s: "
	    "2^%d..2^%d, the oracle 2^%d..2^%d", it->id, it->gmin, it->gmax,
	    it->ans_lo, it->ans_hi, a, b);
	mpq_init(q);
	oracle_dec(it->gmin, q, &digits);
	mpq_clear(q);
	ck_assert_int_eq(digits, it->level == 3 ? 2 : 1);
	ck_assert(it->level != 1 || strncmp(it->gmin, "1e-", 3) == 0);
	char buf[64];
	snprintf(buf, sizeof buf, "%d to %d", a, b);
	expect_pass(it, buf, true);
	snprintf(buf, sizeof buf, "2^%d..2^%d", a - 1, b);
	expect_explained(it, buf, "smallest scale");
}

static void
check_order(const drill_item *it)
{
	static const char *const canon[] = { "forward", "backward", "unscale",
	    "clip", "step", "update" };
	char want[32], swapped[48];
	size_t n = 0;

	ck_assert_int_eq(it->norder, it->level == 1 ? 3 : it->level == 2 ? 4 : 6);
	for (int s = 0; s < 6; s++)
		for (int i = 0; i < it->norder; i++)
			if (strcmp(steporder_get(it->order[i])->key, canon[s]) == 0)
				n += (size_t)snprintf(want + n, sizeof want - n,
				    "%s%c", n ? " " : "", 'a' + i);
	ck_assert_uint_eq(n, 2 * (size_t)it->norder - 1);
	ck_assert_str_eq(it->answer, want);
	snprintf(swapped, sizeof swapped, "%s", want);
	char t = swapped[0];
	swapped[0] = swapped[2];
	swapped[2] = t;
	expect_pass(it, want, true);
	expect_explained(it, swapped, "comes before");
	drill_result res;
	snprintf(swapped, sizeof swapped, "%s %c", want, 'a' + it->norder);
	drill_grade(it, swapped, &res);		/* a letter not shown */
	ck_assert(!res.understood);
}

static void (*const checks[DRILL_NKINDS])(const drill_item *) = {
	check_encode, check_decode, check_round, check_ulp, check_swallow,
	check_overflow, check_scale, check_order,
};

/* Loop index: kind * 3 + level - 1. */
START_TEST(every_kind)
{
	drill_kind k = (drill_kind)(_i / 3);
	int level = _i % 3 + 1;

	memset(&tl, 0, sizeof tl);
	for (uint32_t s = 0; s < NSEEDS; s++) {
		drill_item it, again;
		uint32_t seed = drill_item_seed(12345, s);

		drill_make(k, level, seed, &it);
		ck_assert_int_eq(it.level, level);
		ck_assert(drill_from_id(it.id, &again));
		ck_assert_str_eq(again.prompt, it.prompt);
		ck_assert_str_eq(again.id, it.id);
		expect_pass(&it, it.answer, true);
		checks[k](&it);
		tl.n++;
	}
	/* What each level is for shows up often enough. */
	unsigned some = NSEEDS / 20;
	if (level == 3 && (k == DRILL_ENCODE || k == DRILL_ROUND))
		ck_assert_msg(tl.tie > some && tl.sub > some, "%s: %u ties, %u "
		    "subnormals", drill_kind_name(k), tl.tie, tl.sub);
	if (level == 3 && (k == DRILL_DECODE || k == DRILL_ULP))
		ck_assert_msg(tl.sub > some && tl.edge > some, "%s: %u "
		    "subnormals, %u extremes", drill_kind_name(k), tl.sub, tl.edge);
	if (level < 3 && k != DRILL_SCALE && k != DRILL_ORDER &&
	    k != DRILL_OVERFLOW && k != DRILL_SWALLOW)
		ck_assert_msg(tl.sub == 0, "%s: %u subnormals at level %d",
		    drill_kind_name(k), tl.sub, level);
	if ((level == 3 && (k == DRILL_ROUND || k == DRILL_SWALLOW)))
		ck_assert_msg(tl.tie_up > some / 4 && tl.tie_down > some / 4,
		    "%s: ties %u up, %u down", drill_kind_name(k), tl.tie_up,
		    tl.tie_down);
	if (k == DRILL_OVERFLOW) {	/* every answer comes up */
		int most = level == 1 ? 1 : level == 2 ? 2 : 4;
		for (int a = 0; a <= most; a++)
			ck_assert_msg(tl.ans[a] > (unsigned)NSEEDS / (4 * (most + 1)),
			    "overflow level %d: answer %d %u times of %u", level,
			    a, tl.ans[a], tl.n);
	}
}
END_TEST

/* The stream is fixed: the same seed gives the same drills everywhere;
 * ids carry the level, and the ids before levels read as level 2. */
START_TEST(fixed_stream)
{
	drill_item it, old;

	ck_assert_uint_eq(drill_mix(0), 0);
	ck_assert_uint_eq(drill_mix(0x9e3779b97f4a7c15u), 0xe220a8397b1dcdafu);
	drill_make(DRILL_ORDER, 2, 1, &it);
	ck_assert_str_eq(it.id, "order-2-00000001");
	ck_assert(drill_from_id("order-00000001", &old));
	ck_assert_int_eq(old.level, 2);
	ck_assert_str_eq(old.prompt, it.prompt);
	ck_assert(drill_from_id("order-3-00000001", &it));
	ck_assert_int_eq(it.level, 3);
	ck_assert_str_ne(old.prompt, it.prompt);
	ck_assert(!drill_from_id("encode-1234567", &it));
	ck_assert(!drill_from_id("nosuch-12345678", &it));
	ck_assert(!drill_from_id("encode-1234567G", &it));
	ck_assert(!drill_from_id("encode-4-12345678", &it));
	ck_assert(!drill_from_id("encode--12345678", &it));
	ck_assert_int_eq(drill_level_find("hard"), 3);
	ck_assert_int_eq(drill_level_find("1"), 1);
	ck_assert_int_eq(drill_level_find("4"), -1);
	ck_assert_int_eq(drill_level_find("12"), -1);
	ck_assert_str_eq(drill_level_name(2), "normal");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("drill");
	TCase *tc = tcase_create("drill");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, every_kind, 0, 3 * DRILL_NKINDS);
	tcase_add_test(tc, fixed_stream);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
