/*
 * progress_file.c — the text of DIR/progress (doc/progress.md): a version
 * line, one "lesson" line per record, one "item" line per review item
 * (version 2), an "end" line with the counts.  Version 1 (no items, "end
 * COUNT") is read as it is and written back as version 2.  The
 * parser is strict, since whatever it lets through the UI trusts: a field
 * out of range, a number that is not plain decimal, a cut line or a stray
 * byte makes the whole file damaged, and the caller sets it aside.
 * Numbers are read and written in the C locale whatever the program's
 * locale is, so a file written under one LC_NUMERIC reads under another.
 */
#include <config.h>

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/progress_int.h"

#define NFIXED	8	/* "lesson" ID STEP NSTEPS DONE BEST MAX UPDATED */
#define MAXTOK	(NFIXED + PROGRESS_MAX_MISSED)
#define MAXNUM	40	/* bytes of a number; %.17g needs at most 24 */

/* ---- numbers in the C locale ------------------------------------------ */

/* The C locale for numbers, made once; (locale_t)0 if it cannot be, and
 * then the program's own (the tutor never changes LC_NUMERIC from C). */
static locale_t
c_numeric(void)
{
	static locale_t loc;
	static bool tried;

	if (!tried) {
		tried = true;
		loc = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	}
	return loc;
}

static double
c_strtod(const char *s, char **end)
{
	locale_t c = c_numeric(), old = c ? uselocale(c) : (locale_t)0;
	double v = strtod(s, end);

	if (c)
		uselocale(old);
	return v;
}

/* ---- parsing ----------------------------------------------------------- */

struct line {
	const char *tok[MAXTOK];
	size_t len[MAXTOK];
	size_t ntok;
	size_t no;		/* line number, from 1 */
};

static bool
fail(char *err, size_t n, size_t line, const char *fmt, ...)
{
	va_list ap;
	int k = snprintf(err, n, "line %zu: ", line);

	if (k >= 0 && (size_t)k < n) {
		va_start(ap, fmt);
		vsnprintf(err + k, n - (size_t)k, fmt, ap);
		va_end(ap);
	}
	return false;
}

/* Split s (len bytes, no newline) at single spaces.  Every byte must be a
 * printable ASCII character: the writer escapes everything else. */
static bool
split(struct line *l, const char *s, size_t len, char *err, size_t n)
{
	size_t start = 0;

	l->ntok = 0;
	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != ' ') {
			unsigned char c = (unsigned char)s[i];

			if (c < 0x21 || c > 0x7e)
				return fail(err, n, l->no,
				    "byte 0x%02X at column %zu is not allowed",
				    c, i + 1);
			continue;
		}
		if (i == start)
			return fail(err, n, l->no, "an empty field at column "
			    "%zu (two spaces, or a space at an end)", i + 1);
		if (l->ntok == MAXTOK)
			return fail(err, n, l->no, "more than %d fields",
			    MAXTOK);
		l->tok[l->ntok] = s + start;
		l->len[l->ntok++] = i - start;
		start = i + 1;
	}
	return true;
}

static bool
tok_is(const struct line *l, size_t i, const char *word)
{
	return l->len[i] == strlen(word) && memcmp(l->tok[i], word,
	    l->len[i]) == 0;
}

