/*
 * lab_util.c — what the labs share (lab_int.h): a screen with its data, a
 * text view captured into lines and drawn or searched, the focus rule of
 * a lab's text field, and scrolling.  The registry is lab.c.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/lab_int.h"
#include "view/term.h"

void
lab_screen_free(tui_screen *s)
{
	if (s == NULL)
		return;
	free(s->data);
	free(s);
}

tui_screen *
lab_screen_new(const char *title, size_t size)
{
	tui_screen *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->data = calloc(1, size);
	if (s->data == NULL) {
		free(s);
		return NULL;
	}
	s->title = title;
	s->free = lab_screen_free;
	return s;
}

/* ---- captured text views --------------------------------------------------- */

void
lab_text_free(lab_text *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->line[i]);
	free(t->line);
	t->line = NULL;
	t->n = 0;
}

bool
lab_capture(lab_text *t, lab_text_fn *fn, void *ctx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	view_term saved = view_tty;
	bool ok = true;

	lab_text_free(t);
	if (out == NULL)
		return false;
	view_tty.color = false;	/* no escapes: the screen's looks are curses' */
	fn(out, ctx);
	view_tty = saved;
	if (fclose(out) != 0 || buf == NULL) {
		free(buf);
		return false;
	}
	for (char *p = buf; *p && ok;) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char **grown = realloc(t->line, (size_t)(t->n + 1) * sizeof *grown);
		char *line = malloc(n + 1);
		if (grown)
			t->line = grown;
		if (grown == NULL || line == NULL) {
			free(line);
			ok = false;
			break;
		}
		memcpy(line, p, n);
		line[n] = '\0';
		t->line[t->n++] = line;
		p += n + (nl != NULL);
	}
	free(buf);
	return ok;
}

int
lab_text_draw(WINDOW *w, int y, int x, int rows, int cols, const lab_text *t,
    int first)
{
	int r = 0;

	for (int i = first < 0 ? 0 : first; i < t->n && r < rows; i++, r++)
		tui_put(w, y + r, x, cols, t->line[i]);
	return r;
}

int
lab_text_find(const lab_text *t, int from, const char *s)
{
	for (int i = from < 0 ? 0 : from; i < t->n; i++)
		if (strstr(t->line[i], s))
			return i;
	return -1;
}

/* ---- a lab's text field ------------------------------------------------------ */

tui_edit_result
lab_field_key(lab_field *f, int is_key, wint_t ch)
{
	if (!f->focus) {
		if (!is_key && (ch == '\t' || ch == 'e')) {
			f->focus = true;
			return TUI_EDIT_CHANGED;
		}
		return TUI_EDIT_NONE;
	}
	if (!is_key && ch == '\t') {
		f->focus = false;
		return TUI_EDIT_CANCEL;
	}
	tui_edit_result r = tui_edit_key(&f->ed, is_key, ch);
	if (r == TUI_EDIT_CANCEL)
		f->focus = false;
	return r;
}

int
lab_field_draw(lab_field *f, WINDOW *w, int y, int x, int width,
    const char *label)
{
	int lw = tui_put(w, y, x, width, label);
	int fw = width - lw - 1;

	if (fw < 4)
		return lw;
	tui_edit_draw(&f->ed, w, y, x + lw + 1, fw, 1, &f->cy, &f->cx);
	return width;
}

bool
lab_field_cursor(const lab_field *f, int *y, int *x)
{
	*y = f->cy;
	*x = f->cx;
	return f->focus;
}

bool
lab_scroll(int *top, int n, int is_key, wint_t ch)
{
	if (!is_key)
		return false;
	switch (ch) {
	case KEY_NPAGE:	*top += 10; break;
	case KEY_DOWN:	*top += 1; break;
	case KEY_PPAGE:	*top -= 10; break;
	case KEY_UP:	*top -= 1; break;
	default:	return false;
	}
	if (*top > n - 1)
		*top = n - 1;
	if (*top < 0)
		*top = 0;
	return true;
}
