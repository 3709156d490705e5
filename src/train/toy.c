/*
 * toy.c — the controlled comparison's modes, configuration, data and
 * initial weights, the optimizer step with the GradScaler, and a run's
 * life cycle.  The passes themselves are toy_model.c; toy.h has the map of
 * which tensor lives in which dtype.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <strings.h>

#include "train/toy_int.h"

/* No fused multiply-adds: they would change the bits between machines
 * (GCC does not contract under -std=c11; clang needs the pragma). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

static const toy_mode_info MODES[TOY_NMODES] = {
	{ TOY_FP32, "fp32", "everything in fp32",
	  FP_FP32, FP_FP32, false, false, 4, 4, 4 },
	{ TOY_FP16, "fp16",
	  "fp16 forward and backward, fp32 master weights, GradScaler",
	  FP_FP16, FP_FP32, true, true, 6, 2, 4 },
	{ TOY_FP16_NOSCALE, "fp16-noscale",
	  "fp16 forward and backward, fp32 master weights, no scaler",
	  FP_FP16, FP_FP32, false, true, 6, 2, 4 },
	{ TOY_BF16, "bf16",
	  "bf16 forward and backward, fp32 master weights, no scaler",
	  FP_BF16, FP_FP32, false, true, 6, 2, 4 },
	{ TOY_FP16_PARAMS, "fp16-params",
	  "fp16 weights, gradients and updates, no master copy, GradScaler",
	  FP_FP16, FP_FP16, true, false, 2, 2, 4 },
};

const toy_mode_info *
toy_mode_get(toy_mode m)
{
	return (unsigned)m < TOY_NMODES ? &MODES[m] : NULL;
}

const toy_mode_info *
toy_mode_find(const char *name)
{
	for (int i = 0; i < TOY_NMODES; i++)
		if (strcasecmp(MODES[i].name, name) == 0)
			return &MODES[i];
	return NULL;
}

const char *
toy_mode_names(void)
{
	return "fp32, fp16, fp16-noscale, bf16, fp16-params";
}

const char *
toy_op_name(toy_op op)
{
	static const char *const names[TOY_NOPS] = {
		[TOY_OP_CAST_WEIGHTS] = "forward: cast of the weights",
		[TOY_OP_LAYER1] = "forward: layer 1 (x W1 + b1)",
		[TOY_OP_TANH] = "forward: tanh",
		[TOY_OP_LAYER2] = "forward: layer 2 output (h W2 + b2)",
		[TOY_OP_LOSS] = "loss: mean squared error (fp32)",
		[TOY_OP_GRAD_OUT] = "backward: grad of the output",
		[TOY_OP_GRAD_W2] = "backward: grad of layer 2 weights",
		[TOY_OP_GRAD_B2] = "backward: grad of layer 2 bias",
		[TOY_OP_GRAD_HIDDEN] = "backward: grad of the hidden activations",
		[TOY_OP_GRAD_TANH] = "backward: grad through tanh",
		[TOY_OP_GRAD_W1] = "backward: grad of layer 1 weights",
		[TOY_OP_GRAD_B1] = "backward: grad of layer 1 bias",
		[TOY_OP_UNSCALE] = "unscale: gradient / scale (fp32)",
		[TOY_OP_UPDATE] = "optimizer: weight update",
	};
	return (unsigned)op < TOY_NOPS ? names[op] : "none";
}

/* ---- configuration ----------------------------------------------------- */

void
toy_config_default(toy_config *c)
{
	c->seed = 1;
	c->steps = 300;
	c->inputs = 8;
	c->hidden = 16;
	c->outputs = 4;
	c->batch = 128;
	c->copies_log2 = 16;
	c->input_std = 1.0;
	c->target_mean = 8.0;
	c->target_std = 1.0;
	c->noise_std = 0.1;
	c->lr = 0.3;
	c->momentum = 0.5;
	scaler_params_default(&c->scaler);
}

