/*
 * check_toy.c — the controlled comparison (src/train/toy*.c): the four
 * phenomena the lessons teach hold at the defaults and for other seeds,
 * the same seed gives the same bits, the fp32 gradients match central
 * finite differences of a loss computed here in double with libm (not the
 * toy's own exp/tanh), and the portable functions against libm.
 *
 * The thresholds below are the lesson's claims, with margin:
 *   fp16-noscale  at least a quarter of the gradient entries zero, and a
 *                 final loss at least 25% above fp32's;
 *   fp16          a skipped step in the first ten, none after, a scale
 *                 below 2^16 at the end, a final loss within 2% of fp32's
 *                 (fptutor(1)'s bound, `train`, checked at the defaults
 *                 and every seed of SEEDS, the seeds the manual lists
 *                 (tests/docs.sh): at seed 42 it is 1.25% above);
 *   bf16          a final loss within 2% of fp32's (the manual's bound too);
 *   fp16-params   at least a fifth of the updates swallowed, at least half
 *                 in the last tenth of the run, and a final loss above that
 *                 of fp16 with master weights.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "train/toy.h"
#include "train/toy_int.h"

/* fptutor(1), `train`: fp16 with the scaler and bf16 end within 2% of
 * fp32's final loss at the defaults and at every seed of SEEDS. */
#define MANUAL_BOUND 0.02

/* ---- running every mode ----------------------------------------------- */

typedef struct result {
	toy_summary sum;
	toy_step *steps;
	long n;
} result;

static void
run_mode(toy_mode m, const toy_config *cfg, result *out)
{
	toy_run *r = toy_run_new(m, cfg);
	ck_assert_ptr_nonnull(r);
	out->steps = calloc((size_t)cfg->steps + 1, sizeof *out->steps);
	ck_assert_ptr_nonnull(out->steps);
	out->n = 0;
	while (toy_run_step(r, &out->steps[out->n]))
		out->n++;
	ck_assert_int_eq(out->n, cfg->steps);
	toy_run_summary(r, &out->sum);
	toy_run_free(r);
}

static void
run_all(const toy_config *cfg, result res[TOY_NMODES])
{
	for (int m = 0; m < TOY_NMODES; m++)
		run_mode((toy_mode)m, cfg, &res[m]);
}

static void
free_all(result res[TOY_NMODES])
{
	for (int m = 0; m < TOY_NMODES; m++)
		free(res[m].steps);
}

static double
rel(double a, double b)
{
	return (a - b) / b;
}

