/*
 * validate_params.c — the KEY=VALUE blocks: @scaling (the loss-scaling
 * walk of one gradient over several scales) and @scaler (a GradScaler
 * simulation) and @train (the toy training run of src/train/toy.h).  The
 * keys mirror the options of `fptutor scaler` and `fptutor train`; the
 * values go into the inputs of the models in src/train/scaler.h and
 * toy.h, whose own checks (scaler_params_check, toy_config_check) have the
 * last word.  Keys are a table.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"
#include "train/toy.h"

typedef enum pkey {
	K_DTYPE, K_GRAD, K_GRAD_MAX, K_SCALE, K_STEPS, K_INF_STEPS, K_INIT_SCALE,
	K_GROWTH_FACTOR, K_BACKOFF_FACTOR, K_GROWTH_INTERVAL, K_ACCUMULATE,
	K_MODES, K_SEED, K_NKEYS
} pkey;

enum { SC = 1 << LB_SCALING, SR = 1 << LB_SCALER, TR = 1 << LB_TRAIN };

/* Indexed by pkey. */
static const struct param {
	const char *key;
	unsigned blocks;
} params[K_NKEYS] = {
	[K_DTYPE] =		{ "dtype",		SC | SR },
	[K_GRAD] =		{ "grad",		SC },
	[K_GRAD_MAX] =		{ "grad-max",		SC | SR },
	[K_SCALE] =		{ "scale",		SC },
	[K_STEPS] =		{ "steps",		SR | TR },
	[K_INF_STEPS] =		{ "inf-steps",		SR },
	[K_INIT_SCALE] =	{ "init-scale",		SR },
	[K_GROWTH_FACTOR] =	{ "growth-factor",	SR },
	[K_BACKOFF_FACTOR] =	{ "backoff-factor",	SR },
	[K_GROWTH_INTERVAL] =	{ "growth-interval",	SR },
	[K_ACCUMULATE] =	{ "accumulate",		SR },
	[K_MODES] =		{ "modes",		TR },
	[K_SEED] =		{ "seed",		TR },
};

typedef struct pctx {
	lesson_checker *c;
	lesson_block *b;
	const char *v;		/* the value text (not NUL-terminated) */
	size_t n;
	lesson_loc at;		/* of the value */
} pctx;

static bool
real_of(const pctx *x, const char *s, size_t n, fp_real *r)
{
	char buf[FP_READ_MAX + 1];
	size_t pos;

	if (n == 0 || n > FP_READ_MAX)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	(void)x;
	return fp_read(buf, r, &pos) == FP_READ_OK;
}

/* A gradient: finite, not zero, within about 1e-300 .. 1e300. */
static bool
p_grad(const pctx *x, fp_real *r, char **text)
{
	if (!real_of(x, x->v, x->n, r) || !isfinite(r->lo) ||
	    (r->lo == 0 && !r->sticky) || r->lo == 0 || fabs(r->lo) > 0x1p1000) {
		char q[64];
		lesson_vdiag(x->c, x->at, LMSG_NOT_GRADIENT,
		    lesson_quote(x->v, x->n, q, sizeof q));
		return false;
	}
	*text = lesson_strndup(x->v, x->n);
	return true;
}

/* A positive number, rounded to fp32 when fp32 says so. */
static bool
p_positive(const pctx *x, const char *s, size_t n, bool in_fp32, double *out)
{
	const fp_format *f32 = fp_format_get(FP_FP32);
	fp_real r;
	char q[64];

	if (!real_of(x, s, n, &r) || !isfinite(r.lo) || !(r.lo > 0)) {
		lesson_vdiag(x->c, x->at, LMSG_NOT_POSITIVE,
		    lesson_quote(s, n, q, sizeof q));
		return false;
	}
	*out = in_fp32 ? fp_decode(f32, fp_encode_real(f32, &r, NULL)) : r.lo;
	if (in_fp32 && (*out == 0 || isinf(*out))) {
		lesson_vdiag(x->c, x->at, LMSG_NOT_FP32_SCALE,
		    lesson_quote(s, n, q, sizeof q));
		return false;
	}
	return true;
}

static bool
p_count(const pctx *x, long lo, long hi, long *out)
{
	char buf[24];
	char *end;

	if (x->n == 0 || x->n >= sizeof buf || !isdigit((unsigned char)x->v[0]))
		goto bad;
	memcpy(buf, x->v, x->n);
	buf[x->n] = '\0';
	errno = 0;
	long v = strtol(buf, &end, 10);
	if (errno || *end || v < lo || v > hi)
		goto bad;
	*out = v;
	return true;
bad:;
	char q[64];
	lesson_vdiag(x->c, x->at, LMSG_NOT_WHOLE,
	    lesson_quote(x->v, x->n, q, sizeof q), lo, hi);
	return false;
}

