/*
 * check_calc_policy.c — the calc language held against PyTorch: the dtype
 * each operation runs in under autocast, torch.result_type's promotion,
 * and reductions with a chosen accumulator.  Part of tests/check_calc.
 *
 * The tables below are written from PyTorch's documentation (PyTorch 2.x,
 * "Automatic Mixed Precision package - torch.amp", Autocast Op Reference:
 * "CUDA Ops that can autocast to float16" (matmul, __matmul__, ...), "CUDA
 * Ops that can autocast to float32" (__rtruediv__, exp, log, sum, softmax,
 * log_softmax, logsumexp, cross_entropy, ...), "CUDA Ops that promote to
 * the widest input type" (dot, ...), and "Ops not listed run in the type
 * their inputs give"), and from torch.result_type's documented rules
 * ("Type promotion": a tensor with a dimension wins over zero-dimension
 * tensors and Python numbers of the same category).  They are not derived
 * from src/calc.
 *
 * The accumulation oracles are sequential loops written here, with the
 * compiler's _Float16 for an fp16 accumulator and float for an fp32 one.
 */
#include <config.h>

#include "calc/calc.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Suite *calc_policy_suite(void);

static bool
eval(const char *text, const char *pol, calc_trace *t, calc_error *err)
{
	calc_policy p;
	calc_error e;

	if (err == NULL)
		err = &e;
	ck_assert_msg(calc_policy_parse(pol, &p), "policy %s", pol);
	calc_expr *x = calc_parse(text, err);
	ck_assert_msg(x != NULL, "'%s' does not parse: %s", text, err->msg);
	bool ok = calc_eval(x, &p, t, err);
	calc_free(x);
	return ok;
}

static const calc_step *
result(const calc_trace *t)
{
	return &t->steps[t->nsteps - 1];
}

/* One row: an expression, the policy, the dtype PyTorch runs the last
 * operation in ("error" where PyTorch raises). */
struct row {
	const char *expr, *policy, *dtype;
};

static void
check_rows(const struct row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		calc_trace t;
		calc_error err;
		bool ok = eval(rows[i].expr, rows[i].policy, &t, &err);
		if (strcmp(rows[i].dtype, "error") == 0) {
			ck_assert_msg(!ok, "%s under %s ran; PyTorch raises", rows[i].expr,
			    rows[i].policy);
			continue;
		}
		ck_assert_msg(ok, "%s under %s: %s", rows[i].expr, rows[i].policy, err.msg);
		ck_assert_msg(strcmp(result(&t)->dtype->name, rows[i].dtype) == 0,
		    "%s under %s ran in %s; PyTorch: %s", rows[i].expr, rows[i].policy,
		    result(&t)->dtype->name, rows[i].dtype);
		calc_trace_free(&t);
	}
}

/* Autocast's op lists, one expression per calc operation, with inputs in
 * the low dtype (and fp32 literals, as tensors made outside autocast). */