/* The four phenomena, at one configuration. */
static void
check_phenomena(const toy_config *cfg)
{
	result res[TOY_NMODES];
	run_all(cfg, res);
	const toy_summary *f32 = &res[TOY_FP32].sum, *f16 = &res[TOY_FP16].sum;
	const toy_summary *nos = &res[TOY_FP16_NOSCALE].sum;
	const toy_summary *b16 = &res[TOY_BF16].sum;
	const toy_summary *par = &res[TOY_FP16_PARAMS].sum;
	unsigned long long seed = (unsigned long long)cfg->seed;

	/* The baseline is clean and has learned. */
	ck_assert_msg(f32->skipped_steps == 0 && f32->first_nonfinite_step == 0,
	    "seed %llu: fp32 saw inf/NaN", seed);
	ck_assert_msg(f32->zero_grad_fraction < 0.01, "seed %llu: fp32 zero "
	    "grads %g", seed, f32->zero_grad_fraction);
	ck_assert_msg(f32->final_loss < f32->initial_loss / 100, "seed %llu: "
	    "fp32 did not learn (%g -> %g)", seed, f32->initial_loss,
	    f32->final_loss);

	/* fp16 without scaling: gradients flushed, clearly worse. */
	ck_assert_msg(nos->zero_grad_fraction >= 0.25, "seed %llu: fp16-noscale "
	    "zero grads %g < 0.25", seed, nos->zero_grad_fraction);
	ck_assert_msg(rel(nos->final_loss, f32->final_loss) >= 0.25, "seed %llu: "
	    "fp16-noscale %g is not clearly worse than fp32 %g", seed,
	    nos->final_loss, f32->final_loss);

	/* fp16 with the scaler: skips early, settles, close to fp32. */
	ck_assert_msg(f16->skipped_steps >= 1, "seed %llu: fp16 skipped no step",
	    seed);
	long last_skip = 0;
	for (long i = 0; i < res[TOY_FP16].n; i++)
		if (res[TOY_FP16].steps[i].skipped)
			last_skip = res[TOY_FP16].steps[i].step;
	ck_assert_msg(last_skip <= 10, "seed %llu: fp16 skipped step %ld, not "
	    "early", seed, last_skip);
	ck_assert_msg(f16->final_scale < 65536.0, "seed %llu: fp16 scale %g",
	    seed, f16->final_scale);
	ck_assert_msg(f16->first_nonfinite_step == 1 &&
	    f16->first_nonfinite_op >= TOY_OP_GRAD_OUT &&
	    f16->first_nonfinite_op <= TOY_OP_GRAD_B1, "seed %llu: fp16's first "
	    "inf is not in the step-1 backward (%ld, %s)", seed,
	    f16->first_nonfinite_step, toy_op_name(f16->first_nonfinite_op));
	ck_assert_msg(fabs(rel(f16->final_loss, f32->final_loss)) <= MANUAL_BOUND,
	    "seed %llu: fp16 %g not within 2%% of fp32 %g", seed,
	    f16->final_loss, f32->final_loss);

	/* bf16: no scaler needed, close to fp32. */
	ck_assert_msg(b16->skipped_steps == 0 && b16->first_nonfinite_step == 0,
	    "seed %llu: bf16 saw inf/NaN", seed);
	ck_assert_msg(fabs(rel(b16->final_loss, f32->final_loss)) <= MANUAL_BOUND,
	    "seed %llu: bf16 %g not within 2%% of fp32 %g", seed,
	    b16->final_loss, f32->final_loss);

	/* fp16 weights without a master copy: updates swallowed, a stall. */
	ck_assert_msg(par->swallowed_update_fraction >= 0.20, "seed %llu: "
	    "fp16-params swallowed only %g", seed, par->swallowed_update_fraction);
	long tail = res[TOY_FP16_PARAMS].n / 10, swallowed = 0;
	for (long i = res[TOY_FP16_PARAMS].n - tail; i < res[TOY_FP16_PARAMS].n; i++)
		swallowed += res[TOY_FP16_PARAMS].steps[i].swallowed;
	ck_assert_msg(swallowed >= tail * par->params / 2, "seed %llu: "
	    "fp16-params swallowed %ld of %ld updates in the last tenth", seed,
	    swallowed, tail * par->params);
	ck_assert_msg(par->final_loss > f16->final_loss, "seed %llu: fp16-params "
	    "%g not above fp16 %g", seed, par->final_loss, f16->final_loss);
	/* With master weights, nothing (or next to nothing) is swallowed. */
	ck_assert_msg(f16->swallowed_update_fraction < 0.01, "seed %llu: fp16 "
	    "swallowed %g", seed, f16->swallowed_update_fraction);
	free_all(res);
}

START_TEST(test_phenomena_defaults)
{
	toy_config cfg;
	toy_config_default(&cfg);
	check_phenomena(&cfg);
}
END_TEST

static const uint64_t SEEDS[] = { 2, 3, 7, 42, 12345, UINT64_C(0xffffffffffffffff) };

START_TEST(test_phenomena_seeds)
{
	toy_config cfg;
	toy_config_default(&cfg);
	cfg.seed = SEEDS[_i];
	check_phenomena(&cfg);
}
END_TEST

/* ---- determinism ------------------------------------------------------- */

START_TEST(test_same_seed_same_bits)
{
	toy_config cfg;
	toy_config_default(&cfg);
	cfg.steps = 60;
	for (int m = 0; m < TOY_NMODES; m++) {
		result a, b;
		run_mode((toy_mode)m, &cfg, &a);
		run_mode((toy_mode)m, &cfg, &b);
		for (long i = 0; i < a.n; i++) {
			const toy_step *x = &a.steps[i], *y = &b.steps[i];
			ck_assert(memcmp(&x->loss, &y->loss, sizeof x->loss) == 0);
			ck_assert(memcmp(&x->grad_norm, &y->grad_norm, sizeof x->grad_norm) == 0);
			ck_assert(x->scale == y->scale && x->skipped == y->skipped);
			ck_assert(x->zero_grads == y->zero_grads &&
			    x->swallowed == y->swallowed && x->nonfinite == y->nonfinite);
		}
		ck_assert(memcmp(&a.sum.final_loss, &b.sum.final_loss,
		    sizeof a.sum.final_loss) == 0);
		free(a.steps);
		free(b.steps);
	}
}
END_TEST

