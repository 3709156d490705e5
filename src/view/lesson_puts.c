/*
 * lesson_puts.c — writing lesson text: in a locale that is not UTF-8 the
 * lesson's typographic symbols (×, −, →, quotes, …) become ASCII, and a
 * width is counted the way the text will be written.  The prose view
 * (lesson_text.c) and the blocks (lesson_text_blocks.c) both write
 * through here.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "view/lesson_text.h"
#include "view/term.h"

static const struct { const char *u, *a; } ascii_of[] = {
	{ "\xc3\x97", "x" }, { "\xe2\x88\x92", "-" }, { "\xe2\x86\x92", "->" },
	{ "\xe2\x86\x90", "<-" }, { "\xe2\x89\x88", "~" }, { "\xe2\x89\xa4", "<=" },
	{ "\xe2\x89\xa5", ">=" }, { "\xe2\x89\xa0", "!=" }, { "\xe2\x80\xa6", "..." },
	{ "\xe2\x80\x98", "'" }, { "\xe2\x80\x99", "'" }, { "\xe2\x80\x9c", "\"" },
	{ "\xe2\x80\x9d", "\"" }, { "\xe2\x80\x93", "-" }, { "\xe2\x80\x94", "--" },
	{ "\xc2\xb7", "*" }, { "\xc3\xb7", "/" }, { "\xc2\xb1", "+/-" },
	{ "\xe2\x88\x9e", "inf" }, { "\xc2\xb2", "^2" }, { "\xc2\xa0", " " },
};

/* The ASCII spelling of the UTF-8 character at s, or NULL. */
static const char *
ascii_for(const char *s, size_t *len)
{
	for (size_t i = 0; i < sizeof ascii_of / sizeof ascii_of[0]; i++) {
		size_t n = strlen(ascii_of[i].u);
		if (strncmp(s, ascii_of[i].u, n) == 0) {
			*len = n;
			return ascii_of[i].a;
		}
	}
	return NULL;
}

static size_t
char_len(const char *s)
{
	unsigned char c = (unsigned char)*s;
	size_t n = c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	for (size_t i = 1; i < n; i++)
		if (s[i] == '\0')
			return i;
	return n;
}

void
view_lesson_putn(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t k = char_len(s + i);
		const char *a = view_tty.utf8 ? NULL : ascii_for(s + i, &k);
		if (a)
			fputs(a, out);
		else
			fwrite(s + i, 1, k, out);
		i += k;
	}
}

void
view_lesson_puts(FILE *out, const char *s)
{
	view_lesson_putn(out, s, strlen(s));
}

int
view_lesson_width(const char *s, size_t n)
{
	int w = 0;

	for (size_t i = 0; i < n;) {
		size_t k = char_len(s + i);
		const char *a = view_tty.utf8 ? NULL : ascii_for(s + i, &k);
		w += a ? (int)strlen(a) : 1;
		i += k;
	}
	return w;
}