const char *
toy_config_check(const toy_config *c)
{
	if (c->steps < 0 || c->steps > TOY_MAX_STEPS)
		return "steps must be between 0 and 20000";
	if (c->inputs < 1 || c->inputs > TOY_MAX_INPUTS)
		return "inputs must be between 1 and 64";
	if (c->hidden < 1 || c->hidden > TOY_MAX_HIDDEN)
		return "hidden must be between 1 and 256";
	if (c->outputs < 1 || c->outputs > TOY_MAX_OUTPUTS)
		return "outputs must be between 1 and 16";
	if (c->batch < 1 || c->batch > TOY_MAX_BATCH)
		return "batch must be between 1 and 4096";
	if (c->copies_log2 < 0 || c->copies_log2 > TOY_MAX_COPIES_LOG2)
		return "copies_log2 must be between 0 and 40";
	if (!isfinite(c->input_std) || !(c->input_std > 0) || c->input_std > 1e4)
		return "input_std must be greater than 0 and at most 1e4";
	if (!isfinite(c->target_mean) || fabs(c->target_mean) > 1e4)
		return "target_mean must be between -1e4 and 1e4";
	if (!isfinite(c->target_std) || !(c->target_std >= 0) ||
	    c->target_std > 1e4)
		return "target_std must be at least 0 and at most 1e4";
	if (!isfinite(c->noise_std) || !(c->noise_std >= 0) || c->noise_std > 1e4)
		return "noise_std must be at least 0 and at most 1e4";
	if (!isfinite(c->lr) || !(c->lr > 0) || c->lr > 1e6)
		return "lr must be greater than 0 and at most 1e6";
	if (!(c->momentum >= 0) || !(c->momentum < 1))
		return "momentum must be at least 0 and less than 1";
	return scaler_params_check(&c->scaler);
}

void
toy_layout_of(const toy_config *c, toy_layout *out)
{
	out->inputs = c->inputs;
	out->hidden = c->hidden;
	out->outputs = c->outputs;
	out->batch = c->batch;
	out->w1 = 0;
	out->b1 = out->w1 + (long)c->inputs * c->hidden;
	out->w2 = out->b1 + c->hidden;
	out->b2 = out->w2 + (long)c->hidden * c->outputs;
	out->n = out->b2 + c->outputs;
}

/* ---- data and initial weights ------------------------------------------ */

enum { STREAM_DATA = 1, STREAM_TEACHER, STREAM_INIT, STREAM_NOISE };

/*
 * Inputs: normal with input_std.  Targets: a random "teacher" MLP of the
 * student's shape (tanh hidden layer, weights N(0, 1/fan_in)) on the
 * standardised inputs, scaled to target_std, plus normal noise of
 * noise_std, which sets the best loss any model can reach (noise_std^2).
 * All rounded to fp32, as a data set on disk would be.
 */
static bool
make_data(toy_run *r)
{
	const toy_layout *L = &r->lay;
	const toy_config *c = &r->cfg;
	const int D = L->inputs, H = L->hidden, K = L->outputs;
	double *tw = malloc((size_t)(D * H + H * K + H) * sizeof *tw);
	double *th = tw + D * H + H * K;
	toy_rng g, gn;

	if (tw == NULL)
		return false;
	toy_rng_seed(&g, c->seed, STREAM_TEACHER);
	for (int i = 0; i < D * H; i++)
		tw[i] = toy_rng_normal(&g) / sqrt((double)D);
	for (int i = 0; i < H * K; i++)
		tw[D * H + i] = toy_rng_normal(&g) / sqrt((double)H);
	toy_rng_seed(&g, c->seed, STREAM_DATA);
	toy_rng_seed(&gn, c->seed, STREAM_NOISE);
	for (int b = 0; b < L->batch; b++) {
		double *x = r->x + (long)b * D, *y = r->y + (long)b * K;
		for (int i = 0; i < D; i++)
			x[i] = toy_round(r, r->f32, c->input_std * toy_rng_normal(&g));
		for (int j = 0; j < H; j++) {
			double s = 0;
			for (int i = 0; i < D; i++)
				s += x[i] / c->input_std * tw[i * H + j];
			th[j] = toy_tanh(s);
		}
		for (int k = 0; k < K; k++) {
			double s = 0;
			for (int j = 0; j < H; j++)
				s += th[j] * tw[D * H + j * K + k];
			/* s has a standard deviation near 0.63 (that of
			 * tanh of a standard normal). */
			y[k] = toy_round(r, r->f32, c->target_mean +
			    c->target_std / 0.63 * s +
			    c->noise_std * toy_rng_normal(&gn));
		}
	}
	free(tw);
	return true;
}

/* Weights N(0, 1/fan_in) for standardised inputs (so W1 is also divided
 * by input_std), biases 0, rounded into the weights' format. */
