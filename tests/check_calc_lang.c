/*
 * check_calc_lang.c — part of tests/check_calc: the language's functions
 * (reductions, the softmax family against its textbook formulas in
 * double, generators, casts, invalid operations and the causes of
 * nonfinite results), parse errors and limits, and evaluation errors.
 */
#include <config.h>

#include "calc/calc.h"
#include "calc_test.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ==== 4. functions ============================================================ */

START_TEST(test_reductions)
{
	calc_trace t;

	ct_expect_scalar("sum([1, 2, 3.5])", "fp16", &CT_R16, 6.5);
	ct_expect_scalar("mean([1, 2, 4])", "fp16", &CT_R16, ct_ref_round(&CT_R16, 7.0 / 3.0));
	ct_expect_scalar("mean([1, 2, 4])", "fp32", &CT_R32, (double)(7.0f / 3.0f));
	ct_expect_scalar("max([1, 5, -3])", "fp16", &CT_R16, 5.0);
	ct_expect_scalar("min([1, 5, -3])", "fp16", &CT_R16, -3.0);
	ct_expect_scalar("max(2)", "bf16", &CT_RBF, 2.0);
	ct_expect_scalar("dot([1,2],[3,4])", "fp16", &CT_R16, 11.0);
	ct_expect_scalar("dot([0.1,0.2],[0.3,0.4])", "bf16", &CT_RBF,
	    ct_ref_round(&CT_RBF, ct_ref_round(&CT_RBF, 0.1) * ct_ref_round(&CT_RBF, 0.3) +
		ct_ref_round(&CT_RBF, 0.2) * ct_ref_round(&CT_RBF, 0.4)));
	/* The sum accumulates wide and rounds once: 2048 + 1 + 1 = 2050 in
	 * fp16, where one-by-one rounding would stay at 2048. */
	ct_expect_scalar("sum([2048, 1, 1])", "fp16", &CT_R16, 2050.0);
	/* A sum of finite values can overflow. */
	ct_eval_ok("sum([60000, 60000])", "fp16", &t);
	ck_assert(isinf(ct_last(&t)->value[0]));
	ck_assert_int_eq(ct_last(&t)->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(t.first_nonfinite, (int)t.nsteps - 1);
	calc_trace_free(&t);

	/* Elementwise max/min, with scalar broadcast. */
	ct_eval_ok("max([1, 5], [4, 2])", "fp16", &t);
	double w[2] = { 4, 5 };
	ct_expect_values(ct_last(&t), &CT_R16, w, 2, "max elementwise");
	ck_assert(ct_last(&t)->vector);
	calc_trace_free(&t);
	ct_eval_ok("min([1, 5, 3], 2)", "fp16", &t);
	double w3[3] = { 1, 2, 2 };
	ct_expect_values(ct_last(&t), &CT_R16, w3, 3, "min broadcast");
	calc_trace_free(&t);
	/* NaN propagates through max and min (torch.maximum, torch.max). */
	ct_eval_ok("max([1, nan, 3])", "fp32", &t);
	ck_assert(isnan(ct_last(&t)->value[0]));
	calc_trace_free(&t);
	ct_eval_ok("min(1, nan)", "fp32", &t);
	ck_assert(isnan(ct_last(&t)->value[0]));
	calc_trace_free(&t);

	/* Broadcast of a scalar over a vector in + - * /. */
	ct_eval_ok("2 - [1, 2, 4] * 0.5", "fp16", &t);
	double wb[3] = { 1.5, 1, 0 };
	ct_expect_values(ct_last(&t), &CT_R16, wb, 3, "broadcast");
	ck_assert(ct_last(&t)->vector);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_softmax_family)
{
	calc_trace t;
	double l1 = log1p(exp(-1.0));	/* log(1 + e^-1) */

	ct_expect_scalar("logsumexp([20,19])", "fp32", &CT_R32, (double)(float)(20.0 + l1));
	ck_assert(fabs((double)(float)(20.0 + l1) - 20.3133) < 1e-4);
	ct_expect_scalar("cross_entropy([20,19], 0)", "fp32", &CT_R32, (double)(float)l1);
	ct_expect_scalar("cross_entropy([20,19], 1)", "fp32", &CT_R32, (double)(float)(1.0 + l1));
	ct_expect_scalar("cross_entropy([20,19], 0)", "fp16", &CT_R16, ct_ref_round(&CT_R16, l1));
	/* Stable in fp16 even where exp(x) would overflow. */
	ct_expect_scalar("logsumexp([20,19])", "fp16", &CT_R16, ct_ref_round(&CT_R16, 20.0 + l1));
	ct_expect_scalar("cross_entropy([1000, 999], 0)", "fp32", &CT_R32, (double)(float)l1);

	ct_eval_ok("log_softmax([20,19])", "fp32", &t);
	double wl[2] = { (double)(float)-l1, (double)(float)(-1.0 - l1) };
	ct_expect_values(ct_last(&t), &CT_R32, wl, 2, "log_softmax");
	calc_trace_free(&t);

	/* softmax - onehot, in double, rounded by the compiler's cast. */
	double d = 1.0 + exp(-1.0);
	ct_eval_ok("cross_entropy_grad([20,19], 0)", "fp32", &t);
	double wg[2] = { (double)(float)(1.0 / d - 1.0), (double)(float)(exp(-1.0) / d) };
	ct_expect_values(ct_last(&t), &CT_R32, wg, 2, "cross_entropy_grad");
	ck_assert(ct_last(&t)->vector);
	calc_trace_free(&t);
	ct_eval_ok("cross_entropy_grad([20,19], 1)", "fp32", &t);
	double wg1[2] = { (double)(float)(1.0 / d), (double)(float)(exp(-1.0) / d - 1.0) };
	ct_expect_values(ct_last(&t), &CT_R32, wg1, 2, "cross_entropy_grad 1");
	calc_trace_free(&t);

	/* The library functions are max-subtracted: logits where exp()
	 * overflows (or underflows) even in double still give finite results. */
	static const char *const big[] = { "softmax([1000, 999])", "softmax([-1000, -1001])" };
	for (int k = 0; k < 2; k++) {
		ct_eval_ok(big[k], "fp32", &t);
		double wbig[2] = { (double)(float)(1.0 / d), (double)(float)(exp(-1.0) / d) };
		ct_expect_values(ct_last(&t), &CT_R32, wbig, 2, big[k]);
		ck_assert_int_eq(t.first_nonfinite, -1);
		calc_trace_free(&t);
	}
	ct_expect_scalar("logsumexp([1000, 999])", "fp32", &CT_R32, (double)(float)(1000.0 + l1));
	ct_expect_scalar("logsumexp([-1000, -1001])", "fp32", &CT_R32, (double)(float)(-1000.0 + l1));
	ct_eval_ok("log_softmax([-1000, -1001])", "fp32", &t);
	ct_expect_values(ct_last(&t), &CT_R32, wl, 2, "log_softmax large");
	calc_trace_free(&t);
	ct_eval_ok("cross_entropy_grad([1000, 999], 0)", "fp32", &t);
	ct_expect_values(ct_last(&t), &CT_R32, wg, 2, "cross_entropy_grad large");
	calc_trace_free(&t);

	/* A longer vector against the textbook formula. */
	ct_eval_ok("softmax([1, 2, 3, 4])", "bf16", &t);
	double den = exp(-3.0) + exp(-2.0) + exp(-1.0) + 1.0, ws[4];
	for (int i = 0; i < 4; i++)
		ws[i] = ct_ref_round(&CT_RBF, exp((double)(i - 3)) / den);
	ct_expect_values(ct_last(&t), &CT_RBF, ws, 4, "softmax bf16");
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_generators)
{
	calc_trace t;

	ct_eval_ok("linspace(0, 1, 5)", "fp16", &t);
	double w[5] = { 0, 0.25, 0.5, 0.75, 1 };
	ct_expect_values(ct_last(&t), &CT_R16, w, 5, "linspace");
	ck_assert(ct_last(&t)->vector);
	calc_trace_free(&t);

	ct_eval_ok("linspace(0, 1, 4)", "bf16", &t);
	double w4[4] = { 0, ct_ref_round(&CT_RBF, 1.0 / 3), ct_ref_round(&CT_RBF, 2.0 / 3), 1 };
	ct_expect_values(ct_last(&t), &CT_RBF, w4, 4, "linspace thirds");
	calc_trace_free(&t);

	ct_eval_ok("linspace(-10, 10, 4096)", "fp32", &t);
	ck_assert_uint_eq(ct_last(&t)->n, 4096);
	ck_assert(ct_last(&t)->value[0] == -10.0 && ct_last(&t)->value[4095] == 10.0);
	ck_assert(ct_last(&t)->value[2048] == (double)(float)(-10.0 + 20.0 * 2048 / 4095));
	calc_trace_free(&t);

	ct_eval_ok("range(4)", "fp16", &t);
	double wr[4] = { 0, 1, 2, 3 };
	ct_expect_values(ct_last(&t), &CT_R16, wr, 4, "range");
	calc_trace_free(&t);
	/* range past fp16's integers: 2049 rounds to 2048. */
	ct_eval_ok("range(2050)", "fp16", &t);
	ck_assert(ct_last(&t)->value[2049] == 2048.0);
	ck_assert(ct_last(&t)->eflags[2049] & FP_FLAG_INEXACT);
	calc_trace_free(&t);

	ct_eval_ok("linspace(3, 7, 1)", "fp32", &t);
	ck_assert_uint_eq(ct_last(&t)->n, 1);
	ck_assert(ct_last(&t)->value[0] == 3.0);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_casts)
{
	calc_trace t;

	ct_expect_scalar("fp16(0.1)", "fp32", &CT_R16, ct_ref_round(&CT_R16, (double)0.1f));
	ct_expect_scalar("bf16(0.1)", "fp32", &CT_RBF, ct_ref_round(&CT_RBF, (double)0.1f));
	ct_expect_scalar("fp32(fp16(0.1))", "fp32", &CT_R32, ct_ref_round(&CT_R16, (double)0.1f));
	ct_expect_scalar("tf32(1.0009765625)", "fp32", &CT_RTF, 1.0009765625);
	ct_expect_scalar("tf32(1.00048828125)", "fp32", &CT_RTF, 1.0);
	ct_expect_scalar("e4m3(448)", "fp32", &CT_RE4, 448.0);
	ct_expect_scalar("e4m3(464)", "fp32", &CT_RE4, 448.0);	/* the tie goes to even */
	ct_expect_scalar("e5m2(57344)", "fp32", &CT_RE5, 57344.0);
	ct_expect_scalar("e5m2(61440)", "fp32", &CT_RE5, INFINITY);
	ct_expect_scalar("e4m3(0x1p-9)", "fp32", &CT_RE4, ldexp(1, -9));	/* min subnormal */
	ct_expect_scalar("e4m3(0x1p-10)", "fp32", &CT_RE4, 0.0);

	/* OCP e4m3 has no inf: overflow gives NaN. */
	ct_eval_ok("e4m3(500)", "fp32", &t);
	const calc_step *s = ct_last(&t);
	ck_assert_ptr_eq(s->dtype, fp_format_get(FP_E4M3));
	ck_assert(isnan(s->value[0]));
	ck_assert_uint_eq(s->bits[0] & 0x7f, 0x7f);
	ck_assert(s->flags & FP_FLAG_OVERFLOW);
	ck_assert_int_eq(s->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(t.first_nonfinite, (int)t.nsteps - 1);
	calc_trace_free(&t);

	/* A cast of a vector is elementwise; the cast step shows the flags. */
	ct_eval_ok("fp16([1e-8, 65504, 70000, 0x1p-24])", "fp32", &t);
	s = ct_last(&t);
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
			ct_eval_ok(inv[i], k ? "bf16" : "fp16", &t);
			const calc_step *s = ct_last(&t);
			ck_assert_msg(isnan(s->value[0]), "%s", inv[i]);
			ck_assert_msg(s->flags & FP_FLAG_INVALID, "%s: flags 0x%x", inv[i], s->flags);
			ck_assert_msg(s->cause == CALC_CAUSE_INVALID, "%s: cause %s", inv[i],
			    calc_cause_name(s->cause));
			calc_trace_free(&t);
		}

	/* Overflow first, then inf - inf. */
	ct_eval_ok("10000*10000 - 10000*10000", "fp16", &t);
	const calc_step *m0 = ct_find_op(&t, "*", 0), *m1 = ct_find_op(&t, "*", 1);
	ck_assert_int_eq(t.first_nonfinite, ct_index_of(&t, m0));
	ck_assert_int_eq(m0->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(m1->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_str_eq(ct_last(&t)->op, "-");
	ck_assert(isnan(ct_last(&t)->value[0]));
	ck_assert_int_eq(ct_last(&t)->cause, CALC_CAUSE_INVALID);
	ck_assert(ct_last(&t)->flags & FP_FLAG_INVALID);
	calc_explain(&t, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "overflow") && strstr(buf, "invalid"), "explain: %s", buf);
	calc_trace_free(&t);
	/* In bf16 the same expression is finite and exactly 0. */
	ct_expect_scalar("10000*10000 - 10000*10000", "bf16", &CT_RBF, 0.0);

	/* A nonfinite literal is the cause itself. */
	ct_eval_ok("inf", "fp16", &t);
	ck_assert_int_eq(t.first_nonfinite, 0);
	ck_assert_int_eq(t.steps[0].cause, CALC_CAUSE_INPUT);
	ck_assert(isinf(t.steps[0].value[0]));
	calc_trace_free(&t);
	ct_eval_ok("[1, nan] + 1", "fp32", &t);
	ck_assert_int_eq(t.first_nonfinite, 0);
	ck_assert_int_eq(t.steps[0].cause, CALC_CAUSE_INPUT);
	ck_assert_int_eq(ct_last(&t)->cause, CALC_CAUSE_PROPAGATED);
	ck_assert(!(ct_last(&t)->flags & FP_FLAG_INVALID));	/* carried, not made */
	calc_trace_free(&t);
	ct_eval_ok("exp(inf) + 1", "fp32", &t);
	ck_assert_int_eq(t.first_nonfinite, 0);
	ck_assert_int_eq(ct_last(&t)->cause, CALC_CAUSE_PROPAGATED);
	calc_trace_free(&t);

	/* exp beyond double itself is still an overflow of finite input. */
	ct_eval_ok("exp(1000)", "fp32", &t);
	ck_assert(isinf(ct_last(&t)->value[0]));
	ck_assert_int_eq(ct_last(&t)->cause, CALC_CAUSE_OVERFLOW);
	ck_assert(ct_last(&t)->flags & FP_FLAG_OVERFLOW);
	calc_trace_free(&t);

	/* A finite trace says so. */
	ct_eval_ok("1 + 2", "fp16", &t);
	ck_assert_int_eq(t.first_nonfinite, -1);
	for (size_t i = 0; i < t.nsteps; i++)
		ck_assert_int_eq(t.steps[i].cause, CALC_CAUSE_NONE);
	calc_explain(&t, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "finite") != NULL, "explain: %s", buf);
	calc_trace_free(&t);

	ck_assert_str_eq(calc_cause_name(CALC_CAUSE_OVERFLOW), "overflow");
	ck_assert_str_eq(calc_cause_name(CALC_CAUSE_INVALID), "invalid");

	/* explain never overruns a small buffer. */
	ct_eval_ok(CT_NAIVE, "fp16", &t);
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
	ct_expect_parse_error("exp([20,19]", 11, "expected ')'");
	ct_expect_parse_error("foo(1)", 0, "unknown function 'foo'");
	ct_expect_parse_error("1 +", 3, "unexpected end");
	ct_expect_parse_error("[1, x]", 4, "vector elements must be numbers");
	ct_expect_parse_error("[1, 2", 5, "");
	ct_expect_parse_error("1 2", 2, "expected an operator");
	ct_expect_parse_error(")", 0, "')'");
	ct_expect_parse_error("1)", 1, "unmatched ')'");
	ct_expect_parse_error("exp()", 0, "needs 1 argument");
	ct_expect_parse_error("dot([1])", 0, "needs 2 arguments");
	ct_expect_parse_error("max(1,2,3)", 8, "too many arguments");
	ct_expect_parse_error("exp 1", 4, "expected '('");
	ct_expect_parse_error("", 0, "unexpected end");
	ct_expect_parse_error("1 $ 2", 2, "");
	ct_expect_parse_error("sum([1], acc=fp17)", 13, "acc= needs a dtype");
	ct_expect_parse_error("exp([1], acc=fp16)", 9, "acc= is for sum");
	ct_expect_parse_error("sum(acc=fp16)", 4, "unknown function 'acc'");
	ct_expect_parse_error("dot([1], acc=fp16, [2])", 19, "acc= comes after");
	ct_expect_parse_error("1e - 8", 2, "not a number");
	ct_expect_parse_error("2 * (3", 6, "expected ')'");
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
	ct_eval_ok(s, "fp16", &t);
	ck_assert(ct_last(&t)->value[0] == 1.0);
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
	ct_expect_parse_error(s, 63, "nested too deeply");
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
	calc_policy p = ct_policy("fp32");
	ck_assert(calc_eval(e, &p, &t, &err));
	ck_assert(ct_last(&t)->value[0] == 2048.0);	/* 2048 ones */
	calc_trace_free(&t);
	calc_free(e);
	free(big);

	/* Vectors past the element limit come from generators, at eval. */
	ct_expect_eval_error("linspace(0,1,65537)", "fp32", 13, "count");
	ct_expect_eval_error("range(65537)", "fp32", 6, "count");
	ct_eval_ok("sum(range(65536))", "fp32", &t);
	ck_assert(ct_last(&t)->value[0] == 65535.0 * 65536.0 / 2);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_parse_accepts)
{
	calc_trace t;

	/* UTF-8 × ÷ − for * / -. */
	ct_expect_scalar("2\xc3\x97" "3", "fp16", &CT_R16, 6.0);
	ct_expect_scalar("6\xc3\xb7" "3", "fp16", &CT_R16, 2.0);
	ct_expect_scalar("\xe2\x88\x92" "1", "fp16", &CT_R16, -1.0);
	ct_expect_scalar("2 \xc3\x97 3 \xe2\x88\x92 1", "fp16", &CT_R16, 5.0);
	ct_expect_scalar("7\xe2\x88\x92" "2", "fp16", &CT_R16, 5.0);
	/* Precedence and associativity. */
	ct_expect_scalar("1 - 2 - 3", "fp32", &CT_R32, -4.0);
	ct_expect_scalar("8 / 4 / 2", "fp32", &CT_R32, 1.0);
	ct_expect_scalar("1 + 2 * 3", "fp32", &CT_R32, 7.0);
	ct_expect_scalar("-2 * -3", "fp32", &CT_R32, 6.0);
	ct_expect_scalar("--2", "fp32", &CT_R32, 2.0);
	ct_expect_scalar("+2", "fp32", &CT_R32, 2.0);
	ct_expect_scalar(" \t(1 + 2) * 3 \n", "fp32", &CT_R32, 9.0);
	/* Exponent signs belong to the number. */
	ct_expect_scalar("1e-8", "fp32", &CT_R32, (double)1e-8f);
	ct_expect_scalar("1e+2-1", "fp32", &CT_R32, 99.0);
	ct_expect_scalar("2e3", "fp32", &CT_R32, 2000.0);
	ct_expect_scalar(".5", "fp32", &CT_R32, 0.5);
	ct_expect_scalar("0x1p-3", "fp32", &CT_R32, 0.125);
	ct_expect_scalar("-0x1.8p+1", "fp32", &CT_R32, -3.0);
	/* Signed vector elements, and inf/nan literals. */
	ct_eval_ok("[-1, +2, -inf, nan, 0x1p1]", "fp32", &t);
	ck_assert_uint_eq(ct_last(&t)->n, 5);
	ck_assert(ct_last(&t)->value[0] == -1 && ct_last(&t)->value[1] == 2);
	ck_assert(isinf(ct_last(&t)->value[2]) && ct_last(&t)->value[2] < 0);
	ck_assert(isnan(ct_last(&t)->value[3]) && ct_last(&t)->value[4] == 2);
	calc_trace_free(&t);
	/* Negative zero survives. */
	ct_expect_scalar("-0", "fp16", &CT_R16, -0.0);
	ct_expect_scalar("-0 + 0", "fp16", &CT_R16, 0.0);
}
END_TEST

/* ==== 6. evaluation errors ==================================================== */

START_TEST(test_eval_errors)
{
	/* A length mismatch of an operator points at the operator. */
	ct_expect_eval_error("[1,2]+[1,2,3]", "fp16", 5, "different lengths");
	ct_expect_eval_error("[1,2] \xc3\x97 [1,2,3]", "fp16", 6, "different lengths");
	ct_expect_eval_error("max([1,2], [1,2,3])", "fp16", 0, "different lengths");
	ct_expect_eval_error("dot([1,2],[1])", "fp16", 0, "different lengths");
	ct_expect_eval_error("dot([1,2],[1])", "autocast-fp16", 0, "different lengths");
	ct_expect_eval_error("cross_entropy([1,2], 2)", "fp32", 21, "class");
	ct_expect_eval_error("cross_entropy([1,2], 0.5)", "fp32", 21, "class");
	ct_expect_eval_error("cross_entropy([1,2], -1)", "fp32", 21, "class");
	ct_expect_eval_error("cross_entropy_grad([1,2], [0,1])", "fp32", 26, "class");
	ct_expect_eval_error("linspace(0,1,0)", "fp32", 13, "count");
	ct_expect_eval_error("linspace(0,1,2.5)", "fp32", 13, "count");
	ct_expect_eval_error("range(nan)", "fp32", 6, "count");
	ct_expect_eval_error("linspace(0,[1,2],3)", "fp32", 11, "single number");
	/* An error after many steps frees them all (valgrind checks). */
	ct_expect_eval_error("exp(linspace(0,1,1000)) + [1,2]", "fp32", 24, "different lengths");
}
END_TEST

/* calc_test.h: the test cases "functions" and "syntax", after "policy". */
void
calc_lang_tcases(Suite *s)
{
	TCase *tc = ct_tcase(s, "functions");
	tcase_add_test(tc, test_reductions);
	tcase_add_test(tc, test_softmax_family);
	tcase_add_test(tc, test_generators);
	tcase_add_test(tc, test_casts);
	tcase_add_test(tc, test_invalid_and_causes);
	tc = ct_tcase(s, "syntax");
	tcase_add_test(tc, test_parse_errors);
	tcase_add_test(tc, test_parse_limits);
	tcase_add_test(tc, test_parse_accepts);
	tcase_add_test(tc, test_eval_errors);
}
