/*
 * class_read.c — reading a class file row by row: CSV (RFC 4180) through
 * libcsv, JSON Lines through jansson.  The file is read in chunks and
 * split into lines here only to know where each row begins; memory holds
 * one row at a time.  A row that cannot be read is reported with its line
 * and reading goes on: a CSV row whose quoting is broken is dropped and
 * its later lines are read again as rows of their own, so one unclosed
 * quote costs one row, not the rest of the file.
 */
#include <config.h>

#include <csv.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lesson/class.h"
#include "lesson/priv.h"

enum { F_STUDENT, F_QUESTION, F_ANSWER, NFIELDS };
static const char *const field_name[NFIELDS] = { "student", "question", "answer" };

typedef struct buf {
	char *s;
	size_t n, cap;
} buf;

/* Append n bytes and keep a NUL after them. */
static bool
buf_add(buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *ns = realloc(b->s, cap);
		if (ns == NULL)
			return false;
		b->s = ns;
		b->cap = cap;
	}
	if (n)
		memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
	return true;
}

typedef struct reader {
	FILE *fp;
	const char *head;
	size_t nhead, headpos;
	buf pend;		/* bytes to read again, before the rest */
	size_t pendpos;
	char in[64 * 1024];
	size_t inpos, inlen;
	int err;		/* errno of a read failure */
	buf line;		/* the current line, with its '\n' */
	bool toolong;		/* ... was longer than a row may be: dropped */
	bool bom_checked;
	int lineno;
	lesson_class_row_fn row;
	lesson_class_bad_fn bad;
	void *ctx;
	bool stop, nomem, fatal;
	/* CSV */
	struct csv_parser p;
	bool header_done;
	int colidx[NFIELDS];	/* the column of each field, or -1 */
	buf field[NFIELDS];
	bool have[NFIELDS];
	int col;		/* fields seen in the current row */
	bool in_row;
	int row_line;
	buf raw;		/* the current row's bytes from its first line on */
} reader;

static void
bad(reader *r, int line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	r->bad(r->ctx, line, msg);
}

/* More input into r->in: the bytes to read again, the head, the file. */
static bool
refill(reader *r)
{
	size_t n = 0;

	r->inpos = 0;
	if (r->pendpos < r->pend.n) {
		n = r->pend.n - r->pendpos;
		if (n > sizeof r->in)
			n = sizeof r->in;
		memcpy(r->in, r->pend.s + r->pendpos, n);
		r->pendpos += n;
	} else if (r->headpos < r->nhead) {
		n = r->nhead - r->headpos;
		if (n > sizeof r->in)
			n = sizeof r->in;
		memcpy(r->in, r->head + r->headpos, n);
		r->headpos += n;
	} else if (r->err == 0) {
		n = fread(r->in, 1, sizeof r->in, r->fp);
		if (n == 0 && ferror(r->fp))
			r->err = errno ? errno : EIO;
	}
	r->inlen = n;
	return n > 0;
}

/* The next line into r->line, with its '\n' (the last may lack one);
 * false at the end of the input. */
static bool
next_line(reader *r)
{
	bool any = false;

	r->line.n = 0;
	r->toolong = false;
	for (;;) {
		if (r->inpos == r->inlen && !refill(r))
			break;
		any = true;
		const char *s = r->in + r->inpos;
		size_t avail = r->inlen - r->inpos;
		const char *nl = memchr(s, '\n', avail);
		size_t take = nl ? (size_t)(nl - s) + 1 : avail;
		if (!r->toolong && r->line.n + take > LESSON_CLASS_MAX_ROW)
			r->toolong = true;
		if (!r->toolong && !buf_add(&r->line, s, take)) {
			r->nomem = true;
			return false;
		}
		r->inpos += take;
		if (nl)
			break;
	}
	if (!any)
		return false;
	r->lineno++;
	if (!r->bom_checked) {
		r->bom_checked = true;
		if (r->line.n >= 3 && memcmp(r->line.s, "\xef\xbb\xbf", 3) == 0) {
			memmove(r->line.s, r->line.s + 3, r->line.n - 3 + 1);
			r->line.n -= 3;
		}
	}
	return true;
}

static bool
blank_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
			return false;
	return true;
}

/* Where a field's text is not valid UTF-8 or holds a NUL: its byte
 * offset, or -1 when it is fine. */
static long
bad_byte(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = s[i] ? lesson_utf8_len(s + i, n - i) : 0;
		if (k == 0)
			return (long)i;
		i += k;
	}
	return -1;
}