/* Digits at *s (before end) into *v; false when there are none or too many. */
static bool
digits(const char **s, const char *end, long *v)
{
	const char *p = *s;

	*v = 0;
	while (p < end && isdigit((unsigned char)*p) && p - *s < 9)
		*v = *v * 10 + (*p++ - '0');
	if (p == *s || (p < end && isdigit((unsigned char)*p)))
		return false;
	*s = p;
	return true;
}

/* "3,7,10-12" */
static bool
p_ranges(const pctx *x, lesson_block *b)
{
	const char *s = x->v, *end = x->v + x->n;

	b->ninf = 0;
	while (s < end) {
		long lo, hi;
		if (!digits(&s, end, &lo))
			goto bad;
		hi = lo;
		if (s < end && *s == '-') {
			s++;
			if (!digits(&s, end, &hi))
				goto bad;
		}
		if (lo < 1 || hi < lo || b->ninf == LESSON_MAX_SCALES)
			goto bad;
		b->inf[b->ninf++] = (scaler_range){ lo, hi };
		if (s < end && *s++ != ',')
			goto bad;
	}
	if (b->ninf == 0)
		goto bad;
	b->ninf = scaler_ranges_normalize(b->inf, b->ninf);
	return true;
bad:;
	char q[64];
	lesson_vdiag(x->c, x->at, LMSG_NOT_STEP_LIST,
	    lesson_quote(x->v, x->n, q, sizeof q), LESSON_MAX_SCALES);
	return false;
}

static bool
p_scales(const pctx *x, lesson_block *b)
{
	const char *s = x->v, *end = x->v + x->n;

	b->nscales = 0;
	while (s <= end) {
		const char *e = s;
		while (e < end && *e != ',')
			e++;
		if (b->nscales == LESSON_MAX_SCALES) {
			lesson_vdiag(x->c, x->at, LMSG_TOO_MANY_SCALES,
			    LESSON_MAX_SCALES);
			return false;
		}
		if (!p_positive(x, s, (size_t)(e - s), true, &b->scales[b->nscales]))
			return false;
		b->nscales++;
		s = e + 1;
	}
	return true;
}

/* modes=fp32,fp16,bf16: toy modes (toy.h), each once. */
static bool
p_modes(const pctx *x, lesson_block *b)
{
	const char *s = x->v, *end = x->v + x->n;
	char name[32], q[64];

	b->train_modes = 0;
	while (s <= end) {
		const char *e = s;
		while (e < end && *e != ',')
			e++;
		size_t n = (size_t)(e - s);
		const toy_mode_info *mi = NULL;
		if (n < sizeof name) {
			memcpy(name, s, n);
			name[n] = '\0';
			mi = toy_mode_find(name);
		}
		lesson_loc at = lesson_loc_at(x->at, x->v, (size_t)(s - x->v));
		if (mi == NULL) {
			lesson_vdiag(x->c, at, LMSG_UNKNOWN_MODE,
			    lesson_quote(s, n, q, sizeof q), toy_mode_names());
			return false;
		}
		if (b->train_modes & 1u << mi->id) {
			lesson_vdiag(x->c, at, LMSG_MODE_TWICE, mi->name);
			return false;
		}
		b->train_modes |= 1u << mi->id;
		s = e + 1;
	}
	return true;
}

static bool
set(const pctx *x, pkey k)
{
	lesson_block *b = x->b;
	char name[32], q[64];

	switch (k) {
	case K_DTYPE:
		b->dtype = NULL;
		if (x->n < sizeof name) {
			memcpy(name, x->v, x->n);
			name[x->n] = '\0';
			b->dtype = fp_format_find(name);
		}
		if (b->dtype == NULL)
			lesson_vdiag(x->c, x->at, LMSG_UNKNOWN_FORMAT,
			    lesson_quote(x->v, x->n, q, sizeof q),
			    fp_format_names());
		return b->dtype != NULL;
	case K_GRAD:
		return p_grad(x, &b->grad, &b->grad_text);
	case K_GRAD_MAX:
		return (b->has_grad_max = p_grad(x, &b->grad_max, &b->grad_max_text));
	case K_SCALE:
		return p_scales(x, b);
	case K_STEPS:
		return p_count(x, 1, b->kind == LB_TRAIN ? TOY_MAX_STEPS :
		    LESSON_MAX_SIM_STEPS, &b->steps);
	case K_INF_STEPS:
		return p_ranges(x, b);
	case K_INIT_SCALE:
		return p_positive(x, x->v, x->n, false, &b->params.init_scale);
	case K_GROWTH_FACTOR:
		return p_positive(x, x->v, x->n, false, &b->params.growth_factor);
	case K_BACKOFF_FACTOR:
		return p_positive(x, x->v, x->n, false, &b->params.backoff_factor);
	case K_GROWTH_INTERVAL:
		return p_count(x, 1, SCALER_MAX_INTERVAL, &b->params.growth_interval);
	case K_ACCUMULATE:
		return p_count(x, 1, SCALER_MAX_ACCUMULATE, &b->accumulate);
	case K_MODES:
		return p_modes(x, b);
	case K_SEED: {
		long v;
		bool ok = p_count(x, 0, 2147483647L, &v);
		b->seed = ok ? (unsigned long long)v : b->seed;
		return ok;
	}
	default:
		return false;
	}
}