START_TEST(test_autocast_table)
{
	static const struct row rows[] = {
		/* CUDA Ops that can autocast to float16: matmul, __matmul__ */
		{ "matmul(fp16([1,2]), fp16([3,4]))", "autocast-fp16", "fp16" },
		{ "matmul([1,2], [3,4])", "autocast-fp16", "fp16" },
		{ "[1,2] @ [3,4]", "autocast-fp16", "fp16" },
		{ "[1,2] @ [3,4]", "autocast-bf16", "bf16" },
		{ "fp16([1,2]) @ [3,4]", "autocast-bf16", "bf16" },
		/* ... to float32 */
		{ "exp(fp16([1,2]))", "autocast-fp16", "fp32" },
		{ "log(fp16([1,2]))", "autocast-fp16", "fp32" },
		{ "sum(fp16([1,2]))", "autocast-fp16", "fp32" },
		{ "softmax(fp16([1,2]))", "autocast-fp16", "fp32" },
		{ "log_softmax(fp16([1,2]))", "autocast-fp16", "fp32" },
		{ "logsumexp(fp16([1,2]))", "autocast-fp16", "fp32" },
		{ "cross_entropy(fp16([1,2]), 1)", "autocast-fp16", "fp32" },
		{ "exp(bf16([1,2]))", "autocast-bf16", "fp32" },
		{ "sum(bf16([1,2]))", "autocast-bf16", "fp32" },
		{ "1 / fp16([2,4])", "autocast-fp16", "fp32" },	/* __rtruediv__ */
		{ "1 / bf16([2,4])", "autocast-bf16", "fp32" },
		/* ... promote to the widest input type: dot */
		{ "dot(fp16([1,2]), [3,4])", "autocast-fp16", "fp32" },
		{ "dot([1,2], [3,4])", "autocast-fp16", "fp32" },
		{ "dot(fp16([1,2]), fp16([3,4]))", "autocast-fp16", "fp16" },
		{ "dot(bf16([1,2]), bf16([3,4]))", "autocast-bf16", "bf16" },
		{ "dot(bf16([1,2]), fp16([3,4]))", "autocast-fp16", "error" },
		{ "dot(bf16([1,2]), bf16([3,4]))", "autocast-fp16", "error" },
		/* not listed: the type the inputs give */
		{ "mean(fp16([1,2]))", "autocast-fp16", "fp16" },
		{ "mean(bf16([1,2]))", "autocast-bf16", "bf16" },
		{ "mean([1,2])", "autocast-fp16", "fp32" },
		{ "fp16([1,2]) + fp16([3,4])", "autocast-fp16", "fp16" },
		{ "fp16([1,2]) - fp16([3,4])", "autocast-fp16", "fp16" },
		{ "fp16([1,2]) * fp16([3,4])", "autocast-fp16", "fp16" },
		{ "fp16([1,2]) / fp16([3,4])", "autocast-fp16", "fp16" },
		{ "fp16([1,2]) / 2", "autocast-fp16", "fp16" },	/* __truediv__ */
		{ "-fp16([1,2])", "autocast-fp16", "fp16" },
		{ "sqrt(fp16([1,2]))", "autocast-fp16", "fp16" },
		{ "abs(fp16([1,2]))", "autocast-fp16", "fp16" },
		{ "max(fp16([1,2]))", "autocast-fp16", "fp16" },
		{ "min(fp16([1,2]))", "autocast-fp16", "fp16" },
		{ "max(fp16([1,2]), fp16([3,4]))", "autocast-fp16", "fp16" },
		{ "min(bf16([1,2]), bf16([3,4]))", "autocast-bf16", "bf16" },
		{ "fp16([1,2]) + [3,4]", "autocast-fp16", "fp32" },
		{ "bf16([1,2])", "autocast-fp16", "bf16" },	/* an explicit cast */
		/* without autocast every op runs in its inputs' dtype */
		{ "exp(fp16([1,2]))", "fp32", "fp16" },
		{ "sum(fp16([1,2]))", "fp32", "fp16" },
		{ "dot(fp16([1,2]), fp16([3,4]))", "fp32", "fp16" },
		{ "[1,2] @ [3,4]", "fp16", "fp16" },
		{ "1 / fp16([2,4])", "fp32", "fp16" },
	};
	check_rows(rows, sizeof rows / sizeof rows[0]);
}
END_TEST

/* torch.result_type: tensors with a dimension, then 0-dim tensors, then
 * Python numbers; within a group the dtypes promote (torch.promote_types:
 * fp16 with bf16 is fp32).  A cast of a number, fp16(2), is a 0-dim
 * tensor; a bare number is a Python number. */
START_TEST(test_result_type_table)
{
	static const struct row rows[] = {
		{ "fp16([1,2]) * 3", "autocast-fp16", "fp16" },
		{ "3 * fp16([1,2])", "autocast-fp16", "fp16" },
		{ "fp16([1,2]) * 3", "bf16", "fp16" },
		{ "bf16(2) * fp16([1,2])", "autocast-fp16", "fp16" },
		{ "bf16(2) * fp16([1,2])", "fp32", "fp16" },
		{ "fp32(2) * fp16([1,2])", "fp16", "fp16" },
		{ "sum([1,2]) * fp16([1,2])", "autocast-fp16", "fp16" },	/* 0-dim fp32 */
		{ "fp16(2) * 3", "autocast-fp16", "fp16" },
		{ "bf16(2) + fp16(1)", "autocast-fp16", "fp32" },
		{ "fp16(2) + fp32(1)", "fp16", "fp32" },
		{ "bf16([1,2]) * fp16([1,2])", "autocast-fp16", "fp32" },
		{ "fp16([1,2]) + fp32([1,2])", "fp16", "fp32" },
		{ "fp16([1,2]) + bf16(1) * 2", "autocast-fp16", "fp16" },
		{ "exp(bf16(1)) * fp16([1,2])", "autocast-fp16", "fp16" },
		{ "max(fp16([1,2]), bf16(1))", "fp32", "fp16" },
		{ "2 * 3", "autocast-fp16", "fp32" },
	};
	check_rows(rows, sizeof rows / sizeof rows[0]);
}
END_TEST

