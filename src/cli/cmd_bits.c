/*
 * bits.c — `fptutor bits`: options, values from the arguments or from
 * standard input, and the exit status.  Each value is read once
 * (fp_read) and rounded once into each requested format.
 */
#include <config.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/json.h"
#include "cli/cli.h"

typedef struct bits_opts {
	const fp_format *fmts[FP_NFORMATS];
	int nfmt;
	bool from_bits;
	bool json;
	bool no_color;
} bits_opts;

/* Parse "fp16,bf16" (or "all") into opts; false on an unknown name. */
static bool
parse_formats(const char *cmd, const char *list, bits_opts *o)
{
	char buf[256];
	char *save = NULL;

	if (strlen(list) >= sizeof buf) {
		cli_usage_err(cmd, "format list too long");
		return false;
	}
	strcpy(buf, list);
	o->nfmt = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (strcasecmp(t, "all") == 0) {
			o->nfmt = 0;
			for (int i = 0; i < FP_NFORMATS; i++)
				o->fmts[o->nfmt++] = fp_format_get((fp_id)i);
			continue;
		}
		const fp_format *f = fp_format_find(t);
		if (f == NULL) {
			char qa[300];
			cli_usage_err(cmd, "unknown format '%s' (known: %s)",
			    cli_quote(t, strlen(t), qa, sizeof qa), fp_format_names());
			return false;
		}
		bool dup = false;
		for (int i = 0; i < o->nfmt; i++)
			dup |= o->fmts[i] == f;
		if (!dup && o->nfmt < FP_NFORMATS)
			o->fmts[o->nfmt++] = f;
	}
	if (o->nfmt == 0) {
		cli_usage_err(cmd, "no format given to -f");
		return false;
	}
	return true;
}

static void
emit(const bits_opts *o, const bits_item *it)
{
	if (o->json)
		bits_show_json(it);
	else
		view_bits_text(stdout, it);
}

/*
 * Convert one value into every format.  where is NULL for an argument, or
 * the "<stdin>:LINE" prefix for a line of input.  Returns CLI_OK or
 * CLI_DATAERR (reported).
 */
static int
convert(const char *cmd, const bits_opts *o, const char *text, size_t len,
    const char *where)
{
	char q[300], trimmed[FP_READ_MAX + 1];
	static bool first = true;

	if (memchr(text, '\0', len) != NULL) {
		cli_err(cmd, "%s%scontains a NUL byte: '%s'", where ? where : "",
		    where ? ": " : "", cli_quote(text, len, q, sizeof q));
		return CLI_DATAERR;
	}

	if (len > FP_READ_MAX) {
		cli_err(cmd, "%s%svalue too long (%zu bytes; at most %d)",
		    where ? where : "", where ? ": " : "", len, FP_READ_MAX);
		return CLI_DATAERR;
	}
	size_t a = 0, b = len;
	while (a < b && isspace((unsigned char)text[a]))
		a++;
	while (b > a && isspace((unsigned char)text[b - 1]))
		b--;
	memcpy(trimmed, text + a, b - a);
	trimmed[b - a] = '\0';

	if (o->from_bits) {
		int status = CLI_OK;
		for (int i = 0; i < o->nfmt; i++) {
			const fp_format *f = o->fmts[i];
			bits_item it = { f, trimmed, NULL, 0, 0, NULL };
			if (!fp_parse_bits(f, trimmed, &it.bits)) {
				cli_err(cmd, "%s%s'%s' is not a %d-bit pattern of %s "
				    "(hex such as 0x%0*x, or %d binary digits)",
				    where ? where : "", where ? ": " : "",
				    cli_quote(trimmed, strlen(trimmed), q, sizeof q),
				    f->width, f->name, (f->width + 3) / 4, f->max_bits,
				    f->width);
				status = CLI_DATAERR;
				continue;
			}
			if (!o->json && !first)
				putchar('\n');
			first = false;
			emit(o, &it);
		}
		return status;
	}

	fp_real r;
	size_t pos;
	fp_read_err e = fp_read(text, &r, &pos);
	if (e != FP_READ_OK) {
		if (where)
			cli_err(cmd, "%s:%zu: %s: '%s'", where, pos + 1,
			    fp_read_errstr(e), cli_quote(text, len, q, sizeof q));
		else
			cli_err(cmd, "%s: '%s' (at column %zu)", fp_read_errstr(e),
			    cli_quote(text, len, q, sizeof q), pos + 1);
		return CLI_DATAERR;
	}
	for (int i = 0; i < o->nfmt; i++) {
		bits_item it = { o->fmts[i], trimmed, &r, 0, 0, NULL };
		it.bits = fp_encode_real(it.fmt, &r, &it.flags);
		if (!o->json && !first)
			putchar('\n');
		first = false;
		emit(o, &it);
	}
	return CLI_OK;
}

