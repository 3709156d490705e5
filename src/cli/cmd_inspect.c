/*
 * cmd_inspect.c — `fptutor inspect`: a learner's own .npy and safetensors
 * files on the number lines of the target formats.  Reads the options,
 * opens each file (src/tensor), computes each chosen tensor's statistics
 * and prints the text view (src/view/inspect_text.c) or one JSON object
 * per tensor.  A bad file is reported as "FILE: tensor NAME: error: ..."
 * (or "FILE: error: ..." when no tensor can be named), exit 65; the
 * other files are still inspected.
 */
#include <config.h>

#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "tensor/tensor.h"
#include "view/inspect_text.h"

typedef struct inspect_opts {
	tensor_stats_opts so;
	const char *glob;
	bool json, grad;
	int grad_fmt;
	uint32_t share_ppm;
	int nfiles;
	char **files;
} inspect_opts;

static bool
read_formats(const char *cmd, const char *list, tensor_stats_opts *so)
{
	char buf[256], q[200], *save = NULL;

	if (strlen(list) >= sizeof buf) {
		cli_usage_err(cmd, "--format: the list is too long");
		return false;
	}
	strcpy(buf, list);
	so->nfmt = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		const fp_format *f = fp_format_find(t);
		if (f == NULL) {
			cli_usage_err(cmd, "--format: unknown format '%s' (known: %s)",
			    cli_quote(t, strlen(t), q, sizeof q), fp_format_names());
			return false;
		}
		bool seen = false;
		for (int k = 0; k < so->nfmt; k++)
			seen |= so->fmts[k] == f;
		if (!seen)
			so->fmts[so->nfmt++] = f;
	}
	if (so->nfmt == 0) {
		cli_usage_err(cmd, "--format: no format given (known: %s)",
		    fp_format_names());
		return false;
	}
	return true;
}

/* A percentage above 0 and at most 100, with at most 4 decimals, in
 * millionths. */
static bool
read_share(const char *cmd, const char *text, uint32_t *ppm)
{
	char q[200];
	const char *p = text;
	uint64_t v = 0;
	int dec = -1;

	if (*p == '\0')
		goto bad;
	for (; *p && *p != '%'; p++) {
		if (*p == '.' && dec < 0) {
			dec = 0;
			continue;
		}
		if (*p < '0' || *p > '9' || dec == 4 || v > 1000000000)
			goto bad;
		v = v * 10 + (uint64_t)(*p - '0');
		if (dec >= 0)
			dec++;
	}
	if ((*p == '%' && p[1] != '\0') || p == text || dec == 0)
		goto bad;
	for (int d = dec < 0 ? 0 : dec; d < 4; d++)
		v *= 10;
	if (v == 0 || v > 1000000)
		goto bad;
	*ppm = (uint32_t)v;
	return true;
bad:
	cli_usage_err(cmd, "--share: '%s' is not a percentage above 0 and at most "
	    "100 (at most 4 decimals, e.g. 99.9)", cli_quote(text, strlen(text), q,
	    sizeof q));
	return false;
}

enum { OPT_FORMAT = CLI_KEY_FIRST, OPT_TENSOR, OPT_SHARE, OPT_GRAD };

static const struct option inspect_table[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "tensor", required_argument, NULL, OPT_TENSOR },
	{ "share", required_argument, NULL, OPT_SHARE },
	{ "grad", no_argument, NULL, OPT_GRAD },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

static int
inspect_opt(void *ctx, int key, char *v)
{
	inspect_opts *o = ctx;

	switch (key) {
	case CLI_OPT_OPERAND:
		o->files[o->nfiles++] = v;
		return CLI_OK;
	case OPT_FORMAT:
		return read_formats("inspect", v, &o->so) ? CLI_OK : CLI_USAGE;
	case OPT_TENSOR:
		o->glob = v;
		return CLI_OK;
	case OPT_SHARE:
		return read_share("inspect", v, &o->share_ppm) ? CLI_OK : CLI_USAGE;
	case OPT_GRAD:
		o->grad = true;
		return CLI_OK;
	}
	return CLI_OPTS_UNEXPECTED;
}

/* Read argv into o: CLI_OK, -1 when the command is done (help), or the
 * exit status of a problem already reported. */
