/*
 * check_calc.c — unit tests of the expression engine (src/calc): the
 * fixtures of doc/design.md, "What it teaches", and the dtype policies.
 * One test program with check_calc_arith.c (elementwise ops against the
 * compiler's arithmetic), check_calc_lang.c (the functions, parse and
 * evaluation errors) and check_calc_policy.c (the language against
 * PyTorch's tables); the helpers they share are in calc_test.c.
 *
 * Every expected number is computed in the tests, never taken from the
 * engine:
 *
 *  - the compiler's _Float16 arithmetic (where the compiler has it) for the
 *    fp16 operations, and float arithmetic for fp32: both are IEEE
 *    correctly rounded, which is what the engine promises;
 *  - ct_ref_round(), a round-to-nearest-even into a format (calc_test.c),
 *    used for bf16, tf32 and fp8 and for exp/log/softmax, whose definition
 *    (doc/design.md, "What it teaches") is "the double result, rounded
 *    once";
 *  - ct_ref_bits(), a bit-pattern encoder from the format definitions, so
 *    that the patterns are checked and not just the values;
 *  - the softmax family by its textbook formulas in double.
 *
 * The fixtures of doc/design.md, "What it teaches" are checked against
 * those oracles, and against the numbers the design states where they are
 * exact.
 */
#include <config.h>

#include "calc/calc.h"
#include "calc_test.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ==== 1. the fixtures of doc/design.md, "What it teaches" ================= */