/* A row's three fields checked and handed to the caller. */
static void
give_row(reader *r, int line, const char *const f[NFIELDS], const size_t len[NFIELDS])
{
	for (int k = 0; k < NFIELDS; k++) {
		long at = bad_byte(f[k], len[k]);
		if (at >= 0) {
			bad(r, line, "%s in the %s field (byte %ld)", f[k][at] ? "invalid UTF-8"
			    : "a NUL byte", field_name[k], at + 1);
			return;
		}
		if (k != F_ANSWER && blank_line(f[k], len[k])) {
			bad(r, line, "the %s field is empty", field_name[k]);
			return;
		}
	}
	lesson_class_row row = { f[F_STUDENT], f[F_QUESTION], f[F_ANSWER],
	    len[F_ANSWER], line };
	if (!r->row(r->ctx, &row))
		r->stop = true;
}

/* ---- CSV ----------------------------------------------------------------- */

static void
csv_field(void *s, size_t len, void *data)
{
	reader *r = data;
	int c = r->col++;

	if (!r->in_row) {	/* a row that began after a lone CR */
		r->in_row = true;
		r->row_line = r->lineno;
	}
	if (!r->header_done) {
		const char *t = s;
		for (int k = 0; k < NFIELDS; k++)
			if (r->colidx[k] < 0 && len == strlen(field_name[k]) &&
			    strncasecmp(t, field_name[k], len) == 0)
				r->colidx[k] = c;
		return;
	}
	for (int k = 0; k < NFIELDS; k++)
		if (r->colidx[k] == c) {
			r->field[k].n = 0;
			if (!buf_add(&r->field[k], s, len))
				r->nomem = true;
			r->have[k] = true;
		}
}

static void
end_row(reader *r)
{
	int line = r->row_line;

	r->col = 0;
	r->in_row = false;
	r->raw.n = 0;
	if (!r->header_done) {
		r->header_done = true;
		for (int k = 0; k < NFIELDS; k++)
			if (r->colidx[k] < 0) {
				bad(r, line, "the header names no '%s' column (a class file "
				    "needs student, question and answer)", field_name[k]);
				r->fatal = true;
				return;
			}
		return;
	}
	const char *f[NFIELDS];
	size_t len[NFIELDS];
	bool ok = true;
	for (int k = 0; k < NFIELDS; k++) {
		if (!r->have[k] && ok) {
			bad(r, line, "no %s field (the header puts it in column %d)",
			    field_name[k], r->colidx[k] + 1);
			ok = false;
		}
		r->have[k] = false;
		f[k] = r->field[k].s ? r->field[k].s : "";
		len[k] = r->field[k].n;
	}
	if (ok && !r->nomem)
		give_row(r, line, f, len);
}

static void
csv_row(int term, void *data)
{
	(void)term;
	end_row(data);
}

static const unsigned char csv_opts = CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL;

/*
 * Drop the current row as bad, and read its lines after the first again
 * as rows of their own: its fields and the parser's state are lost, so
 * the rest of the input comes after them.
 */
static void
drop_row(reader *r, const char *msg)
{
	bad(r, r->row_line, "%s", msg);
	csv_free(&r->p);
	csv_init(&r->p, csv_opts);
	r->col = 0;
	for (int k = 0; k < NFIELDS; k++)
		r->have[k] = false;
	if (!r->header_done) {
		r->fatal = true;
		return;
	}
	buf again = { 0 };
	const char *nl = r->raw.n ? memchr(r->raw.s, '\n', r->raw.n) : NULL;
	size_t from = nl ? (size_t)(nl - r->raw.s) + 1 : r->raw.n;
	/* (an empty buffer may have no storage: no pointer arithmetic on it) */
	if (!buf_add(&again, from < r->raw.n ? r->raw.s + from : "", r->raw.n - from) ||
	    !buf_add(&again, r->in + r->inpos, r->inlen - r->inpos) ||
	    !buf_add(&again, r->pendpos < r->pend.n ? r->pend.s + r->pendpos : "",
	    r->pend.n - r->pendpos)) {
		free(again.s);
		r->nomem = true;
		return;
	}
	free(r->pend.s);
	r->pend = again;
	r->pendpos = 0;
	r->inpos = r->inlen = 0;
	r->lineno = r->row_line;
	r->in_row = false;
	r->raw.n = 0;
}

static void
csv_line(reader *r)
{
	const char *s = r->line.s;
	size_t n = r->line.n;

	if (r->toolong) {
		if (!r->in_row)
			r->row_line = r->lineno;
		r->raw.n = 0;
		drop_row(r, "the row is longer than 256 KiB");
		return;
	}
	if (!r->in_row && !blank_line(s, n)) {
		r->in_row = true;
		r->row_line = r->lineno;
		r->raw.n = 0;
	}
	if (r->in_row) {
		if (r->raw.n + n > LESSON_CLASS_MAX_ROW) {
			drop_row(r, "the row is longer than 256 KiB (an unclosed quote?)");
			return;
		}
		if (!buf_add(&r->raw, s, n)) {
			r->nomem = true;
			return;
		}
	}
	if (csv_parse(&r->p, s, n, csv_field, csv_row, r) == n)
		return;
	if (csv_error(&r->p) != CSV_EPARSE)
		r->nomem = true;
	else if (r->lineno == r->row_line)
		drop_row(r, "bad quoting: a quote inside an unquoted field, or text "
		    "after a closing quote");
	else
		drop_row(r, "bad quoting: a quoted field that is not closed (it runs on "
		    "to a quote in a later line)");
}

