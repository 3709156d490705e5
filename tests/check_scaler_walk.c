/*
 * check_scaler_walk.c — part of tests/check_scaler: the static walk of one
 * gradient through the scales (against the fixture numbers of
 * doc/design.md, "What it teaches", and long-double products for the exact
 * multiply and divide), accumulation boundaries, inf ranges, parameter
 * checks, and the step-order model's data.
 */
#include <config.h>

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp/fp.h"
#include "train/scaler.h"
#include "scaler_test.h"

/* ---- the static walk -------------------------------------------------- */

START_TEST(walk_design_fixture)
{
	const fp_format *h = fp_format_get(FP_FP16);
	fp_real g;
	scaler_walk_row r;
	char buf[40];

	fp_read("1e-8", &g, NULL);
	scaler_walk(h, &g, 1024, &r);
	ck_assert_uint_eq(r.scaled_bits, 0x00ac);	/* 172 x 2^-24 */
	ck_assert(r.scaled == 172 * 0x1p-24);
	ck_assert_str_eq(fp_short_str(h, r.scaled, buf, sizeof buf), "1.0252e-05");
	ck_assert_int_eq(r.cls, FP_CLASS_SUBNORMAL);
	ck_assert_int_eq(r.verdict, SCALER_SUBNORMAL);
	ck_assert(r.flags & FP_FLAG_UNDERFLOW);
	ck_assert(r.unscaled == 172 * 0x1p-34);
	snprintf(buf, sizeof buf, "%.6g", r.unscaled);
	ck_assert_str_eq(buf, "1.00117e-08");
	ck_assert_double_eq_tol(r.rel_error, 1.1717677e-3, 1e-9);

	scaler_walk(h, &g, 1, &r);
	ck_assert_int_eq(r.cls, FP_CLASS_ZERO);
	ck_assert_int_eq(r.verdict, SCALER_LOST);
	ck_assert(r.rel_error == 1);

	scaler_walk(h, &g, 0x1p16, &r);
	ck_assert_int_eq(r.verdict, SCALER_NORMAL);
	ck_assert(r.scaled == 1374 * 0x1p-21);

	scaler_walk(h, &g, 0x1p43, &r);	/* 87960.9: beyond 65504 */
	ck_assert_int_eq(r.verdict, SCALER_OVERFLOW);
	ck_assert(isinf(r.scaled) && isinf(r.unscaled) && isinf(r.rel_error));

	/* e4m3 has no inf: overflow is NaN, still the overflow verdict. */
	fp_read("1", &g, NULL);
	scaler_walk(fp_format_get(FP_E4M3), &g, 512, &r);
	ck_assert_int_eq(r.cls, FP_CLASS_NAN);
	ck_assert_int_eq(r.verdict, SCALER_OVERFLOW);
	/* bf16 keeps 1e-8 without scaling. */
	fp_read("1e-8", &g, NULL);
	scaler_walk(fp_format_get(FP_BF16), &g, 1, &r);
	ck_assert_int_eq(r.verdict, SCALER_NORMAL);
}
END_TEST

START_TEST(walk_window)
{
	const fp_format *h = fp_format_get(FP_FP16);
	fp_real g, big;
	int k;
	double sc[4];

	fp_read("1e-8", &g, NULL);
	fp_read("0.01", &big, NULL);
	ck_assert(scaler_max_pow2(h, &g, &k));
	ck_assert_int_eq(k, 42);		/* 43980 fits, 87961 does not */
	ck_assert(scaler_min_normal_pow2(h, &g, &k));
	ck_assert_int_eq(k, 13);		/* 8.2e-5 >= 2^-14 = 6.1e-5 */
	ck_assert(scaler_max_pow2(h, &big, &k));
	ck_assert_int_eq(k, 22);		/* 41943 fits, 83886 does not */

	ck_assert_int_eq(scaler_default_scales(h, &big, sc), 4);
	ck_assert(sc[0] == 1 && sc[1] == 1024 && sc[2] == 65536 && sc[3] == 0x1p22);
	fp_read("0.99951171875", &big, NULL);	/* x 2^16 = 65504 exactly */
	ck_assert_int_eq(scaler_default_scales(h, &big, sc), 3);
	ck_assert(sc[2] == 65536);
	fp_read("100", &big, NULL);		/* top 2^9, sorted in */
	ck_assert_int_eq(scaler_default_scales(h, &big, sc), 4);
	ck_assert(sc[0] == 1 && sc[1] == 512 && sc[2] == 1024 && sc[3] == 65536);
	fp_read("1e6", &big, NULL);		/* overflows even at 2^0: 2^-4 */
	ck_assert_int_eq(scaler_default_scales(h, &big, sc), 4);
	ck_assert(sc[0] == 0x1p-4);
	/* The ends of the fp32 scale range. */
	fp_real tiny = { 0x1p-200, false }, huge = { 0x1p140, false };
	ck_assert(scaler_max_pow2(h, &tiny, &k));
	ck_assert_int_eq(k, 127);
	ck_assert(scaler_max_pow2(fp_format_get(FP_FP32), &huge, &k));
	ck_assert_int_eq(k, -13);
	ck_assert(scaler_min_normal_pow2(fp_format_get(FP_FP32), &huge, &k));
	ck_assert_int_eq(k, -149);	/* normal down to the smallest scale */
	/* Never normal with an fp32 scale. */
	fp_read("1e-80", &g, NULL);
	ck_assert(!scaler_min_normal_pow2(h, &g, &k));
}
END_TEST

