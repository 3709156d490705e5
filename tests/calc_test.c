/*
 * calc_test.c — the helpers the files of tests/check_calc share
 * (calc_test.h).  The oracles do not share the engine's code:
 *
 *  - ct_ref_round(), a round-to-nearest-even into a format written below
 *    with frexp/ldexp/rint (rint rounds ties to even in the default mode),
 *    used for bf16, tf32 and fp8 and for exp/log/softmax, whose definition
 *    (doc/design.md, "What it teaches") is "the double result, rounded
 *    once";
 *  - ct_ref_bits(), a bit-pattern encoder from the format definitions, so
 *    that the patterns are checked and not just the values.
 *
 * Loops over many random operands count mismatches (ct_report()) and
 * assert once at the end: Check writes to a pipe on every ck_assert.
 */
#include <config.h>

#include "calc_test.h"

#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the formats, as the standards define them -------------------------- */

/* maxf: (2 - 2^(1-p)) * 2^emax; for OCP e4m3 the top mantissa of the top
 * binade is NaN, so its max is 1.75 * 2^8 = 448. */
const struct ct_ref CT_R16 = { FP_FP16, 11, -14, 15, 15, 10, 5, 16, true, 65504.0 };
const struct ct_ref CT_RBF = { FP_BF16, 8, -126, 127, 127, 7, 8, 16, true,
	3.3895313892515355e38 };
const struct ct_ref CT_R32 = { FP_FP32, 24, -126, 127, 127, 23, 8, 32, true,
	3.4028234663852886e38 };
const struct ct_ref CT_RTF = { FP_TF32, 11, -126, 127, 127, 10, 8, 19, true,
	3.4011621342146535e38 };
const struct ct_ref CT_RE4 = { FP_E4M3, 4, -6, 8, 7, 3, 4, 8, false, 448.0 };
const struct ct_ref CT_RE5 = { FP_E5M2, 3, -14, 15, 15, 2, 5, 8, true, 57344.0 };

/* Round x (an exact double) to nearest, ties to even, into r.  Subnormals:
 * below 2^emin the quantum stays 2^(emin - p + 1).  Overflow: inf, or NaN
 * for a format without inf. */
double
ct_ref_round(const struct ct_ref *r, double x)
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
double
ct_ref_decode(const struct ct_ref *r, uint32_t bits)
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

bool
ct_ref_is_nan_bits(const struct ct_ref *r, uint32_t bits)
{
	return isnan(ct_ref_decode(r, bits));
}

/* The pattern of a value the format holds exactly (not NaN). */
uint32_t
ct_ref_bits(const struct ct_ref *r, double v)
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
bool
ct_same(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return a == b && signbit(a) == signbit(b);
}

/* ---- mismatch counting ----------------------------------------------------- */

int ct_nbad;

void
ct_report(const char *fmt, ...)
{
	va_list ap;

	if (ct_nbad++ >= 12)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
ct_reset(void)
{
	ct_nbad = 0;
}

/* A fixed-seed xorshift, so failures reproduce. */
static uint64_t ct_rng_state = 0x9e3779b97f4a7c15u;

uint32_t
ct_rnd32(void)
{
	uint64_t x = ct_rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	ct_rng_state = x;
	return (uint32_t)(x >> 16);
}

/* ---- running the engine ---------------------------------------------------- */

calc_policy
ct_policy(const char *name)
{
	calc_policy p;

	ck_assert_msg(calc_policy_parse(name, &p), "policy %s rejected", name);
	return p;
}

/* Parse and evaluate; false (with err) on an error, without asserting. */
bool
ct_try_eval(const char *text, const char *pol, calc_trace *t, calc_error *err)
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

void
ct_eval_ok(const char *text, const char *pol, calc_trace *t)
{
	calc_error err;

	ck_assert_msg(ct_try_eval(text, pol, t, &err), "'%s' under %s: error at %zu: %s",
	    text, pol, err.pos, err.msg);
	ck_assert_msg(t->nsteps > 0, "'%s': empty trace", text);
}

const calc_step *
ct_last(const calc_trace *t)
{
	return &t->steps[t->nsteps - 1];
}

/* The nth (0-based) step with this op, or NULL. */
const calc_step *
ct_find_op(const calc_trace *t, const char *op, int nth)
{
	for (size_t i = 0; i < t->nsteps; i++)
		if (strcmp(t->steps[i].op, op) == 0 && nth-- == 0)
			return &t->steps[i];
	return NULL;
}

int
ct_index_of(const calc_trace *t, const calc_step *s)
{
	return (int)(s - t->steps);
}

/* Check a step's values and patterns against expected values of format r. */
void
ct_expect_values(const calc_step *s, const struct ct_ref *r, const double *want, size_t n,
    const char *what)
{
	ck_assert_msg(s->n == n, "%s: %zu elements, want %zu", what, s->n, n);
	ck_assert_msg(s->dtype == fp_format_get(r->id), "%s: ran in %s, want %s", what,
	    s->dtype->name, fp_format_get(r->id)->name);
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(ct_same(s->value[i], want[i]), "%s[%zu] = %.17g, want %.17g",
		    what, i, s->value[i], want[i]);
		if (isnan(want[i]))
			ck_assert_msg(ct_ref_is_nan_bits(r, s->bits[i]), "%s[%zu]: bits 0x%x "
			    "are not a NaN", what, i, (unsigned)s->bits[i]);
		else
			ck_assert_msg(s->bits[i] == ct_ref_bits(r, want[i]), "%s[%zu]: bits "
			    "0x%x, want 0x%x", what, i, (unsigned)s->bits[i],
			    (unsigned)ct_ref_bits(r, want[i]));
	}
}

void
ct_expect_scalar(const char *text, const char *pol, const struct ct_ref *r, double want)
{
	calc_trace t;

	ct_eval_ok(text, pol, &t);
	ct_expect_values(ct_last(&t), r, &want, 1, text);
	calc_trace_free(&t);
}

/* A parse error at pos whose message holds key. */
void
ct_expect_parse_error(const char *text, size_t pos, const char *key)
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
void
ct_expect_eval_error(const char *text, const char *pol, size_t pos, const char *key)
{
	calc_error err;
	calc_policy p = ct_policy(pol);
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

/* A test case of s with the ct_reset fixture and a 120 s timeout. */
TCase *
ct_tcase(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);
	tcase_add_checked_fixture(tc, ct_reset, NULL);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return tc;
}
