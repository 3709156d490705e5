/*
 * scaler.c — PyTorch's GradScaler rule as a state machine, and the
 * simulation built on it: where overflow comes from, gradient accumulation
 * and the optimizer-update count a step-based scheduler must follow.
 *
 * The scale is an fp32 value throughout, because PyTorch keeps it in a
 * float32 tensor: every product is formed in double and rounded once to
 * fp32 through fp_encode, which is what float(float * double) does in the
 * CUDA and CPU kernels.  That is also why growth stops at 2^127 with the
 * default factor: 2^128 is inf in fp32, and the kernel refuses it.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "train/scaler.h"

void
scaler_params_default(scaler_params *p)
{
	p->init_scale = 65536.0;
	p->growth_factor = 2.0;
	p->backoff_factor = 0.5;
	p->growth_interval = 2000;
}

const char *
scaler_params_check(const scaler_params *p)
{
	unsigned fl = 0;
	double s0 = fp_decode(fp_format_get(FP_FP32),
	    fp_encode(fp_format_get(FP_FP32), p->init_scale, &fl));

	if (!isfinite(p->init_scale) || !(p->init_scale > 0) || !isfinite(s0) ||
	    s0 == 0)
		return "init_scale must be a finite fp32 value greater than 0";
	if (!isfinite(p->growth_factor) || !(p->growth_factor > 1))
		return "growth_factor must be finite and greater than 1";
	if (!isfinite(p->backoff_factor) || !(p->backoff_factor > 0) ||
	    !(p->backoff_factor < 1))
		return "backoff_factor must be greater than 0 and less than 1";
	if (p->growth_interval < 1 || p->growth_interval > SCALER_MAX_INTERVAL)
		return "growth_interval must be at least 1 and fit in an int32";
	return NULL;
}

const char *
scaler_event_name(scaler_event e)
{
	switch (e) {
	case SCALER_KEPT:		return "kept";
	case SCALER_GREW:		return "grew";
	case SCALER_GROW_REFUSED:	return "growth refused";
	case SCALER_BACKED_OFF:		return "backed off";
	}
	return "?";
}

/* x rounded once to fp32, as a double; *finite says whether it stayed so. */
static double
to_fp32(double x, bool *finite)
{
	const fp_format *f32 = fp_format_get(FP_FP32);
	double v = fp_decode(f32, fp_encode(f32, x, NULL));

	if (finite)
		*finite = isfinite(v);
	return v;
}

void
scaler_init(scaler *s, const scaler_params *p)
{
	if (p)
		s->p = *p;
	else
		scaler_params_default(&s->p);
	s->scale = to_fp32(s->p.init_scale, NULL);
	s->tracker = 0;
}

scaler_event
scaler_update(scaler *s, bool found_inf)
{
	if (found_inf) {
		s->scale = to_fp32(s->scale * s->p.backoff_factor, NULL);
		s->tracker = 0;
		return SCALER_BACKED_OFF;
	}
	if (s->tracker + 1 < s->p.growth_interval) {
		s->tracker++;
		return SCALER_KEPT;
	}
	s->tracker = 0;
	bool finite;
	double grown = to_fp32(s->scale * s->p.growth_factor, &finite);
	if (!finite)
		return SCALER_GROW_REFUSED;
	s->scale = grown;
	return SCALER_GREW;
}

/* ---- the simulation ---------------------------------------------------- */

static int
range_cmp(const void *a, const void *b)
{
	const scaler_range *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return (x->hi > y->hi) - (x->hi < y->hi);
}

size_t
scaler_ranges_normalize(scaler_range *r, size_t n)
{
	size_t out = 0;

	if (n == 0)
		return 0;
	qsort(r, n, sizeof *r, range_cmp);
	for (size_t i = 0; i < n; i++) {
		if (r[i].hi < r[i].lo)
			continue;
		if (out > 0 && r[i].lo <= r[out - 1].hi + 1) {
			if (r[i].hi > r[out - 1].hi)
				r[out - 1].hi = r[i].hi;
		} else {
			r[out++] = r[i];
		}
	}
	return out;
}

void
scaler_sim_cfg_default(scaler_sim_cfg *c)
{
	scaler_params_default(&c->params);
	c->steps = 0;
	c->dtype = fp_format_get(FP_FP16);
	c->grad_max = NULL;
	c->inf = NULL;
	c->ninf = 0;
	c->accumulate = 1;
}

bool
scaler_overflows(const fp_format *dtype, const fp_real *grad, double scale,
    long accumulate)
{
	fp_real g = *grad;

	if (accumulate > 1)
		g = scaler_real_div(&g, accumulate);
	g = scaler_real_mul(&g, scale);
	fp_class c = fp_classify(dtype, fp_encode_real(dtype, &g, NULL));
	return c == FP_CLASS_INF || c == FP_CLASS_NAN;
}

void
scaler_sim_init(scaler_sim *sim, const scaler_sim_cfg *cfg)
{
	sim->cfg = *cfg;
	if (sim->cfg.dtype == NULL)
		sim->cfg.dtype = fp_format_get(FP_FP16);
	if (sim->cfg.accumulate < 1)
		sim->cfg.accumulate = 1;
	scaler_init(&sim->s, &sim->cfg.params);
	sim->step = 0;
	sim->next_inf = 0;
	sim->updates = 0;
	sim->skipped = 0;
	sim->cached_scale = NAN;
	sim->cached_over = false;
}

bool
scaler_sim_run(scaler_sim *sim, long until, scaler_step *out)
{
	const scaler_sim_cfg *c = &sim->cfg;

	if (sim->step >= until)
		return false;
	long n = ++sim->step;
	unsigned cause = 0;

	while (sim->next_inf < c->ninf && c->inf[sim->next_inf].hi < n)
		sim->next_inf++;
	if (sim->next_inf < c->ninf && c->inf[sim->next_inf].lo <= n)
		cause |= SCALER_CAUSE_LISTED;
	if (c->grad_max) {
		/* The scale changes rarely: test each new value once. */
		if (!(sim->s.scale == sim->cached_scale)) {
			sim->cached_scale = sim->s.scale;
			sim->cached_over = scaler_overflows(c->dtype, c->grad_max,
			    sim->s.scale, c->accumulate);
		}
		if (sim->cached_over)
			cause |= SCALER_CAUSE_GRAD;
	}

	out->step = n;
	out->scale = sim->s.scale;
	out->cause = cause;
	out->found_inf = cause != 0;
	out->skipped = out->found_inf;
	if (out->skipped)
		sim->skipped++;
	else
		sim->updates++;
	out->event = scaler_update(&sim->s, out->found_inf);
	out->growth_tracker = sim->s.tracker;
	out->next_scale = sim->s.scale;
	out->updates = sim->updates;
	return true;
}

bool
scaler_sim_next(scaler_sim *sim, scaler_step *out)
{
	return scaler_sim_run(sim, sim->cfg.steps, out);
}

/* ---- gradient accumulation ----------------------------------------- */

unsigned
scaler_accum_actions(long micro, long k)
{
	unsigned a = SCALER_ACT_FORWARD | SCALER_ACT_BACKWARD;

	if (k < 1 || micro % k == 0)
		a |= SCALER_ACT_UNSCALE | SCALER_ACT_CLIP | SCALER_ACT_STEP |
		    SCALER_ACT_UPDATE;
	return a;
}
