/*
 * lab_int.h — what the labs (lab_*.c) share: each lab's constructor, a
 * text view captured into lines so a lab can show what `fptutor calc` or
 * `fptutor train` print (the same code, never a second rendering of the
 * numbers), and the focus rule of a lab's text field.
 */
#ifndef FPTUTOR_TUI_LAB_INT_H
#define FPTUTOR_TUI_LAB_INT_H

#include <stdio.h>

#include "tui/tui_int.h"

tui_screen *lab_bits_new(void);
tui_screen *lab_calc_new(void);
tui_screen *lab_scaler_new(void);
tui_screen *lab_softmax_new(void);
tui_screen *lab_train_new(void);
/* The inspect lab on the lessons' toy dump (lab_inspect.c). */
tui_screen *lab_inspect_new(void);

/* A new screen with its data (zeroed, size bytes); NULL when out of
 * memory.  The screen's free callback frees both; a lab with more to
 * release sets its own and calls lab_screen_free at its end. */
tui_screen *lab_screen_new(const char *title, size_t size);
void lab_screen_free(tui_screen *s);

/* bitsw.c: the column of bit i's cell in a widget width columns wide, and
 * the widget's row of cells. */
int lab_bits_cell_x(const fp_format *f, int width, int i);
#define LAB_BITS_CELL_ROW 1

/* Lines of text printed by a text view. */
typedef struct lab_text {
	char **line;
	int n;
} lab_text;
typedef void lab_text_fn(FILE *out, void *ctx);
/* Run fn into memory with colour off (curses gives the looks), keeping
 * UTF-8 symbols as the locale allows; false when out of memory. */
bool lab_capture(lab_text *t, lab_text_fn *fn, void *ctx);
void lab_text_free(lab_text *t);
/* Draw lines first .. of t into (y, x, rows, cols); returns rows used. */
int lab_text_draw(WINDOW *w, int y, int x, int rows, int cols,
    const lab_text *t, int first);
/* The first line holding s at or after from, or -1. */
int lab_text_find(const lab_text *t, int from, const char *s);

/* A lab's text field: focused, it takes every key (Esc leaves it); not
 * focused, Tab or e gives it the keys back.  Returns the editor's result
 * for a key it took, or TUI_EDIT_NONE. */
typedef struct lab_field {
	tui_edit ed;
	bool focus;
	int cy, cx;		/* where its cursor was drawn */
} lab_field;
tui_edit_result lab_field_key(lab_field *f, int is_key, wint_t ch);
/* The screen's cursor callback for a lab with this one field. */
bool lab_field_cursor(const lab_field *f, int *y, int *x);
/* PgUp/PgDn and Up/Down move *top within n lines; false for other keys. */
bool lab_scroll(int *top, int n, int is_key, wint_t ch);
/* Draw "label [text]" on row y; returns the columns used. */
int lab_field_draw(lab_field *f, WINDOW *w, int y, int x, int width,
    const char *label);

#endif
