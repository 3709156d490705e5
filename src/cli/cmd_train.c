/*
 * train.c — `fptutor train`: the controlled comparison.  Reads the
 * options, runs the toy (src/train/toy.h) once per mode on the same data
 * and initial weights, and prints JSON lines here or the text view
 * (src/view/train_text.c).
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/train_dump.h"
#include "train/toy.h"
#include "view/train_text.h"

typedef struct train_opts {
	toy_mode modes[TOY_NMODES];
	int nmodes;
	toy_config cfg;
	bool json, no_color;
	const char *dump;	/* --dump DIR, or NULL */
} train_opts;

/* Decimal digits only, at most max. */
static bool
read_whole(const char *cmd, const char *opt, const char *text, uintmax_t max,
    uintmax_t *out)
{
	char q[200];

	if (*text == '\0' || strspn(text, "0123456789") != strlen(text)) {
		cli_usage_err(cmd, "%s: '%s' is not a whole number (0 to %ju)",
		    opt, cli_quote(text, strlen(text), q, sizeof q), max);
		return false;
	}
	errno = 0;
	uintmax_t v = strtoumax(text, NULL, 10);
	if (errno == ERANGE || v > max) {
		cli_usage_err(cmd, "%s: '%s' is out of range (0 to %ju)", opt,
		    cli_quote(text, strlen(text), q, sizeof q), max);
		return false;
	}
	*out = v;
	return true;
}

static bool
read_modes(const char *cmd, const char *list, train_opts *o)
{
	char buf[256], q[200], *save = NULL;

	if (strlen(list) >= sizeof buf) {
		cli_usage_err(cmd, "--mode: the list is too long");
		return false;
	}
	strcpy(buf, list);
	o->nmodes = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		const toy_mode_info *mi = toy_mode_find(t);
		if (strcmp(t, "all") == 0) {
			for (int m = 0; m < TOY_NMODES; m++)
				o->modes[m] = (toy_mode)m;
			o->nmodes = TOY_NMODES;
			continue;
		}
		if (mi == NULL) {
			cli_usage_err(cmd, "--mode: unknown mode '%s' (known: %s, all)",
			    cli_quote(t, strlen(t), q, sizeof q), toy_mode_names());
			return false;
		}
		bool seen = false;
		for (int k = 0; k < o->nmodes; k++)
			seen |= o->modes[k] == mi->id;
		if (!seen)
			o->modes[o->nmodes++] = mi->id;
	}
	if (o->nmodes == 0) {
		cli_usage_err(cmd, "--mode: no mode given (known: %s, all)",
		    toy_mode_names());
		return false;
	}
	return true;
}

enum { OPT_MODE = CLI_KEY_FIRST, OPT_STEPS, OPT_SEED, OPT_DUMP };

static const struct option train_table[] = {
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "steps", required_argument, NULL, OPT_STEPS },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "dump", required_argument, NULL, OPT_DUMP },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

static int
train_opt(void *ctx, int key, char *v)
{
	train_opts *o = ctx;
	uintmax_t n;

	switch (key) {
	case OPT_MODE:
		return read_modes("train", v, o) ? CLI_OK : CLI_USAGE;
	case OPT_STEPS:
		if (!read_whole("train", "--steps", v, TOY_MAX_STEPS, &n))
			return CLI_USAGE;
		o->cfg.steps = (long)n;
		return CLI_OK;
	case OPT_SEED:
		if (!read_whole("train", "--seed", v, UINT64_MAX, &n))
			return CLI_USAGE;
		o->cfg.seed = (uint64_t)n;
		return CLI_OK;
	case OPT_DUMP:
		if (*v == '\0')
			return cli_usage_err("train", "--dump: no directory given");
		o->dump = v;
		return CLI_OK;
	}
	return CLI_OPTS_UNEXPECTED;
}