static void
init_weights(toy_run *r)
{
	const toy_layout *L = &r->lay;
	toy_rng g;

	toy_rng_seed(&g, r->cfg.seed, STREAM_INIT);
	double s1 = 1.0 / (r->cfg.input_std * sqrt((double)L->inputs));
	double s2 = 1.0 / sqrt((double)L->hidden);
	for (long i = 0; i < L->n; i++) {
		double v = 0;
		if (i < L->b1)
			v = s1 * toy_rng_normal(&g);
		else if (i >= L->w2 && i < L->b2)
			v = s2 * toy_rng_normal(&g);
		r->w[i] = toy_round(r, r->wfmt, v);
		r->mom[i] = 0;
	}
}

/* ---- a run --------------------------------------------------------------- */

toy_run *
toy_run_new(toy_mode mode, const toy_config *cfg)
{
	const toy_mode_info *mi = toy_mode_get(mode);
	toy_run *r;

	if (mi == NULL || toy_config_check(cfg) != NULL)
		return NULL;
	if ((r = calloc(1, sizeof *r)) == NULL)
		return NULL;
	r->cfg = *cfg;
	r->mi = mi;
	toy_layout_of(cfg, &r->lay);
	r->low = fp_format_get(mi->low);
	r->f32 = fp_format_get(FP_FP32);
	r->wfmt = fp_format_get(mi->weights);

	const long B = cfg->batch, D = cfg->inputs, H = cfg->hidden,
	    K = cfg->outputs, n = r->lay.n;
	r->x = calloc((size_t)(B * D), sizeof *r->x);
	r->xl = calloc((size_t)(B * D), sizeof *r->xl);
	r->y = calloc((size_t)(B * K), sizeof *r->y);
	r->w = calloc((size_t)n, sizeof *r->w);
	r->wl = calloc((size_t)n, sizeof *r->wl);
	r->mom = calloc((size_t)n, sizeof *r->mom);
	r->gl = calloc((size_t)n, sizeof *r->gl);
	r->g = calloc((size_t)n, sizeof *r->g);
	r->a = calloc((size_t)(B * H), sizeof *r->a);
	r->h = calloc((size_t)(B * H), sizeof *r->h);
	r->dh = calloc((size_t)(B * H), sizeof *r->dh);
	r->z = calloc((size_t)(B * K), sizeof *r->z);
	r->e = calloc((size_t)(B * K), sizeof *r->e);
	r->dz = calloc((size_t)(B * K), sizeof *r->dz);
	if (!r->x || !r->xl || !r->y || !r->w || !r->wl || !r->mom ||
	    !r->gl || !r->g || !r->a || !r->h || !r->dh || !r->z || !r->e ||
	    !r->dz) {
		toy_run_free(r);
		return NULL;
	}
	if (r->low->width == 16) {
		if ((r->dec16 = malloc(65536 * sizeof *r->dec16)) == NULL) {
			toy_run_free(r);
			return NULL;
		}
		for (uint32_t b = 0; b < 65536; b++)
			r->dec16[b] = fp_decode(r->low, b);
	}
	if (!make_data(r)) {
		toy_run_free(r);
		return NULL;
	}
	init_weights(r);
	/* The data do not change: cast them to L once. */
	for (long i = 0; i < B * D; i++)
		r->xl[i] = toy_round(r, r->low, r->x[i]);
	scaler_init(&r->sc, &cfg->scaler);
	r->first_bad_op = TOY_OP_NONE;
	toy_op bad = TOY_OP_NONE;
	r->initial_loss = toy_forward(r, &bad);
	return r;
}

void
toy_run_free(toy_run *r)
{
	if (r == NULL)
		return;
	free(r->x);
	free(r->xl);
	free(r->y);
	free(r->w);
	free(r->wl);
	free(r->mom);
	free(r->gl);
	free(r->g);
	free(r->a);
	free(r->h);
	free(r->dh);
	free(r->z);
	free(r->e);
	free(r->dz);
	free(r->dec16);
	free(r);
}

/* SGD with momentum on the unscaled gradient r->g.  Returns the number
 * of swallowed updates. */
