/*
 * edit.c — drawing the line editor (the model is edit_model.c): the text
 * wrapped into a rectangle, scrolled so the cursor's row is always shown,
 * each row padded to the width with the field's look so the field is seen
 * even empty.  In a non-UTF-8 locale characters beyond ASCII show as '?'
 * (the buffer keeps them).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tui/edit_int.h"
#include "view/term.h"
#include "tui/tui_int.h"

/* Draw text[from .. to-1] at (y, x), at most width columns. */
static void
draw_row(WINDOW *w, int y, int x, int width, const char *text, size_t from,
    size_t to)
{
	int col = 0;

	wmove(w, y, x);
	for (size_t i = from; i < to;) {
		uint32_t cp = '?';
		size_t k = edit_utf8_dec(text + i, to - i, &cp);
		int cw = edit_cp_width(cp);

		if (k == 0)
			k = 1;
		if (col + cw > width)
			break;
		if (cp < 0x80 || !view_tty.utf8)
			waddch(w, cp < 0x80 && cp >= 0x20 ? (chtype)cp : '?');
		else
			waddnstr(w, text + i, (int)k);
		col += cw;
		i += k;
	}
	for (; col < width; col++)
		waddch(w, ' ');
}

int
tui_edit_draw(const tui_edit *e, WINDOW *w, int y, int x, int width,
    int rows, int *cy, int *cx)
{
	const char *text = e->buf ? e->buf : "";
	size_t len = e->buf ? e->len : 0;
	int max = (int)len + 2, n, crow, ccol, first = 0, used = 0;
	size_t *starts;

	if (rows < 1 || width < 1)
		return 0;
	starts = malloc((size_t)max * sizeof *starts);
	if (starts == NULL)
		return 0;
	n = edit_wrap(text, len, width, starts, max);
	edit_cursor_pos(text, len, width, starts, n, e->cur, &crow, &ccol);
	if (crow >= first + rows)
		first = crow - rows + 1;

	/* Underlined: the field shows without colour. */
	wattrset(w, tui_attr(TR_NORMAL) | A_UNDERLINE);
	for (int r = first; r < first + rows && (r < n || r == crow); r++) {
		size_t to = r + 1 < n ? starts[r + 1] : len;
		draw_row(w, y + used, x, width, text, r < n ? starts[r] : len,
		    r < n ? to : len);
		used++;
	}
	wattrset(w, A_NORMAL);
	if (cy)
		*cy = y + crow - first;
	if (cx)
		*cx = x + ccol;
	free(starts);
	return used;
}