static int
parse(const cli_cmd *cmd, int argc, char **argv, inspect_opts *o)
{
	static const fp_id def[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };
	cli_opts p = { .cmd = cmd, .table = inspect_table, .fn = inspect_opt,
	    .ctx = o };

	for (size_t k = 0; k < sizeof def / sizeof def[0]; k++)
		o->so.fmts[o->so.nfmt++] = fp_format_get(def[k]);
	o->share_ppm = 999000;
	o->files = calloc((size_t)argc, sizeof *o->files);
	if (o->files == NULL) {
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	if (!cli_opts_parse(&p, argc, argv))
		return p.status == CLI_OK ? -1 : p.status;
	o->json = p.json;
	if (o->nfiles == 0)
		return cli_usage_err(cmd->name, "no file given");
	if (o->grad) {
		const fp_format *f16 = fp_format_get(FP_FP16);
		o->grad_fmt = 0;
		while (o->grad_fmt < o->so.nfmt && o->so.fmts[o->grad_fmt] != f16)
			o->grad_fmt++;
		if (o->grad_fmt == o->so.nfmt)
			o->so.fmts[o->so.nfmt++] = f16;
		o->so.scaled = true;
	}
	return CLI_OK;
}

/* ---- JSON ---------------------------------------------------------------- */

static void
jnum(const char *key, double v)
{
	if (isnan(v))
		printf(",\"%s\":null", key);
	else
		printf(",\"%s\":%.17g", key, v);
}

static void
json_tensor(const char *file, const tensor_info *t, const tensor_stats *st,
    const inspect_opts *o)
{
	printf("{\"file\":");
	cli_json_str(file);
	printf(",\"tensor\":");
	cli_json_str(t->name);
	printf(",\"dtype\":");
	cli_json_str(t->dtype == TENSOR_OTHER ? t->other : tensor_dtype_name(t->dtype));
	printf(",\"shape\":[");
	for (int i = 0; i < t->ndim; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)t->shape[i]);
	printf("],\"count\":%llu", (unsigned long long)t->count);
	if (st == NULL) {
		printf(",\"skipped\":true}\n");
		return;
	}
	printf(",\"order\":\"%s\",\"zeros\":%llu,\"subnormals\":%llu,\"infs\":%llu,"
	    "\"nans\":%llu,\"finite_nonzero\":%llu", t->fortran ? "F" : "C",
	    (unsigned long long)st->zeros, (unsigned long long)st->subnormals,
	    (unsigned long long)st->infs, (unsigned long long)st->nans,
	    (unsigned long long)st->finite_nonzero);
	jnum("min_abs", st->min_mag);
	jnum("max_abs", st->max_mag);
	printf(",\"log2_hist\":[");
	for (int b = st->lo, first = 1; b <= st->hi; b++)
		if (st->hist[b]) {
			printf("%s[%d,%llu]", first ? "" : ",", b + TENSOR_LOG2_MIN,
			    (unsigned long long)st->hist[b]);
			first = 0;
		}
	printf("],\"cast\":{");
	for (int k = 0; k < st->nfmt; k++) {
		const tensor_cast *c = &st->cast[k];
		printf("%s\"%s\":{\"flushed\":%llu,\"subnormal\":%llu,\"normal\":%llu,"
		    "\"overflow\":%llu,\"exact\":%llu", k ? "," : "", st->fmts[k]->name,
		    (unsigned long long)c->flushed, (unsigned long long)c->subnormal,
		    (unsigned long long)c->normal, (unsigned long long)c->overflow,
		    (unsigned long long)c->exact);
		jnum("err_median", c->err_median);
		jnum("err_max", c->err_max);
		printf("}");
	}
	printf("}");
	if (o->grad) {
		int lo, hi;
		printf(",\"grad\":{\"format\":\"%s\",\"share\":%.4f",
		    st->fmts[o->grad_fmt]->name, o->share_ppm / 1e4);
		if (tensor_grad_window(st, o->grad_fmt, o->share_ppm, &lo, &hi))
			printf(",\"scale_log2\":[%d,%d]}", lo, hi);
		else
			printf(",\"scale_log2\":null}");
	}
	printf("}\n");
}

/* ---- the command ----------------------------------------------------------- */

static void
report(const char *file, const tensor_err *e)
{
	char nf[400], nt[400];

	fflush(stdout);
	view_inspect_name(file, nf, sizeof nf);
	if (e->tensor[0])
		fprintf(stderr, "%s: tensor %s: error: %s\n", nf,
		    view_inspect_name(e->tensor, nt, sizeof nt), e->msg);
	else
		fprintf(stderr, "%s: error: %s\n", nf, e->msg);
}