START_TEST(test_seed_changes_data_and_weights)
{
	toy_config c1, c2;
	toy_config_default(&c1);
	c2 = c1;
	c2.seed = 2;
	toy_run *a = toy_run_new(TOY_FP32, &c1), *b = toy_run_new(TOY_FP32, &c2);
	toy_view va, vb;
	toy_run_view(a, &va);
	toy_run_view(b, &vb);
	ck_assert(memcmp(va.x, vb.x, (size_t)(va.lay.batch * va.lay.inputs) *
	    sizeof *va.x) != 0);
	ck_assert(memcmp(va.y, vb.y, (size_t)(va.lay.batch * va.lay.outputs) *
	    sizeof *va.y) != 0);
	ck_assert(memcmp(va.weights, vb.weights, (size_t)va.lay.b1 *
	    sizeof *va.weights) != 0);
	toy_run_free(a);
	toy_run_free(b);
}
END_TEST

/* Every mode starts from the same data and the same weights (rounded into
 * the mode's weight format). */
START_TEST(test_same_start_in_every_mode)
{
	toy_config cfg;
	toy_config_default(&cfg);
	toy_run *base = toy_run_new(TOY_FP32, &cfg);
	toy_view v0;
	toy_run_view(base, &v0);
	for (int m = 1; m < TOY_NMODES; m++) {
		toy_run *r = toy_run_new((toy_mode)m, &cfg);
		toy_view v;
		const fp_format *wf = fp_format_get(toy_mode_get((toy_mode)m)->weights);
		toy_run_view(r, &v);
		ck_assert(memcmp(v.x, v0.x, (size_t)(v.lay.batch * v.lay.inputs) *
		    sizeof *v.x) == 0);
		for (long i = 0; i < v.lay.n; i++)
			ck_assert(v.weights[i] == fp_decode(wf, fp_encode(wf,
			    v0.weights[i], NULL)));
		toy_run_free(r);
	}
	toy_run_free(base);
}
END_TEST

/* The numbers are pinned: a change of the model, the data or the rounding
 * shows here, and so does a machine that computes differently.  (The
 * golden files of `fptutor train --json` pin every step.) */
#define PIN_FP32 0x1.18f30ep-5	/* 0.034295585 */
#define PIN_FP16 0x1.1add06p-5	/* 0.03452922 */
START_TEST(test_pinned_numbers)
{
	toy_config cfg;
	toy_summary s;
	toy_config_default(&cfg);
	ck_assert(toy_run_all(TOY_FP32, &cfg, NULL, NULL, &s));
	ck_assert_msg(s.final_loss == PIN_FP32, "fp32 final loss %a", s.final_loss);
	ck_assert(toy_run_all(TOY_FP16, &cfg, NULL, NULL, &s));
	ck_assert_msg(s.final_loss == PIN_FP16, "fp16 final loss %a", s.final_loss);
}
END_TEST

/* ---- gradients against finite differences ---------------------------- */

/* The loss of the toy's model at weights w, in double with libm. */
static double
loss_double(const toy_view *v, const double *w)
{
	const toy_layout *L = &v->lay;
	double total = 0, h[TOY_MAX_HIDDEN];

	for (int b = 0; b < L->batch; b++) {
		const double *x = v->x + (long)b * L->inputs;
		for (int j = 0; j < L->hidden; j++) {
			double s = w[L->b1 + j];
			for (int i = 0; i < L->inputs; i++)
				s += x[i] * w[L->w1 + (long)i * L->hidden + j];
			h[j] = tanh(s);
		}
		for (int k = 0; k < L->outputs; k++) {
			double z = w[L->b2 + k];
			for (int j = 0; j < L->hidden; j++)
				z += h[j] * w[L->w2 + (long)j * L->outputs + k];
			double e = z - v->y[(long)b * L->outputs + k];
			total += e * e;
		}
	}
	return total / ((double)L->batch * L->outputs);
}

/* The fp32 run's gradient at its step `at` against central differences
 * at the same weights. */
