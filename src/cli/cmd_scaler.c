/*
 * scaler.c — `fptutor scaler`: loss scaling from the command line.  Three
 * modes: the static walk (a gradient times several scales), --simulate
 * (PyTorch's dynamic GradScaler rule, step by step) and --order (the AMP
 * step order).  This file reads and checks the options; scaler_json.c
 * writes the JSON, src/view/scaler_text.c and scaler_sim_text.c the text,
 * and the numbers come from src/train.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/scaler_cli.h"
#include "view/scaler_text.h"

/* ---- reading option values --------------------------------------------- */

/* A number as fp_read reads it, or 2^K (K an integer, -1074..1023).
 * On failure, reports the option and returns false. */
static bool
read_value(const char *opt, const char *text, fp_real *out)
{
	char q[200];
	size_t pos;

	if (text[0] == '2' && text[1] == '^') {
		const char *p = text + 2;
		char *end;
		if ((*p == '-' || *p == '+' || isdigit((unsigned char)*p)) &&
		    strlen(p) <= 6) {
			errno = 0;
			long k = strtol(p, &end, 10);
			if (*end == '\0' && end != p && errno == 0) {
				if (k < -1074 || k > 1023) {
					cli_usage_err("scaler", "%s: '%s': the exponent must be "
					    "between -1074 and 1023", opt, cli_quote(text, strlen(text), q, sizeof q));
					return false;
				}
				out->lo = ldexp(1.0, (int)k);
				out->sticky = false;
				return true;
			}
		}
		cli_usage_err("scaler", "%s: '%s' is not a number (2^K needs an "
		    "integer K)", opt, cli_quote(text, strlen(text), q, sizeof q));
		return false;
	}
	fp_read_err e = fp_read(text, out, &pos);
	if (e != FP_READ_OK) {
		cli_usage_err("scaler", "%s: %s: '%s'", opt, fp_read_errstr(e),
		    cli_quote(text, strlen(text), q, sizeof q));
		return false;
	}
	return true;
}

/* A finite, nonzero gradient. */
static bool
read_grad(const char *opt, const char *text, fp_real *out)
{
	char q[200];

	if (!read_value(opt, text, out))
		return false;
	if (!isfinite(out->lo) || (out->lo == 0 && !out->sticky)) {
		cli_usage_err("scaler", "%s: '%s': the gradient must be finite and "
		    "not zero", opt, cli_quote(text, strlen(text), q, sizeof q));
		return false;
	}
	if (fabs(out->lo) < 0x1p-1000 || fabs(out->lo) > 0x1p1000) {
		cli_usage_err("scaler", "%s: '%s' is out of range (2^-1000 to "
		    "2^1000, about 1e-301 to 1e301)", opt, cli_quote(text, strlen(text), q, sizeof q));
		return false;
	}
	return true;
}

/* A scale: finite, > 0, and so in fp32 (PyTorch keeps it in fp32). */
static bool
read_scale(const char *opt, const char *text, double *out)
{
	const fp_format *f32 = fp_format_get(FP_FP32);
	char q[200];
	fp_real r;

	if (!read_value(opt, text, &r))
		return false;
	if (!isfinite(r.lo) || !(r.lo > 0 || (r.lo == 0 && r.sticky &&
	    !signbit(r.lo)))) {
		cli_usage_err("scaler", "%s: '%s': a scale must be finite and greater "
		    "than 0", opt, cli_quote(text, strlen(text), q, sizeof q));
		return false;
	}
	*out = fp_decode(f32, fp_encode_real(f32, &r, NULL));
	if (*out == 0 || !isfinite(*out)) {
		cli_usage_err("scaler", "%s: '%s' is %s in fp32, where the scale is "
		    "kept (fp32 scales run from 2^-149 to about 3.4e38)", opt,
		    cli_quote(text, strlen(text), q, sizeof q), *out == 0 ? "0" : "inf");
		return false;
	}
	return true;
}

