/*
 * bits.c — `fptutor bits`: options, values from the arguments or from
 * standard input, and the exit status.  Each value is read once
 * (fp_read) and rounded once into each requested format.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
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
convert_text(const char *cmd, const bits_opts *o, const char *text, size_t len,
    const char *where, char *trimmed);

static int
convert(const char *cmd, const bits_opts *o, const char *text, size_t len,
    const char *where)
{
	char q[300], small[256];

	if (memchr(text, '\0', len) != NULL) {
		cli_err(cmd, "%s%scontains a NUL byte: '%s'", where ? where : "",
		    where ? ": " : "", cli_quote(text, len, q, sizeof q));
		return CLI_DATAERR;
	}
	if (len > FP_READ_LONG_MAX) {
		cli_err(cmd, "%s%svalue too long (%zu bytes; at most %u)",
		    where ? where : "", where ? ": " : "", len, FP_READ_LONG_MAX);
		return CLI_DATAERR;
	}
	/* The trimmed copy: on the stack for the usual short value. */
	char *trimmed = len < sizeof small ? small : malloc(len + 1);
	if (trimmed == NULL) {
		cli_err(cmd, "%s%sout of memory", where ? where : "", where ? ": " : "");
		return CLI_IOERR;
	}
	int status = convert_text(cmd, o, text, len, where, trimmed);
	if (trimmed != small)
		free(trimmed);
	return status;
}

static int
convert_text(const char *cmd, const bits_opts *o, const char *text, size_t len,
    const char *where, char *trimmed)
{
	char q[300];
	static bool first = true;
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
	fp_read_err e = fp_read_long(text, &r, &pos);
	if (e != FP_READ_OK) {
		if (where)
			cli_err(cmd, "%s:%zu: %s: '%s'", where, pos + 1,
			    fp_read_errstr(e), cli_quote(text, len, q, sizeof q));
		else
			cli_err(cmd, "%s: '%s' (at column %zu)", fp_read_errstr(e),
			    cli_quote(text, len, q, sizeof q), pos + 1);
		return CLI_DATAERR;
	}
	/* Read beyond double's range exactly once for all the formats. */
	fp_exact x;
	const fp_exact *ex = !o->json && fp_read_beyond(trimmed, &r, &x) ? &x : NULL;
	for (int i = 0; i < o->nfmt; i++) {
		bits_item it = { o->fmts[i], trimmed, &r, 0, 0, ex };
		it.bits = fp_encode_real(it.fmt, &r, &it.flags);
		if (!o->json && !first)
			putchar('\n');
		first = false;
		emit(o, &it);
	}
	return CLI_OK;
}

/* Standard input in blocks: a million short lines are read with one
 * memchr each, not a call per byte.  read(2), not fread: at a terminal a
 * line is converted as soon as it is typed. */
static struct {
	char b[1 << 16];
	size_t pos, end;
} in_block;

/* Room for n + 1 bytes in *buf; false when memory runs out. */
static bool
line_room(char **buf, size_t *cap, size_t n)
{
	if (n + 1 <= *cap)
		return true;
	size_t nc = *cap ? *cap : 256;
	while (nc < n + 1)
		nc *= 2;
	char *nb = realloc(*buf, nc);
	if (nb == NULL)
		return false;
	*buf = nb;
	*cap = nc;
	return true;
}

/*
 * One line of fd, without its newline, into *buf (grown as needed):
 * returns 1, or 0 at the end of the input, -1 when memory runs out, -2 on
 * a read error.  *len
 * is the line's length; of a line longer than max only max + 1 bytes are
 * kept (the rest is read and counted), so a gigabyte without a newline
 * costs no more memory than a literal may have.
 */
static int
read_line(int fd, char **buf, size_t *cap, size_t max, size_t *len)
{
	size_t n = 0;
	bool any = false, nl = false;

	while (!nl) {
		if (in_block.pos == in_block.end) {
			ssize_t got;
			while ((got = read(fd, in_block.b, sizeof in_block.b)) < 0 &&
			    errno == EINTR)
				;
			if (got < 0)
				return -2;
			in_block.pos = 0;
			in_block.end = (size_t)got;
			if (got == 0)
				break;
		}
		const char *p = in_block.b + in_block.pos;
		size_t avail = in_block.end - in_block.pos;
		const char *e = memchr(p, '\n', avail);
		size_t run = e ? (size_t)(e - p) : avail;
		any = true;
		nl = e != NULL;
		in_block.pos += run + nl;
		if (n <= max) {
			size_t keep = run < max + 1 - n ? run : max + 1 - n;
			if (!line_room(buf, cap, n + keep))
				return -1;
			memcpy(*buf + n, p, keep);
		}
		n += run;
	}
	if (!any)
		return 0;
	if (!line_room(buf, cap, n <= max ? n : max + 1))
		return -1;
	(*buf)[n <= max ? n : max + 1] = '\0';
	*len = n;
	return 1;
}

static int
convert_stdin(const char *cmd, const bits_opts *o)
{
	char *line = NULL;
	size_t cap = 0, len;
	unsigned long lineno = 0;
	int status = CLI_OK;
	char where[48];
	int got;

	while ((got = read_line(STDIN_FILENO, &line, &cap, FP_READ_LONG_MAX,
	    &len)) > 0) {
		lineno++;
		if (len > FP_READ_LONG_MAX) {
			cli_err(cmd, "<stdin>:%lu: value too long (%zu bytes; at most "
			    "%u)", lineno, len, FP_READ_LONG_MAX);
			status = CLI_DATAERR;
			continue;
		}
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		size_t k = 0;
		while (k < len && (line[k] == ' ' || line[k] == '\t'))
			k++;
		if (k == len)
			continue;	/* blank line */
		snprintf(where, sizeof where, "<stdin>:%lu", lineno);
		int s = convert(cmd, o, line, len, where);
		if (s != CLI_OK && status != CLI_IOERR)
			status = s;
	}
	if (got == -1) {
		cli_err(cmd, "<stdin>:%lu: out of memory", lineno + 1);
		status = CLI_IOERR;
	} else if (got == -2) {
		cli_err(cmd, "<stdin>: read error: %s", strerror(errno));
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
	"VALUE is decimal (1e-8), a C99 hex float (0x1p-24), inf, -inf or nan,\n"
	"up to 2 MiB long (a million digits are read whole); '-' reads values\n"
	"one per line from standard input (blank lines skipped).\n"
	"\n"
	"Exit status: 0 all values converted; 65 a value could not be read (the\n"
	"others are still converted); 2 usage error; 74 output error.\n",
	run_bits, NULL
};