static void
check_gradient(long at)
{
	toy_config cfg;
	toy_step st;
	toy_config_default(&cfg);
	toy_run *r = toy_run_new(TOY_FP32, &cfg);
	for (long i = 1; i < at; i++)
		ck_assert(toy_run_step(r, &st));
	toy_view v;
	toy_run_view(r, &v);
	const long n = v.lay.n;
	double *w = malloc((size_t)n * sizeof *w), *fd = malloc((size_t)n * sizeof *fd);
	ck_assert_ptr_nonnull(w);
	ck_assert_ptr_nonnull(fd);
	memcpy(w, v.weights, (size_t)n * sizeof *w);
	double gmax = 0;
	for (long i = 0; i < n; i++) {
		double h = 1e-5 * fmax(1.0, fabs(w[i])), keep = w[i];
		w[i] = keep + h;
		double up = loss_double(&v, w);
		w[i] = keep - h;
		double down = loss_double(&v, w);
		w[i] = keep;
		fd[i] = (up - down) / (2 * h);
		gmax = fmax(gmax, fabs(fd[i]));
	}
	ck_assert(toy_run_step(r, &st));
	toy_run_view(r, &v);
	int bad = 0;
	long worst = 0;
	double worst_err = 0;
	for (long i = 0; i < n; i++) {
		double err = fabs(v.grad[i] - fd[i]);
		if (err > 1e-3 * fabs(fd[i]) + 1e-5 * gmax)
			bad++;
		if (err > worst_err) {
			worst_err = err;
			worst = i;
		}
	}
	ck_assert_msg(bad == 0, "step %ld: %d of %ld gradient entries differ from "
	    "finite differences; worst [%ld] %g vs %g", at, bad, n, worst,
	    v.grad[worst], fd[worst]);
	free(w);
	free(fd);
	toy_run_free(r);
}

START_TEST(test_gradient_first_step)
{
	check_gradient(1);
}
END_TEST

START_TEST(test_gradient_later_step)
{
	check_gradient(50);
}
END_TEST

/* ---- the portable functions -------------------------------------------- */

static double
ulps(double got, double want)
{
	if (got == want)
		return 0;
	return fabs(got - want) / (nextafter(fabs(want), INFINITY) - fabs(want));
}

START_TEST(test_exp_log_tanh)
{
	double worst_exp = 0, worst_log = 0, worst_tanh = 0;
	for (double x = -740; x < 709; x += 0.0137)
		worst_exp = fmax(worst_exp, ulps(toy_exp(x), exp(x)));
	for (double x = 1e-300; x < 1e300; x *= 1.37)
		worst_log = fmax(worst_log, ulps(toy_log(x), log(x)));
	for (double x = -25; x < 25; x += 0.00371)
		worst_tanh = fmax(worst_tanh, ulps(toy_tanh(x), tanh(x)));
	for (double x = 1e-12; x < 1; x *= 1.1)
		worst_tanh = fmax(worst_tanh, ulps(toy_tanh(x), tanh(x)));
	ck_assert_msg(worst_exp <= 4, "exp: %g ulps", worst_exp);
	ck_assert_msg(worst_log <= 4, "log: %g ulps", worst_log);
	ck_assert_msg(worst_tanh <= 4, "tanh: %g ulps", worst_tanh);
	ck_assert(toy_exp(710) == INFINITY && toy_exp(-746) == 0);
	ck_assert(isnan(toy_exp(NAN)) && isnan(toy_log(-1)) && isnan(toy_tanh(NAN)));
	ck_assert(toy_log(0) == -INFINITY && toy_tanh(-30) == -1.0);
}
END_TEST

/* splitmix64 from state 0 (Vigna's reference implementation). */
START_TEST(test_splitmix64)
{
	toy_rng g = { 0 };
	ck_assert_uint_eq(toy_rng_next(&g), UINT64_C(0xe220a8397b1dcdaf));
	ck_assert_uint_eq(toy_rng_next(&g), UINT64_C(0x6e789e6aa1b965f4));
	ck_assert_uint_eq(toy_rng_next(&g), UINT64_C(0x06c45d188009454f));
	double sum = 0, sumsq = 0;
	toy_rng_seed(&g, 1, 1);
	for (int i = 0; i < 100000; i++) {
		double z = toy_rng_normal(&g);
		ck_assert(fabs(z) <= 2 * sqrt(3.0));
		sum += z;
		sumsq += z * z;
	}
	ck_assert(fabs(sum / 100000) < 0.02);
	ck_assert(fabs(sumsq / 100000 - 1) < 0.02);
}
END_TEST

/* ---- modes, configuration, edges --------------------------------------- */

START_TEST(test_modes)
{
	static const struct { const char *name; int w, g, o; bool sc, master; }
	    want[TOY_NMODES] = {
		{ "fp32", 4, 4, 4, false, false },
		{ "fp16", 6, 2, 4, true, true },
		{ "fp16-noscale", 6, 2, 4, false, true },
		{ "bf16", 6, 2, 4, false, true },
		{ "fp16-params", 2, 2, 4, true, false },
	};
	for (int m = 0; m < TOY_NMODES; m++) {
		const toy_mode_info *mi = toy_mode_get((toy_mode)m);
		ck_assert_str_eq(mi->name, want[m].name);
		ck_assert_int_eq(mi->weight_bytes, want[m].w);
		ck_assert_int_eq(mi->grad_bytes, want[m].g);
		ck_assert_int_eq(mi->optim_bytes, want[m].o);
		ck_assert(mi->scaler == want[m].sc && mi->master == want[m].master);
		ck_assert_ptr_eq(toy_mode_find(want[m].name), mi);
	}
	ck_assert_ptr_eq(toy_mode_find("FP16-NoScale"), toy_mode_get(TOY_FP16_NOSCALE));
	ck_assert_ptr_null(toy_mode_find("fp8"));
	ck_assert_ptr_null(toy_mode_get(TOY_NMODES));
}
END_TEST