START_TEST(test_fixture_10000_squared)
{
	calc_trace t;
	const calc_step *m;

	/* fp16: 10000 is exact (10000 = 1.220703125 * 2^13, 10 bits), the
	 * product 1e8 is far beyond 65504. */
	ct_eval_ok("10000*10000", "fp16", &t);
	m = ct_last(&t);
	ck_assert_str_eq(m->op, "*");
	ck_assert_ptr_eq(m->dtype, fp_format_get(FP_FP16));
	ck_assert(isinf(m->value[0]) && m->value[0] > 0);
	ck_assert_uint_eq(m->bits[0], 0x7c00);
	ck_assert_int_eq(t.first_nonfinite, ct_index_of(&t, m));
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
	ct_eval_ok("10000*10000", "bf16", &t);
	const calc_step *lit = ct_find_op(&t, "literal", 0);
	ck_assert_ptr_nonnull(lit);
	ck_assert(lit->value[0] == 9984.0);
	ck_assert(ct_ref_round(&CT_RBF, 10000.0) == 9984.0);
	ck_assert(lit->flags & FP_FLAG_INEXACT);
	double want = ct_ref_round(&CT_RBF, 9984.0 * 9984.0);
	ck_assert(want == 99614720.0);
	ct_expect_values(ct_last(&t), &CT_RBF, &want, 1, "bf16 10000*10000");
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);

	ct_eval_ok("10000*10000", "fp32", &t);
	want = (double)(10000.0f * 10000.0f);
	ck_assert(want == 1e8);
	ct_expect_values(ct_last(&t), &CT_R32, &want, 1, "fp32 10000*10000");
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_naive_softmax_fp16)
{
	calc_trace t;
	char buf[512];

	ct_eval_ok(CT_NAIVE, "fp16", &t);
	const calc_step *e0 = ct_find_op(&t, "exp", 0), *div = ct_last(&t);
	ck_assert_ptr_nonnull(e0);
	ck_assert_int_eq(t.first_nonfinite, ct_index_of(&t, e0));
	ck_assert_int_eq(e0->cause, CALC_CAUSE_OVERFLOW);
	ck_assert(e0->flags & FP_FLAG_OVERFLOW);
	ck_assert(isinf(e0->value[0]) && isinf(e0->value[1]));
	/* exp(19) = 1.78e8 overflows too: both elements are inf. */
	ck_assert_str_eq(div->op, "/");
	ck_assert_int_eq(div->cause, CALC_CAUSE_INVALID);
	ck_assert(div->flags & FP_FLAG_INVALID);
	ck_assert(div->vector && div->n == 2);
	ck_assert(isnan(div->value[0]) && isnan(div->value[1]));
	ck_assert(ct_ref_is_nan_bits(&CT_R16, div->bits[0]) && ct_ref_is_nan_bits(&CT_R16, div->bits[1]));
	const calc_step *sum = ct_find_op(&t, "sum", 0);
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
	double e0 = ct_ref_round(&CT_RBF, exp(20.0)), e1 = ct_ref_round(&CT_RBF, exp(19.0));
	double s = ct_ref_round(&CT_RBF, e0 + e1);
	double want[2] = { ct_ref_round(&CT_RBF, e0 / s), ct_ref_round(&CT_RBF, e1 / s) };
	double wexp[2] = { e0, e1 };

	ct_eval_ok(CT_NAIVE, "bf16", &t);
	ct_expect_values(ct_find_op(&t, "exp", 0), &CT_RBF, wexp, 2, "bf16 exp");
	ct_expect_values(ct_find_op(&t, "sum", 0), &CT_RBF, &s, 1, "bf16 sum");
	ct_expect_values(ct_last(&t), &CT_RBF, want, 2, "bf16 naive softmax");
	ck_assert_int_eq(t.first_nonfinite, -1);
	/* The design's ≈ [0.7305, 0.2695]. */
	ck_assert(fabs(want[0] - 0.7305) < 5e-4 && fabs(want[1] - 0.2695) < 5e-4);
	calc_trace_free(&t);

	/* fp32: float arithmetic is the oracle (exp is the double, rounded). */
	float f0 = (float)exp(20.0), f1 = (float)exp(19.0);
	float fs = f0 + f1;
	double w32[2] = { (double)(f0 / fs), (double)(f1 / fs) };
	ct_eval_ok(CT_NAIVE, "fp32", &t);
	ct_expect_values(ct_last(&t), &CT_R32, w32, 2, "fp32 naive softmax");
	ck_assert(fabs(w32[0] - 0.7311) < 1e-4 && fabs(w32[1] - 0.2689) < 1e-4);
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_stable_softmax)
{
	static const struct ct_ref *const fmts[] = { &CT_R16, &CT_RBF, &CT_R32 };
	static const char *const names[] = { "fp16", "bf16", "fp32" };
	double d = 1.0 + exp(-1.0);
	calc_trace t;

	for (int k = 0; k < 3; k++) {
		double want[2] = { ct_ref_round(fmts[k], 1.0 / d), ct_ref_round(fmts[k], exp(-1.0) / d) };
		ct_eval_ok("softmax([20,19])", names[k], &t);
		ct_expect_values(ct_last(&t), fmts[k], want, 2, names[k]);
		ck_assert_int_eq(t.first_nonfinite, -1);
		ck_assert(fabs(want[0] - 0.731) < 1e-3 && fabs(want[1] - 0.269) < 1e-3);
		calc_trace_free(&t);
	}
	/* By hand: 0.7310585786 * 2048 = 1497.2 -> 1497/2048; 0.2689414 * 4096
	 * = 1101.58 -> 1102/4096. */
	ct_eval_ok("softmax([20,19])", "fp16", &t);
	ck_assert(ct_last(&t)->value[0] == 1497.0 / 2048 && ct_last(&t)->value[1] == 1102.0 / 4096);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_subnormal_unscale)
{
	calc_trace t;

	ct_eval_ok("fp32(fp16(1e-8*1024))/1024", "fp32", &t);
	/* 1e-8 in fp32, times 1024 in fp32, then into fp16's subnormal range
	 * where the quantum is 2^-24. */
	float scaled = 1e-8f * 1024.0f;
	double sub = ct_ref_round(&CT_R16, (double)scaled);
	ck_assert(sub == 1.0251998901367188e-05);
	ck_assert(sub == ldexp(172.0, -24));
	const calc_step *c = ct_find_op(&t, "fp16", 0);
	ck_assert_ptr_nonnull(c);
	ct_expect_values(c, &CT_R16, &sub, 1, "fp16 cast");
	ck_assert(c->flags & FP_FLAG_SUBNORMAL);
	ck_assert(c->flags & FP_FLAG_INEXACT);
	ck_assert(c->flags & FP_FLAG_UNDERFLOW);
	double fin = (double)((float)sub / 1024.0f);
	ct_expect_values(ct_last(&t), &CT_R32, &fin, 1, "unscaled");
	ck_assert(fabs(fin - 1.00117e-8) < 1e-13);
	calc_trace_free(&t);

	/* As a gradient in fp16, 1e-8 is below half of 2^-24: zero. */
	ct_eval_ok("1e-8", "fp16", &t);
	ck_assert(ct_last(&t)->value[0] == 0 && !signbit(ct_last(&t)->value[0]));
	ck_assert(ct_last(&t)->flags & FP_FLAG_UNDERFLOW);
	calc_trace_free(&t);
}
END_TEST