static long
optimizer_step(toy_run *r, toy_op *bad)
{
	const fp_format *f32 = r->f32, *wf = r->wfmt;
	/* Linear decay to zero over the run, by step number: a skipped step
	 * advances it too, like a scheduler stepped every iteration. */
	const double T = (double)r->cfg.steps;
	const double lr = toy_round(r, f32, r->cfg.lr * (T - (double)r->step + 1) / T);
	const double mu = toy_round(r, f32, r->cfg.momentum);
	long swallowed = 0;

	for (long i = 0; i < r->lay.n; i++) {
		double v = toy_round(r, f32, mu * r->mom[i] + r->g[i]);
		double u = toy_round(r, f32, lr * v), u0 = u;
		r->mom[i] = v;
		/* fp16-params stores the update in fp16 before applying it. */
		if (!r->mi->master)
			u = toy_round(r, wf, u);
		double w = toy_round(r, wf, r->w[i] - u);
		if (*bad == TOY_OP_NONE && !isfinite(w))
			*bad = TOY_OP_UPDATE;
		/* Swallowed: this step's gradient and update were not zero, yet
		 * the stored weight did not change. */
		if (w == r->w[i] && r->g[i] != 0 && u0 != 0 && isfinite(u0))
			swallowed++;
		r->w[i] = w;
	}
	return swallowed;
}

bool
toy_run_step(toy_run *r, toy_step *out)
{
	if (r->step >= r->cfg.steps)
		return false;
	const fp_format *f32 = r->f32;
	const double scale = r->mi->scaler ? r->sc.scale : 1.0;
	toy_op bad = TOY_OP_NONE;
	toy_step st = { .step = ++r->step, .scale = scale,
	    .first_nonfinite = TOY_OP_NONE };

	st.loss = toy_forward(r, &bad);
	st.nonfinite = toy_backward(r, scale, &bad);

	/* unscale_: g = fp32(g_L / S), the norm of what the optimizer sees. */
	double sumsq = 0;
	for (long i = 0; i < r->lay.n; i++) {
		r->g[i] = toy_round(r, f32, r->gl[i] / scale);
		if (bad == TOY_OP_NONE && !isfinite(r->g[i]))
			bad = TOY_OP_UNSCALE;
		st.zero_grads += r->g[i] == 0;
		sumsq += r->g[i] * r->g[i];
	}
	st.grad_norm = toy_round(r, f32, sqrt(sumsq));	/* an fp32 tensor */
	if (r->mi->scaler) {
		st.skipped = st.nonfinite > 0;
		scaler_update(&r->sc, st.skipped);
	}
	if (!st.skipped) {
		st.swallowed = optimizer_step(r, &bad);
		r->taken++;
	}
	st.first_nonfinite = bad;
	if (bad != TOY_OP_NONE && r->first_bad_step == 0) {
		r->first_bad_step = st.step;
		r->first_bad_op = bad;
	}
	r->skipped += st.skipped;
	r->zero_total += st.zero_grads;
	r->swallowed_total += st.swallowed;
	*out = st;
	return true;
}

void
toy_run_summary(toy_run *r, toy_summary *out)
{
	toy_op bad = TOY_OP_NONE;
	const double n = (double)r->lay.n;

	out->mode = r->mi->id;
	out->steps = r->step;
	out->params = r->lay.n;
	out->initial_loss = r->initial_loss;
	out->final_loss = toy_forward(r, &bad);
	out->skipped_steps = r->skipped;
	out->zero_grad_fraction = r->step ? r->zero_total / (n * r->step) : 0;
	out->swallowed_update_fraction = r->taken ?
	    r->swallowed_total / (n * r->taken) : 0;
	out->final_scale = r->mi->scaler ? r->sc.scale : 1.0;
	out->first_nonfinite_step = r->first_bad_step;
	out->first_nonfinite_op = r->first_bad_op;
	out->weight_bytes = r->mi->weight_bytes;
	out->grad_bytes = r->mi->grad_bytes;
	out->optim_bytes = r->mi->optim_bytes;
}

bool
toy_run_all(toy_mode mode, const toy_config *cfg, toy_step_fn *each,
    void *ctx, toy_summary *out)
{
	toy_run *r = toy_run_new(mode, cfg);
	toy_step st;

	if (r == NULL)
		return false;
	while (toy_run_step(r, &st))
		if (each && !each(&st, ctx))
			break;
	toy_run_summary(r, out);
	toy_run_free(r);
	return true;
}

void
toy_run_view(const toy_run *r, toy_view *out)
{
	out->lay = r->lay;
	out->x = r->x;
	out->y = r->y;
	out->weights = r->w;
	out->grad = r->g;
	out->grad_out = r->dz;
	out->grad_hidden = r->dh;
	out->low = r->low->id;
	out->weights_fmt = r->wfmt->id;
}
