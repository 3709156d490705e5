/*
 * check_calc_arith.c — part of tests/check_calc: the engine's elementwise
 * operations (+ - * /, sqrt, abs, neg, exp, log) and its decimal literals
 * against the compiler's _Float16 and float arithmetic and against
 * ct_ref_round (calc_test.c), over fixed and random operands.
 */
#include <config.h>

#include "calc/calc.h"
#include "calc_test.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
rand_value(const struct ct_ref *r, uint32_t *bits)
{
	uint32_t b = ct_rnd32() & (r->width == 32 ? 0xffffffffu : (1u << r->width) - 1);
	if (bits)
		*bits = b;
	return ct_ref_decode(r, b);
}

/* Flags of rounding the exact result `ex` into r, giving `res`, by their
 * definitions (tininess before rounding); the caller works out whether
 * the rounding was inexact, since for / the double `ex` is not exact. */
static unsigned
ref_flags(const struct ct_ref *r, double ex, double res, bool inexact)
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
check_one(const char *text, const char *pol, const struct ct_ref *r, double want,
    bool check_flags, unsigned wflags)
{
	calc_trace t;
	calc_error err;

	if (!ct_try_eval(text, pol, &t, &err)) {
		ct_report("%s [%s]: error %s", text, pol, err.msg);
		return;
	}
	const calc_step *s = ct_last(&t);
	if (s->dtype != fp_format_get(r->id))
		ct_report("%s [%s]: ran in %s", text, pol, s->dtype->name);
	else if (!ct_same(s->value[0], want))
		ct_report("%s [%s]: %a, want %a", text, pol, s->value[0], want);
	else if (isnan(want) ? !ct_ref_is_nan_bits(r, s->bits[0])
	    : s->bits[0] != ct_ref_bits(r, want))
		ct_report("%s [%s]: bits 0x%x", text, pol, (unsigned)s->bits[0]);
	else if (check_flags && (s->eflags[0] & FLAG_MASK) != wflags)
		ct_report("%s [%s]: flags 0x%x, want 0x%x", text, pol, s->eflags[0], wflags);
	calc_trace_free(&t);
}

/* + - * / of random pairs, and sqrt, abs, neg, against double arithmetic
 * rounded by ref_round (bf16, tf32, fp8) or against the compiler (below). */
static void
ops_vs_ref(const struct ct_ref *r, const char *pol, int npairs)
{
	static const char ops[] = "+-*/";
	char text[200];

	for (int i = 0; i < npairs; i++) {
		double a = rand_value(r, NULL), b = rand_value(r, NULL);
		for (int k = 0; k < 4; k++) {
			double ex = k == 0 ? a + b : k == 1 ? a - b : k == 2 ? a * b : a / b;
			double want = ct_ref_round(r, ex);
			bool fin = isfinite(a) && isfinite(b) && !(k == 3 && b == 0);
			/* + - * are exact in double for these formats; for /
			 * the quotient is exact iff want * b == a. */
			bool inexact = k == 3 ? !(isfinite(want) && want * b == a) : want != ex;
			snprintf(text, sizeof text, "(%a) %c (%a)", a, ops[k], b);
			check_one(text, pol, r, want, fin, fin ? ref_flags(r, ex, want, inexact) : 0);
		}
		snprintf(text, sizeof text, "sqrt(%a)", a);
		double sq = ct_ref_round(r, sqrt(a));
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
		uint16_t ua = (uint16_t)ct_rnd32(), ub = (uint16_t)ct_rnd32();
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
			if (!ct_try_eval(text, "fp16", &t, &err)) {
				ct_report("%s: error %s", text, err.msg);
				continue;
			}
			const calc_step *s = ct_last(&t);
			if (isnan(want) ? !ct_ref_is_nan_bits(&CT_R16, s->bits[0])
			    : s->bits[0] != u_of(hr[k]))
				ct_report("%s [fp16]: bits 0x%04x, _Float16 gives 0x%04x", text,
				    (unsigned)s->bits[0], (unsigned)u_of(hr[k]));
			else if (!ct_same(s->value[0], want))
				ct_report("%s [fp16]: value %a, want %a", text, s->value[0], want);
			else if (s->dtype != fp_format_get(FP_FP16))
				ct_report("%s: ran in %s", text, s->dtype->name);
			else if (fin && (s->eflags[0] & FLAG_MASK) !=
			    ref_flags(&CT_R16, ex, want, inexact))
				ct_report("%s [fp16]: flags 0x%x, want 0x%x", text, s->eflags[0],
				    ref_flags(&CT_R16, ex, want, inexact));
			calc_trace_free(&t);
		}
		half hs = (half)sqrtf((float)ha);
		snprintf(text, sizeof text, "sqrt(%a)", a);
		check_one(text, "fp16", &CT_R16, (double)hs, false, 0);
		half hab = (half)fabsf((float)ha);
		snprintf(text, sizeof text, "abs(%a)", a);
		check_one(text, "fp16", &CT_R16, (double)hab, false, 0);
		snprintf(text, sizeof text, "-(%a)", a);
		check_one(text, "fp16", &CT_R16, (double)(-ha), false, 0);
	}
	CT_ASSERT_NO_MISMATCH("fp16 ops vs _Float16");
#endif
	/* Without _Float16, the same pairs against ref_round. */
	ops_vs_ref(&CT_R16, "fp16", 1000);
	CT_ASSERT_NO_MISMATCH("fp16 ops vs ref_round");
}
END_TEST

