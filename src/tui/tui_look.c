/*
 * tui_look.c — how the full-screen UI looks: the roles' attributes
 * (colour with the terminal's default background, or none: every role
 * also has an attribute or a label, so monochrome keeps every meaning),
 * presenter mode's high contrast, and drawing UTF-8 text clipped,
 * wrapped and, in a non-UTF-8 locale, in ASCII; and the ? overlay (the
 * screen's keys, then every screen's).
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/lesson_text.h"
#include "view/term.h"
#include "tui/tui_priv.h"

static attr_t roles[TR_NROLES];
static bool presenting;

void
tui_look_init(bool color, bool present)
{
	static const struct { short fg; attr_t mono; } def[TR_NROLES] = {
		[TR_NORMAL] = { -1, A_NORMAL },
		[TR_TITLE] = { -1, A_REVERSE | A_BOLD },
		[TR_DIM] = { -1, A_DIM },
		[TR_KEY] = { -1, A_REVERSE },
		[TR_SIGN] = { COLOR_MAGENTA, A_BOLD },
		[TR_EXP] = { COLOR_GREEN, A_BOLD },
		[TR_MAN] = { COLOR_BLUE, A_BOLD },
		[TR_LIT] = { -1, A_REVERSE | A_BOLD },
		[TR_CURSOR] = { -1, A_REVERSE },
		[TR_GOOD] = { COLOR_GREEN, A_BOLD },
		[TR_BAD] = { COLOR_RED, A_BOLD },
		[TR_WARN] = { COLOR_YELLOW, A_BOLD },
	};

	presenting = present;
	for (int r = 0; r < TR_NROLES; r++) {
		attr_t a = def[r].mono;
		if (color && def[r].fg >= 0 && r < COLOR_PAIRS) {
			init_pair((short)r, def[r].fg, -1);
			a |= COLOR_PAIR(r);
		}
		if (present) {
			/* A projector washes out dim text and thin strokes. */
			a &= ~(attr_t)A_DIM;
			a |= A_BOLD;
		}
		roles[r] = a;
	}
}

attr_t
tui_attr(tui_role r)
{
	return (unsigned)r < TR_NROLES ? roles[r] : A_NORMAL;
}

bool
tui_presenting(void)
{
	return presenting;
}

/* The text as the terminal can show it: the lesson views' ASCII fallback
 * in a non-UTF-8 locale (malloc'd; NULL when out of memory). */
static char *
shown(const char *s)
{
	char *buf = NULL;
	size_t n = 0;

	if (view_tty.utf8)
		return strdup(s);
	FILE *f = open_memstream(&buf, &n);
	if (f == NULL)
		return NULL;
	view_lesson_puts(f, s);
	fclose(f);
	return buf;
}

int
tui_put(WINDOW *w, int y, int x, int n, const char *s)
{
	char *t = shown(s);
	int used = 0;
	mbstate_t st;

	if (t == NULL || n <= 0) {
		free(t);
		return 0;
	}
	memset(&st, 0, sizeof st);
	wmove(w, y, x);
	for (const char *p = t; *p && used < n;) {
		wchar_t wc;
		size_t k = view_tty.utf8 ? mbrtowc(&wc, p, strlen(p), &st) : 1;
		if (!view_tty.utf8 || k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			unsigned char c = (unsigned char)*p;
			wc = c < 0x80 && c >= 0x20 ? (wchar_t)c : L'?';
			k = 1;
			/* one '?' for a whole character the locale cannot show */
			while (c >= 0xc0 && ((unsigned char)p[k] & 0xc0) == 0x80)
				k++;
			memset(&st, 0, sizeof st);
		}
		int cw = wcwidth(wc);
		if (cw < 0)
			cw = 1, wc = L'?';
		if (used + cw > n)
			break;
		waddnwstr(w, &wc, 1);
		used += cw;
		p += k;
	}
	free(t);
	return used;
}