/* The exact product and quotient against long-double arithmetic, which
 * holds x (53 bits) times a small integer exactly. */
START_TEST(exact_mul_div)
{
	const fp_format *fmts[] = {
		fp_format_get(FP_FP16), fp_format_get(FP_BF16), fp_format_get(FP_FP32)
	};
	uint32_t seed = 99;

	if (LDBL_MANT_DIG < 64)
		return;		/* no wide long double: nothing to compare with */
	for (int i = 0; i < 200000; i++) {
		double x = ldexp(1 + (ST_RND() / 16777216.0) + (ST_RND() / 0x1p48),
		    (int)(ST_RND() % 60) - 40);
		long k = 3 + (long)(ST_RND() % 1000);
		fp_real xr = { x, false };
		fp_real p = scaler_real_mul(&xr, (double)k);
		float want = (float)((long double)x * k);
		if (fp_decode(fmts[2], fp_encode_real(fmts[2], &p, NULL)) !=
		    (double)want)
			ck_abort_msg("%a x %ld", x, k);
		/* quotient: the fp32 result is nearest (neighbours no closer) */
		fp_real q = scaler_real_div(&xr, k);
		float r = (float)fp_decode(fmts[2], fp_encode_real(fmts[2], &q, NULL));
		long double e = fabsl((long double)x - (long double)r * k);
		long double eu = fabsl((long double)x - (long double)nextafterf(r, INFINITY) * k);
		long double ed = fabsl((long double)x - (long double)nextafterf(r, 0) * k);
		if (!(e <= eu && e <= ed))
			ck_abort_msg("%a / %ld gave %a", x, k, (double)r);
		/* fp16/bf16 of the product: via the exact long double */
		for (int f = 0; f < 2; f++) {
			long double exact = (long double)x * k;
			double hi = (double)exact;
			/* fp_real of the exact value by hand: truncate to double */
			fp_real e2 = { hi, false };
			if ((long double)hi != exact) {
				if (fabsl((long double)hi) > fabsl(exact))
					e2.lo = nextafter(hi, 0);
				e2.sticky = true;
			}
			if (fp_encode_real(fmts[f], &p, NULL) !=
			    fp_encode_real(fmts[f], &e2, NULL))
				ck_abort_msg("%a x %ld in %s", x, k, fmts[f]->name);
		}
	}
}
END_TEST

/* Products and quotients that land within a double ulp of an fp16
 * midpoint: only the exact remainder can tell which way they round. */
