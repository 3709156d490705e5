/*
 * term.h — how text output looks here: colour only on a real terminal that
 * wants it, UTF-8 symbols only in a UTF-8 locale.  Decided once per run by
 * view_term_init(); read by every text view (the files of src/view).
 */
#ifndef FPTUTOR_VIEW_TERM_H
#define FPTUTOR_VIEW_TERM_H

#include <stdbool.h>

/* Presentation decided once per run. */
typedef struct view_term {
	bool color;	/* ANSI colour: a tty, no NO_COLOR, TERM != dumb, no --no-color */
	bool utf8;	/* the locale's codeset is UTF-8: use × − → … */
} view_term;
extern view_term view_tty;
void view_term_init(bool no_color);

typedef enum view_sym {
	SYM_TIMES, SYM_MINUS, SYM_ARROW, SYM_ELLIPSIS, SYM_APPROX, SYM_LE,
	SYM_NSYMS
} view_sym;
const char *view_s(view_sym s);

typedef enum view_color {
	COL_RESET, COL_BOLD, COL_DIM, COL_SIGN, COL_EXP, COL_MAN, COL_WARN,
	COL_NCOLORS
} view_color;
/* The escape sequence for c, or "" when colour is off. */
const char *view_c(view_color c);

#include <stdio.h>
/* Write text word-wrapped to width columns; continuation lines start with
 * indent spaces (the first line is assumed to be at column indent already).
 * Ends with a newline. */
void view_wrap(FILE *out, const char *text, int indent, int width);

#endif