static const char *
known_keys(unsigned blk, char *buf, size_t n)
{
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < K_NKEYS && o < n; i++)
		if (params[i].blocks & blk)
			o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? ", " : "",
			    params[i].key);
	return buf;
}

/* KEY=VALUE: one parameter; false on an error (reported). */
static bool
param(lesson_checker *c, lesson_block *b, const char *s, size_t n, unsigned *seen)
{
	const char *eq = memchr(s, '=', n);
	unsigned blk = 1u << b->kind;
	char q[64], keys[200];
	lesson_loc at = lesson_loc_at(b->args_loc, b->args, (size_t)(s - b->args));

	if (eq == NULL || eq == s) {
		lesson_vdiag(c, at, LMSG_NOT_KEY_VALUE,
		    lesson_quote(s, n, q, sizeof q));
		return false;
	}
	size_t kl = (size_t)(eq - s), k;
	for (k = 0; k < K_NKEYS; k++)
		if ((params[k].blocks & blk) && strlen(params[k].key) == kl &&
		    memcmp(params[k].key, s, kl) == 0)
			break;
	if (k == K_NKEYS) {
		lesson_vdiag(c, at, LMSG_UNKNOWN_PARAM,
		    lesson_quote(s, kl, q, sizeof q),
		    lesson_block_name(b->kind),
		    known_keys(blk, keys, sizeof keys));
		return false;
	}
	if (*seen & (1u << k)) {
		lesson_vdiag(c, at, LMSG_PARAM_TWICE, params[k].key);
		return false;
	}
	*seen |= 1u << k;
	pctx x = { c, b, eq + 1, n - kl - 1,
	    lesson_loc_at(b->args_loc, b->args, (size_t)(eq + 1 - b->args)) };
	return set(&x, (pkey)k);
}

void
lesson_check_params(lesson_checker *c, lesson_block *b)
{
	const char *s = b->args;
	unsigned seen = 0;
	bool ok = true;

	b->dtype = fp_format_get(FP_FP16);
	scaler_params_default(&b->params);
	b->accumulate = 1;
	toy_config cfg;
	toy_config_default(&cfg);
	if (b->kind == LB_TRAIN) {
		b->steps = cfg.steps;
		b->seed = cfg.seed;
		b->train_modes = (1u << TOY_NMODES) - 1;
	}
	while (*s) {
		while (lesson_blank(*s))
			s++;
		size_t n = 0;
		while (s[n] && !lesson_blank(s[n]))
			n++;
		if (n == 0)
			break;
		ok &= param(c, b, s, n, &seen);
		s += n;
	}
	if (!ok)
		return;
	if (b->kind == LB_SCALING) {
		if (!(seen & 1u << K_GRAD)) {
			lesson_vdiag(c, b->loc, LMSG_SCALING_NO_GRAD);
			return;
		}
		if (b->nscales == 0)
			b->nscales = scaler_default_scales(b->dtype, b->has_grad_max ?
			    &b->grad_max : &b->grad, b->scales);
		b->nframes = b->nscales;
		return;
	}
	if (b->kind == LB_TRAIN) {
		/* A step computes batch x (hidden + outputs) activations
		 * (and as many gradients): about 2.5 thousand values at the
		 * defaults, all five modes of 300 steps under 4 million. */
		size_t per = (size_t)cfg.batch * (size_t)(cfg.hidden + cfg.outputs);
		int nmodes = 0;
		for (int m = 0; m < TOY_NMODES; m++)
			nmodes += (b->train_modes >> m) & 1;
		if (lesson_work_left(c, b->loc)) {
			c->work += per * (size_t)nmodes * (size_t)b->steps;
			(void)lesson_work_left(c, b->loc);	/* this block is too much */
		}
		b->nframes = b->steps > 1000 ? 1000 : (int)b->steps;
		return;
	}
	if (!(seen & 1u << K_STEPS)) {
		lesson_vdiag(c, b->loc, LMSG_SCALER_NO_STEPS);
		return;
	}
	if ((seen & 1u << K_GRAD_MAX) && (seen & 1u << K_INF_STEPS))
		lesson_vdiag(c, b->args_loc, LMSG_SCALER_BOTH);
	const char *why = scaler_params_check(&b->params);
	if (why != NULL)
		lesson_vdiag(c, b->args_loc, LMSG_SCALER_PARAMS, why);
	if (lesson_work_left(c, b->loc))
		c->work += (size_t)b->steps;
	b->nframes = b->steps > 1000 ? 1000 : (int)b->steps;
}