/* A plain decimal integer: digits only, no sign, no leading zero. */
static bool
parse_uint(const char *s, size_t len, unsigned long long max,
    unsigned long long *out)
{
	unsigned long long v = 0;

	if (len == 0 || (len > 1 && s[0] == '0'))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		unsigned d = (unsigned)(s[i] - '0');
		if (d > max || v > (max - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* A finite decimal number in [0, max]: digits first, then only what
 * %.17g writes (no sign, no hex, no "inf" or "nan"). */
static bool
parse_num(const char *s, size_t len, double max, double *out)
{
	char buf[MAXNUM + 1], *end;

	if (len == 0 || len > MAXNUM || s[0] < '0' || s[0] > '9' ||
	    strspn(s, "0123456789.e+-") < len)
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	double v = c_strtod(buf, &end);
	if (end != buf + len || !isfinite(v) || v < 0 || v > max)
		return false;
	*out = v;
	return true;
}

/* An id as written: printable ASCII with %HH for every other byte (and
 * for '%' itself).  The decoded id must be one progress_id_ok takes. */
static bool
parse_id_max(const char *s, size_t len, char *out, size_t max)
{
	size_t k = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned c = (unsigned char)s[i];

		if (c == '%') {
			char hex[3] = { 0 }, *end;

			if (len - i < 3 || !strchr("0123456789ABCDEF", s[i + 1])
			    || !strchr("0123456789ABCDEF", s[i + 2]))
				return false;
			memcpy(hex, s + i + 1, 2);
			c = (unsigned)strtoul(hex, &end, 16);
			i += 2;
		}
		if (c < 0x20 || c == 0x7f)	/* %00 would cut the id short */
			return false;
		if (k == max)
			return false;
		out[k++] = (char)c;
	}
	out[k] = '\0';
	return max == PROGRESS_MAX_ID ? progress_id_ok(out) :
	    progress_item_id_ok(out);
}

static bool
parse_id(const char *s, size_t len, char *out)
{
	return parse_id_max(s, len, out, PROGRESS_MAX_ID);
}

static bool
parse_lesson(progress *p, const struct line *l, bool *oom, char *err,
    size_t n)
{
	char id[PROGRESS_MAX_ID + 1];
	const char *missed[PROGRESS_MAX_MISSED];
	char mbuf[PROGRESS_MAX_MISSED][PROGRESS_MAX_ID + 1];
	unsigned long long step, nsteps, done, updated;
	progress_lesson tmp = { .step = 0 };

	if (l->ntok < NFIXED)
		return fail(err, n, l->no, "a lesson line needs %d fields, "
		    "this one has %zu", NFIXED, l->ntok);
	if (!parse_id(l->tok[1], l->len[1], id))
		return fail(err, n, l->no, "a bad lesson id");
	if (progress_get(p, id))
		return fail(err, n, l->no, "a second record for one lesson");
	if (!parse_uint(l->tok[2], l->len[2], PROGRESS_MAX_STEPS, &step))
		return fail(err, n, l->no, "step is not a number in range");
	if (!parse_uint(l->tok[3], l->len[3], PROGRESS_MAX_STEPS, &nsteps))
		return fail(err, n, l->no, "nsteps is not a number in range");
	if (!parse_uint(l->tok[4], l->len[4], 1, &done))
		return fail(err, n, l->no, "done is not 0 or 1");
	if (!parse_num(l->tok[5], l->len[5], PROGRESS_MAX_SCORE, &tmp.best))
		return fail(err, n, l->no, "best is not a number in range");
	if (!parse_num(l->tok[6], l->len[6], PROGRESS_MAX_SCORE, &tmp.max))
		return fail(err, n, l->no, "max is not a number in range");
	if (!parse_uint(l->tok[7], l->len[7],
	    (unsigned long long)PROGRESS_MAX_TIME, &updated))
		return fail(err, n, l->no, "updated is not a time in range");
	tmp.step = (size_t)step;
	tmp.nsteps = (size_t)nsteps;
	tmp.updated = (time_t)updated;
	if (!progress_fields_ok(&tmp))
		return fail(err, n, l->no, "step beyond nsteps, or best "
		    "beyond max");
	for (size_t i = NFIXED; i < l->ntok; i++) {
		if (!parse_id(l->tok[i], l->len[i], mbuf[i - NFIXED]))
			return fail(err, n, l->no, "missed id %zu is bad",
			    i - NFIXED + 1);
		missed[i - NFIXED] = mbuf[i - NFIXED];
	}
	if (p->n >= PROGRESS_MAX_LESSONS)
		return fail(err, n, l->no, "more than %d lessons",
		    PROGRESS_MAX_LESSONS);
	progress_lesson *r = progress_rec(p, id, true);
	if (!r || !progress_rec_missed(r, missed, l->ntok - NFIXED)) {
		*oom = true;
		return fail(err, n, l->no, "out of memory");
	}
	r->step = tmp.step;
	r->nsteps = tmp.nsteps;
	r->done = done == 1;
	r->best = tmp.best;
	r->max = tmp.max;
	r->updated = tmp.updated;
	return true;
}

#define NITEM	15	/* "item" KIND ID TOPIC STATE S D DUE LAST REPS
			 * LAPSES TRIES PASSES RPASSES UPDATED */

static bool
parse_time(const struct line *l, size_t i, time_t *out)
{
	unsigned long long v;

	if (!parse_uint(l->tok[i], l->len[i],
	    (unsigned long long)PROGRESS_MAX_TIME, &v))
		return false;
	*out = (time_t)v;
	return true;
}

static bool
parse_count(const struct line *l, size_t i, unsigned *out)
{
	unsigned long long v;

	if (!parse_uint(l->tok[i], l->len[i], PROGRESS_MAX_COUNT, &v))
		return false;
	*out = (unsigned)v;
	return true;
}

static bool
parse_item(progress *p, const struct line *l, bool *oom, char *err,
    size_t n)
{
	progress_item t = { .s = 0 };
	static const char *const what[] = { "reps", "lapses", "tries",
	    "passes", "rpasses" };
	unsigned *count[] = { &t.reps, &t.lapses, &t.tries, &t.passes,
	    &t.rpasses };

	if (l->ntok != NITEM)
		return fail(err, n, l->no, "an item line needs %d fields, "
		    "this one has %zu", NITEM, l->ntok);
	if (tok_is(l, 1, "question"))
		t.kind = PROGRESS_QUESTION;
	else if (tok_is(l, 1, "drill"))
		t.kind = PROGRESS_DRILL;
	else
		return fail(err, n, l->no, "kind is not question or drill");
	if (!parse_id_max(l->tok[2], l->len[2], t.id, PROGRESS_MAX_ITEM_ID))
		return fail(err, n, l->no, "a bad item id");
	if (progress_item_get(p, t.id))
		return fail(err, n, l->no, "a second record for one item");
	if (!parse_id(l->tok[3], l->len[3], t.topic))
		return fail(err, n, l->no, "a bad topic");
	if (tok_is(l, 4, "relearn"))
		t.relearn = true;
	else if (!tok_is(l, 4, "review"))
		return fail(err, n, l->no, "state is not review or relearn");
	if (!parse_num(l->tok[5], l->len[5], 1e9, &t.s) ||
	    !parse_num(l->tok[6], l->len[6], 10, &t.d))
		return fail(err, n, l->no, "stability or difficulty is not a "
		    "number in range");
	if (!parse_time(l, 7, &t.due) || !parse_time(l, 8, &t.last))
		return fail(err, n, l->no, "due or last is not a time in "
		    "range");
	for (size_t i = 0; i < 5; i++)
		if (!parse_count(l, 9 + i, count[i]))
			return fail(err, n, l->no, "%s is not a number in "
			    "range", what[i]);
	if (!parse_time(l, 14, &t.updated))
		return fail(err, n, l->no, "updated is not a time in range");
	if (!progress_item_ok(&t))
		return fail(err, n, l->no, "an item's fields out of range or "
		    "inconsistent");
	if (p->nitem >= PROGRESS_MAX_ITEMS)
		return fail(err, n, l->no, "more than %d items",
		    PROGRESS_MAX_ITEMS);
	progress_item *r = progress_item_rec(p, t.id, true);
	if (!r) {
		*oom = true;
		return fail(err, n, l->no, "out of memory");
	}
	*r = t;
	return true;
}

/* The header line: the magic word and a version this code reads (1 or
 * 2); *version gets it. */
static bool
parse_header(const struct line *l, unsigned *version, char *err, size_t n)
{
	unsigned long long v;

	if (l->ntok != 2 || !tok_is(l, 0, PROGRESS_MAGIC))
		return fail(err, n, 1, "not a progress file (no \""
		    PROGRESS_MAGIC " %d\" line)", PROGRESS_VERSION);
	if (!parse_uint(l->tok[1], l->len[1], 1000000, &v) || v < 1 ||
	    v > PROGRESS_VERSION)
		return fail(err, n, 1, "version %.*s, this fptutor reads "
		    "versions 1 to %d", (int)(l->len[1] > 20 ? 20 : l->len[1]),
		    l->tok[1], PROGRESS_VERSION);
	*version = (unsigned)v;
	return true;
}

/* "end COUNT" (version 1) or "end LESSONS ITEMS" (version 2). */
static bool
parse_end(const progress *p, const struct line *l, unsigned version,
    char *err, size_t n)
{
	unsigned long long count, items = 0;

	if (l->ntok != (version == 1 ? 2u : 3u) ||
	    !parse_uint(l->tok[1], l->len[1], PROGRESS_MAX_LESSONS, &count) ||
	    count != p->n || (version > 1 && (!parse_uint(l->tok[2],
	    l->len[2], PROGRESS_MAX_ITEMS, &items) || items != p->nitem)))
		return fail(err, n, l->no, "the end line does not count the "
		    "%zu lessons and %zu items", p->n, p->nitem);
	return true;
}

static bool
parse_lines(progress *p, const char *buf, size_t len, bool *oom, char *err,
    size_t n)
{
	struct line l;
	size_t pos = 0;
	bool ended = false;
	unsigned version = 0;

	for (l.no = 1; pos < len; l.no++) {
		const char *nl = memchr(buf + pos, '\n', len - pos);

		if (!nl)
			return fail(err, n, l.no, "cut short (no newline at "
			    "the end)");
		if (ended)
			return fail(err, n, l.no, "a line after the end line");
		if (!split(&l, buf + pos, (size_t)(nl - buf - pos), err, n))
			return false;
		pos = (size_t)(nl - buf) + 1;
		if (l.no == 1) {
			if (!parse_header(&l, &version, err, n))
				return false;
		} else if (tok_is(&l, 0, "lesson")) {
			if (!parse_lesson(p, &l, oom, err, n))
				return false;
		} else if (tok_is(&l, 0, "item") && version > 1) {
			if (!parse_item(p, &l, oom, err, n))
				return false;
		} else if (tok_is(&l, 0, "end")) {
			if (!parse_end(p, &l, version, err, n))
				return false;
			ended = true;
		} else
			return fail(err, n, l.no, "not a lesson%s or end line",
			    version > 1 ? ", item" : "");
	}
	if (!ended)
		return fail(err, n, l.no, "cut short (no end line)");
	return true;
}

enum progress_parsed
progress_read_text(progress *p, const char *buf, size_t len, char *err,
    size_t n)
{
	const char *nul = memchr(buf, '\0', len);
	bool oom = false;

	if (p->n || p->nitem) {
		fail(err, n, 0, "internal: parse into a used store");
		return PROGRESS_PARSE_BAD;
	}
	if (len > PROGRESS_MAX_FILE) {
		fail(err, n, 1, "larger than %ld bytes", PROGRESS_MAX_FILE);
		return PROGRESS_PARSE_BAD;
	}
	if (nul) {
		size_t line = 1;

		for (const char *s = buf; s < nul; s++)
			line += *s == '\n';
		fail(err, n, line, "a NUL byte");
		return PROGRESS_PARSE_BAD;
	}
	if (len == 0) {
		fail(err, n, 1, "empty file");
		return PROGRESS_PARSE_BAD;
	}
	if (parse_lines(p, buf, len, &oom, err, n))
		return PROGRESS_PARSED;
	progress_clear(p);
	return oom ? PROGRESS_PARSE_NOMEM : PROGRESS_PARSE_BAD;
}

bool
progress_parse(progress *p, const char *buf, size_t len, char *err,
    size_t n)
{
	return progress_read_text(p, buf, len, err, n) == PROGRESS_PARSED;
}

/* ---- writing ------------------------------------------------------------ */

struct sbuf {
	char *s;
	size_t len, cap;
	bool oom;
};

static void
put(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (b->oom)
		return;
	for (;;) {
		va_start(ap, fmt);
		k = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (k < 0) {
			b->oom = true;
			return;
		}
		if ((size_t)k < b->cap - b->len)
			break;
		size_t cap = 2 * b->cap + (size_t)k + 1;
		char *s = realloc(b->s, cap);
		if (!s) {
			b->oom = true;
			return;
		}
		b->s = s;
		b->cap = cap;
	}
	b->len += (size_t)k;
}

static void
put_id(struct sbuf *b, const char *id)
{
	for (const unsigned char *s = (const unsigned char *)id; *s; s++)
		if (*s > 0x20 && *s < 0x7f && *s != '%')
			put(b, "%c", *s);
		else
			put(b, "%%%02X", *s);
}

char *
progress_format(const progress *p, size_t *len)
{
	struct sbuf b = { .s = malloc(4096), .cap = 4096 };
	locale_t c = c_numeric(), old = c ? uselocale(c) : (locale_t)0;

	if (!b.s)
		b.oom = true;
	else
		b.s[0] = '\0';
	put(&b, "%s %d\n", PROGRESS_MAGIC, PROGRESS_VERSION);
	for (size_t i = 0; i < p->n; i++) {
		const progress_lesson *r = p->rec[i];

		put(&b, "lesson ");
		put_id(&b, r->id);
		put(&b, " %zu %zu %d %.17g %.17g %lld", r->step, r->nsteps,
		    r->done ? 1 : 0, r->best, r->max, (long long)r->updated);
		for (size_t j = 0; j < r->nmissed; j++) {
			put(&b, " ");
			put_id(&b, r->missed[j]);
		}
		put(&b, "\n");
	}
	for (size_t i = 0; i < p->nitem; i++) {
		const progress_item *t = p->item[i];

		put(&b, "item %s ", progress_kind_name(t->kind));
		put_id(&b, t->id);
		put(&b, " ");
		put_id(&b, t->topic);
		put(&b, " %s %.17g %.17g %lld %lld %u %u %u %u %u %lld\n",
		    t->relearn ? "relearn" : "review", t->s, t->d,
		    (long long)t->due, (long long)t->last, t->reps, t->lapses,
		    t->tries, t->passes, t->rpasses, (long long)t->updated);
	}
	put(&b, "end %zu %zu\n", p->n, p->nitem);
	if (c)
		uselocale(old);
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	*len = b.len;
	return b.s;
}