static void
read_csv(reader *r)
{
	for (int k = 0; k < NFIELDS; k++)
		r->colidx[k] = -1;
	if (csv_init(&r->p, csv_opts) != 0) {
		r->nomem = true;
		return;
	}
	for (;;) {
		while (!r->stop && !r->fatal && !r->nomem && next_line(r))
			csv_line(r);
		if (r->stop || r->fatal || r->nomem || r->err)
			break;
		if (csv_fini(&r->p, csv_field, csv_row, r) == 0)
			break;
		drop_row(r, "unclosed quote: the quoted field runs to the end of the file");
	}
	csv_free(&r->p);
	if (!r->header_done && !r->fatal && !r->err && !r->nomem && !r->stop) {
		bad(r, 1, "no header row (a class file needs the columns student, "
		    "question and answer)");
		r->fatal = true;
	}
}

/* ---- JSON Lines ------------------------------------------------------------ */

static void
json_line(reader *r)
{
	json_error_t e;
	const char *f[NFIELDS];
	size_t len[NFIELDS];

	if (r->toolong) {
		bad(r, r->lineno, "the line is longer than 256 KiB");
		return;
	}
	if (blank_line(r->line.s, r->line.n))
		return;
	json_t *o = json_loadb(r->line.s, r->line.n, JSON_REJECT_DUPLICATES, &e);
	if (o == NULL) {
		if (e.column > 0)
			bad(r, r->lineno, "invalid JSON at column %d: %s", e.column, e.text);
		else
			bad(r, r->lineno, "invalid JSON: %s", e.text);
		return;
	}
	if (!json_is_object(o)) {
		bad(r, r->lineno, "not a JSON object");
		json_decref(o);
		return;
	}
	for (int k = 0; k < NFIELDS; k++) {
		json_t *v = json_object_get(o, field_name[k]);
		if (v == NULL || !json_is_string(v)) {
			bad(r, r->lineno, v ? "the \"%s\" member is not a string"
			    : "no \"%s\" member", field_name[k]);
			json_decref(o);
			return;
		}
		f[k] = json_string_value(v);
		len[k] = json_string_length(v);
	}
	give_row(r, r->lineno, f, len);
	json_decref(o);
}

/* ---- the door ------------------------------------------------------------- */

lesson_class_fmt
lesson_class_sniff(const char *name, const char *head, size_t n)
{
	size_t len = strlen(name), i = 0;
	static const char *const jsonl[] = { ".jsonl", ".ndjson", ".json" };

	if (len > 4 && strcasecmp(name + len - 4, ".csv") == 0)
		return LESSON_CLASS_CSV;
	for (size_t k = 0; k < sizeof jsonl / sizeof *jsonl; k++) {
		size_t e = strlen(jsonl[k]);
		if (len > e && strcasecmp(name + len - e, jsonl[k]) == 0)
			return LESSON_CLASS_JSONL;
	}
	if (n >= 3 && memcmp(head, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && blank_line(head + i, 1))
		i++;
	return i < n && head[i] == '{' ? LESSON_CLASS_JSONL : LESSON_CLASS_CSV;
}

int
lesson_class_read(FILE *fp, const char *head, size_t n, lesson_class_fmt fmt,
    lesson_class_row_fn row, lesson_class_bad_fn badfn, void *ctx)
{
	reader *r = calloc(1, sizeof *r);

	if (r == NULL)
		return -2;
	r->fp = fp;
	r->head = head;
	r->nhead = n;
	r->row = row;
	r->bad = badfn;
	r->ctx = ctx;
	if (fmt == LESSON_CLASS_AUTO)
		fmt = lesson_class_sniff("", head, n);
	if (fmt == LESSON_CLASS_CSV)
		read_csv(r);
	else
		while (!r->stop && !r->nomem && next_line(r))
			json_line(r);
	int status = r->nomem ? -2 : r->err ? r->err : r->stop || r->fatal ? -1 : 0;
	free(r->pend.s);
	free(r->line.s);
	free(r->raw.s);
	for (int k = 0; k < NFIELDS; k++)
		free(r->field[k].s);
	free(r);
	return status;
}