/* A factor: finite, and above 1 (growth) or strictly between 0 and 1.
 * PyTorch takes it as a Python float: the double nearest the text. */
static bool
read_factor(const char *opt, const char *text, bool growth, double *out)
{
	char q[200];
	fp_real r;

	if (!read_value(opt, text, &r))
		return false;
	*out = r.sticky ? strtod(text, NULL) : r.lo;
	bool ok = growth ? isfinite(*out) && *out > 1 : *out > 0 && *out < 1;
	if (!ok) {
		cli_usage_err("scaler", "%s: '%s': the factor must be %s", opt,
		    cli_quote(text, strlen(text), q, sizeof q), growth ? "finite and greater than 1"
		    : "greater than 0 and less than 1");
		return false;
	}
	return true;
}

/* A whole number in lo..hi (digits, or any number form that is whole). */
static bool
read_count(const char *opt, const char *text, long lo, long hi, long *out)
{
	char q[200];
	fp_real r;

	if (!read_value(opt, text, &r))
		return false;
	if (isfinite(r.lo) && (r.lo < (double)lo || r.lo > (double)hi)) {
		cli_usage_err("scaler", "%s: '%s' is out of range (%ld to %ld)", opt,
		    cli_quote(text, strlen(text), q, sizeof q), lo, hi);
		return false;
	}
	if (r.sticky || r.lo != trunc(r.lo) || !isfinite(r.lo)) {
		cli_usage_err("scaler", "%s: '%s' is not a whole number", opt,
		    cli_quote(text, strlen(text), q, sizeof q));
		return false;
	}
	*out = (long)r.lo;
	return true;
}

/* "3,10-12,500": steps and ranges of steps, appended to o->inf. */
static bool
read_steps(const char *opt, const char *text, scaler_opts *o)
{
	const char *p = text;
	char q[200];

	if (*p == '\0') {
		cli_usage_err("scaler", "%s: empty list of steps", opt);
		return false;
	}
	for (;;) {
		long a, b;
		char *end;
		if (!isdigit((unsigned char)*p))
			goto bad;
		errno = 0;
		a = strtol(p, &end, 10);
		b = a;
		if (errno != 0)
			goto range;
		p = end;
		if (*p == '-') {
			p++;
			if (!isdigit((unsigned char)*p))
				goto bad;
			b = strtol(p, &end, 10);
			if (errno != 0)
				goto range;
			p = end;
		}
		if (a < 1 || b < a) {
			cli_usage_err("scaler", "%s: '%s': steps count from 1, and a "
			    "range A-B needs A <= B", opt, cli_quote(text, strlen(text), q, sizeof q));
			return false;
		}
		if (o->ninf == o->capinf) {
			size_t cap = o->capinf ? o->capinf * 2 : 16;
			scaler_range *n = realloc(o->inf, cap * sizeof *n);
			if (n == NULL) {
				cli_err("scaler", "out of memory");
				return false;
			}
			o->inf = n;
			o->capinf = cap;
		}
		o->inf[o->ninf].lo = a;
		o->inf[o->ninf].hi = b;
		o->ninf++;
		if (*p == '\0')
			return true;
		if (*p++ != ',')
			goto bad;
	}
bad:
	cli_usage_err("scaler", "%s: '%s' is not a list of steps (such as "
	    "3,10-12,500)", opt, cli_quote(text, strlen(text), q, sizeof q));
	return false;
range:
	cli_usage_err("scaler", "%s: '%s': a step number is out of range (at "
	    "most %ld)", opt, cli_quote(text, strlen(text), q, sizeof q), SCALER_MAX_STEPS);
	return false;
}

/* ---- options ---------------------------------------------------------- */

