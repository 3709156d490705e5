/*
 * check_scaler.c — the loss-scaling model (src/train) against oracles it
 * does not share: a second implementation of PyTorch's update rule written
 * here with the compiler's float arithmetic (as the CUDA kernel does it),
 * fp16 overflow as "the exact product is at least 65520", the fixture
 * numbers of doc/design.md, "What it teaches", long-double products for
 * the exact multiply and divide, and the step-order model's data.
 *
 * This file holds the oracle and the update rule's trajectories; one test
 * program with check_scaler_walk.c (the static walk, accumulation, ranges,
 * parameters and the step order), sharing scaler_test.h.
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

/* ---- the oracle: PyTorch's _amp_update_scale kernel, restated --------- */

typedef struct ref_scaler {
	float scale;
	int tracker;
	double growth, backoff;
	int interval;
} ref_scaler;

/* found_inf: scale *= backoff, tracker = 0.  Else successful = tracker + 1;
 * at the interval, new_scale = float(scale * growth) and it is taken only
 * if finite; the tracker resets either way. */
static void
ref_update(ref_scaler *r, bool found_inf)
{
	if (found_inf) {
		r->scale = (float)((double)r->scale * r->backoff);
		r->tracker = 0;
		return;
	}
	int successful = r->tracker + 1;
	if (successful == r->interval) {
		float new_scale = (float)((double)r->scale * r->growth);
		if (isfinite(new_scale))
			r->scale = new_scale;
		r->tracker = 0;
	} else {
		r->tracker = successful;
	}
}

/* fp16 overflow of g x s, for power-of-two s (g x s is then exact in
 * double): the largest finite is 65504 and the tie 65520 rounds up. */
static bool
ref_fp16_overflows(double g, double s)
{
	return fabs(g * s) >= 65520.0;
}

typedef struct pattern {
	long lo, hi;
} pattern;

static bool
ref_listed(const pattern *p, size_t n, long step)
{
	for (size_t i = 0; i < n; i++)
		if (step >= p[i].lo && step <= p[i].hi)
			return true;
	return false;
}

/*
 * Run the module's simulation and the oracle side by side for `steps` and
 * compare every field of every step.  grad_max (a decimal string) or NULL;
 * with grad_max, growth/backoff must keep the scale a power of two.
 */
static void
compare_run(double init, double growth, double backoff, long interval,
    long steps, const pattern *inf, size_t ninf, const char *grad_max,
    long accumulate)
{
	scaler_sim_cfg cfg;
	scaler_sim sim;
	scaler_step s;
	scaler_range ranges[64];
	fp_real gm;
	double gmd = 0;
	ref_scaler r = { (float)init, 0, growth, backoff, (int)interval };
	long updates = 0;

	ck_assert_uint_le(ninf, 64);
	scaler_sim_cfg_default(&cfg);
	cfg.params.init_scale = init;
	cfg.params.growth_factor = growth;
	cfg.params.backoff_factor = backoff;
	cfg.params.growth_interval = interval;
	cfg.steps = steps;
	cfg.accumulate = accumulate;
	for (size_t i = 0; i < ninf; i++) {
		ranges[i].lo = inf[i].lo;
		ranges[i].hi = inf[i].hi;
	}
	cfg.ninf = scaler_ranges_normalize(ranges, ninf);
	cfg.inf = ranges;
	if (grad_max) {
		ck_assert_int_eq(fp_read(grad_max, &gm, NULL), FP_READ_OK);
		cfg.grad_max = &gm;
		gmd = strtod(grad_max, NULL) / (double)accumulate;
	}
	ck_assert_ptr_null(scaler_params_check(&cfg.params));
	scaler_sim_init(&sim, &cfg);

	/* Plain tests in the loop, ck_abort only on a mismatch: each Check
	 * assertion records its location, which is slow by the million. */
	for (long n = 1; n <= steps; n++) {
		if (!scaler_sim_next(&sim, &s))
			ck_abort_msg("ended early at %ld", n);
		bool inf_here = ref_listed(inf, ninf, n) ||
		    (grad_max && ref_fp16_overflows(gmd, r.scale));
		if (s.step != n)
			ck_abort_msg("step %ld numbered %ld", n, s.step);
		if (s.scale != (double)r.scale)
			ck_abort_msg("step %ld: scale %.17g, oracle %.17g", n, s.scale,
			    (double)r.scale);
		if (s.found_inf != inf_here || s.skipped != inf_here)
			ck_abort_msg("step %ld: found_inf %d skipped %d, oracle %d "
			    "(scale %g)", n, s.found_inf, s.skipped, inf_here, s.scale);
		if (!inf_here)
			updates++;
		ref_update(&r, inf_here);
		if (s.growth_tracker != r.tracker)
			ck_abort_msg("step %ld: tracker %ld, oracle %d", n,
			    s.growth_tracker, r.tracker);
		if (s.next_scale != (double)r.scale)
			ck_abort_msg("step %ld: next_scale %.17g, oracle %.17g", n,
			    s.next_scale, (double)r.scale);
		if (s.updates != updates)
			ck_abort_msg("step %ld: updates %ld, oracle %ld", n, s.updates,
			    updates);
	}
	ck_assert(!scaler_sim_next(&sim, &s));
	ck_assert_int_eq(sim.skipped, steps - updates);
}

