/*
 * check_calc.c — unit tests of the expression engine (src/calc).
 *
 * Every expected number is computed here, never taken from the engine:
 *
 *  - the compiler's _Float16 arithmetic (where the compiler has it) for the
 *    fp16 operations, and float arithmetic for fp32: both are IEEE
 *    correctly rounded, which is what the engine promises;
 *  - ref_round(), a round-to-nearest-even into a format written below with
 *    frexp/ldexp/rint (rint rounds ties to even in the default mode), used
 *    for bf16, tf32 and fp8 and for exp/log/softmax, whose definition
 *    (doc/design.md, "What it teaches") is "the double result, rounded
 *    once";
 *  - ref_bits(), a bit-pattern encoder from the format definitions, so that
 *    the patterns are checked and not just the values;
 *  - the softmax family by its textbook formulas in double.
 *
 * The fixtures of doc/design.md, "What it teaches" are checked against
 * those oracles, and against the numbers the design states where they are
 * exact.
 *
 * Loops over many random operands count mismatches (report()) and assert
 * once at the end: Check writes to a pipe on every ck_assert.
 */
#include <config.h>

#include "calc/calc.h"

#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the formats, as the standards define them -------------------------- */

struct ref {
	fp_id id;
	int p;			/* precision: stored mantissa bits + 1 */
	int emin, emax;		/* exponents of the smallest and largest normal */
	int bias, mbits, ebits, width;
	bool has_inf;
	double maxf;		/* the largest finite value */
};
/* maxf: (2 - 2^(1-p)) * 2^emax; for OCP e4m3 the top mantissa of the top
 * binade is NaN, so its max is 1.75 * 2^8 = 448. */
static const struct ref R16 = { FP_FP16, 11, -14, 15, 15, 10, 5, 16, true, 65504.0 };
static const struct ref RBF = { FP_BF16, 8, -126, 127, 127, 7, 8, 16, true,
	3.3895313892515355e38 };
static const struct ref R32 = { FP_FP32, 24, -126, 127, 127, 23, 8, 32, true,
	3.4028234663852886e38 };
static const struct ref RTF = { FP_TF32, 11, -126, 127, 127, 10, 8, 19, true,
	3.4011621342146535e38 };
static const struct ref RE4 = { FP_E4M3, 4, -6, 8, 7, 3, 4, 8, false, 448.0 };
static const struct ref RE5 = { FP_E5M2, 3, -14, 15, 15, 2, 5, 8, true, 57344.0 };

/* Round x (an exact double) to nearest, ties to even, into r.  Subnormals:
 * below 2^emin the quantum stays 2^(emin - p + 1).  Overflow: inf, or NaN
 * for a format without inf. */
static double
ref_round(const struct ref *r, double x)
{
	int e;

	if (isnan(x))
		return x;
	if (isinf(x))
		return r->has_inf ? x : NAN;
	if (x == 0)
		return x;
	(void)frexp(x, &e);		/* |x| in [2^(e-1), 2^e) */
	e -= 1;
	if (e < r->emin)
		e = r->emin;
	double k = rint(ldexp(x, r->p - 1 - e));
	double y = ldexp(k, e - (r->p - 1));
	if (fabs(y) > r->maxf)
		return r->has_inf ? copysign(INFINITY, x) : NAN;
	if (y == 0)
		y = copysign(0.0, x);
	return y;
}

/* The value of a bit pattern, by the textbook formula. */
static double
ref_decode(const struct ref *r, uint32_t bits)
{
	uint32_t e = (bits >> r->mbits) & ((1u << r->ebits) - 1);
	uint32_t m = bits & ((1u << r->mbits) - 1);
	double sgn = (bits >> (r->width - 1)) & 1 ? -1.0 : 1.0;
	uint32_t eall = (1u << r->ebits) - 1;

	if (r->has_inf && e == eall)
		return m ? NAN : sgn * INFINITY;
	if (!r->has_inf && e == eall && m == (1u << r->mbits) - 1)
		return NAN;
	if (e == 0)
		return sgn * ldexp((double)m, r->emin - r->mbits);
	return sgn * ldexp((double)(m | (1u << r->mbits)), (int)e - r->bias - r->mbits);
}

static bool
ref_is_nan_bits(const struct ref *r, uint32_t bits)
{
	return isnan(ref_decode(r, bits));
}

/* The pattern of a value the format holds exactly (not NaN). */
static uint32_t
ref_bits(const struct ref *r, double v)
{
	uint32_t s = signbit(v) ? 1u << (r->width - 1) : 0;
	double a = fabs(v);
	int e;

	if (isinf(a))
		return s | (((1u << r->ebits) - 1) << r->mbits);
	if (a == 0)
		return s;
	(void)frexp(a, &e);
	e -= 1;
	if (e < r->emin) {
		double q = ldexp(a, r->mbits - r->emin);
		return s | (uint32_t)q;
	}
	double q = ldexp(a, r->mbits - e) - ldexp(1.0, r->mbits);
	return s | ((uint32_t)(e + r->bias) << r->mbits) | (uint32_t)q;
}

/* Same value, NaN equal to NaN, and the sign of zero counts. */
static bool
same(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return a == b && signbit(a) == signbit(b);
}

/* ---- mismatch counting ----------------------------------------------------- */

static int nbad;

static void
report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
report(const char *fmt, ...)
{
	va_list ap;

	if (nbad++ >= 12)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void
reset(void)
{
	nbad = 0;
}

#define ASSERT_NO_MISMATCH(what) \
	ck_assert_msg(nbad == 0, "%s: %d mismatches (first ones on stderr)", (what), nbad)

/* A fixed-seed xorshift, so failures reproduce. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint32_t
rnd32(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	rng_state = x;
	return (uint32_t)(x >> 16);
}

/* ---- running the engine ---------------------------------------------------- */

static calc_policy
policy(const char *name)
{
	calc_policy p;

	ck_assert_msg(calc_policy_parse(name, &p), "policy %s rejected", name);
	return p;
}

/* Parse and evaluate; false (with err) on an error, without asserting. */
static bool
try_eval(const char *text, const char *pol, calc_trace *t, calc_error *err)
{
	calc_policy p;
	calc_expr *e;
	bool ok;

	if (!calc_policy_parse(pol, &p)) {
		snprintf(err->msg, sizeof err->msg, "policy %s rejected", pol);
		return false;
	}
	e = calc_parse(text, err);
	if (e == NULL)
		return false;
	ok = calc_eval(e, &p, t, err);
	calc_free(e);
	return ok;
}

static void
eval_ok(const char *text, const char *pol, calc_trace *t)
{
	calc_error err;

	ck_assert_msg(try_eval(text, pol, t, &err), "'%s' under %s: error at %zu: %s",
	    text, pol, err.pos, err.msg);
	ck_assert_msg(t->nsteps > 0, "'%s': empty trace", text);
}

static const calc_step *
last(const calc_trace *t)
{
	return &t->steps[t->nsteps - 1];
}

/* The nth (0-based) step with this op, or NULL. */
static const calc_step *
find_op(const calc_trace *t, const char *op, int nth)
{
	for (size_t i = 0; i < t->nsteps; i++)
		if (strcmp(t->steps[i].op, op) == 0 && nth-- == 0)
			return &t->steps[i];
	return NULL;
}

static int
index_of(const calc_trace *t, const calc_step *s)
{
	return (int)(s - t->steps);
}

/* Check a step's values and patterns against expected values of format r. */
static void
expect_values(const calc_step *s, const struct ref *r, const double *want, size_t n,
    const char *what)
{
	ck_assert_msg(s->n == n, "%s: %zu elements, want %zu", what, s->n, n);
	ck_assert_msg(s->dtype == fp_format_get(r->id), "%s: ran in %s, want %s", what,
	    s->dtype->name, fp_format_get(r->id)->name);
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(same(s->value[i], want[i]), "%s[%zu] = %.17g, want %.17g",
		    what, i, s->value[i], want[i]);
		if (isnan(want[i]))
			ck_assert_msg(ref_is_nan_bits(r, s->bits[i]), "%s[%zu]: bits 0x%x "
			    "are not a NaN", what, i, (unsigned)s->bits[i]);
		else
			ck_assert_msg(s->bits[i] == ref_bits(r, want[i]), "%s[%zu]: bits "
			    "0x%x, want 0x%x", what, i, (unsigned)s->bits[i],
			    (unsigned)ref_bits(r, want[i]));
	}
}