START_TEST(test_fixture_absorption)
{
	/* The ulp of 1 is 2^-10 in fp16 and 2^-7 in bf16: anything below half
	 * of it is lost. */
	ct_expect_scalar("1 + 1e-4", "fp16", &CT_R16, 1.0);
	ct_expect_scalar("1 + 1e-3", "bf16", &CT_RBF, 1.0);
	ct_expect_scalar("1 + 1e-3", "fp16", &CT_R16, ct_ref_round(&CT_R16, 1.0 + ct_ref_round(&CT_R16, 1e-3)));
	ct_expect_scalar("1 + 1e-4", "fp32", &CT_R32, (double)(1.0f + 1e-4f));
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
	ct_eval_ok("exp([20,19])", "autocast-fp16", &t);
	ck_assert_ptr_eq(t.steps[0].dtype, f);
	double w[2] = { (double)(float)exp(20.0), (double)(float)exp(19.0) };
	ct_expect_values(ct_last(&t), &CT_R32, w, 2, "autocast exp");
	ck_assert_int_eq(t.first_nonfinite, -1);
	calc_trace_free(&t);

	/* matmul is on the low-precision list: both inputs are cast first. */
	ct_eval_ok("matmul([1,2],[3,4])", "autocast-fp16", &t);
	const calc_step *dot = ct_last(&t);
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
	ct_eval_ok("[0.1, 3] @ [1, 1]", "autocast-bf16", &t);
	const calc_step *c = ct_find_op(&t, "autocast", 0);
	ck_assert_ptr_nonnull(c);
	double wc[2] = { ct_ref_round(&CT_RBF, (double)0.1f), 3.0 };
	ct_expect_values(c, &CT_RBF, wc, 2, "autocast cast");
	double wd = ct_ref_round(&CT_RBF, wc[0] + 3.0);
	ct_expect_values(ct_last(&t), &CT_RBF, &wd, 1, "autocast-bf16 matmul");
	ck_assert_ptr_eq(ct_last(&t)->dtype, b);
	calc_trace_free(&t);

	/* Elementwise ops run in the widest input: fp32 literals, fp32. */
	ct_eval_ok("[1,2]*[3,4]", "autocast-fp16", &t);
	ck_assert_ptr_eq(ct_last(&t)->dtype, f);
	ck_assert(ct_find_op(&t, "autocast", 0) == NULL);
	calc_trace_free(&t);
	ct_eval_ok("fp16([1,2])*fp16([3,4])", "autocast-fp16", &t);
	ck_assert_ptr_eq(ct_last(&t)->dtype, h);
	calc_trace_free(&t);
	ct_eval_ok("sqrt(fp16(2))", "autocast-fp16", &t);
	ck_assert_ptr_eq(ct_last(&t)->dtype, h);
	calc_trace_free(&t);

	/* fp32 list even for fp16 inputs; widening needs no cast step. */
	static const char *const fp32ops[] = { "exp(fp16([1,2]))", "log(fp16([1,2]))",
		"sum(fp16([1,2]))", "softmax(fp16([1,2]))",
		"log_softmax(fp16([1,2]))", "logsumexp(fp16([1,2]))",
		"cross_entropy(fp16([1,2]), 1)" };
	for (size_t i = 0; i < sizeof fp32ops / sizeof fp32ops[0]; i++) {
		ct_eval_ok(fp32ops[i], "autocast-fp16", &t);
		ck_assert_msg(ct_last(&t)->dtype == f, "%s ran in %s", fp32ops[i],
		    ct_last(&t)->dtype->name);
		ck_assert(ct_find_op(&t, "autocast", 0) == NULL);
		calc_trace_free(&t);
		/* ...and without autocast it runs in its input's dtype. */
		ct_eval_ok(fp32ops[i], "fp16", &t);
		ck_assert_msg(ct_last(&t)->dtype == h, "%s [fp16] ran in %s", fp32ops[i],
		    ct_last(&t)->dtype->name);
		calc_trace_free(&t);
	}

	/* An explicit cast inside autocast still rounds: 70000 > 65504. */
	ct_eval_ok("fp16(70000)", "autocast-fp16", &t);
	ck_assert_ptr_eq(ct_last(&t)->dtype, h);
	ck_assert(isinf(ct_last(&t)->value[0]));
	ck_assert_int_eq(ct_last(&t)->cause, CALC_CAUSE_OVERFLOW);
	ck_assert_int_eq(t.steps[0].dtype->id, FP_FP32);
	ck_assert(t.steps[0].value[0] == 70000.0);
	calc_trace_free(&t);

	/* The naive softmax under autocast: exp and sum in fp32, the division
	 * in the widest input, fp32: finite, equal to the fp32 policy's. */
	calc_trace t32;
	ct_eval_ok(CT_NAIVE, "autocast-fp16", &t);
	ct_eval_ok(CT_NAIVE, "fp32", &t32);
	ck_assert_int_eq(t.first_nonfinite, -1);
	ct_expect_values(ct_last(&t), &CT_R32, ct_last(&t32)->value, 2, "autocast naive softmax");
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
		ct_eval_ok("fp16(1) + bf16(1)", pols[i], &t);
		ck_assert_msg(ct_last(&t)->dtype->id == FP_FP32, "%s: %s", pols[i],
		    ct_last(&t)->dtype->name);
		ck_assert(ct_last(&t)->value[0] == 2.0);
		calc_trace_free(&t);
	}
	/* fp32 holds fp16: an fp32 operand widens the op under a fixed fp16
	 * policy; fp16(2049) is 2048 and 2048 + 1 is exact in fp32. */
	ct_eval_ok("fp32(1) + fp16(2049)", "fp16", &t);
	ck_assert_int_eq(ct_last(&t)->dtype->id, FP_FP32);
	ck_assert(ct_last(&t)->value[0] == 2049.0);
	calc_trace_free(&t);
	/* Two fp16 operands under fp32: the op runs in fp16. */
	ct_eval_ok("fp16(2048) + fp16(1)", "fp32", &t);
	ck_assert_int_eq(ct_last(&t)->dtype->id, FP_FP16);
	ck_assert(ct_last(&t)->value[0] == 2048.0);
	calc_trace_free(&t);
}
END_TEST