/* Inspect one file; returns its exit status, *shown counts its tensors. */
static int
inspect_file(const char *file, const inspect_opts *o, bool *first, long *shown)
{
	tensor_file *tf;
	tensor_err e = { .sys = 0 };
	tensor_status s = tensor_file_open(file, &tf, &e);

	if (s == TENSOR_ENOMEM) {
		cli_err("inspect", "%s: out of memory", file);
		return CLI_IOERR;
	}
	if (s != TENSOR_OK) {
		report(file, &e);
		return s == TENSOR_EIO ? CLI_IOERR : CLI_DATAERR;
	}
	view_inspect_opts vo = { o->grad, o->grad_fmt, o->share_ppm };
	int status = CLI_OK;
	if (tf->n == 0 && !o->json && !o->glob) {
		char nf[400];
		if (!*first)
			putchar('\n');
		*first = false;
		printf("%s: no tensor\n", view_inspect_name(file, nf, sizeof nf));
	}
	for (size_t i = 0; i < tf->n; i++) {
		const tensor_info *t = &tf->t[i];
		if (o->glob && fnmatch(o->glob, t->name, 0) != 0)
			continue;
		(*shown)++;
		if (!o->json && !*first)
			putchar('\n');
		*first = false;
		if (t->dtype == TENSOR_OTHER) {
			if (o->json)
				json_tensor(file, t, NULL, o);
			else
				view_inspect_skipped(stdout, file, t);
			continue;
		}
		tensor_stats *st = tensor_stats_compute(tf, t, &o->so);
		if (st == NULL) {
			cli_err("inspect", "%s: out of memory", file);
			status = CLI_IOERR;
			break;
		}
		if (o->json)
			json_tensor(file, t, st, o);
		else
			view_inspect_text(stdout, file, t, st, &vo);
		tensor_stats_free(st);
	}
	tensor_file_close(tf);
	return status;
}

static int
run_inspect(const cli_cmd *cmd, int argc, char **argv)
{
	inspect_opts o = { .nfiles = 0 };
	int st = parse(cmd, argc, argv, &o), status = CLI_OK;
	bool first = true;
	long shown = 0;

	if (st != CLI_OK) {
		free(o.files);
		return st < 0 ? cli_finish_output(cmd->name, CLI_OK) : st;
	}
	view_term_init(true);
	for (int i = 0; i < o.nfiles; i++) {
		int s = inspect_file(o.files[i], &o, &first, &shown);
		/* The worst status wins: I/O over bad data over success. */
		if (s == CLI_IOERR || (s == CLI_DATAERR && status == CLI_OK))
			status = s;
	}
	if (status == CLI_OK && o.glob && shown == 0) {
		char q[200];
		status = cli_usage_err(cmd->name, "no tensor matches '%s'",
		    cli_quote(o.glob, strlen(o.glob), q, sizeof q));
	}
	free(o.files);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_inspect = {
	"inspect", "your own .npy and safetensors tensors on fp16, bf16 and fp8",
	"fptutor inspect FILE... [--format FMT[,FMT...]] [--tensor GLOB] [--grad]\n"
	"       [--share P] [--json]",
	"Read NumPy .npy files (versions 1 to 3; float16, float32, float64; C or\n"
	"Fortran order) and safetensors files (F16, BF16, F32, F64, F8_E4M3,\n"
	"F8_E5M2), mapped rather than read whole.  For each tensor: dtype, shape,\n"
	"count; zeros, subnormals, infinities and NaNs; the smallest and largest\n"
	"magnitude; a histogram of log2|x| beside each target format's zones\n"
	"(normal, subnormal, flushed to zero, overflow) with its limits marked;\n"
	"and per target format the values a cast would flush, make subnormal or\n"
	"overflow, and the relative rounding error (median and largest).  Every\n"
	"value is rounded by the format engine, so the figures are exact.\n"
	"\n"
	"  --format FMT[,FMT...]  target formats (default fp16,bf16,e4m3,e5m2;\n"
	"                         known: fp16, bf16, fp32, tf32, e4m3, e5m2)\n"
	"  --tensor GLOB          only tensors whose name matches GLOB (* ? [...])\n"
	"  --grad                 the window of power-of-two loss scales under which\n"
	"                         at least P% of the finite nonzero values are normal\n"
	"                         in fp16 and none overflows, and where GradScaler's\n"
	"                         initial 2^16 stands (see 'fptutor scaler')\n"
	"  --share P              that share, a percentage (default 99.9)\n"
	"  --json                 one JSON object per tensor (file tensor dtype shape\n"
	"                         count zeros subnormals infs nans min_abs max_abs\n"
	"                         log2_hist cast grad)\n"
	"  -h, --help             show this help\n"
	"\n"
	"A bad file is reported as 'FILE: tensor NAME: error: ...' (or 'FILE:\n"
	"error: ...'), and the other files are still read.\n"
	"\n"
	"Exit status: 0 done; 2 usage error (or no tensor matches GLOB); 65 a\n"
	"file is not valid; 74 a file cannot be read or output cannot be written.\n",
	run_inspect, NULL
};