static void
expect_scalar(const char *text, const char *pol, const struct ref *r, double want)
{
	calc_trace t;

	eval_ok(text, pol, &t);
	expect_values(last(&t), r, &want, 1, text);
	calc_trace_free(&t);
}

/* A parse error at pos whose message holds key. */
static void
expect_parse_error(const char *text, size_t pos, const char *key)
{
	calc_error err;
	calc_expr *e = calc_parse(text, &err);

	if (e != NULL)
		calc_free(e);
	ck_assert_msg(e == NULL, "'%.40s' parsed; expected an error", text);
	ck_assert_msg(err.pos == pos, "'%.40s': error at %zu, want %zu (%s)", text,
	    err.pos, pos, err.msg);
	ck_assert_msg(strstr(err.msg, key) != NULL, "'%.40s': message '%s' lacks '%s'",
	    text, err.msg, key);
}

/* Parses, then an evaluation error at pos whose message holds key. */
static void
expect_eval_error(const char *text, const char *pol, size_t pos, const char *key)
{
	calc_error err;
	calc_policy p = policy(pol);
	calc_expr *e = calc_parse(text, &err);
	calc_trace t;

	ck_assert_msg(e != NULL, "'%s': parse error %s", text, err.msg);
	bool ok = calc_eval(e, &p, &t, &err);
	calc_free(e);
	if (ok)
		calc_trace_free(&t);
	ck_assert_msg(!ok, "'%s' under %s evaluated; expected an error", text, pol);
	ck_assert_msg(t.nsteps == 0 && t.steps == NULL, "'%s': failed trace not freed", text);
	ck_assert_msg(err.pos == pos, "'%s': error at %zu, want %zu (%s)", text, err.pos,
	    pos, err.msg);
	ck_assert_msg(strstr(err.msg, key) != NULL, "'%s': message '%s' lacks '%s'",
	    text, err.msg, key);
}

/* ==== 1. the fixtures of doc/design.md, "What it teaches" ================= */

START_TEST(test_fixture_10000_squared)
{
	calc_trace t;
	const calc_step *m;

	/* fp16: 10000 is exact (10000 = 1.220703125 * 2^13, 10 bits), the
	 * product 1e8 is far beyond 65504. */
	eval_ok("10000*10000", "fp16", &t);
	m = last(&t);
	ck_assert_str_eq(m->op, "*");
	ck_assert_ptr_eq(m->dtype, fp_format_get(FP_FP16));
	ck_assert(isinf(m->value[0]) && m->value[0] > 0);
	ck_assert_uint_eq(m->bits[0], 0x7c00);
	ck_assert_int_eq(t.first_nonfinite, index_of(&t, m));
	ck_assert_int_eq(m->cause, CALC_CAUSE_OVERFLOW);
	ck_assert(m->flags & FP_FLAG_OVERFLOW);
	ck_assert(m->nonfinite);
	for (size_t i = 0; i + 1 < t.nsteps; i++) {
		ck_assert_str_eq(t.steps[i].op, "literal");
		ck_assert(t.steps[i].value[0] == 10000.0);
		ck_assert(!(t.steps[i].flags & FP_FLAG_INEXACT));
		ck_assert(!t.steps[i].nonfinite);
	}
	calc_trace_free(&t);

	/* bf16: 10000 -> 9984 (8 significant bits), then 9984^2 rounded. */
	eval_ok("10000*10000", "bf16", &t);
	const calc_step *lit = find_op(&t, "literal", 0);
	ck_assert_ptr_nonnull(lit);
	ck_assert(lit->value[0] == 9984.0);
	ck_assert(ref_round(&RBF, 10000.0) == 9984.0);
	ck_assert(lit->flags & FP_FLAG_INEXACT);
	double want = ref_round(&RBF, 9984.0 * 9984.0);
	ck_assert(want == 99614720.0);
	expect_values(last(&t), &RBF, &want, 1, "bf16 10000*10000");
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);

	eval_ok("10000*10000", "fp32", &t);
	want = (double)(10000.0f * 10000.0f);
	ck_assert(want == 1e8);
	expect_values(last(&t), &R32, &want, 1, "fp32 10000*10000");
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);
}
END_TEST

#define NAIVE "exp([20,19]) / sum(exp([20,19]))"

START_TEST(test_fixture_naive_softmax_fp16)
{
	calc_trace t;
	char buf[512];

	eval_ok(NAIVE, "fp16", &t);
	const calc_step *e0 = find_op(&t, "exp", 0), *div = last(&t);
	ck_assert_ptr_nonnull(e0);
	ck_assert_int_eq(t.first_nonfinite, index_of(&t, e0));
	ck_assert_int_eq(e0->cause, CALC_CAUSE_OVERFLOW);
	ck_assert(e0->flags & FP_FLAG_OVERFLOW);
	ck_assert(isinf(e0->value[0]) && isinf(e0->value[1]));
	/* exp(19) = 1.78e8 overflows too: both elements are inf. */
	ck_assert_str_eq(div->op, "/");
	ck_assert_int_eq(div->cause, CALC_CAUSE_INVALID);
	ck_assert(div->flags & FP_FLAG_INVALID);
	ck_assert(div->vector && div->n == 2);
	ck_assert(isnan(div->value[0]) && isnan(div->value[1]));
	ck_assert(ref_is_nan_bits(&R16, div->bits[0]) && ref_is_nan_bits(&R16, div->bits[1]));
	const calc_step *sum = find_op(&t, "sum", 0);
	ck_assert_ptr_nonnull(sum);
	ck_assert(isinf(sum->value[0]));
	ck_assert_int_eq(sum->cause, CALC_CAUSE_PROPAGATED);

	calc_explain(&t, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "overflow") != NULL, "explain: %s", buf);
	ck_assert_msg(strstr(buf, "65504") != NULL, "explain: %s", buf);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_naive_softmax_bf16_fp32)
{
	calc_trace t;

	/* bf16: every step rounded by ref_round from its exact double. */
	double e0 = ref_round(&RBF, exp(20.0)), e1 = ref_round(&RBF, exp(19.0));
	double s = ref_round(&RBF, e0 + e1);
	double want[2] = { ref_round(&RBF, e0 / s), ref_round(&RBF, e1 / s) };
	double wexp[2] = { e0, e1 };

	eval_ok(NAIVE, "bf16", &t);
	expect_values(find_op(&t, "exp", 0), &RBF, wexp, 2, "bf16 exp");
	expect_values(find_op(&t, "sum", 0), &RBF, &s, 1, "bf16 sum");
	expect_values(last(&t), &RBF, want, 2, "bf16 naive softmax");
	ck_assert_int_eq(t.first_nonfinite, -1);
	/* The design's ≈ [0.7305, 0.2695]. */
	ck_assert(fabs(want[0] - 0.7305) < 5e-4 && fabs(want[1] - 0.2695) < 5e-4);
	calc_trace_free(&t);

	/* fp32: float arithmetic is the oracle (exp is the double, rounded). */
	float f0 = (float)exp(20.0), f1 = (float)exp(19.0);
	float fs = f0 + f1;
	double w32[2] = { (double)(f0 / fs), (double)(f1 / fs) };
	eval_ok(NAIVE, "fp32", &t);
	expect_values(last(&t), &R32, w32, 2, "fp32 naive softmax");
	ck_assert(fabs(w32[0] - 0.7311) < 1e-4 && fabs(w32[1] - 0.2689) < 1e-4);
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_stable_softmax)
{
	static const struct ref *const fmts[] = { &R16, &RBF, &R32 };
	static const char *const names[] = { "fp16", "bf16", "fp32" };
	double d = 1.0 + exp(-1.0);
	calc_trace t;

	for (int k = 0; k < 3; k++) {
		double want[2] = { ref_round(fmts[k], 1.0 / d), ref_round(fmts[k], exp(-1.0) / d) };
		eval_ok("softmax([20,19])", names[k], &t);
		expect_values(last(&t), fmts[k], want, 2, names[k]);
		ck_assert_int_eq(t.first_nonfinite, -1);
		ck_assert(fabs(want[0] - 0.731) < 1e-3 && fabs(want[1] - 0.269) < 1e-3);
		calc_trace_free(&t);
	}
	/* By hand: 0.7310585786 * 2048 = 1497.2 -> 1497/2048; 0.2689414 * 4096
	 * = 1101.58 -> 1102/4096. */
	eval_ok("softmax([20,19])", "fp16", &t);
	ck_assert(last(&t)->value[0] == 1497.0 / 2048 && last(&t)->value[1] == 1102.0 / 4096);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_subnormal_unscale)
{
	calc_trace t;

	eval_ok("fp32(fp16(1e-8*1024))/1024", "fp32", &t);
	/* 1e-8 in fp32, times 1024 in fp32, then into fp16's subnormal range
	 * where the quantum is 2^-24. */
	float scaled = 1e-8f * 1024.0f;
	double sub = ref_round(&R16, (double)scaled);
	ck_assert(sub == 1.0251998901367188e-05);
	ck_assert(sub == ldexp(172.0, -24));
	const calc_step *c = find_op(&t, "fp16", 0);
	ck_assert_ptr_nonnull(c);
	expect_values(c, &R16, &sub, 1, "fp16 cast");
	ck_assert(c->flags & FP_FLAG_SUBNORMAL);
	ck_assert(c->flags & FP_FLAG_INEXACT);
	ck_assert(c->flags & FP_FLAG_UNDERFLOW);
	double fin = (double)((float)sub / 1024.0f);
	expect_values(last(&t), &R32, &fin, 1, "unscaled");
	ck_assert(fabs(fin - 1.00117e-8) < 1e-13);
	calc_trace_free(&t);

	/* As a gradient in fp16, 1e-8 is below half of 2^-24: zero. */
	eval_ok("1e-8", "fp16", &t);
	ck_assert(last(&t)->value[0] == 0 && !signbit(last(&t)->value[0]));
	ck_assert(last(&t)->flags & FP_FLAG_UNDERFLOW);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_absorption)
{
	/* The ulp of 1 is 2^-10 in fp16 and 2^-7 in bf16: anything below half
	 * of it is lost. */
	expect_scalar("1 + 1e-4", "fp16", &R16, 1.0);
	expect_scalar("1 + 1e-3", "bf16", &RBF, 1.0);
	expect_scalar("1 + 1e-3", "fp16", &R16, ref_round(&R16, 1.0 + ref_round(&R16, 1e-3)));
	expect_scalar("1 + 1e-4", "fp32", &R32, (double)(1.0f + 1e-4f));
}
END_TEST

