/*
 * utf8.c — one UTF-8 sequence checked and measured: what the reader
 * (source.c) refuses and what diagnostics (diag.c) quote both rest on it;
 * and the characters a lesson may not hold although they are valid: the
 * bidi controls and invisible format characters, which make a terminal
 * show text other than what is there (reordered, hidden, split).
 */
#include <config.h>

#include <stddef.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

size_t
lesson_utf8_len(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len;
	unsigned min;
	unsigned c = s[0];

	if (c < 0x80)
		return 1;
	else if (c >= 0xc2 && c <= 0xdf)
		len = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, min = 0x10000;
	else
		return 0;
	if (len > n)
		return 0;
	unsigned cp = c & (0x7fu >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	if (cp >= 0x80 && cp <= 0x9f)	/* C1 controls */
		return 0;
	return len;
}

uint32_t
lesson_utf8_cp(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	uint32_t cp = len == 1 ? s[0] : s[0] & (0x7fu >> len);

	for (size_t i = 1; i < len; i++)
		cp = cp << 6 | (s[i] & 0x3fu);
	return cp;
}

bool
lesson_utf8_format_char(uint32_t cp)
{
	return (cp >= 0x200b && cp <= 0x200f) ||	/* zero widths, LRM, RLM */
	    (cp >= 0x202a && cp <= 0x202e) ||		/* embeddings, overrides */
	    (cp >= 0x2066 && cp <= 0x2069) ||		/* isolates */
	    cp == 0x2028 || cp == 0x2029 ||		/* line, paragraph sep. */
	    cp == 0x061c || cp == 0xfeff;		/* ALM, zero-width no-break */
}