/* Traces of one expression under different policies line up by node. */
START_TEST(test_trace_alignment)
{
	calc_trace a, b;

	ct_eval_ok(CT_NAIVE, "fp16", &a);
	ct_eval_ok(CT_NAIVE, "bf16", &b);
	ck_assert_uint_eq(a.nsteps, b.nsteps);
	for (size_t i = 0; i < a.nsteps; i++) {
		ck_assert_int_eq(a.steps[i].node, b.steps[i].node);
		ck_assert_str_eq(a.steps[i].op, b.steps[i].op);
		ck_assert_str_eq(a.steps[i].label, b.steps[i].label);
		for (int k = 0; k < 2; k++)
			ck_assert_int_lt(a.steps[i].args[k], (int)i);
	}
	ck_assert_str_eq(ct_last(&a)->label, CT_NAIVE);
	ck_assert_str_eq(a.steps[0].label, "[20,19]");
	ck_assert_str_eq(a.policy.name, "fp16");
	calc_trace_free(&a);
	calc_trace_free(&b);

	/* A parsed expression is reusable, and its text is kept. */
	calc_error err;
	calc_expr *e = calc_parse("  1 + 2 ", &err);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(calc_text(e), "  1 + 2 ");
	calc_policy p16 = ct_policy("fp16"), p32 = ct_policy("fp32");
	ck_assert(calc_eval(e, &p16, &a, &err));
	ck_assert(calc_eval(e, &p32, &b, &err));
	ck_assert(ct_last(&a)->value[0] == 3.0 && ct_last(&b)->value[0] == 3.0);
	ck_assert_str_eq(ct_last(&a)->label, "1 + 2");
	calc_trace_free(&a);
	calc_trace_free(&b);
	calc_free(e);
}
END_TEST

/* ---- the suite ------------------------------------------------------------- */

static Suite *
calc_suite(void)
{
	Suite *s = suite_create("calc");
	TCase *tc = ct_tcase(s, "fixtures");
	tcase_add_test(tc, test_fixture_10000_squared);
	tcase_add_test(tc, test_fixture_naive_softmax_fp16);
	tcase_add_test(tc, test_fixture_naive_softmax_bf16_fp32);
	tcase_add_test(tc, test_fixture_stable_softmax);
	tcase_add_test(tc, test_fixture_subnormal_unscale);
	tcase_add_test(tc, test_fixture_absorption);
	calc_arith_tcases(s);
	tc = ct_tcase(s, "policy");
	tcase_add_test(tc, test_policy_parse);
	tcase_add_test(tc, test_autocast);
	tcase_add_test(tc, test_promotion);
	tcase_add_test(tc, test_trace_alignment);
	calc_lang_tcases(s);
	calc_sum_tcases(s);
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