static bool
add_scales(const char *opt, const char *list, scaler_opts *o)
{
	char item[FP_READ_MAX + 1], q[200];

	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		if (n == 0 || n > FP_READ_MAX) {
			cli_usage_err("scaler", "%s: '%s': %s", opt,
			    cli_quote(list, strlen(list), q, sizeof q), n ? "a scale is too long"
			    : "an empty item in the list of scales");
			return false;
		}
		if (o->nscales == SCALER_CLI_MAX_SCALES) {
			cli_usage_err("scaler", "%s: at most %d scales", opt,
			    SCALER_CLI_MAX_SCALES);
			return false;
		}
		memcpy(item, p, n);
		item[n] = '\0';
		if (!read_scale(opt, item, &o->scales[o->nscales]))
			return false;
		o->nscales++;
		p += n;
		if (*p == '\0')
			return true;
	}
}

enum {
	OPT_DTYPE = CLI_KEY_FIRST, OPT_GRAD, OPT_GRAD_MAX, OPT_SCALE,
	OPT_SIMULATE, OPT_ORDER,
	/* only with --simulate, from here to OPT_ACCUMULATE */
	OPT_INF_STEPS, OPT_INIT_SCALE, OPT_GROWTH_FACTOR, OPT_BACKOFF_FACTOR,
	OPT_GROWTH_INTERVAL, OPT_ACCUMULATE
};