/* ==== 2. elementwise ops against the compiler's arithmetic ================== */

#ifdef HAVE_FLOAT16
__extension__ typedef _Float16 half;

static half
h_of(uint16_t u)
{
	half h;
	memcpy(&h, &u, sizeof h);
	return h;
}

static uint16_t
u_of(half h)
{
	uint16_t u;
	memcpy(&u, &h, sizeof u);
	return u;
}
#endif

/* A random pattern of the format, decoded; mostly finite. */
static double
rand_value(const struct ref *r, uint32_t *bits)
{
	uint32_t b = rnd32() & (r->width == 32 ? 0xffffffffu : (1u << r->width) - 1);
	if (bits)
		*bits = b;
	return ref_decode(r, b);
}

/* Flags of rounding the exact result `ex` into r, giving `res`, by their
 * definitions (tininess before rounding); the caller works out whether
 * the rounding was inexact, since for / the double `ex` is not exact. */
static unsigned
ref_flags(const struct ref *r, double ex, double res, bool inexact)
{
	unsigned fl = 0;
	double minn = ldexp(1.0, r->emin);

	if (inexact)
		fl |= FP_FLAG_INEXACT;
	if (!isfinite(res) && isfinite(ex))
		fl |= FP_FLAG_OVERFLOW | FP_FLAG_INEXACT;
	if (ex != 0 && fabs(ex) < minn && inexact)
		fl |= FP_FLAG_UNDERFLOW;
	if (res != 0 && fabs(res) < minn)
		fl |= FP_FLAG_SUBNORMAL;
	return fl;
}

#define FLAG_MASK (FP_FLAG_INEXACT | FP_FLAG_OVERFLOW | FP_FLAG_UNDERFLOW | \
	FP_FLAG_SUBNORMAL | FP_FLAG_INVALID)

/* Evaluate one expression of a pair; compare its last step. */
static void
check_one(const char *text, const char *pol, const struct ref *r, double want,
    bool check_flags, unsigned wflags)
{
	calc_trace t;
	calc_error err;

	if (!try_eval(text, pol, &t, &err)) {
		report("%s [%s]: error %s", text, pol, err.msg);
		return;
	}
	const calc_step *s = last(&t);
	if (s->dtype != fp_format_get(r->id))
		report("%s [%s]: ran in %s", text, pol, s->dtype->name);
	else if (!same(s->value[0], want))
		report("%s [%s]: %a, want %a", text, pol, s->value[0], want);
	else if (isnan(want) ? !ref_is_nan_bits(r, s->bits[0])
	    : s->bits[0] != ref_bits(r, want))
		report("%s [%s]: bits 0x%x", text, pol, (unsigned)s->bits[0]);
	else if (check_flags && (s->eflags[0] & FLAG_MASK) != wflags)
		report("%s [%s]: flags 0x%x, want 0x%x", text, pol, s->eflags[0], wflags);
	calc_trace_free(&t);
}

/* + - * / of random pairs, and sqrt, abs, neg, against double arithmetic
 * rounded by ref_round (bf16, tf32, fp8) or against the compiler (below). */
static void
ops_vs_ref(const struct ref *r, const char *pol, int npairs)
{
	static const char ops[] = "+-*/";
	char text[200];

	for (int i = 0; i < npairs; i++) {
		double a = rand_value(r, NULL), b = rand_value(r, NULL);
		for (int k = 0; k < 4; k++) {
			double ex = k == 0 ? a + b : k == 1 ? a - b : k == 2 ? a * b : a / b;
			double want = ref_round(r, ex);
			bool fin = isfinite(a) && isfinite(b) && !(k == 3 && b == 0);
			/* + - * are exact in double for these formats; for /
			 * the quotient is exact iff want * b == a. */
			bool inexact = k == 3 ? !(isfinite(want) && want * b == a) : want != ex;
			snprintf(text, sizeof text, "(%a) %c (%a)", a, ops[k], b);
			check_one(text, pol, r, want, fin, fin ? ref_flags(r, ex, want, inexact) : 0);
		}
		snprintf(text, sizeof text, "sqrt(%a)", a);
		double sq = ref_round(r, sqrt(a));
		check_one(text, pol, r, sq, isfinite(a) && a >= 0,
		    ref_flags(r, sqrt(a), sq, sq * sq != a));
		snprintf(text, sizeof text, "abs(%a)", a);
		check_one(text, pol, r, fabs(a), isfinite(a), ref_flags(r, a, fabs(a), false));
		snprintf(text, sizeof text, "-(%a)", a);
		check_one(text, pol, r, -a, false, 0);
	}
}

START_TEST(test_fp16_ops_vs_float16)
{
#ifdef HAVE_FLOAT16
	static const char ops[] = "+-*/";
	char text[200];

	for (int i = 0; i < 6000; i++) {
		uint16_t ua = (uint16_t)rnd32(), ub = (uint16_t)rnd32();
		if (i < 64) {	/* some hand-picked corners first */
			static const uint16_t corner[] = { 0x0000, 0x8000, 0x0001, 0x03ff,
				0x0400, 0x3c00, 0x3c01, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
				0x1400, 0x5bff, 0x2000, 0x3555 };
			ua = corner[i % 16];
			ub = corner[(i / 16 + i) % 16];
		}
		half ha = h_of(ua), hb = h_of(ub);
		double a = (double)ha, b = (double)hb;
		half hr[4] = { ha + hb, ha - hb, ha * hb, ha / hb };
		for (int k = 0; k < 4; k++) {
			double want = (double)hr[k];
			double ex = k == 0 ? a + b : k == 1 ? a - b : k == 2 ? a * b : a / b;
			bool fin = isfinite(a) && isfinite(b) && !(k == 3 && b == 0);
			bool inexact = k == 3 ? !(isfinite(want) && want * b == a) : want != ex;
			snprintf(text, sizeof text, "(%a)%c(%a)", a, ops[k], b);
			/* The pattern, compared with the compiler's own. */
			calc_trace t;
			calc_error err;
			if (!try_eval(text, "fp16", &t, &err)) {
				report("%s: error %s", text, err.msg);
				continue;
			}
			const calc_step *s = last(&t);
			if (isnan(want) ? !ref_is_nan_bits(&R16, s->bits[0])
			    : s->bits[0] != u_of(hr[k]))
				report("%s [fp16]: bits 0x%04x, _Float16 gives 0x%04x", text,
				    (unsigned)s->bits[0], (unsigned)u_of(hr[k]));
			else if (!same(s->value[0], want))
				report("%s [fp16]: value %a, want %a", text, s->value[0], want);
			else if (s->dtype != fp_format_get(FP_FP16))
				report("%s: ran in %s", text, s->dtype->name);
			else if (fin && (s->eflags[0] & FLAG_MASK) !=
			    ref_flags(&R16, ex, want, inexact))
				report("%s [fp16]: flags 0x%x, want 0x%x", text, s->eflags[0],
				    ref_flags(&R16, ex, want, inexact));
			calc_trace_free(&t);
		}
		half hs = (half)sqrtf((float)ha);
		snprintf(text, sizeof text, "sqrt(%a)", a);
		check_one(text, "fp16", &R16, (double)hs, false, 0);
		half hab = (half)fabsf((float)ha);
		snprintf(text, sizeof text, "abs(%a)", a);
		check_one(text, "fp16", &R16, (double)hab, false, 0);
		snprintf(text, sizeof text, "-(%a)", a);
		check_one(text, "fp16", &R16, (double)(-ha), false, 0);
	}
	ASSERT_NO_MISMATCH("fp16 ops vs _Float16");
#endif
	/* Without _Float16, the same pairs against ref_round. */
	ops_vs_ref(&R16, "fp16", 1000);
	ASSERT_NO_MISMATCH("fp16 ops vs ref_round");
}
END_TEST