START_TEST(near_midpoints)
{
	const fp_format *h = fp_format_get(FP_FP16);
	int checked = 0;

	if (LDBL_MANT_DIG < 64)
		return;
	for (long k = 3; k < 200; k += 2) {
		for (int j = 0; j < 64; j++) {
			/* m: the midpoint above 1 + j ulps of fp16 */
			double m = 1 + j * 0x1p-10 + 0x1p-11;
			double x0 = m / (double)k;
			for (int d = -2; d <= 2; d++) {
				double x = x0;
				for (int t = 0; t < d; t++)
					x = nextafter(x, INFINITY);
				for (int t = 0; t > d; t--)
					x = nextafter(x, 0);
				long double exact = (long double)x * k;
				double want = exact < m ? m - 0x1p-11 : exact > m
				    ? m + 0x1p-11 : (j % 2 ? m + 0x1p-11 : m - 0x1p-11);
				fp_real xr = { x, false };
				fp_real p = scaler_real_mul(&xr, (double)k);
				if (fp_decode(h, fp_encode_real(h, &p, NULL)) != want)
					ck_abort_msg("%a x %ld: want %a", x, k, want);
				/* and a quotient num / k with num near m x k */
				long double mk = (long double)m * k;	/* exact */
				double num = (double)mk;
				for (int t = 0; t < d; t++)
					num = nextafter(num, INFINITY);
				for (int t = 0; t > d; t--)
					num = nextafter(num, 0);
				fp_real nr = { num, false };
				fp_real q = scaler_real_div(&nr, k);
				double wq = (long double)num < mk ? m - 0x1p-11 :
				    (long double)num > mk ? m + 0x1p-11 :
				    (j % 2 ? m + 0x1p-11 : m - 0x1p-11);
				if (fp_decode(h, fp_encode_real(h, &q, NULL)) != wq)
					ck_abort_msg("%a / %ld: want %a", num, k, wq);
				checked++;
			}
		}
	}
	ck_assert_int_gt(checked, 100);
}
END_TEST

START_TEST(real_edges)
{
	fp_real x = { 0x1p-1000, true }, r;

	r = scaler_real_mul(&x, 0x1p-100);	/* far below double: sticky tiny */
	ck_assert(r.lo > 0 && r.sticky);
	ck_assert_uint_eq(fp_encode_real(fp_format_get(FP_FP32), &r, NULL), 0);
	x.lo = -0x1p1000;
	r = scaler_real_mul(&x, 0x1p100);	/* beyond double: -DBL_MAX, sticky */
	ck_assert(r.lo == -DBL_MAX && r.sticky);
	x.lo = 1;
	x.sticky = false;
	r = scaler_real_div(&x, 4);
	ck_assert(r.lo == 0.25 && !r.sticky);
	r = scaler_real_div(&x, 3);
	ck_assert(r.lo == 1.0 / 3 && r.sticky);	/* 1/3 rounds down in double */
	r = scaler_real_div(&x, 5);		/* 1/5 rounds up: truncate */
	ck_assert(r.lo == nextafter(0.2, 0) && r.sticky);
	x.lo = -1;
	r = scaler_real_div(&x, 5);
	ck_assert(r.lo == -nextafter(0.2, 0) && r.sticky);
}
END_TEST

/* ---- accumulation, ranges, parameters -------------------------------- */

START_TEST(accumulation_boundary)
{
	unsigned all = SCALER_ACT_FORWARD | SCALER_ACT_BACKWARD |
	    SCALER_ACT_UNSCALE | SCALER_ACT_CLIP | SCALER_ACT_STEP |
	    SCALER_ACT_UPDATE;

	for (long m = 1; m <= 12; m++)
		ck_assert_uint_eq(scaler_accum_actions(m, 4), m % 4 == 0 ? all :
		    (SCALER_ACT_FORWARD | SCALER_ACT_BACKWARD));
	ck_assert_uint_eq(scaler_accum_actions(1, 1), all);
}
END_TEST

START_TEST(ranges)
{
	scaler_range r[] = { { 10, 12 }, { 3, 3 }, { 11, 15 }, { 16, 16 }, { 1, 2 },
	    { 30, 29 } };
	size_t n = scaler_ranges_normalize(r, 6);

	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(r[0].lo, 1);
	ck_assert_int_eq(r[0].hi, 3);
	ck_assert_int_eq(r[1].lo, 10);
	ck_assert_int_eq(r[1].hi, 16);
}
END_TEST

START_TEST(params_checked)
{
	scaler_params p;

	scaler_params_default(&p);
	ck_assert_ptr_null(scaler_params_check(&p));
	p.growth_factor = 1;
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	p.growth_factor = INFINITY;
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	scaler_params_default(&p);
	p.backoff_factor = 1;
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	p.backoff_factor = 0;
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	p.backoff_factor = NAN;
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	scaler_params_default(&p);
	p.growth_interval = 0;
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	scaler_params_default(&p);
	p.init_scale = 1e-50;		/* 0 in fp32 */
	ck_assert_ptr_nonnull(scaler_params_check(&p));
	p.init_scale = 1e39;		/* inf in fp32 */
	ck_assert_ptr_nonnull(scaler_params_check(&p));
}
END_TEST

