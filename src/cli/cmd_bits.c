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

/* A negative number such as -1e-8 or -inf is a value, not an option. */
static bool
looks_numeric(const char *a)
{
	if (a[0] != '-')
		return false;
	return isdigit((unsigned char)a[1]) || a[1] == '.' ||
	    strncasecmp(a + 1, "inf", 3) == 0 || strncasecmp(a + 1, "nan", 3) == 0;
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
			bits_item it = { f, trimmed, NULL, 0, 0 };
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
		bits_item it = { o->fmts[i], trimmed, &r, 0, 0 };
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

static int
run_bits(const cli_cmd *cmd, int argc, char **argv)
{
	bits_opts o = { .nfmt = 0 };
	char **vals = calloc((size_t)argc + 1, sizeof *vals);
	int nvals = 0, status = CLI_OK;
	bool opts_done = false;

	if (vals == NULL) {
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *fmtarg = NULL;

		if (opts_done || a[0] != '-' || strcmp(a, "-") == 0 || looks_numeric(a)) {
			vals[nvals++] = argv[i];
		} else if (strcmp(a, "--") == 0) {
			opts_done = true;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			free(vals);
			cli_print_help(cmd, stdout);
			return cli_finish_output(cmd->name, CLI_OK);
		} else if (strcmp(a, "--json") == 0) {
			o.json = true;
		} else if (strcmp(a, "--from-bits") == 0) {
			o.from_bits = true;
		} else if (strcmp(a, "--no-color") == 0) {
			o.no_color = true;
		} else if (strcmp(a, "-f") == 0 || strcmp(a, "--format") == 0) {
			if (i + 1 >= argc) {
				free(vals);
				return cli_usage_err(cmd->name, "option '%s' needs a format list", a);
			}
			fmtarg = argv[++i];
		} else if (strncmp(a, "--format=", 9) == 0) {
			fmtarg = a + 9;
		} else if (strncmp(a, "-f", 2) == 0) {
			fmtarg = a + 2;
		} else {
			free(vals);
			char qa[300];
			return cli_usage_err(cmd->name, "unknown option '%s'",
			    cli_quote(a, strlen(a), qa, sizeof qa));
		}
		if (fmtarg && !parse_formats(cmd->name, fmtarg, &o)) {
			free(vals);
			return CLI_USAGE;
		}
	}
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
	run_bits
};