/* ---- trajectories ------------------------------------------------------ */

START_TEST(defaults_are_pytorch)
{
	scaler s;

	scaler_init(&s, NULL);
	ck_assert(s.scale == 65536.0);
	ck_assert(s.p.growth_factor == 2.0);
	ck_assert(s.p.backoff_factor == 0.5);
	ck_assert_int_eq(s.p.growth_interval, 2000);
	ck_assert_int_eq(s.tracker, 0);
}
END_TEST

START_TEST(settles_under_grad_max)
{
	/* The acceptance fixture: 0.01 settles at 2^22 and retries 2^23 every
	 * 2001 steps. */
	compare_run(65536, 2, 0.5, 2000, 20000, NULL, 0, "0.01", 1);
}
END_TEST

START_TEST(first_skip_of_the_fixture)
{
	scaler_sim_cfg cfg;
	scaler_sim sim;
	scaler_step s;
	fp_real gm;
	long skips[3], n = 0;

	fp_read("0.01", &gm, NULL);
	scaler_sim_cfg_default(&cfg);
	cfg.steps = 20000;
	cfg.grad_max = &gm;
	scaler_sim_init(&sim, &cfg);
	while (scaler_sim_next(&sim, &s))
		if (s.skipped && n < 3)
			skips[n++] = s.step;
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(skips[0], 14001);
	ck_assert_int_eq(skips[1], 16002);
	ck_assert_int_eq(skips[2], 18003);
	ck_assert(sim.s.scale == 0x1p22);
}
END_TEST

START_TEST(listed_patterns)
{
	static const pattern p1[] = { { 3, 3 }, { 10, 12 }, { 50, 51 }, { 100, 140 } };
	static const pattern p2[] = { { 1, 1 }, { 2, 2 }, { 4, 4 }, { 8, 8 }, { 16, 16 } };
	static const pattern every[] = { { 1, 400 } };

	compare_run(65536, 2, 0.5, 2000, 3000, p1, 4, NULL, 1);
	compare_run(1000, 3, 0.3, 7, 500, p1, 4, NULL, 1);
	compare_run(65536, 2, 0.5, 1, 200, p2, 5, NULL, 1);
	compare_run(1.5, 1.0000001, 0.9999999, 3, 300, p2, 5, NULL, 1);
	/* Backing off every step: through fp32's subnormals down to 0, where
	 * growth can never lift it again. */
	compare_run(1, 2, 0.5, 2, 500, every, 1, NULL, 1);
}
END_TEST

START_TEST(growth_to_inf_is_refused)
{
	/* 2^120, interval 1: grows to 2^127, then 2^128 is inf in fp32. */
	compare_run(0x1p120, 2, 0.5, 1, 40, NULL, 0, NULL, 1);
	/* A factor that overshoots FLT_MAX from just below. */
	compare_run(3e38, 1.5, 0.5, 2, 20, NULL, 0, NULL, 1);

	scaler s;
	scaler_params p;
	scaler_params_default(&p);
	p.init_scale = 0x1p127;
	p.growth_interval = 3;
	scaler_init(&s, &p);
	ck_assert_int_eq(scaler_update(&s, false), SCALER_KEPT);
	ck_assert_int_eq(scaler_update(&s, false), SCALER_KEPT);
	ck_assert_int_eq(scaler_update(&s, false), SCALER_GROW_REFUSED);
	ck_assert(s.scale == 0x1p127);
	ck_assert_int_eq(s.tracker, 0);
	ck_assert_int_eq(scaler_update(&s, true), SCALER_BACKED_OFF);
	ck_assert(s.scale == 0x1p126);
}
END_TEST