int
tui_wrap(WINDOW *w, int y, int x, int width, int maxrows, const char *s)
{
	char *t = shown(s);
	int row = 0, col = 0;

	if (t == NULL)
		return 0;
	for (const char *p = t; *p && row < maxrows;) {
		if (*p == '\n') {
			row++, col = 0, p++;
			continue;
		}
		while (*p == ' ')
			p++;
		const char *e = p;
		while (*e && *e != ' ' && *e != '\n')
			e++;
		if (e == p)
			continue;
		int len = view_lesson_width(p, (size_t)(e - p));
		if (col > 0 && col + 1 + len > width) {
			if (++row >= maxrows)
				break;
			col = 0;
		}
		if (col > 0)
			col++;
		char word[512];
		size_t wl = (size_t)(e - p) < sizeof word - 1 ? (size_t)(e - p) :
		    sizeof word - 1;
		memcpy(word, p, wl);
		word[wl] = '\0';
		col += tui_put(w, y + row, x + col, width - col, word);
		p = e;
	}
	free(t);
	/* Stopped at maxrows, row is already past the last row drawn. */
	int used = row + (col > 0 ? 1 : 0);
	return used > maxrows ? maxrows : used;
}

void
tui_hline(WINDOW *w, int y, int x, int n)
{
	/* Unicode or ASCII, not the alternate character set: the same bytes
	 * whatever the terminal's acsc, and readable in a captured screen. */
	for (int i = 0; i < n; i++)
		tui_put(w, y, x + i, 1, view_tty.utf8 ? "\xe2\x94\x80" : "-");
}

void
tui_box(WINDOW *w, int y, int x, int rows, int cols)
{
	const char *v = view_tty.utf8 ? "\xe2\x94\x82" : "|";

	tui_hline(w, y, x, cols);
	tui_hline(w, y + rows - 1, x, cols);
	for (int i = 1; i < rows - 1; i++) {
		tui_put(w, y + i, x, 1, v);
		tui_put(w, y + i, x + cols - 1, 1, v);
	}
	tui_put(w, y, x, 1, view_tty.utf8 ? "\xe2\x94\x8c" : "+");
	tui_put(w, y, x + cols - 1, 1, view_tty.utf8 ? "\xe2\x94\x90" : "+");
	tui_put(w, y + rows - 1, x, 1, view_tty.utf8 ? "\xe2\x94\x94" : "+");
	tui_put(w, y + rows - 1, x + cols - 1, 1, view_tty.utf8 ? "\xe2\x94\x98" : "+");
}

void
tui_bar(WINDOW *w, int y, int x, int n, size_t done, size_t total)
{
	int fill = total ? (int)((double)n * (double)done / (double)total + 0.5) : 0;

	for (int i = 0; i < n; i++)
		tui_put(w, y, x + i, 1, i < fill ? (view_tty.utf8 ? "\xe2\x96\x88" : "#")
		    : (view_tty.utf8 ? "\xc2\xb7" : "."));
}

int
tui_lines(WINDOW *w, int y, int x, int cols, const char *s)
{
	int n = 0;
	char line[1024];

	while (s && *s) {
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		if (len >= sizeof line)
			len = sizeof line - 1;
		memcpy(line, s, len);
		line[len] = '\0';
		if (w)
			tui_put(w, y + n, x, cols - x, line);
		n++;
		s = e ? e + 1 : s + strlen(s);
	}
	return n;
}

char *
tui_rich(const lesson_text *t, int indent, int first, int width)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (f == NULL)
		return NULL;
	view_lesson_rich_text(f, t, indent, first, width);
	fclose(f);
	return buf;
}

char *
tui_flow(const char *s, int indent, int width)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (f == NULL)
		return NULL;
	fprintf(f, "%*s", indent, "");
	view_wrap(f, s, indent, width);
	fclose(f);
	return buf;
}

/* ---- the key bar ---------------------------------------------------------- */