START_TEST(test_fp32_ops_vs_float)
{
	static const char ops[] = "+-*/";
	char text[200];

	for (int i = 0; i < 3000; i++) {
		uint32_t ua = rnd32(), ub = rnd32();
		float fa, fb;
		if (i % 3 == 0)		/* keep exponents close: real cancellation */
			ub = (ua & 0xff800000u) | (ub & 0x007fffffu);
		memcpy(&fa, &ua, 4);
		memcpy(&fb, &ub, 4);
		float fr[4] = { fa + fb, fa - fb, fa * fb, fa / fb };
		for (int k = 0; k < 4; k++) {
			snprintf(text, sizeof text, "(%a)%c(%a)", (double)fa, ops[k], (double)fb);
			check_one(text, "fp32", &R32, (double)fr[k], false, 0);
		}
		snprintf(text, sizeof text, "sqrt(%a)", (double)fa);
		check_one(text, "fp32", &R32, (double)sqrtf(fa), false, 0);
	}
	ASSERT_NO_MISMATCH("fp32 ops vs float");
}
END_TEST

START_TEST(test_bf16_ops_vs_ref)
{
	ops_vs_ref(&RBF, "bf16", 3000);
	ASSERT_NO_MISMATCH("bf16 ops");
}
END_TEST

START_TEST(test_small_formats_ops_vs_ref)
{
	ops_vs_ref(&RTF, "tf32", 800);
	ops_vs_ref(&RE4, "e4m3", 800);
	ops_vs_ref(&RE5, "e5m2", 800);
	ASSERT_NO_MISMATCH("tf32/e4m3/e5m2 ops");
}
END_TEST

/* exp and log: the double result rounded once (doc/design.md, "What it
 * teaches"). */
START_TEST(test_exp_log_vs_ref)
{
	static const struct ref *const fmts[] = { &R16, &RBF, &R32 };
	static const char *const names[] = { "fp16", "bf16", "fp32" };
	char text[200];

	for (int k = 0; k < 3; k++)
		for (int i = 0; i < 1500; i++) {
			/* Arguments spread over where exp overflows and underflows. */
			double x = ref_round(fmts[k], ldexp((double)(int32_t)rnd32(), -24));
			snprintf(text, sizeof text, "exp(%a)", x);
			check_one(text, names[k], fmts[k], ref_round(fmts[k], exp(x)), false, 0);
			double y = fabs(rand_value(fmts[k], NULL));
			snprintf(text, sizeof text, "log(%a)", y);
			check_one(text, names[k], fmts[k], ref_round(fmts[k], log(y)), false, 0);
		}
	ASSERT_NO_MISMATCH("exp/log");
}
END_TEST

/* Decimal literals are rounded once, from the text, not through double. */
START_TEST(test_literals_rounded_once)
{
	/* 1 + 2^-11 is the fp16 midpoint between 1 and 1 + 2^-10; a hair
	 * above it must round up.  Through double the hair is lost and the
	 * tie goes to even (1). */
	expect_scalar("1.00048828125000000000000000001", "fp16", &R16, 1.0 + ldexp(1, -10));
	expect_scalar("1.00048828125", "fp16", &R16, 1.0);
	expect_scalar("1.00146484375", "fp16", &R16, 1.0 + ldexp(2, -10));	/* 1+3*2^-11: tie to even */
	/* Same for fp32 at 1 + 2^-24. */
	expect_scalar("1.0000000596046447753906250000001", "fp32", &R32, 1.0 + ldexp(1, -23));
	expect_scalar("1.000000059604644775390625", "fp32", &R32, 1.0);
	/* Hex floats are exact; 2^-25 is half the smallest fp16 subnormal. */
	expect_scalar("0x1p-24", "fp16", &R16, ldexp(1, -24));
	expect_scalar("0x1p-25", "fp16", &R16, 0.0);
	expect_scalar("0x1.000001p-25", "fp16", &R16, ldexp(1, -24));
	expect_scalar("0x1.8p1", "bf16", &RBF, 3.0);
	/* In hex, 'e' is a digit and '-' is subtraction: 0x1e - 3 = 27. */
	expect_scalar("0x1e-3", "fp32", &R32, 27.0);
	expect_scalar("65519", "fp16", &R16, 65504.0);
	expect_scalar("65520", "fp16", &R16, INFINITY);
}
END_TEST

/* ==== 3. policies ============================================================= */

START_TEST(test_policy_parse)
{
	static const char *const good[] = { "fp16", "bf16", "fp32", "tf32", "e4m3",
		"e5m2", "FP16", "Bf16", "autocast-fp16", "autocast-bf16",
		"autocast-BF16" };
	static const fp_id gid[] = { FP_FP16, FP_BF16, FP_FP32, FP_TF32, FP_E4M3,
		FP_E5M2, FP_FP16, FP_BF16, FP_FP16, FP_BF16, FP_BF16 };
	static const char *const bad[] = { "autocast-fp32", "autocast-e4m3", "fp99",
		"", "autocast-", "autocast", "fp16 ", "fp1", "fp16x" };
	calc_policy p;

	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		memset(&p, 0, sizeof p);
		ck_assert_msg(calc_policy_parse(good[i], &p), "%s rejected", good[i]);
		ck_assert_ptr_eq(p.fmt, fp_format_get(gid[i]));
		ck_assert_int_eq(p.autocast, strncmp(good[i], "autocast", 8) == 0);
		ck_assert_msg(strstr(p.name, p.fmt->name) != NULL, "name %s", p.name);
	}
	ck_assert(calc_policy_parse("autocast-fp16", &p));
	ck_assert_str_eq(p.name, "autocast-fp16");
	ck_assert(calc_policy_parse("FP16", &p));
	ck_assert_str_eq(p.name, "fp16");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!calc_policy_parse(bad[i], &p), "'%s' accepted", bad[i]);
}
END_TEST