/* 4096 ones summed in fp16 stop at 2048: 2048 + 1 is a tie, kept even. */
START_TEST(test_acc_fp16_ones)
{
	calc_trace t;
	const char *pols[] = { "fp16", "autocast-fp16", "fp32" };

	for (size_t p = 0; p < 3; p++) {
		ck_assert(eval("sum(fp16(linspace(1, 1, 4096)), acc=fp16)", pols[p], &t, NULL));
		const calc_step *s = result(&t);
		ck_assert_msg(s->value[0] == 2048.0, "%s: %g", pols[p], s->value[0]);
		ck_assert_ptr_eq(s->acc, fp_format_get(FP_FP16));
		ck_assert_int_eq(s->lost_first, 2048);	/* term 2049 */
		ck_assert(s->lost_at == 2048.0);
		ck_assert_uint_eq(s->lost, 2048);
		calc_trace_free(&t);
		ck_assert(eval("sum(fp16(linspace(1, 1, 4096)), acc=fp32)", pols[p], &t, NULL));
		ck_assert(result(&t)->value[0] == 4096.0);
		ck_assert_int_eq(result(&t)->lost_first, -1);
		calc_trace_free(&t);
		/* the default: exact, rounded once, no accumulator */
		ck_assert(eval("sum(fp16(linspace(1, 1, 4096)))", pols[p], &t, NULL));
		ck_assert(result(&t)->value[0] == 4096.0);
		ck_assert_ptr_null(result(&t)->acc);
		calc_trace_free(&t);
	}
}
END_TEST

/* torch's CPU mean is sum into the result dtype, then div_: for fp16
 * [60000, 60000] the sum 120000 is inf in fp16.  The default (one
 * rounding, as a wide-accumulator kernel) keeps 60000. */
START_TEST(test_mean_torch_cpu)
{
	calc_trace t;

	ck_assert(eval("mean([60000, 60000], acc=fp32)", "fp16", &t, NULL));
	ck_assert(isinf(result(&t)->value[0]) && result(&t)->value[0] > 0);
	ck_assert(result(&t)->total == 120000.0);
	ck_assert_int_eq(result(&t)->cause, CALC_CAUSE_OVERFLOW);
	calc_trace_free(&t);
	ck_assert(eval("mean(fp16([60000, 60000]), acc=fp32)", "autocast-fp16", &t, NULL));
	ck_assert(isinf(result(&t)->value[0]));
	calc_trace_free(&t);
	ck_assert(eval("mean([60000, 60000])", "fp16", &t, NULL));
	ck_assert(result(&t)->value[0] == 60000.0);
	calc_trace_free(&t);
	ck_assert(eval("mean(fp16([60000, 60000]))", "autocast-fp16", &t, NULL));
	ck_assert(result(&t)->value[0] == 60000.0);
	ck_assert_str_eq(result(&t)->dtype->name, "fp16");
	calc_trace_free(&t);
}
END_TEST

#ifdef HAVE_FLOAT16
__extension__ typedef _Float16 half;

/* A text of n random fp16 values in [-8, 8) with 6 significant bits, so
 * that every partial sum and product is exact in double. */
static void
random_vector(char *buf, size_t cap, half *v, int n, unsigned *seed)
{
	size_t len = (size_t)snprintf(buf, cap, "fp16([");
	for (int i = 0; i < n; i++) {
		*seed = *seed * 1103515245u + 12345u;
		int k = (int)((*seed >> 8) % 1024) - 512;	/* k / 64 */
		v[i] = (half)((double)k / 64);
		len += (size_t)snprintf(buf + len, cap - len, "%s%.17g", i ? ", " : "",
		    (double)v[i]);
	}
	snprintf(buf + len, cap - len, "])");
}

/* A number divided by a tensor is torch's __rtruediv__,
 * tensor.reciprocal() * number: two fp16 roundings, not one. */
START_TEST(test_rtruediv_vs_float16)
{
	int differ = 0, bad = 0;

	for (int y = 3; y < 200; y += 2)
		for (int x = 1; x < 12; x++) {
			char text[64];
			calc_trace t;
			half hy = (half)y, hx = (half)x;
			half want = (half)((half)(1 / (double)hy) * hx);
			snprintf(text, sizeof text, "%d / fp16([%d])", x, y);
			ck_assert(eval(text, "fp16", &t, NULL));
			if (result(&t)->value[0] != (double)want && bad++ < 5)
				fprintf(stderr, "%s: %.17g, want %.17g\n", text,
				    result(&t)->value[0], (double)want);
			differ += (double)want != (double)(half)((double)x / y);
			calc_trace_free(&t);
			/* under autocast the reciprocal and the product are fp32 */
			float fwant = (float)(1 / (double)y) * (float)x;
			snprintf(text, sizeof text, "%d / fp16([%d])", x, y);
			ck_assert(eval(text, "autocast-fp16", &t, NULL));
			if (result(&t)->value[0] != (double)fwant && bad++ < 5)
				fprintf(stderr, "%s [autocast]: %.17g, want %.17g\n", text,
				    result(&t)->value[0], (double)fwant);
			calc_trace_free(&t);
		}
	ck_assert_int_eq(bad, 0);
	ck_assert_int_gt(differ, 0);	/* the two roundings show somewhere */
}
END_TEST