/* The key bar on row: the screen's keys, as many as fit. */
void
tui_draw_keybar(tui_screen *s, int row, int cols)
{
	static const char *const none[] = { NULL };
	const char *const *k = s->keys ? s->keys(s) : none;
	int x = 0;
	size_t n = 0, skip = 0, wid = 0;

	/* Too long for the width (presenter mode adds v show): leave out the
	 * entries after the first, in order, until the rest fits; the last
	 * ones, ? help and q quit, always show whole. */
	while (k && k[n] && k[n + 1]) {
		wid += view_lesson_width(k[n], strlen(k[n])) + 1 +
		    view_lesson_width(k[n + 1], strlen(k[n + 1])) + 2;
		n += 2;
	}
	while (wid > (size_t)cols + 2 && 2 + skip + 4 < n) {
		const char *a = k[2 + skip], *b = k[3 + skip];
		wid -= view_lesson_width(a, strlen(a)) + 1 + view_lesson_width(b,
		    strlen(b)) + 2;
		skip += 2;
	}
	move(row, 0);
	clrtoeol();
	for (size_t i = 0; k && k[i] && k[i + 1] && x < cols; i += 2) {
		if (i == 2 && skip)
			i += skip;
		if (!k[i] || !k[i + 1])
			break;
		attrset(tui_attr(TR_KEY));
		x += tui_put(stdscr, row, x, cols - x, k[i]);
		attrset(tui_attr(TR_NORMAL));
		if (x < cols)
			x += tui_put(stdscr, row, x, cols - x, " ");
		x += tui_put(stdscr, row, x, cols - x, k[i + 1]);
		if (x < cols - 2)
			x += tui_put(stdscr, row, x, cols - x, "  ");
	}
}

/* ---- the ? overlay ---------------------------------------------------------- */

static const char *const global_help[] = {
	"Everywhere",
	"  ?            this help (any key closes it)",
	"  q            quit: back to home from a lesson or a lab",
	"  Ctrl-Z       suspend (fg resumes)",
	"  . w          presenter: blank the screen black / white (any key)",
	NULL,
};
/* The same on one or two rows, for a screen whose own help leaves no
 * room for the long form (the bits and scaler labs at 24 rows). */
static const char *const global_short[] = {
	"Everywhere: ? this help, q back to home (or quit), Ctrl-Z suspend",
	"  . w          presenter mode: blank the screen black / white",
	NULL,
};

/* The help overlay: the screen's own keys, then the keys of every
 * screen.  When that is taller than the terminal, blank lines go first,
 * then the long form of the global keys, so nothing is cut off.  The
 * presenter's . and w show only in presenter mode. */
void
tui_draw_help(tui_screen *s, int rows, int cols, bool present)
{
	const char *const *own = s->help ? s->help(s) : NULL;
	const char *line[64];
	int n = 0, w = 40;

	for (int pass = 0; pass < 3; pass++) {
		const char *const *glob = pass < 2 ? global_help : global_short;
		n = 0;
		for (size_t i = 0; own && own[i] && n < 56; i++)
			if (pass == 0 || own[i][0])
				line[n++] = own[i];
		if (own && pass == 0)
			line[n++] = "";
		for (size_t i = 0; glob[i]; i++)
			if (present || strncmp(glob[i], "  . w", 5) != 0)
				line[n++] = glob[i];
		if (n + 2 <= rows - 2)
			break;
	}
	for (int i = 0; i < n; i++) {
		int lw = view_lesson_width(line[i], strlen(line[i]));
		w = lw > w ? lw : w;
	}
	w += 4;
	if (w > cols - 2)
		w = cols - 2;
	int h = n + 2 > rows - 2 ? rows - 2 : n + 2;
	int y0 = (rows - h) / 2, x0 = (cols - w) / 2;
	WINDOW *win = newwin(h, w, y0, x0);
	if (win == NULL)
		return;
	wbkgdset(win, ' ' | tui_attr(TR_NORMAL));
	werase(win);
	tui_box(win, 0, 0, h, w);
	wattrset(win, tui_attr(TR_TITLE));
	tui_put(win, 0, 2, w - 4, " Help ");
	wattrset(win, tui_attr(TR_NORMAL));
	for (int i = 0; i < n && i + 1 < h - 1; i++)
		tui_put(win, i + 1, 2, w - 4, line[i]);
	wnoutrefresh(win);
	delwin(win);
}