START_TEST(test_autocast)
{
	const fp_format *h = fp_format_get(FP_FP16), *b = fp_format_get(FP_BF16);
	const fp_format *f = fp_format_get(FP_FP32);
	calc_trace t;

	/* Literals are fp32, exp is on the fp32 list: exp(20) stays finite. */
	eval_ok("exp([20,19])", "autocast-fp16", &t);
	ck_assert_ptr_eq(t.steps[0].dtype, f);
	double w[2] = { (double)(float)exp(20.0), (double)(float)exp(19.0) };
	expect_values(last(&t), &R32, w, 2, "autocast exp");
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);

	/* matmul is on the low-precision list: both inputs are cast first. */
	eval_ok("matmul([1,2],[3,4])", "autocast-fp16", &t);
	const calc_step *dot = last(&t);
	ck_assert_str_eq(dot->op, "matmul");
	ck_assert_ptr_eq(dot->dtype, h);
	ck_assert(dot->value[0] == 11.0);
	for (int k = 0; k < 2; k++) {
		ck_assert_int_ge(dot->args[k], 0);
		const calc_step *c = &t.steps[dot->args[k]];
		ck_assert_str_eq(c->op, "autocast");
		ck_assert_ptr_eq(c->dtype, h);
		ck_assert_int_ge(c->args[0], 0);
		ck_assert_ptr_eq(t.steps[c->args[0]].dtype, f);
		ck_assert_int_lt(c->args[0], dot->args[k]);
	}
	calc_trace_free(&t);

	/* The cast step rounds the fp32 value (what x.half() does). */
	eval_ok("[0.1, 3] @ [1, 1]", "autocast-bf16", &t);
	const calc_step *c = find_op(&t, "autocast", 0);
	ck_assert_ptr_nonnull(c);
	double wc[2] = { ref_round(&RBF, (double)0.1f), 3.0 };
	expect_values(c, &RBF, wc, 2, "autocast cast");
	double wd = ref_round(&RBF, wc[0] + 3.0);
	expect_values(last(&t), &RBF, &wd, 1, "autocast-bf16 matmul");
	ck_assert_ptr_eq(last(&t)->dtype, b);
	calc_trace_free(&t);

	/* Elementwise ops run in the widest input: fp32 literals, fp32. */
	eval_ok("[1,2]*[3,4]", "autocast-fp16", &t);
	ck_assert_ptr_eq(last(&t)->dtype, f);
	ck_assert(find_op(&t, "autocast", 0) == NULL);
	calc_trace_free(&t);
	eval_ok("fp16([1,2])*fp16([3,4])", "autocast-fp16", &t);
	ck_assert_ptr_eq(last(&t)->dtype, h);
	calc_trace_free(&t);
	eval_ok("sqrt(fp16(2))", "autocast-fp16", &t);
	ck_assert_ptr_eq(last(&t)->dtype, h);
	calc_trace_free(&t);

	/* fp32 list even for fp16 inputs; widening needs no cast step. */
	static const char *const fp32ops[] = { "exp(fp16([1,2]))", "log(fp16([1,2]))",
		"sum(fp16([1,2]))", "softmax(fp16([1,2]))",
		"log_softmax(fp16([1,2]))", "logsumexp(fp16([1,2]))",
		"cross_entropy(fp16([1,2]), 1)" };
	for (size_t i = 0; i < sizeof fp32ops / sizeof fp32ops[0]; i++) {
		eval_ok(fp32ops[i], "autocast-fp16", &t);
		ck_assert_msg(last(&t)->dtype == f, "%s ran in %s", fp32ops[i],
		    last(&t)->dtype->name);
		ck_assert(find_op(&t, "autocast", 0) == NULL);
		calc_trace_free(&t);
		/* ...and without autocast it runs in its input's dtype. */
		eval_ok(fp32ops[i], "fp16", &t);
		ck_assert_msg(last(&t)->dtype == h, "%s [fp16] ran in %s", fp32ops[i],
		    last(&t)->dtype->name);
		calc_trace_free(&t);
	}

	/* An explicit cast inside autocast still rounds: 70000 > 65504. */
	eval_ok("fp16(70000)", "autocast-fp16", &t);
	ck_assert_ptr_eq(last(&t)->dtype, h);
	ck_assert(isinf(last(&t)->value[0]));
	ck_assert_int_eq(last(&t)->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(t.steps[0].dtype->id, FP_FP32);
	ck_assert(t.steps[0].value[0] == 70000.0);
	calc_trace_free(&t);

	/* The naive softmax under autocast: exp and sum in fp32, the division
	 * in the widest input, fp32: finite, equal to the fp32 policy's. */
	calc_trace t32;
	eval_ok(NAIVE, "autocast-fp16", &t);
	eval_ok(NAIVE, "fp32", &t32);
	ck_assert_int_eq(t.first_nonfinite, -1);
	expect_values(last(&t), &R32, last(&t32)->value, 2, "autocast naive softmax");
	calc_trace_free(&t);
	calc_trace_free(&t32);
}
END_TEST

START_TEST(test_promotion)
{
	calc_trace t;

	/* Neither fp16 nor bf16 holds the other: PyTorch promotes to fp32. */
	static const char *const pols[] = { "fp16", "bf16", "fp32", "autocast-fp16",
		"autocast-bf16" };
	for (size_t i = 0; i < 5; i++) {
		eval_ok("fp16(1) + bf16(1)", pols[i], &t);
		ck_assert_msg(last(&t)->dtype->id == FP_FP32, "%s: %s", pols[i],
		    last(&t)->dtype->name);
		ck_assert(last(&t)->value[0] == 2.0);
		calc_trace_free(&t);
	}
	/* fp32 holds fp16: an fp32 operand widens the op under a fixed fp16
	 * policy; fp16(2049) is 2048 and 2048 + 1 is exact in fp32. */
	eval_ok("fp32(1) + fp16(2049)", "fp16", &t);
	ck_assert_int_eq(last(&t)->dtype->id, FP_FP32);
	ck_assert(last(&t)->value[0] == 2049.0);
	calc_trace_free(&t);
	/* Two fp16 operands under fp32: the op runs in fp16. */
	eval_ok("fp16(2048) + fp16(1)", "fp32", &t);
	ck_assert_int_eq(last(&t)->dtype->id, FP_FP16);
	ck_assert(last(&t)->value[0] == 2048.0);
	calc_trace_free(&t);
}
END_TEST

/* Traces of one expression under different policies line up by node. */
START_TEST(test_trace_alignment)
{
	calc_trace a, b;

	eval_ok(NAIVE, "fp16", &a);
	eval_ok(NAIVE, "bf16", &b);
	ck_assert_uint_eq(a.nsteps, b.nsteps);
	for (size_t i = 0; i < a.nsteps; i++) {
		ck_assert_int_eq(a.steps[i].node, b.steps[i].node);
		ck_assert_str_eq(a.steps[i].op, b.steps[i].op);
		ck_assert_str_eq(a.steps[i].label, b.steps[i].label);
		for (int k = 0; k < 2; k++)
			ck_assert_int_lt(a.steps[i].args[k], (int)i);
	}
	ck_assert_str_eq(last(&a)->label, NAIVE);
	ck_assert_str_eq(a.steps[0].label, "[20,19]");
	ck_assert_str_eq(a.policy.name, "fp16");
	calc_trace_free(&a);
	calc_trace_free(&b);

	/* A parsed expression is reusable, and its text is kept. */
	calc_error err;
	calc_expr *e = calc_parse("  1 + 2 ", &err);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(calc_text(e), "  1 + 2 ");
	calc_policy p16 = policy("fp16"), p32 = policy("fp32");
	ck_assert(calc_eval(e, &p16, &a, &err));
	ck_assert(calc_eval(e, &p32, &b, &err));
	ck_assert(last(&a)->value[0] == 3.0 && last(&b)->value[0] == 3.0);
	ck_assert_str_eq(last(&a)->label, "1 + 2");
	calc_trace_free(&a);
	calc_trace_free(&b);
	calc_free(e);
}
END_TEST

/* ==== 4. functions ============================================================ */