/* Read argv into o; false when the command is done (*status). */
static bool
parse(const cli_cmd *cmd, int argc, char **argv, train_opts *o, int *status)
{
	cli_opts p = { .cmd = cmd, .table = train_table, .fn = train_opt, .ctx = o };

	toy_config_default(&o->cfg);
	for (int m = 0; m < TOY_NMODES; m++)
		o->modes[m] = (toy_mode)m;
	o->nmodes = TOY_NMODES;
	if (!cli_opts_parse(&p, argc, argv)) {
		*status = p.status;
		return false;
	}
	o->json = p.json;
	o->no_color = p.no_color;
	return true;
}

/* ---- JSON ---------------------------------------------------------------- */

/* An fp32 value as a JSON number, or "inf"/"nan" as a string. */
static void
json_num(const char *key, double v)
{
	char b[40];

	view_train_num(v, b, sizeof b);
	printf(isfinite(v) ? ",\"%s\":%s" : ",\"%s\":\"%s\"", key, b);
}

static void
json_step(const toy_mode_info *mi, const toy_step *st)
{
	printf("{\"mode\":\"%s\",\"step\":%ld", mi->name, st->step);
	json_num("loss", st->loss);
	if (mi->scaler)
		json_num("scale", st->scale);
	else
		printf(",\"scale\":null");
	printf(",\"skipped\":%s", st->skipped ? "true" : "false");
	json_num("grad_norm", st->grad_norm);
	printf(",\"nonfinite\":%ld,\"zero_grads\":%ld,\"swallowed\":%ld",
	    st->nonfinite, st->zero_grads, st->swallowed);
	if (st->first_nonfinite != TOY_OP_NONE)
		printf(",\"first_nonfinite\":\"%s\"}\n", toy_op_name(st->first_nonfinite));
	else
		printf(",\"first_nonfinite\":null}\n");
}

static void
json_summary(const toy_mode_info *mi, const toy_summary *s)
{
	printf("{\"mode\":\"%s\",\"steps\":%ld,\"params\":%ld", mi->name, s->steps,
	    s->params);
	json_num("initial_loss", s->initial_loss);
	json_num("final_loss", s->final_loss);
	printf(",\"skipped_steps\":%ld,\"zero_grad_fraction\":%.6g,"
	    "\"swallowed_update_fraction\":%.6g", s->skipped_steps,
	    s->zero_grad_fraction, s->swallowed_update_fraction);
	if (mi->scaler)
		json_num("final_scale", s->final_scale);
	else
		printf(",\"final_scale\":null");
	if (s->first_nonfinite_step > 0)
		printf(",\"first_nonfinite\":{\"op\":\"%s\",\"step\":%ld}",
		    toy_op_name(s->first_nonfinite_op), s->first_nonfinite_step);
	else
		printf(",\"first_nonfinite\":null");
	printf(",\"bytes_per_param\":{\"weights\":%d,\"grads\":%d,"
	    "\"optimizer\":%d}}\n", s->weight_bytes, s->grad_bytes,
	    s->optim_bytes);
}

/* ---- the command ----------------------------------------------------------- */