static int
convert_stdin(const char *cmd, const bits_opts *o)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned long lineno = 0;
	int status = CLI_OK;
	char where[48];

	while ((n = getline(&line, &cap, stdin)) != -1) {
		size_t len = (size_t)n;
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		size_t k = 0;
		while (k < len && (line[k] == ' ' || line[k] == '\t'))
			k++;
		if (k == len)
			continue;	/* blank line */
		snprintf(where, sizeof where, "<stdin>:%lu", lineno);
		if (convert(cmd, o, line, len, where) != CLI_OK)
			status = CLI_DATAERR;
	}
	if (ferror(stdin)) {
		cli_err(cmd, "<stdin>: read error");
		status = CLI_IOERR;
	}
	free(line);
	return status;
}

enum { OPT_FROM_BITS = CLI_KEY_FIRST };

static const struct option bits_table[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "from-bits", no_argument, NULL, OPT_FROM_BITS },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct bits_args {
	const char *cmd;
	bits_opts o;
	char **vals;
	int nvals;
} bits_args;

static int
bits_opt(void *ctx, int key, char *arg)
{
	bits_args *b = ctx;

	switch (key) {
	case 'f':
		return parse_formats(b->cmd, arg, &b->o) ? CLI_OK : CLI_USAGE;
	case OPT_FROM_BITS:
		b->o.from_bits = true;
		break;
	case CLI_OPT_OPERAND:
		b->vals[b->nvals++] = arg;
		break;
	}
	return CLI_OK;
}

static int
run_bits(const cli_cmd *cmd, int argc, char **argv)
{
	char **vals = calloc((size_t)argc + 1, sizeof *vals);
	bits_args b = { .cmd = cmd->name, .vals = vals };
	cli_opts p = { .cmd = cmd, .table = bits_table, .fn = bits_opt, .ctx = &b };
	int nvals, status = CLI_OK;

	if (vals == NULL) {
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	if (!cli_opts_parse(&p, argc, argv)) {
		free(vals);
		return p.status;
	}
	bits_opts o = b.o;
	o.json = p.json;
	o.no_color = p.no_color;
	nvals = b.nvals;
	if (nvals == 0) {
		free(vals);
		return cli_usage_err(cmd->name, "no value given (use - to read standard input)");
	}
	if (o.nfmt == 0) {
		o.fmts[o.nfmt++] = fp_format_get(FP_FP16);
		o.fmts[o.nfmt++] = fp_format_get(FP_BF16);
	}
	view_term_init(o.no_color || o.json);
	/* Large batches (bits --json - over a file) are output-bound. */
	static char outbuf[1 << 16];
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);

	for (int i = 0; i < nvals; i++) {
		int s = strcmp(vals[i], "-") == 0 ? convert_stdin(cmd->name, &o)
		    : convert(cmd->name, &o, vals[i], strlen(vals[i]), NULL);
		if (s != CLI_OK && status != CLI_IOERR)
			status = s;
	}
	free(vals);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_bits = {
	"bits", "show a value's sign, exponent and mantissa bits in each format",
	"fptutor bits [-f FMT[,FMT...]] [--from-bits] [--json] [--no-color] VALUE...|-",
	"Round each VALUE once, correctly, into each format and show the bit\n"
	"fields, the value, its class, ulp, neighbours, the rounding walk and\n"
	"the error against the input.\n"
	"\n"
	"  -f, --format FMT[,FMT...]  formats to show (default fp16,bf16); one of\n"
	"                             fp16, bf16, fp32, tf32, e4m3, e5m2, or 'all'\n"
	"      --from-bits            read each VALUE as a bit pattern of the\n"
	"                             format: hex (0x7bff) or binary (0 11110 1111111111)\n"
	"      --json                 one JSON object per value and format\n"
	"      --no-color             plain output even on a terminal\n"
	"  -h, --help                 show this help\n"
	"\n"
	"VALUE is decimal (1e-8), a C99 hex float (0x1p-24), inf, -inf or nan;\n"
	"'-' reads values one per line from standard input (blank lines skipped).\n"
	"\n"
	"Exit status: 0 all values converted; 65 a value could not be read (the\n"
	"others are still converted); 2 usage error; 74 output error.\n",
	run_bits, NULL
};