START_TEST(test_reductions)
{
	calc_trace t;

	expect_scalar("sum([1, 2, 3.5])", "fp16", &R16, 6.5);
	expect_scalar("mean([1, 2, 4])", "fp16", &R16, ref_round(&R16, 7.0 / 3.0));
	expect_scalar("mean([1, 2, 4])", "fp32", &R32, (double)(7.0f / 3.0f));
	expect_scalar("max([1, 5, -3])", "fp16", &R16, 5.0);
	expect_scalar("min([1, 5, -3])", "fp16", &R16, -3.0);
	expect_scalar("max(2)", "bf16", &RBF, 2.0);
	expect_scalar("dot([1,2],[3,4])", "fp16", &R16, 11.0);
	expect_scalar("dot([0.1,0.2],[0.3,0.4])", "bf16", &RBF,
	    ref_round(&RBF, ref_round(&RBF, 0.1) * ref_round(&RBF, 0.3) +
		ref_round(&RBF, 0.2) * ref_round(&RBF, 0.4)));
	/* The sum accumulates wide and rounds once: 2048 + 1 + 1 = 2050 in
	 * fp16, where one-by-one rounding would stay at 2048. */
	expect_scalar("sum([2048, 1, 1])", "fp16", &R16, 2050.0);
	/* A sum of finite values can overflow. */
	eval_ok("sum([60000, 60000])", "fp16", &t);
	ck_assert(isinf(last(&t)->value[0]));
	ck_assert_int_eq(last(&t)->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(t.first_nonfinite, (int)t.nsteps - 1);
	calc_trace_free(&t);

	/* Elementwise max/min, with scalar broadcast. */
	eval_ok("max([1, 5], [4, 2])", "fp16", &t);
	double w[2] = { 4, 5 };
	expect_values(last(&t), &R16, w, 2, "max elementwise");
	ck_assert(last(&t)->vector);
	calc_trace_free(&t);
	eval_ok("min([1, 5, 3], 2)", "fp16", &t);
	double w3[3] = { 1, 2, 2 };
	expect_values(last(&t), &R16, w3, 3, "min broadcast");
	calc_trace_free(&t);
	/* NaN propagates through max and min (torch.maximum, torch.max). */
	eval_ok("max([1, nan, 3])", "fp32", &t);
	ck_assert(isnan(last(&t)->value[0]));
	calc_trace_free(&t);
	eval_ok("min(1, nan)", "fp32", &t);
	ck_assert(isnan(last(&t)->value[0]));
	calc_trace_free(&t);

	/* Broadcast of a scalar over a vector in + - * /. */
	eval_ok("2 - [1, 2, 4] * 0.5", "fp16", &t);
	double wb[3] = { 1.5, 1, 0 };
	expect_values(last(&t), &R16, wb, 3, "broadcast");
	ck_assert(last(&t)->vector);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_softmax_family)
{
	calc_trace t;
	double l1 = log1p(exp(-1.0));	/* log(1 + e^-1) */

	expect_scalar("logsumexp([20,19])", "fp32", &R32, (double)(float)(20.0 + l1));
	ck_assert(fabs((double)(float)(20.0 + l1) - 20.3133) < 1e-4);
	expect_scalar("cross_entropy([20,19], 0)", "fp32", &R32, (double)(float)l1);
	expect_scalar("cross_entropy([20,19], 1)", "fp32", &R32, (double)(float)(1.0 + l1));
	expect_scalar("cross_entropy([20,19], 0)", "fp16", &R16, ref_round(&R16, l1));
	/* Stable in fp16 even where exp(x) would overflow. */
	expect_scalar("logsumexp([20,19])", "fp16", &R16, ref_round(&R16, 20.0 + l1));
	expect_scalar("cross_entropy([1000, 999], 0)", "fp32", &R32, (double)(float)l1);

	eval_ok("log_softmax([20,19])", "fp32", &t);
	double wl[2] = { (double)(float)-l1, (double)(float)(-1.0 - l1) };
	expect_values(last(&t), &R32, wl, 2, "log_softmax");
	calc_trace_free(&t);

	/* softmax - onehot, in double, rounded by the compiler's cast. */
	double d = 1.0 + exp(-1.0);
	eval_ok("cross_entropy_grad([20,19], 0)", "fp32", &t);
	double wg[2] = { (double)(float)(1.0 / d - 1.0), (double)(float)(exp(-1.0) / d) };
	expect_values(last(&t), &R32, wg, 2, "cross_entropy_grad");
	ck_assert(last(&t)->vector);
	calc_trace_free(&t);
	eval_ok("cross_entropy_grad([20,19], 1)", "fp32", &t);
	double wg1[2] = { (double)(float)(1.0 / d), (double)(float)(exp(-1.0) / d - 1.0) };
	expect_values(last(&t), &R32, wg1, 2, "cross_entropy_grad 1");
	calc_trace_free(&t);

	/* The library functions are max-subtracted: logits where exp()
	 * overflows (or underflows) even in double still give finite results. */
	static const char *const big[] = { "softmax([1000, 999])", "softmax([-1000, -1001])" };
	for (int k = 0; k < 2; k++) {
		eval_ok(big[k], "fp32", &t);
		double wbig[2] = { (double)(float)(1.0 / d), (double)(float)(exp(-1.0) / d) };
		expect_values(last(&t), &R32, wbig, 2, big[k]);
		ck_assert_int_eq(t.first_nonfinite, -1);
		calc_trace_free(&t);
	}
	expect_scalar("logsumexp([1000, 999])", "fp32", &R32, (double)(float)(1000.0 + l1));
	expect_scalar("logsumexp([-1000, -1001])", "fp32", &R32, (double)(float)(-1000.0 + l1));
	eval_ok("log_softmax([-1000, -1001])", "fp32", &t);
	expect_values(last(&t), &R32, wl, 2, "log_softmax large");
	calc_trace_free(&t);
	eval_ok("cross_entropy_grad([1000, 999], 0)", "fp32", &t);
	expect_values(last(&t), &R32, wg, 2, "cross_entropy_grad large");
	calc_trace_free(&t);

	/* A longer vector against the textbook formula. */
	eval_ok("softmax([1, 2, 3, 4])", "bf16", &t);
	double den = exp(-3.0) + exp(-2.0) + exp(-1.0) + 1.0, ws[4];
	for (int i = 0; i < 4; i++)
		ws[i] = ref_round(&RBF, exp((double)(i - 3)) / den);
	expect_values(last(&t), &RBF, ws, 4, "softmax bf16");
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_generators)
{
	calc_trace t;

	eval_ok("linspace(0, 1, 5)", "fp16", &t);
	double w[5] = { 0, 0.25, 0.5, 0.75, 1 };
	expect_values(last(&t), &R16, w, 5, "linspace");
	ck_assert(last(&t)->vector);
	calc_trace_free(&t);

	eval_ok("linspace(0, 1, 4)", "bf16", &t);
	double w4[4] = { 0, ref_round(&RBF, 1.0 / 3), ref_round(&RBF, 2.0 / 3), 1 };
	expect_values(last(&t), &RBF, w4, 4, "linspace thirds");
	calc_trace_free(&t);

	eval_ok("linspace(-10, 10, 4096)", "fp32", &t);
	ck_assert_uint_eq(last(&t)->n, 4096);
	ck_assert(last(&t)->value[0] == -10.0 && last(&t)->value[4095] == 10.0);
	ck_assert(last(&t)->value[2048] == (double)(float)(-10.0 + 20.0 * 2048 / 4095));
	calc_trace_free(&t);

	eval_ok("range(4)", "fp16", &t);
	double wr[4] = { 0, 1, 2, 3 };
	expect_values(last(&t), &R16, wr, 4, "range");
	calc_trace_free(&t);
	/* range past fp16's integers: 2049 rounds to 2048. */
	eval_ok("range(2050)", "fp16", &t);
	ck_assert(last(&t)->value[2049] == 2048.0);
	ck_assert(last(&t)->eflags[2049] & FP_FLAG_INEXACT);
	calc_trace_free(&t);

	eval_ok("linspace(3, 7, 1)", "fp32", &t);
	ck_assert_uint_eq(last(&t)->n, 1);
	ck_assert(last(&t)->value[0] == 3.0);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_casts)
{
	calc_trace t;

	expect_scalar("fp16(0.1)", "fp32", &R16, ref_round(&R16, (double)0.1f));
	expect_scalar("bf16(0.1)", "fp32", &RBF, ref_round(&RBF, (double)0.1f));
	expect_scalar("fp32(fp16(0.1))", "fp32", &R32, ref_round(&R16, (double)0.1f));
	expect_scalar("tf32(1.0009765625)", "fp32", &RTF, 1.0009765625);
	expect_scalar("tf32(1.00048828125)", "fp32", &RTF, 1.0);
	expect_scalar("e4m3(448)", "fp32", &RE4, 448.0);
	expect_scalar("e4m3(464)", "fp32", &RE4, 448.0);	/* the tie goes to even */
	expect_scalar("e5m2(57344)", "fp32", &RE5, 57344.0);
	expect_scalar("e5m2(61440)", "fp32", &RE5, INFINITY);
	expect_scalar("e4m3(0x1p-9)", "fp32", &RE4, ldexp(1, -9));	/* min subnormal */
	expect_scalar("e4m3(0x1p-10)", "fp32", &RE4, 0.0);

	/* OCP e4m3 has no inf: overflow gives NaN. */
	eval_ok("e4m3(500)", "fp32", &t);
	const calc_step *s = last(&t);
	ck_assert_ptr_eq(s->dtype, fp_format_get(FP_E4M3));
	ck_assert(isnan(s->value[0]));
	ck_assert_uint_eq(s->bits[0] & 0x7f, 0x7f);
	ck_assert(s->flags & FP_FLAG_OVERFLOW);
	ck_assert_int_eq(s->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(t.first_nonfinite, (int)t.nsteps - 1);
	calc_trace_free(&t);

	/* A cast of a vector is elementwise; the cast step shows the flags. */
	eval_ok("fp16([1e-8, 65504, 70000, 0x1p-24])", "fp32", &t);
	s = last(&t);
	ck_assert(s->vector && s->n == 4);
	ck_assert(s->value[0] == 0 && s->value[1] == 65504 && isinf(s->value[2]));
	ck_assert(s->eflags[0] & FP_FLAG_UNDERFLOW);
	ck_assert(s->eflags[2] & FP_FLAG_OVERFLOW);
	ck_assert(s->eflags[3] & FP_FLAG_SUBNORMAL);
	ck_assert(!(s->eflags[1] & FP_FLAG_INEXACT));
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_invalid_and_causes)
{
	static const char *const inv[] = { "log(-1)", "sqrt(-1)", "0/0", "inf - inf",
		"0 * inf", "inf / inf" };
	calc_trace t;
	char buf[512];

	for (size_t i = 0; i < sizeof inv / sizeof inv[0]; i++)
		for (int k = 0; k < 2; k++) {
			eval_ok(inv[i], k ? "bf16" : "fp16", &t);
			const calc_step *s = last(&t);
			ck_assert_msg(isnan(s->value[0]), "%s", inv[i]);
			ck_assert_msg(s->flags & FP_FLAG_INVALID, "%s: flags 0x%x", inv[i], s->flags);
			ck_assert_msg(s->cause == CALC_CAUSE_INVALID, "%s: cause %s", inv[i],
			    calc_cause_name(s->cause));
			calc_trace_free(&t);
		}

	/* Overflow first, then inf - inf. */
	eval_ok("10000*10000 - 10000*10000", "fp16", &t);
	const calc_step *m0 = find_op(&t, "*", 0), *m1 = find_op(&t, "*", 1);
	ck_assert_int_eq(t.first_nonfinite, index_of(&t, m0));
	ck_assert_int_eq(m0->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(m1->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_str_eq(last(&t)->op, "-");
	ck_assert(isnan(last(&t)->value[0]));
	ck_assert_int_eq(last(&t)->cause, CALC_CAUSE_INVALID);
	ck_assert(last(&t)->flags & FP_FLAG_INVALID);
	calc_explain(&t, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "overflow") && strstr(buf, "invalid"), "explain: %s", buf);
	calc_trace_free(&t);
	/* In bf16 the same expression is finite and exactly 0. */
	expect_scalar("10000*10000 - 10000*10000", "bf16", &RBF, 0.0);

	/* A nonfinite literal is the cause itself. */
	eval_ok("inf", "fp16", &t);
	ck_assert_int_eq(t.first_nonfinite, 0);
	ck_assert_int_eq(t.steps[0].cause, CALC_CAUSE_INPUT);
	ck_assert(isinf(t.steps[0].value[0]));
	calc_trace_free(&t);
	eval_ok("[1, nan] + 1", "fp32", &t);
	ck_assert_int_eq(t.first_nonfinite, 0);
	ck_assert_int_eq(t.steps[0].cause, CALC_CAUSE_INPUT);
	ck_assert_int_eq(last(&t)->cause, CALC_CAUSE_PROPAGATED);
	ck_assert(!(last(&t)->flags & FP_FLAG_INVALID));	/* carried, not made */
	calc_trace_free(&t);
	eval_ok("exp(inf) + 1", "fp32", &t);
	ck_assert_int_eq(t.first_nonfinite, 0);
	ck_assert_int_eq(last(&t)->cause, CALC_CAUSE_PROPAGATED);
	calc_trace_free(&t);

	/* exp beyond double itself is still an overflow of finite input. */
	eval_ok("exp(1000)", "fp32", &t);
	ck_assert(isinf(last(&t)->value[0]));
	ck_assert_int_eq(last(&t)->cause, CALC_CAUSE_OVERFLOW);
	ck_assert(last(&t)->flags & FP_FLAG_OVERFLOW);
	calc_trace_free(&t);

	/* A finite trace says so. */
	eval_ok("1 + 2", "fp16", &t);
	ck_assert_int_eq(t.first_nonfinite, -1);
	for (size_t i = 0; i < t.nsteps; i++)
		ck_assert_int_eq(t.steps[i].cause, CALC_CAUSE_NONE);
	calc_explain(&t, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "finite") != NULL, "explain: %s", buf);
	calc_trace_free(&t);

	ck_assert_str_eq(calc_cause_name(CALC_CAUSE_OVERFLOW), "overflow");
	ck_assert_str_eq(calc_cause_name(CALC_CAUSE_INVALID), "invalid");

	/* explain never overruns a small buffer. */
	eval_ok(NAIVE, "fp16", &t);
	char small[16];
	memset(small, 'x', sizeof small);
	calc_explain(&t, small, 10);
	ck_assert_uint_lt(strlen(small), 10);
	ck_assert_int_eq(small[11], 'x');
	calc_trace_free(&t);
}
END_TEST

/* ==== 5. parse errors ========================================================= */

START_TEST(test_parse_errors)
{
	expect_parse_error("exp([20,19]", 11, "expected ')'");
	expect_parse_error("foo(1)", 0, "unknown function 'foo'");
	expect_parse_error("1 +", 3, "unexpected end");
	expect_parse_error("[1, x]", 4, "vector elements must be numbers");
	expect_parse_error("[1, 2", 5, "");
	expect_parse_error("1 2", 2, "expected an operator");
	expect_parse_error(")", 0, "')'");
	expect_parse_error("1)", 1, "unmatched ')'");
	expect_parse_error("exp()", 0, "needs 1 argument");
	expect_parse_error("dot([1])", 0, "needs 2 arguments");
	expect_parse_error("max(1,2,3)", 8, "too many arguments");
	expect_parse_error("exp 1", 4, "expected '('");
	expect_parse_error("", 0, "unexpected end");
	expect_parse_error("1 $ 2", 2, "");
	expect_parse_error("sum([1], acc=fp17)", 13, "acc= needs a dtype");
	expect_parse_error("exp([1], acc=fp16)", 9, "acc= is for sum");
	expect_parse_error("sum(acc=fp16)", 4, "unknown function 'acc'");
	expect_parse_error("dot([1], acc=fp16, [2])", 19, "acc= comes after");
	expect_parse_error("1e - 8", 2, "not a number");
	expect_parse_error("2 * (3", 6, "expected ')'");
}
END_TEST

static char *
nested(int depth, const char *open, const char *inner, const char *close)
{
	size_t lo = strlen(open), lc = strlen(close), li = strlen(inner);
	char *s = malloc((size_t)depth * (lo + lc) + li + 1);
	char *p = s;

	ck_assert_ptr_nonnull(s);
	for (int i = 0; i < depth; i++, p += lo)
		memcpy(p, open, lo);
	memcpy(p, inner, li);
	p += li;
	for (int i = 0; i < depth; i++, p += lc)
		memcpy(p, close, lc);
	*p = '\0';
	return s;
}

static double
seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

START_TEST(test_parse_limits)
{
	calc_error err;
	calc_expr *e;
	calc_trace t;
	char *s;

	/* 60 levels are fine, 65 are too deep. */
	s = nested(60, "(", "1", ")");
	eval_ok(s, "fp16", &t);
	ck_assert(last(&t)->value[0] == 1.0);
	calc_trace_free(&t);
	free(s);
	s = nested(60, "exp(", "0", ")");
	e = calc_parse(s, &err);
	ck_assert_msg(e != NULL, "60 nested calls: %s", err.msg);
	calc_free(e);
	free(s);
	s = nested(65, "(", "1", ")");
	e = calc_parse(s, &err);
	ck_assert_ptr_null(e);
	ck_assert_msg(strstr(err.msg, "nested too deeply") != NULL, "%s", err.msg);
	ck_assert_uint_le(err.pos, 65);
	free(s);
	s = nested(65, "-", "1", "");
	expect_parse_error(s, 63, "nested too deeply");
	free(s);
	s = nested(65, "abs(", "1", ")");
	e = calc_parse(s, &err);
	ck_assert_ptr_null(e);
	ck_assert_msg(strstr(err.msg, "nested too deeply") != NULL, "%s", err.msg);
	free(s);

	/* Deep nesting within the length limit, and far beyond it: an error,
	 * quickly, and no crash. */
	double t0 = seconds();
	s = nested(2000, "(", "1", ")");
	e = calc_parse(s, &err);
	ck_assert_ptr_null(e);
	ck_assert_msg(strstr(err.msg, "nested too deeply") != NULL, "%s", err.msg);
	free(s);
	s = nested(100000, "(", "", "");
	e = calc_parse(s, &err);
	ck_assert_ptr_null(e);
	ck_assert_msg(strstr(err.msg, "too long") != NULL, "%s", err.msg);
	ck_assert_uint_eq(err.pos, CALC_MAX_TEXT);
	free(s);
	ck_assert_msg(seconds() - t0 < 5.0, "deep nesting took %.2f s", seconds() - t0);

	/* Text length: 4096 bytes are accepted, 4097 and 5000 are not. */
	char *big = malloc(5001);
	ck_assert_ptr_nonnull(big);
	for (int i = 0; i < 5000; i++)
		big[i] = i % 2 ? '+' : '1';
	big[5000] = '\0';
	e = calc_parse(big, &err);
	ck_assert_ptr_null(e);
	ck_assert_msg(strstr(err.msg, "too long") != NULL, "%s", err.msg);
	ck_assert_uint_eq(err.pos, CALC_MAX_TEXT);
	big[CALC_MAX_TEXT + 1] = '\0';		/* 4097 bytes, ends in '+' */
	big[CALC_MAX_TEXT] = ' ';
	e = calc_parse(big, &err);
	ck_assert_ptr_null(e);
	ck_assert_msg(strstr(err.msg, "too long") != NULL, "%s", err.msg);
	big[CALC_MAX_TEXT] = '\0';		/* 4096 bytes: 1+1+...+1+ */
	big[CALC_MAX_TEXT - 1] = ' ';		/* ...+1 followed by a blank */
	e = calc_parse(big, &err);
	ck_assert_msg(e != NULL, "4096 bytes rejected: %s", err.msg);
	calc_policy p = policy("fp32");
	ck_assert(calc_eval(e, &p, &t, &err));
	ck_assert(last(&t)->value[0] == 2048.0);	/* 2048 ones */
	calc_trace_free(&t);
	calc_free(e);
	free(big);

	/* Vectors past the element limit come from generators, at eval. */
	expect_eval_error("linspace(0,1,65537)", "fp32", 13, "count");
	expect_eval_error("range(65537)", "fp32", 6, "count");
	eval_ok("sum(range(65536))", "fp32", &t);
	ck_assert(last(&t)->value[0] == 65535.0 * 65536.0 / 2);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_parse_accepts)
{
	calc_trace t;

	/* UTF-8 × ÷ − for * / -. */
	expect_scalar("2\xc3\x97" "3", "fp16", &R16, 6.0);
	expect_scalar("6\xc3\xb7" "3", "fp16", &R16, 2.0);
	expect_scalar("\xe2\x88\x92" "1", "fp16", &R16, -1.0);
	expect_scalar("2 \xc3\x97 3 \xe2\x88\x92 1", "fp16", &R16, 5.0);
	expect_scalar("7\xe2\x88\x92" "2", "fp16", &R16, 5.0);
	/* Precedence and associativity. */
	expect_scalar("1 - 2 - 3", "fp32", &R32, -4.0);
	expect_scalar("8 / 4 / 2", "fp32", &R32, 1.0);
	expect_scalar("1 + 2 * 3", "fp32", &R32, 7.0);
	expect_scalar("-2 * -3", "fp32", &R32, 6.0);
	expect_scalar("--2", "fp32", &R32, 2.0);
	expect_scalar("+2", "fp32", &R32, 2.0);
	expect_scalar(" \t(1 + 2) * 3 \n", "fp32", &R32, 9.0);
	/* Exponent signs belong to the number. */
	expect_scalar("1e-8", "fp32", &R32, (double)1e-8f);
	expect_scalar("1e+2-1", "fp32", &R32, 99.0);
	expect_scalar("2e3", "fp32", &R32, 2000.0);
	expect_scalar(".5", "fp32", &R32, 0.5);
	expect_scalar("0x1p-3", "fp32", &R32, 0.125);
	expect_scalar("-0x1.8p+1", "fp32", &R32, -3.0);
	/* Signed vector elements, and inf/nan literals. */
	eval_ok("[-1, +2, -inf, nan, 0x1p1]", "fp32", &t);
	ck_assert_uint_eq(last(&t)->n, 5);
	ck_assert(last(&t)->value[0] == -1 && last(&t)->value[1] == 2);
	ck_assert(isinf(last(&t)->value[2]) && last(&t)->value[2] < 0);
	ck_assert(isnan(last(&t)->value[3]) && last(&t)->value[4] == 2);
	calc_trace_free(&t);
	/* Negative zero survives. */
	expect_scalar("-0", "fp16", &R16, -0.0);
	expect_scalar("-0 + 0", "fp16", &R16, 0.0);
}
END_TEST

/* ==== 6. evaluation errors ==================================================== */

START_TEST(test_eval_errors)
{
	/* A length mismatch of an operator points at the operator. */
	expect_eval_error("[1,2]+[1,2,3]", "fp16", 5, "different lengths");
	expect_eval_error("[1,2] \xc3\x97 [1,2,3]", "fp16", 6, "different lengths");
	expect_eval_error("max([1,2], [1,2,3])", "fp16", 0, "different lengths");
	expect_eval_error("dot([1,2],[1])", "fp16", 0, "different lengths");
	expect_eval_error("dot([1,2],[1])", "autocast-fp16", 0, "different lengths");
	expect_eval_error("cross_entropy([1,2], 2)", "fp32", 21, "class");
	expect_eval_error("cross_entropy([1,2], 0.5)", "fp32", 21, "class");
	expect_eval_error("cross_entropy([1,2], -1)", "fp32", 21, "class");
	expect_eval_error("cross_entropy_grad([1,2], [0,1])", "fp32", 26, "class");
	expect_eval_error("linspace(0,1,0)", "fp32", 13, "count");
	expect_eval_error("linspace(0,1,2.5)", "fp32", 13, "count");
	expect_eval_error("range(nan)", "fp32", 6, "count");
	expect_eval_error("linspace(0,[1,2],3)", "fp32", 11, "single number");
	/* An error after many steps frees them all (valgrind checks). */
	expect_eval_error("exp(linspace(0,1,1000)) + [1,2]", "fp32", 24, "different lengths");
}
END_TEST

/* ---- the suite ------------------------------------------------------------- */

static TCase *
tcase(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);
	tcase_add_checked_fixture(tc, reset, NULL);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return tc;
}

static Suite *
calc_suite(void)
{
	Suite *s = suite_create("calc");
	TCase *tc = tcase(s, "fixtures");
	tcase_add_test(tc, test_fixture_10000_squared);
	tcase_add_test(tc, test_fixture_naive_softmax_fp16);
	tcase_add_test(tc, test_fixture_naive_softmax_bf16_fp32);
	tcase_add_test(tc, test_fixture_stable_softmax);
	tcase_add_test(tc, test_fixture_subnormal_unscale);
	tcase_add_test(tc, test_fixture_absorption);
	tc = tcase(s, "arithmetic");
	tcase_add_test(tc, test_fp16_ops_vs_float16);
	tcase_add_test(tc, test_fp32_ops_vs_float);
	tcase_add_test(tc, test_bf16_ops_vs_ref);
	tcase_add_test(tc, test_small_formats_ops_vs_ref);
	tcase_add_test(tc, test_exp_log_vs_ref);
	tcase_add_test(tc, test_literals_rounded_once);
	tc = tcase(s, "policy");
	tcase_add_test(tc, test_policy_parse);
	tcase_add_test(tc, test_autocast);
	tcase_add_test(tc, test_promotion);
	tcase_add_test(tc, test_trace_alignment);
	tc = tcase(s, "functions");
	tcase_add_test(tc, test_reductions);
	tcase_add_test(tc, test_softmax_family);
	tcase_add_test(tc, test_generators);
	tcase_add_test(tc, test_casts);
	tcase_add_test(tc, test_invalid_and_causes);
	tc = tcase(s, "syntax");
	tcase_add_test(tc, test_parse_errors);
	tcase_add_test(tc, test_parse_limits);
	tcase_add_test(tc, test_parse_accepts);
	tcase_add_test(tc, test_eval_errors);
	return s;
}

Suite *calc_policy_suite(void);	/* check_calc_policy.c */

int
main(void)
{
	SRunner *sr = srunner_create(calc_suite());
	int failures;

	srunner_add_suite(sr, calc_policy_suite());
	srunner_run_all(sr, CK_NORMAL);
	failures = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failures ? 1 : 0;
}
