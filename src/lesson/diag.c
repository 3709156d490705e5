/*
 * diag.c — diagnostics of the lesson stages: a list of located messages
 * of the table (msg.c) with their severity, capped so that a file of
 * garbage gives a screenful and not a flood.  Printing them is the front
 * end's job.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

const char *
lesson_severity_name(lesson_severity s)
{
	return s == LESSON_ERROR ? "error" : "warning";
}

/* Keep one copy of each file name, so that entries can point to it. */
static const char *
intern_file(lesson_diags *d, const char *file)
{
	for (size_t i = 0; i < d->nfiles; i++)
		if (strcmp(d->files[i], file) == 0)
			return d->files[i];
	char **nf = realloc(d->files, (d->nfiles + 1) * sizeof *nf);
	if (nf == NULL)
		return NULL;
	d->files = nf;
	char *copy = strdup(file);
	if (copy == NULL)
		return NULL;
	d->files[d->nfiles++] = copy;
	return copy;
}

void
lesson_diag_vput(lesson_diags *d, const char *file, int line, int col,
    lesson_msg m, va_list ap)
{
	lesson_severity sev = lesson_msg_severity(m);

	if (sev == LESSON_ERROR)
		d->nerrors++;
	else
		d->nwarnings++;
	if (d->n >= LESSON_MAX_DIAGS) {
		d->stopped = true;
		return;
	}
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 16;
		lesson_diag *nv = realloc(d->v, cap * sizeof *nv);
		if (nv == NULL)
			return;
		d->v = nv;
		d->cap = cap;
	}
	lesson_diag *e = &d->v[d->n];
	e->sev = sev;
	e->file = intern_file(d, file ? file : "<lesson>");
	if (e->file == NULL)
		return;
	e->line = line;
	e->col = col;
	/* The format is an entry of the table, never lesson text, and every
	 * call's arguments were checked against it (LESSON_MSG_CHECK). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	int len = vsnprintf(e->msg, sizeof e->msg, lesson_msg_text(m), ap);
#pragma GCC diagnostic pop
	if (len >= (int)sizeof e->msg) {	/* cut at a character boundary */
		size_t k = sizeof e->msg - 1;
		while (k > 0 && ((unsigned char)e->msg[k - 1] & 0xc0) == 0x80)
			k--;
		if (k > 0 && ((unsigned char)e->msg[k - 1] & 0xc0) == 0xc0)
			k--;
		e->msg[k] = '\0';
	}
	d->n++;
}

void
lesson_diag_put(lesson_diags *d, const char *file, int line, int col,
    lesson_msg m, ...)
{
	va_list ap;

	va_start(ap, m);
	lesson_diag_vput(d, file, line, col, m, ap);
	va_end(ap);
}

void
lesson_diags_free(lesson_diags *d)
{
	for (size_t i = 0; i < d->nfiles; i++)
		free(d->files[i]);
	free(d->files);
	free(d->v);
	memset(d, 0, sizeof *d);
}

const char *
lesson_quote(const char *s, size_t len, char *buf, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t o = 0, chars = 0;

	if (n == 0)
		return buf;
	for (size_t i = 0; i < len && o + 8 < n; chars++) {
		if (chars == 40) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		size_t k = lesson_utf8_len(s + i, len - i);
		if (k == 0 || u[i] < 0x20 || u[i] == 0x7f) {
			o += (size_t)snprintf(buf + o, n - o, "\\x%02x", u[i]);
			i++;
		} else {
			memcpy(buf + o, u + i, k);
			o += k;
			i += k;
		}
	}
	buf[o] = '\0';
	return buf;
}
