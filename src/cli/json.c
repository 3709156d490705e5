/*
 * json.c — JSON output: string literals for every command, and the JSON
 * view of `fptutor bits`, one object per value and format with the keys
 * doc/design.md lists, plus "flags".
 *
 * `bits --json -` over a large file spends its time here, so a line is
 * built in a buffer without printf and written with one fwrite.  The bytes
 * are those of the printf version: "%0*x" bits, "%u" fields, and the
 * core's own strings (fp_value_str, fp_class_name, fp_flags_str).
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/json.h"
#include "cli/cli.h"

/* A line being built; flushed to stdout when full and at the end. */
typedef struct jbuf {
	size_t n;
	char b[1024];
} jbuf;

static void
jflush(jbuf *j)
{
	fwrite(j->b, 1, j->n, stdout);
	j->n = 0;
}

/* The rare case of jput: no room left in the buffer. */
static void
jspill(jbuf *j, const char *s, size_t len)
{
	jflush(j);
	if (len > sizeof j->b)
		fwrite(s, 1, len, stdout);
	else {
		memcpy(j->b, s, len);
		j->n = len;
	}
}

static inline void
jput(jbuf *j, const char *s, size_t len)
{
	if (len > sizeof j->b - j->n) {
		jspill(j, s, len);
		return;
	}
	memcpy(j->b + j->n, s, len);
	j->n += len;
}

static inline void
jputs(jbuf *j, const char *s)
{
	jput(j, s, strlen(s));
}

/* A string literal, its length known at compile time. */
#define JLIT(j, lit) jput((j), "" lit, sizeof lit - 1)

/* v in decimal, as "%u". */
static void
jput_dec(jbuf *j, unsigned v)
{
	char tmp[16];
	size_t i = sizeof tmp;

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	jput(j, tmp + i, sizeof tmp - i);
}

/* v in lower-case hex with at least ndig digits, as "%0*x". */
static void
jput_hex(jbuf *j, unsigned v, size_t ndig)
{
	char tmp[16];
	size_t i = sizeof tmp;

	do {
		tmp[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v != 0 || sizeof tmp - i < ndig);
	jput(j, tmp + i, sizeof tmp - i);
}

/* s as a JSON string literal: runs of plain bytes are copied whole. */
static void
jput_str(jbuf *j, const char *s)
{
	JLIT(j, "\"");
	for (;;) {
		size_t run = 0;
		unsigned char c;
		while ((c = (unsigned char)s[run]) >= 0x20 && c != 0x7f &&
		    c != '"' && c != '\\')
			run++;
		jput(j, s, run);
		s += run;
		if (c == '\0')
			break;
		if (c == '"' || c == '\\') {
			char esc[2] = { '\\', (char)c };
			jput(j, esc, 2);
		} else {
			JLIT(j, "\\u00");
			jput_hex(j, c, 2);
		}
		s++;
	}
	JLIT(j, "\"");
}

void
cli_json_str(const char *s)
{
	jbuf j;

	j.n = 0;
	jput_str(&j, s);
	jflush(&j);
}

/* The "flags" array body for a set of flags: "\"inexact\",\"underflow\"". */
static const char *
flags_json(unsigned flags)
{
	static char cache[32][96];
	static bool done[32];
	char fs[80];

	if (flags >= 32) {		/* not a flag set the core makes */
		static char other[96];
		fp_flags_str(flags, "\",\"", fs, sizeof fs);
		snprintf(other, sizeof other, fs[0] ? "\"%s\"" : "%s", fs);
		return other;
	}
	if (!done[flags]) {
		fp_flags_str(flags, "\",\"", fs, sizeof fs);
		snprintf(cache[flags], sizeof cache[flags], fs[0] ? "\"%s\"" : "%s", fs);
		done[flags] = true;
	}
	return cache[flags];
}

void
bits_show_json(const bits_item *it)
{
	const fp_format *f = it->fmt;
	fp_fields fl;
	char v[40];
	jbuf j;			/* not zeroed: 1 KiB per line */

	j.n = 0;
	fp_fields_of(f, it->bits, &fl);
	JLIT(&j, "{\"format\":\"");
	jputs(&j, f->name);
	JLIT(&j, "\",\"input\":");
	jput_str(&j, it->input);
	JLIT(&j, ",\"bits\":\"0x");
	jput_hex(&j, it->bits, (size_t)(f->width + 3) / 4);
	JLIT(&j, "\",\"sign\":");
	jput_dec(&j, fl.sign);
	JLIT(&j, ",\"exponent\":");
	jput_dec(&j, fl.exp_raw);
	JLIT(&j, ",\"mantissa\":");
	jput_dec(&j, fl.mantissa);
	JLIT(&j, ",\"class\":\"");
	jputs(&j, fp_class_name(fl.cls));
	JLIT(&j, "\",\"value\":\"");
	jputs(&j, fp_value_str(fp_decode(f, it->bits), v, sizeof v));
	JLIT(&j, "\",\"flags\":[");
	jputs(&j, flags_json(it->flags));
	JLIT(&j, "]}\n");
	jflush(&j);
}
