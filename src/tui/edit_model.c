/*
 * edit_model.c — the line editor's buffer model: a UTF-8 string with a
 * cursor, changed by keys.  It makes no curses calls (it only reads the
 * KEY_* codes from the header), so tests/check_edit links it without a
 * terminal.  The buffer only ever holds valid UTF-8: typed characters are
 * encoded here, and tui_edit_set drops invalid bytes.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/edit_int.h"
#include "tui/tui_int.h"

size_t
edit_utf8_dec(const char *str, size_t n, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	static const uint32_t min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t len;
	uint32_t c;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	} else if ((s[0] & 0xe0) == 0xc0) {
		len = 2, c = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3, c = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4, c = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

int
edit_cp_width(uint32_t cp)
{
	int w = cp < 0x80 ? 1 : wcwidth((wchar_t)cp);

	return w == 2 ? 2 : 1;
}

static size_t
utf8_enc(uint32_t c, char out[4])
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | c >> 12);
		out[1] = (char)(0x80 | (c >> 6 & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | c >> 18);
	out[1] = (char)(0x80 | (c >> 12 & 0x3f));
	out[2] = (char)(0x80 | (c >> 6 & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/* The buffer is valid UTF-8, so a character starts at any byte that is not
 * a continuation byte. */
static size_t
prev_char(const tui_edit *e, size_t at)
{
	while (at > 0 && ((unsigned char)e->buf[--at] & 0xc0) == 0x80)
		;
	return at;
}

static size_t
next_char(const tui_edit *e, size_t at)
{
	if (at < e->len)
		at++;
	while (at < e->len && ((unsigned char)e->buf[at] & 0xc0) == 0x80)
		at++;
	return at;
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

bool
tui_edit_init(tui_edit *e, size_t max)
{
	e->cap = max < 64 ? max + 1 : 64;
	e->buf = malloc(e->cap);
	e->len = e->cur = 0;
	e->max = max;
	if (e->buf == NULL) {
		e->cap = 0;
		return false;
	}
	e->buf[0] = '\0';
	return true;
}

void
tui_edit_free(tui_edit *e)
{
	free(e->buf);
	e->buf = NULL;
	e->len = e->cap = e->cur = 0;
}

/* Room for len + more bytes and the NUL; false when over max or out of
 * memory (the text is then left as it was). */
static bool
reserve(tui_edit *e, size_t more)
{
	if (e->len + more > e->max)
		return false;
	if (e->len + more + 1 <= e->cap)
		return true;
	size_t cap = e->cap ? e->cap : 64;
	while (cap < e->len + more + 1)
		cap *= 2;
	if (cap > e->max + 1)
		cap = e->max + 1;
	char *p = realloc(e->buf, cap);
	if (p == NULL)
		return false;
	e->buf = p;
	e->cap = cap;
	return true;
}

static void
cut(tui_edit *e, size_t from, size_t to)
{
	memmove(e->buf + from, e->buf + to, e->len - to + 1);
	e->len -= to - from;
	e->cur = from;
}

void
tui_edit_set(tui_edit *e, const char *text)
{
	size_t n = text ? strlen(text) : 0;

	e->len = e->cur = 0;
	if (e->buf)
		e->buf[0] = '\0';
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t k = edit_utf8_dec(text + i, n - i, &cp);
		if (k == 0) {		/* an invalid byte: dropped */
			i++;
			continue;
		}
		if (!reserve(e, k))	/* the cap: keep whole characters only */
			break;
		memcpy(e->buf + e->len, text + i, k);
		e->len += k;
		e->buf[e->len] = '\0';
		i += k;
	}
	e->cur = e->len;
}

static tui_edit_result
insert(tui_edit *e, uint32_t c)
{
	char u[4];
	size_t k = utf8_enc(c, u);

	if (!reserve(e, k))
		return TUI_EDIT_CHANGED;	/* full: the key is still ours */
	memmove(e->buf + e->cur + k, e->buf + e->cur, e->len - e->cur + 1);
	memcpy(e->buf + e->cur, u, k);
	e->len += k;
	e->cur += k;
	return TUI_EDIT_CHANGED;
}

size_t
tui_edit_paste(tui_edit *e, const char *s, size_t n)
{
	size_t room = e->max - e->len, used = 0, i = 0;
	char *tmp = malloc(room < n ? room + 1 : n + 1);

	if (tmp == NULL)
		return n;
	while (i < n) {
		uint32_t cp;
		size_t k = edit_utf8_dec(s + i, n - i, &cp);
		if (k == 0) {		/* invalid UTF-8: dropped */
			i++;
			continue;
		}
		if (cp == '\r' && i + 1 < n && s[i + 1] == '\n')
			k = 2;		/* CR LF is one line break */
		if (cp == '\r' || cp == '\n' || cp == '\t')
			cp = ' ', k = k == 2 ? 2 : 1;
		else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
			i += k;		/* ESC and the other controls */
			continue;
		}
		size_t out = cp == ' ' ? 1 : k;
		if (used + out > room)
			break;		/* the cap, on a character boundary */
		if (cp == ' ')
			tmp[used] = ' ';
		else
			memcpy(tmp + used, s + i, k);
		used += out;
		i += k;
	}
	if (used && reserve(e, used)) {
		memmove(e->buf + e->cur + used, e->buf + e->cur, e->len - e->cur + 1);
		memcpy(e->buf + e->cur, tmp, used);
		e->len += used;
		e->cur += used;
	}
	free(tmp);
	return n - i;
}