/* Sequential fp16 and fp32 accumulation against the compiler's types. */
START_TEST(test_acc_vs_float16)
{
	enum { N = 300 };
	static char a[N * 24 + 16], b[N * 24 + 16], text[2 * sizeof a + 64];
	half x[N], y[N];
	unsigned seed = 12345;
	int bad = 0;

	for (int round = 0; round < 40; round++) {
		int n = 1 + round * 3;
		random_vector(a, sizeof a, x, n, &seed);
		random_vector(b, sizeof b, y, n, &seed);
		half hs = 0, hd = 0;
		float fs = 0, fd = 0;
		for (int i = 0; i < n; i++) {
			hs = (half)((double)hs + (double)x[i]);
			hd = (half)((double)hd + (double)x[i] * (double)y[i]);
			fs = (float)((double)fs + (double)x[i]);
			fd = (float)((double)fd + (double)x[i] * (double)y[i]);
		}
		half hmean = (half)((double)(half)fs / n);	/* CPU mean */
		struct { const char *fn, *acc; bool two; double want; } c[] = {
			{ "sum", "fp16", false, (double)hs },
			{ "sum", "fp32", false, (double)(half)fs },
			{ "mean", "fp32", false, (double)hmean },
			{ "dot", "fp16", true, (double)hd },
			{ "dot", "fp32", true, (double)(half)fd },
			{ "matmul", "fp16", true, (double)hd },
		};
		for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
			calc_trace t;
			snprintf(text, sizeof text, "%s(%s%s%s, acc=%s)", c[k].fn, a,
			    c[k].two ? ", " : "", c[k].two ? b : "", c[k].acc);
			ck_assert(eval(text, "fp16", &t, NULL));
			if (!(result(&t)->value[0] == c[k].want) && bad++ < 5)
				fprintf(stderr, "%.60s...: %.17g, want %.17g\n", text,
				    result(&t)->value[0], c[k].want);
			calc_trace_free(&t);
		}
	}
	ck_assert_int_eq(bad, 0);
}
END_TEST
#endif

/* Each addition of a running sum rounds once, even where the double sum
 * would round first: 1 + 2^-24 + 2^-60 (the product below) is just above
 * an fp32 tie, but the nearest double is the tie itself, which goes to
 * even.  The oracle is long double, which holds the sum exactly. */
START_TEST(test_acc_rounds_once)
{
	calc_trace t;
	const long double x = 0x1.001p-12L, y = 0x1.ffe002p-13L;
	float want = (float)(1.0L + x * y);

	ck_assert(want == 1.0f + 0x1p-23f);
	ck_assert(eval("dot([1, 0x1.001p-12], [1, 0x1.ffe002p-13], acc=fp32)", "fp32",
	    &t, NULL));
	ck_assert_msg(result(&t)->value[0] == (double)want, "%a, want %a",
	    result(&t)->value[0], (double)want);
	ck_assert_int_eq(result(&t)->lost_first, -1);
	calc_trace_free(&t);
}
END_TEST

/* The default reductions still round the exact result once. */
START_TEST(test_default_rounds_once)
{
	calc_trace t;

	/* 2048 + 1 + 1: one rounding gives 2050; a running fp16 sum 2048 */
	ck_assert(eval("sum([2048, 1, 1])", "fp16", &t, NULL));
	ck_assert(result(&t)->value[0] == 2050.0);
	calc_trace_free(&t);
	ck_assert(eval("sum([2048, 1, 1], acc=fp16)", "fp16", &t, NULL));
	ck_assert(result(&t)->value[0] == 2048.0);
	ck_assert_int_eq(result(&t)->lost_first, 1);
	ck_assert_uint_eq(result(&t)->lost, 2);
	calc_trace_free(&t);
	ck_assert(eval("dot([2048, 1, 1], [1, 1, 1])", "fp16", &t, NULL));
	ck_assert(result(&t)->value[0] == 2050.0);
	calc_trace_free(&t);
	ck_assert(eval("mean([2048, 1, 1, 2])", "fp16", &t, NULL));
	ck_assert(result(&t)->value[0] == 513.0);
	calc_trace_free(&t);
}
END_TEST

Suite *
calc_policy_suite(void)
{
	Suite *s = suite_create("calc_policy");
	TCase *tc = tcase_create("pytorch");

	tcase_add_test(tc, test_autocast_table);
	tcase_add_test(tc, test_result_type_table);
	tcase_add_test(tc, test_acc_fp16_ones);
	tcase_add_test(tc, test_mean_torch_cpu);
#ifdef HAVE_FLOAT16
	tcase_add_test(tc, test_acc_vs_float16);
	tcase_add_test(tc, test_rtruediv_vs_float16);
#endif
	tcase_add_test(tc, test_acc_rounds_once);
	tcase_add_test(tc, test_default_rounds_once);
	suite_add_tcase(s, tc);
	return s;
}