static int
run_train(const cli_cmd *cmd, int argc, char **argv)
{
	train_opts o = { .nmodes = 0 };
	view_train_run runs[TOY_NMODES];
	toy_step *store[TOY_NMODES] = { NULL };
	int status = CLI_OK;

	if (!parse(cmd, argc, argv, &o, &status))
		return status;
	view_term_init(o.no_color || o.json);

	for (int k = 0; k < o.nmodes; k++) {
		const toy_mode_info *mi = toy_mode_get(o.modes[k]);
		toy_run *r = toy_run_new(mi->id, &o.cfg);
		if (!o.json && o.cfg.steps > 0)
			store[k] = malloc((size_t)o.cfg.steps * sizeof *store[k]);
		if (r == NULL || (!o.json && o.cfg.steps > 0 && store[k] == NULL)) {
			toy_run_free(r);
			cli_err(cmd->name, "out of memory");
			status = CLI_IOERR;
			break;
		}
		char err[4400];
		train_dump *d = NULL;
		if (o.dump && (d = train_dump_open(o.dump, mi, &o.cfg, err,
		    sizeof err)) == NULL) {
			toy_run_free(r);
			cli_err(cmd->name, "--dump: %s", err);
			status = CLI_IOERR;
			break;
		}
		toy_step s;
		long n = 0;
		bool dumped = true;
		while (toy_run_step(r, &s)) {
			if (o.json)
				json_step(mi, &s);
			else
				store[k][n] = s;
			if (d && dumped && !train_dump_step(d, r, &s))
				dumped = false;
			n++;
		}
		if (d && !dumped) {
			train_dump_abort(d);
			snprintf(err, sizeof err, "cannot write the dump of %s: %s",
			    mi->name, strerror(errno));
		}
		if (d && (!dumped || !train_dump_close(d, r, err, sizeof err))) {
			toy_run_free(r);
			cli_err(cmd->name, "--dump: %s", err);
			status = CLI_IOERR;
			break;
		}
		runs[k] = (view_train_run){ mi, store[k], n, { .mode = mi->id } };
		toy_run_summary(r, &runs[k].sum);
		toy_run_free(r);
		if (o.json)
			json_summary(mi, &runs[k].sum);
	}
	if (status == CLI_OK && !o.json)
		view_train_text(stdout, &o.cfg, runs, o.nmodes);
	for (int k = 0; k < o.nmodes; k++)
		free(store[k]);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_train = {
	"train", "compare a toy training run in fp32, fp16 with GradScaler and bf16",
	"fptutor train [--mode M[,M...]] [--steps N] [--seed N] [--dump DIR] [--json]\n"
	"       [--no-color]",
	"Train one small model on the same data from the same initial weights in\n"
	"each mode, with every operation's dtype emulated, and compare: loss per\n"
	"step, the loss scale, skipped steps, the gradient norm after unscale,\n"
	"nonfinite values, gradients lost to zero, updates lost to rounding.\n"
	"\n"
	"  --mode M[,M...]    modes to run, in this order (default all):\n"
	"                       fp32          everything in fp32\n"
	"                       fp16          fp16 forward and backward, fp32 master\n"
	"                                     weights, PyTorch's dynamic GradScaler\n"
	"                       fp16-noscale  the same without loss scaling\n"
	"                       bf16          bf16 forward and backward, fp32 master\n"
	"                                     weights, no scaler\n"
	"                       fp16-params   weights, gradients and updates in fp16,\n"
	"                                     no master copy, GradScaler\n"
	"  --steps N          steps per mode, 0 to 20000 (default 300)\n"
	"  --seed N           data and initial weights, 0 to 2^64-1 (default 1)\n"
	"  --dump DIR         also write DIR/MODE.safetensors per mode: every step's\n"
	"                     gradients (stepN.grad.w1 ... the unscaled fp32 ones;\n"
	"                     stepN.grad_out, stepN.grad_hidden per example, in the\n"
	"                     low dtype, times the loss scale stepN.scale) and the\n"
	"                     final weights (weights.w1 ...), for 'fptutor inspect'\n"
	"  --json             one JSON object per line: every step (mode step loss\n"
	"                     scale skipped grad_norm nonfinite zero_grads swallowed\n"
	"                     first_nonfinite), then each mode's summary (mode\n"
	"                     final_loss skipped_steps zero_grad_fraction\n"
	"                     swallowed_update_fraction final_scale first_nonfinite\n"
	"                     bytes_per_param ...)\n"
	"  --no-color         plain output even on a terminal\n"
	"  -h, --help         show this help\n"
	"\n"
	"The model: an 8-16-4 tanh MLP, mean squared error, 128 examples each\n"
	"standing for 2^16 copies, full-batch SGD with momentum; fptutor(1) says\n"
	"which tensor lives in which dtype.  The same seed gives the same numbers\n"
	"on every machine.\n"
	"\n"
	"Exit status: 0 done; 2 usage error; 74 output error (or the dump cannot\n"
	"be written).\n",
	run_train, NULL
};