START_TEST(test_fp32_ops_vs_float)
{
	static const char ops[] = "+-*/";
	char text[200];

	for (int i = 0; i < 3000; i++) {
		uint32_t ua = ct_rnd32(), ub = ct_rnd32();
		float fa, fb;
		if (i % 3 == 0)		/* keep exponents close: real cancellation */
			ub = (ua & 0xff800000u) | (ub & 0x007fffffu);
		memcpy(&fa, &ua, 4);
		memcpy(&fb, &ub, 4);
		float fr[4] = { fa + fb, fa - fb, fa * fb, fa / fb };
		for (int k = 0; k < 4; k++) {
			snprintf(text, sizeof text, "(%a)%c(%a)", (double)fa, ops[k], (double)fb);
			check_one(text, "fp32", &CT_R32, (double)fr[k], false, 0);
		}
		snprintf(text, sizeof text, "sqrt(%a)", (double)fa);
		check_one(text, "fp32", &CT_R32, (double)sqrtf(fa), false, 0);
	}
	CT_ASSERT_NO_MISMATCH("fp32 ops vs float");
}
END_TEST

START_TEST(test_bf16_ops_vs_ref)
{
	ops_vs_ref(&CT_RBF, "bf16", 3000);
	CT_ASSERT_NO_MISMATCH("bf16 ops");
}
END_TEST

START_TEST(test_small_formats_ops_vs_ref)
{
	ops_vs_ref(&CT_RTF, "tf32", 800);
	ops_vs_ref(&CT_RE4, "e4m3", 800);
	ops_vs_ref(&CT_RE5, "e5m2", 800);
	CT_ASSERT_NO_MISMATCH("tf32/e4m3/e5m2 ops");
}
END_TEST

/* exp and log: the double result rounded once (doc/design.md, "What it
 * teaches"). */
START_TEST(test_exp_log_vs_ref)
{
	static const struct ct_ref *const fmts[] = { &CT_R16, &CT_RBF, &CT_R32 };
	static const char *const names[] = { "fp16", "bf16", "fp32" };
	char text[200];

	for (int k = 0; k < 3; k++)
		for (int i = 0; i < 1500; i++) {
			/* Arguments spread over where exp overflows and underflows. */
			double x = ct_ref_round(fmts[k], ldexp((double)(int32_t)ct_rnd32(), -24));
			snprintf(text, sizeof text, "exp(%a)", x);
			check_one(text, names[k], fmts[k], ct_ref_round(fmts[k], exp(x)), false, 0);
			double y = fabs(rand_value(fmts[k], NULL));
			snprintf(text, sizeof text, "log(%a)", y);
			check_one(text, names[k], fmts[k], ct_ref_round(fmts[k], log(y)), false, 0);
		}
	CT_ASSERT_NO_MISMATCH("exp/log");
}
END_TEST

/* Decimal literals are rounded once, from the text, not through double. */
START_TEST(test_literals_rounded_once)
{
	/* 1 + 2^-11 is the fp16 midpoint between 1 and 1 + 2^-10; a hair
	 * above it must round up.  Through double the hair is lost and the
	 * tie goes to even (1). */
	ct_expect_scalar("1.00048828125000000000000000001", "fp16", &CT_R16, 1.0 + ldexp(1, -10));
	ct_expect_scalar("1.00048828125", "fp16", &CT_R16, 1.0);
	ct_expect_scalar("1.00146484375", "fp16", &CT_R16, 1.0 + ldexp(2, -10));	/* 1+3*2^-11: tie to even */
	/* Same for fp32 at 1 + 2^-24. */
	ct_expect_scalar("1.0000000596046447753906250000001", "fp32", &CT_R32, 1.0 + ldexp(1, -23));
	ct_expect_scalar("1.000000059604644775390625", "fp32", &CT_R32, 1.0);
	/* Hex floats are exact; 2^-25 is half the smallest fp16 subnormal. */
	ct_expect_scalar("0x1p-24", "fp16", &CT_R16, ldexp(1, -24));
	ct_expect_scalar("0x1p-25", "fp16", &CT_R16, 0.0);
	ct_expect_scalar("0x1.000001p-25", "fp16", &CT_R16, ldexp(1, -24));
	ct_expect_scalar("0x1.8p1", "bf16", &CT_RBF, 3.0);
	/* In hex, 'e' is a digit and '-' is subtraction: 0x1e - 3 = 27. */
	ct_expect_scalar("0x1e-3", "fp32", &CT_R32, 27.0);
	ct_expect_scalar("65519", "fp16", &CT_R16, 65504.0);
	ct_expect_scalar("65520", "fp16", &CT_R16, INFINITY);
}
END_TEST

/* calc_test.h: the test case "arithmetic", after the fixtures. */
void
calc_arith_tcases(Suite *s)
{
	TCase *tc = ct_tcase(s, "arithmetic");
	tcase_add_test(tc, test_fp16_ops_vs_float16);
	tcase_add_test(tc, test_fp32_ops_vs_float);
	tcase_add_test(tc, test_bf16_ops_vs_ref);
	tcase_add_test(tc, test_small_formats_ops_vs_ref);
	tcase_add_test(tc, test_exp_log_vs_ref);
	tcase_add_test(tc, test_literals_rounded_once);
}