static const struct option scaler_table[] = {
	{ "dtype", required_argument, NULL, OPT_DTYPE },
	{ "grad", required_argument, NULL, OPT_GRAD },
	{ "grad-max", required_argument, NULL, OPT_GRAD_MAX },
	{ "scale", required_argument, NULL, OPT_SCALE },
	{ "simulate", required_argument, NULL, OPT_SIMULATE },
	{ "order", no_argument, NULL, OPT_ORDER },
	{ "inf-steps", required_argument, NULL, OPT_INF_STEPS },
	{ "init-scale", required_argument, NULL, OPT_INIT_SCALE },
	{ "growth-factor", required_argument, NULL, OPT_GROWTH_FACTOR },
	{ "backoff-factor", required_argument, NULL, OPT_BACKOFF_FACTOR },
	{ "growth-interval", required_argument, NULL, OPT_GROWTH_INTERVAL },
	{ "accumulate", required_argument, NULL, OPT_ACCUMULATE },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

/* The option's name in the table, without its "--". */
static const char *
key_name(int key)
{
	const struct option *t = scaler_table;

	while (t->name && t->val != key)
		t++;
	return t->name;
}

typedef struct scaler_args {
	scaler_opts *o;
	bool scales_follow;	/* after --scale S: more scales may follow */
} scaler_args;

/* One option's value into o; false when it is refused (reported). */
static bool
take(scaler_opts *o, int key, const char *v)
{
	switch (key) {
	case OPT_DTYPE:
		if ((o->dtype = fp_format_find(v)) == NULL) {
			char q[200];
			cli_usage_err("scaler", "--dtype: unknown format '%s' (known: %s)",
			    cli_quote(v, strlen(v), q, sizeof q), fp_format_names());
			return false;
		}
		return true;
	case OPT_GRAD_MAX:
		o->grad_max_text = v;
		return read_grad("--grad-max", v, &o->grad_max);
	case OPT_GRAD:
		o->grad_text = v;
		return read_grad("--grad", v, &o->grad);
	case OPT_SCALE:
		return add_scales("--scale", v, o);
	case OPT_SIMULATE:
		return read_count("--simulate", v, 1, SCALER_MAX_STEPS, &o->simulate);
	case OPT_INF_STEPS:
		return read_steps("--inf-steps", v, o);
	case OPT_INIT_SCALE:
		return read_scale("--init-scale", v, &o->params.init_scale);
	case OPT_GROWTH_FACTOR:
		return read_factor("--growth-factor", v, true, &o->params.growth_factor);
	case OPT_BACKOFF_FACTOR:
		return read_factor("--backoff-factor", v, false,
		    &o->params.backoff_factor);
	case OPT_GROWTH_INTERVAL:
		return read_count("--growth-interval", v, 1, SCALER_MAX_INTERVAL,
		    &o->params.growth_interval);
	case OPT_ACCUMULATE:
		return read_count("--accumulate", v, 1, SCALER_MAX_ACCUMULATE,
		    &o->accumulate);
	}
	return true;
}

static int
scaler_opt(void *ctx, int key, char *v)
{
	scaler_args *s = ctx;
	scaler_opts *o = s->o;
	bool scales_follow = s->scales_follow;

	s->scales_follow = false;
	if (key == CLI_OPT_OPERAND) {
		char q[200];
		if (!scales_follow)
			return cli_usage_err("scaler", "unexpected argument '%s' (give "
			    "scales with --scale)", cli_quote(v, strlen(v), q, sizeof q));
		key = OPT_SCALE;	/* --scale S...: the scales may also follow */
	}
	if (key >= OPT_INF_STEPS && key <= OPT_ACCUMULATE && o->sim_only == NULL)
		o->sim_only = key_name(key);
	if ((key == OPT_GRAD || key == OPT_SCALE) && o->walk_only == NULL)
		o->walk_only = key_name(key);
	if (key == OPT_ORDER)
		o->order = true;
	if (!take(o, key, v))
		return CLI_USAGE;
	s->scales_follow = key == OPT_SCALE;
	return CLI_OK;
}

/* Which mode, and options that do not belong to it. */
static int
check_modes(const cli_cmd *cmd, const scaler_opts *o)
{
	if (o->order && (o->simulate || o->sim_only || o->walk_only ||
	    o->grad_max_text || o->dtype))
		return cli_usage_err(cmd->name, "--order takes no other option but "
		    "--json and --no-color");
	if (o->simulate == 0 && o->sim_only)
		return cli_usage_err(cmd->name, "--%s needs --simulate N", o->sim_only);
	if (o->simulate && o->walk_only)
		return cli_usage_err(cmd->name, "--%s is for the static walk, not for "
		    "--simulate (use --grad-max or --inf-steps)", o->walk_only);
	for (size_t k = 0; k < o->ninf; k++)
		if (o->inf[k].hi > o->simulate)
			return cli_usage_err(cmd->name, "--inf-steps: step %ld is beyond "
			    "the %ld simulated steps", o->inf[k].hi, o->simulate);
	return CLI_OK;
}

/* Read argv into o and check that the options fit together. */
static bool
parse(const cli_cmd *cmd, int argc, char **argv, scaler_opts *o, int *status)
{
	scaler_args s = { o, false };
	cli_opts p = { .cmd = cmd, .table = scaler_table, .fn = scaler_opt, .ctx = &s };

	if (!cli_opts_parse(&p, argc, argv)) {
		*status = p.status;
		return false;
	}
	o->json = p.json;
	o->no_color = p.no_color;
	*status = check_modes(cmd, o);
	return *status == CLI_OK;
}

static int
run_scaler(const cli_cmd *cmd, int argc, char **argv)
{
	scaler_opts o;
	int status;

	memset(&o, 0, sizeof o);
	scaler_params_default(&o.params);
	o.accumulate = 1;
	o.grad_text = "1e-8";
	fp_read(o.grad_text, &o.grad, NULL);

	if (!parse(cmd, argc, argv, &o, &status)) {
		free(o.inf);
		return status;
	}
	if (o.dtype == NULL)
		o.dtype = fp_format_get(FP_FP16);
	view_term_init(o.no_color || o.json);
	static char outbuf[1 << 16];
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);

	if (o.order) {
		if (o.json)
			scaler_cli_json_order();
		else
			view_steporder_text(stdout);
	} else if (o.simulate) {
		scaler_sim_cfg cfg;
		scaler_sim_cfg_default(&cfg);
		cfg.params = o.params;
		cfg.steps = o.simulate;
		cfg.dtype = o.dtype;
		cfg.grad_max = o.grad_max_text ? &o.grad_max : NULL;
		cfg.ninf = scaler_ranges_normalize(o.inf, o.ninf);
		cfg.inf = o.inf;
		cfg.accumulate = o.accumulate;
		if (o.json)
			scaler_cli_json_sim(&cfg);
		else
			view_scaler_sim_text(stdout, &cfg, o.grad_max_text);
	} else {
		if (o.nscales == 0)
			o.nscales = scaler_default_scales(o.dtype, o.grad_max_text
			    ? &o.grad_max : &o.grad, o.scales);
		if (o.json) {
			scaler_cli_json_walk(&o);
		} else {
			view_scaler_walk w = {
				o.dtype, o.grad_text, &o.grad, o.grad_max_text,
				o.grad_max_text ? &o.grad_max : NULL, o.scales, o.nscales
			};
			view_scaler_walk_text(stdout, &w);
		}
	}
	free(o.inf);
	return cli_finish_output(cmd->name, CLI_OK);
}