static size_t
word_back(const tui_edit *e)
{
	size_t at = e->cur;

	while (at > 0 && is_blank(e->buf[at - 1]))
		at--;
	while (at > 0 && !is_blank(e->buf[at - 1]))
		at--;
	return at;
}

static tui_edit_result
curses_key(tui_edit *e, wint_t ch)
{
	switch (ch) {
	case KEY_LEFT:
		e->cur = prev_char(e, e->cur);
		return TUI_EDIT_CHANGED;
	case KEY_RIGHT:
		e->cur = next_char(e, e->cur);
		return TUI_EDIT_CHANGED;
	case KEY_HOME:
		e->cur = 0;
		return TUI_EDIT_CHANGED;
	case KEY_END:
		e->cur = e->len;
		return TUI_EDIT_CHANGED;
	case KEY_BACKSPACE:
		if (e->cur > 0)
			cut(e, prev_char(e, e->cur), e->cur);
		return TUI_EDIT_CHANGED;
	case KEY_DC:
		if (e->cur < e->len)
			cut(e, e->cur, next_char(e, e->cur));
		return TUI_EDIT_CHANGED;
	case KEY_ENTER:
		return TUI_EDIT_SUBMIT;
	default:
		return TUI_EDIT_NONE;
	}
}

#define CTRL(c) ((c) & 0x1f)

tui_edit_result
tui_edit_key(tui_edit *e, int is_key, wint_t ch)
{
	if (is_key)
		return curses_key(e, ch);
	switch (ch) {
	case CTRL('a'):
		return curses_key(e, KEY_HOME);
	case CTRL('e'):
		return curses_key(e, KEY_END);
	case CTRL('b'):
		return curses_key(e, KEY_LEFT);
	case CTRL('f'):
		return curses_key(e, KEY_RIGHT);
	case CTRL('d'):
		return curses_key(e, KEY_DC);
	case CTRL('h'):
	case 0x7f:
		return curses_key(e, KEY_BACKSPACE);
	case CTRL('w'):
		cut(e, word_back(e), e->cur);
		return TUI_EDIT_CHANGED;
	case CTRL('u'):
		cut(e, 0, e->cur);
		return TUI_EDIT_CHANGED;
	case CTRL('k'):
		e->buf[e->cur] = '\0';
		e->len = e->cur;
		return TUI_EDIT_CHANGED;
	case '\n':
	case '\r':
		return TUI_EDIT_SUBMIT;
	case 0x1b:
		return TUI_EDIT_CANCEL;
	default:
		break;
	}
	/* Printable characters only: no C0/C1 controls, no surrogates. */
	if (ch < 0x20 || (ch >= 0x7f && ch < 0xa0) || ch > 0x10ffff ||
	    (ch >= 0xd800 && ch <= 0xdfff))
		return TUI_EDIT_NONE;
	return insert(e, (uint32_t)ch);
}

int
edit_wrap(const char *text, size_t len, int width, size_t *starts, int max)
{
	int n = 1, col = 0;
	size_t brk = 0;		/* just after the last blank on this line, or 0 */

	if (width < 1)
		width = 1;
	starts[0] = 0;
	for (size_t i = 0; i < len && n < max;) {
		uint32_t cp = '?';
		size_t k = edit_utf8_dec(text + i, len - i, &cp);
		int w;

		if (k == 0)
			k = 1;
		w = edit_cp_width(cp);
		if (col + w > width) {
			/* Break after the last blank, unless the word fills the
			 * line; a blank that does not fit hangs, unseen, at the
			 * end of its line. */
			size_t at = cp == ' ' ? i + k
			    : brk > starts[n - 1] ? brk : i;
			if (at == starts[n - 1])	/* wider than the line */
				at = i + k;
			starts[n++] = at;
			brk = 0;
			col = 0;
			i = at;
			continue;
		}
		col += w;
		i += k;
		if (cp == ' ')
			brk = i;
	}
	return n;
}

void
edit_cursor_pos(const char *text, size_t len, int width, const size_t *starts,
    int nlines, size_t cur, int *row, int *col)
{
	int r = 0, c = 0;

	while (r + 1 < nlines && starts[r + 1] <= cur)
		r++;
	for (size_t i = starts[r]; i < cur && i < len;) {
		uint32_t cp = '?';
		size_t k = edit_utf8_dec(text + i, len - i, &cp);
		c += edit_cp_width(cp);
		i += k ? k : 1;
	}
	if (c >= width) {
		r++;
		c = 0;
	}
	*row = r;
	*col = c;
}