/* ---- the step order ---------------------------------------------------- */

START_TEST(step_order_data)
{
	const steporder_step *s = steporder_steps();
	static const char *const keys[] = {
		"forward", "backward", "unscale", "clip", "step", "update"
	};

	for (int i = 0; i < STEP_NSTEPS; i++) {
		ck_assert_int_eq(s[i].id, i);
		ck_assert_str_eq(s[i].key, keys[i]);
		ck_assert_ptr_nonnull(s[i].synonyms[0]);
		ck_assert_ptr_eq(steporder_find(keys[i]), &s[i]);
		if (i + 1 < STEP_NSTEPS) {
			const steporder_edge *e = steporder_find_edge((steporder_id)i,
			    (steporder_id)(i + 1));
			ck_assert_ptr_nonnull(e);
			ck_assert(strlen(e->reason) > 20 && strlen(e->if_swapped) > 20);
		}
	}
	ck_assert_ptr_eq(steporder_find("CLIP_GRAD_NORM_"), &s[STEP_CLIP]);
	ck_assert_ptr_eq(steporder_find("scaler.update"), &s[STEP_UPDATE]);
	ck_assert_ptr_eq(steporder_find("unscale_"), &s[STEP_UNSCALE]);
	ck_assert_ptr_null(steporder_find("zero_grad"));
	ck_assert_ptr_null(steporder_find_edge(STEP_CLIP, STEP_UNSCALE));

	size_t n;
	const steporder_edge *e = steporder_edges(&n);
	for (size_t i = 0; i < n; i++)
		ck_assert_int_lt(e[i].from, e[i].to);	/* all point forward */
}
END_TEST

START_TEST(step_order_check)
{
	steporder_id good[] = { STEP_FORWARD, STEP_BACKWARD, STEP_UNSCALE,
	    STEP_CLIP, STEP_STEP, STEP_UPDATE };
	steporder_id clip_first[] = { STEP_FORWARD, STEP_BACKWARD, STEP_CLIP,
	    STEP_UNSCALE, STEP_STEP, STEP_UPDATE };
	steporder_id update_first[] = { STEP_UNSCALE, STEP_UPDATE, STEP_STEP };
	steporder_id far[] = { STEP_CLIP, STEP_FORWARD };
	steporder_inversion inv;

	ck_assert(steporder_check(good, 6, &inv));
	ck_assert(steporder_check(good + 2, 3, &inv));	/* a subset in order */
	ck_assert(!steporder_check(clip_first, 6, &inv));
	ck_assert_int_eq(inv.first, STEP_UNSCALE);
	ck_assert_int_eq(inv.second, STEP_CLIP);
	ck_assert_ptr_nonnull(strstr(inv.edge->if_swapped, "scaled gradients"));
	ck_assert(!steporder_check(update_first, 3, &inv));
	ck_assert_int_eq(inv.first, STEP_STEP);
	ck_assert_int_eq(inv.second, STEP_UPDATE);
	ck_assert(!steporder_check(far, 2, &inv));
	ck_assert_int_eq(inv.first, STEP_FORWARD);
	ck_assert_int_eq(inv.second, STEP_CLIP);
	ck_assert_ptr_nonnull(inv.edge);	/* a link of the chain */
	ck_assert_int_eq(inv.edge->to, STEP_CLIP);
}
END_TEST

/* scaler_test.h: the test cases "walk" and "model", after "rule". */
void
scaler_walk_tcases(Suite *s)
{
	TCase *t;

	t = tcase_create("walk");
	tcase_add_test(t, walk_design_fixture);
	tcase_add_test(t, walk_window);
	tcase_add_test(t, exact_mul_div);
	tcase_add_test(t, near_midpoints);
	tcase_add_test(t, real_edges);
	tcase_set_timeout(t, 60);
	suite_add_tcase(s, t);

	t = tcase_create("model");
	tcase_add_test(t, accumulation_boundary);
	tcase_add_test(t, ranges);
	tcase_add_test(t, params_checked);
	tcase_add_test(t, step_order_data);
	tcase_add_test(t, step_order_check);
	suite_add_tcase(s, t);
}