const cli_cmd cli_cmd_scaler = {
	"scaler", "loss scaling: a gradient times a scale, and the GradScaler rule",
	"fptutor scaler [--grad G] [--scale S...] [--grad-max G] [--dtype FMT]\n"
	"                      [--json] [--no-color]\n"
	"   or: fptutor scaler --simulate N [--grad-max G] [--inf-steps I,J-K,...]\n"
	"                      [--init-scale S] [--growth-factor F] [--backoff-factor F]\n"
	"                      [--growth-interval N] [--accumulate K] [--dtype FMT]\n"
	"                      [--json] [--no-color]\n"
	"   or: fptutor scaler --order [--json] [--no-color]",
	"The static walk: the gradient G times each scale S, rounded once to the\n"
	"dtype (as the scaled backward stores it), divided by S again in fp32 (as\n"
	"unscale_ does), with the relative error and a verdict: lost to zero,\n"
	"subnormal (precision lost), normal, or overflow.\n"
	"\n"
	"  --dtype FMT            where the scaled gradients live (default fp16)\n"
	"  --grad G               the small gradient (default 1e-8)\n"
	"  --scale S...           scales to try, separated by commas or as separate\n"
	"                         arguments (default 1, 2^10, 2^16 and the largest\n"
	"                         power of two that keeps the largest gradient finite)\n"
	"  --grad-max G           the largest gradient, which must stay finite: shows\n"
	"                         the window of scales that make G normal and keep\n"
	"                         this one finite; with --simulate, a step overflows\n"
	"                         when G x scale is not finite in the dtype\n"
	"\n"
	"--simulate N runs PyTorch's dynamic rule for N steps (at most 10000000):\n"
	"on inf/NaN the step is skipped, scale x= backoff and the tracker resets;\n"
	"otherwise after growth_interval good steps in a row, scale x= growth if\n"
	"that is finite in fp32 (where the scale is kept).\n"
	"\n"
	"  --inf-steps LIST       steps whose gradients hold inf/NaN: 3,10-12,500\n"
	"  --init-scale S         the first scale (default 65536 = 2^16)\n"
	"  --growth-factor F      finite, > 1 (default 2)\n"
	"  --backoff-factor F     > 0 and < 1 (default 0.5)\n"
	"  --growth-interval N    good steps before growing (default 2000)\n"
	"  --accumulate K         K micro-batches per optimizer step, loss / K in\n"
	"                         each, one scale for all K; shows where a step-based\n"
	"                         LR scheduler must be\n"
	"\n"
	"  --order                the AMP step order, with the reason for each edge\n"
	"  --json                 one JSON object per line: walk rows (scale scaled\n"
	"                         scaled_bits class unscaled rel_error ...), steps\n"
	"                         (step scale found_inf skipped growth_tracker\n"
	"                         next_scale ...) and a summary line\n"
	"  --no-color             plain output even on a terminal\n"
	"  -h, --help             show this help\n"
	"\n"
	"Numbers are decimal (1e-8), C99 hex floats (0x1p16) or 2^K (2^16).\n"
	"Exit status: 0 success; 2 usage error (a bad option or value); 74 output\n"
	"error.\n",
	run_scaler, NULL
};