START_TEST(test_config_check)
{
	toy_config c;
	toy_config_default(&c);
	ck_assert_ptr_null(toy_config_check(&c));
	c.steps = TOY_MAX_STEPS + 1;
	ck_assert_ptr_nonnull(toy_config_check(&c));
	ck_assert_ptr_null(toy_run_new(TOY_FP32, &c));
	toy_config_default(&c);
	c.steps = -1;
	ck_assert_ptr_nonnull(toy_config_check(&c));
	toy_config_default(&c);
	c.lr = NAN;
	ck_assert_ptr_nonnull(toy_config_check(&c));
	toy_config_default(&c);
	c.momentum = 1;
	ck_assert_ptr_nonnull(toy_config_check(&c));
	toy_config_default(&c);
	c.batch = 0;
	ck_assert_ptr_nonnull(toy_config_check(&c));
	toy_config_default(&c);
	c.scaler.backoff_factor = 2;
	ck_assert_ptr_nonnull(toy_config_check(&c));
}
END_TEST

START_TEST(test_zero_steps)
{
	toy_config c;
	toy_summary s;
	toy_step st;
	toy_config_default(&c);
	c.steps = 0;
	toy_run *r = toy_run_new(TOY_FP16, &c);
	ck_assert(!toy_run_step(r, &st));
	toy_run_summary(r, &s);
	ck_assert_int_eq(s.steps, 0);
	ck_assert(s.final_loss == s.initial_loss);
	ck_assert(s.zero_grad_fraction == 0 && s.swallowed_update_fraction == 0);
	ck_assert(s.final_scale == 65536.0);
	toy_run_free(r);
}
END_TEST

/* A learning rate far too large: the runs diverge, nothing crashes, and
 * the first nonfinite value is found and named. */
START_TEST(test_divergence)
{
	toy_config c;
	toy_config_default(&c);
	c.lr = 1e4;
	c.steps = 40;
	for (int m = 0; m < TOY_NMODES; m++) {
		toy_summary s;
		ck_assert(toy_run_all((toy_mode)m, &c, NULL, NULL, &s));
		ck_assert_msg(s.first_nonfinite_step > 0, "%s did not diverge",
		    toy_mode_get((toy_mode)m)->name);
		ck_assert_str_ne(toy_op_name(s.first_nonfinite_op), "none");
	}
}
END_TEST

static bool
stop_at_five(const toy_step *st, void *ctx)
{
	*(long *)ctx = st->step;
	return st->step < 5;
}

START_TEST(test_callback_stops)
{
	toy_config c;
	toy_summary s;
	long last = 0;
	toy_config_default(&c);
	ck_assert(toy_run_all(TOY_BF16, &c, stop_at_five, &last, &s));
	ck_assert_int_eq(last, 5);
	ck_assert_int_eq(s.steps, 5);
}
END_TEST

static Suite *
toy_suite(void)
{
	Suite *s = suite_create("toy");
	TCase *tc = tcase_create("phenomena");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_phenomena_defaults);
	tcase_add_loop_test(tc, test_phenomena_seeds, 0,
	    (int)(sizeof SEEDS / sizeof SEEDS[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("determinism");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_same_seed_same_bits);
	tcase_add_test(tc, test_seed_changes_data_and_weights);
	tcase_add_test(tc, test_same_start_in_every_mode);
	tcase_add_test(tc, test_pinned_numbers);
	suite_add_tcase(s, tc);

	tc = tcase_create("gradients");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_gradient_first_step);
	tcase_add_test(tc, test_gradient_later_step);
	suite_add_tcase(s, tc);

	tc = tcase_create("parts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_exp_log_tanh);
	tcase_add_test(tc, test_splitmix64);
	tcase_add_test(tc, test_modes);
	tcase_add_test(tc, test_config_check);
	tcase_add_test(tc, test_zero_steps);
	tcase_add_test(tc, test_divergence);
	tcase_add_test(tc, test_callback_stops);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(toy_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