START_TEST(grad_max_and_accumulation)
{
	static const pattern p[] = { { 7, 9 }, { 600, 600 } };

	compare_run(65536, 2, 0.5, 50, 3000, NULL, 0, "0.01", 1);
	compare_run(65536, 2, 0.5, 50, 3000, p, 2, "0.01", 1);
	compare_run(0x1p30, 2, 0.5, 20, 1000, NULL, 0, "3.5", 1);
	/* loss / 4: each micro-batch's gradient is 4 times smaller, so the
	 * scale settles two doublings higher. */
	compare_run(65536, 2, 0.5, 50, 3000, NULL, 0, "0.01", 4);
	compare_run(65536, 2, 0.5, 50, 3000, p, 2, "0.01", 8);
}
END_TEST

START_TEST(fp16_tie_overflows)
{
	/* 65520 / 2^16 = 0.999755859375 exactly: x 2^16 is the tie 65520,
	 * which rounds to even, past 65504: inf. */
	fp_real g;
	const fp_format *h = fp_format_get(FP_FP16);

	fp_read("0.999755859375", &g, NULL);
	ck_assert(scaler_overflows(h, &g, 65536, 1));
	fp_read("0.99975585937499999", &g, NULL);
	ck_assert(!scaler_overflows(h, &g, 65536, 1));
	fp_read("1.99951171875", &g, NULL);	/* /2 x 2^16 = the tie */
	ck_assert(scaler_overflows(h, &g, 65536, 2));
	fp_read("1.9995117187", &g, NULL);
	ck_assert(!scaler_overflows(h, &g, 65536, 2));
}
END_TEST

/* Random parameters and patterns, many runs. */
START_TEST(random_runs)
{
	uint32_t seed = 12345;
	for (int run = 0; run < 60; run++) {
		pattern p[64];
		size_t n = ST_RND() % 64;
		long steps = 200 + (long)(ST_RND() % 3000);
		for (size_t i = 0; i < n; i++) {
			p[i].lo = 1 + (long)(ST_RND() % (uint32_t)steps);
			p[i].hi = p[i].lo + (long)(ST_RND() % 4);
			if (p[i].hi > steps)
				p[i].hi = steps;
		}
		double growth = 1 + (ST_RND() % 3000) / 1000.0 + 1e-3;
		double backoff = 0.05 + (ST_RND() % 900) / 1000.0;
		long interval = 1 + (long)(ST_RND() % 60);
		double init = ldexp(1 + (ST_RND() % 1000) / 1000.0, (int)(ST_RND() % 60) - 20);
		compare_run(init, growth, backoff, interval, steps, p, n, NULL, 1);
		/* Power-of-two factors with a largest gradient too. */
		char gm[32];
		snprintf(gm, sizeof gm, "%.3ge%d", 1 + (ST_RND() % 9000) / 1000.0,
		    -(int)(ST_RND() % 8));
		compare_run(ldexp(1, (int)(ST_RND() % 40)), 2, 0.5, interval, steps, p,
		    n / 4, gm, 1L << (ST_RND() % 4));
	}
}
END_TEST

static Suite *
scaler_suite(void)
{
	Suite *s = suite_create("scaler");
	TCase *t;

	t = tcase_create("rule");
	tcase_add_test(t, defaults_are_pytorch);
	tcase_add_test(t, settles_under_grad_max);
	tcase_add_test(t, first_skip_of_the_fixture);
	tcase_add_test(t, listed_patterns);
	tcase_add_test(t, growth_to_inf_is_refused);
	tcase_add_test(t, grad_max_and_accumulation);
	tcase_add_test(t, fp16_tie_overflows);
	tcase_add_test(t, random_runs);
	tcase_set_timeout(t, 60);
	suite_add_tcase(s, t);

	scaler_walk_tcases(s);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(scaler_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
