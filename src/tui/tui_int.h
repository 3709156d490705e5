/*
 * tui_int.h — inside the full-screen tutor (ncursesw): the contract between the
 * shell (the loop, the screens' stack, the frame, home and the lesson
 * player screen) and the widgets and labs that draw inside it.  Only
 * src/tui includes this header and curses; the rest of the program sees
 * tui.h and calls tui_main().
 *
 * Who calls what:
 *   - src/cli (learn, lab, no command) fills a tui_opts and calls
 *     tui_main(), which owns the terminal from initscr() to endwin() and
 *     restores it on every exit path (return, error, SIGINT/SIGTERM/SIGHUP;
 *     Ctrl-Z suspends and resumes cleanly).
 *   - The shell draws the header and the key bar and gives the current
 *     screen the body window.  A screen is a tui_screen: a few callbacks
 *     and its own state.  Labs and the lesson player are screens.
 *   - Widgets (the line editor, the bits widget) draw into a window at a
 *     place the screen chooses; they keep no global state.
 *
 * Meaning is never carried by colour alone: every role below also has a
 * text label or a shape on screen, so NO_COLOR, --no-color and monochrome
 * terminals lose nothing.  In a non-UTF-8 locale, drawing and symbols fall
 * back to ASCII (view_tty.utf8 from term.h decides; view_s() gives symbols).
 */
#ifndef FPTUTOR_TUI_TUI_INT_H
#define FPTUTOR_TUI_TUI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* Wide-character curses: configure defines NCURSES_WIDECHAR where needed. */
#include <curses.h>

#include "fp/fp.h"
#include "tui/tui.h"


/* ---- looks ------------------------------------------------------------------- */

/* What a piece of the screen means; tui_attr() turns it into attributes
 * (colour pair plus bold/reverse/underline), monochrome-safe. */
typedef enum tui_role {
	TR_NORMAL, TR_TITLE, TR_DIM, TR_KEY,	/* key names in the key bar */
	TR_SIGN, TR_EXP, TR_MAN,		/* bit fields */
	TR_LIT,					/* a bit the walk has reached */
	TR_CURSOR,				/* the cursor of a list or field */
	TR_GOOD, TR_BAD, TR_WARN,		/* pass, fail, inf/NaN/flush */
	TR_NROLES
} tui_role;
attr_t tui_attr(tui_role r);
/* Presenter mode is on (high contrast, answers hidden until revealed). */
bool tui_presenting(void);

/* Draw UTF-8 text at (y, x), clipped to n columns; returns the columns used.
 * In a non-UTF-8 locale the text is transliterated as the text views do. */
int tui_put(WINDOW *w, int y, int x, int n, const char *s);
/* Word-wrap text into the rectangle (y, x, width); returns the rows used
 * (it stops at maxrows). */
int tui_wrap(WINDOW *w, int y, int x, int width, int maxrows, const char *s);
/* A horizontal rule and a box, ASCII in a non-UTF-8 locale. */
void tui_hline(WINDOW *w, int y, int x, int n);

/* ---- screens ----------------------------------------------------------------- */

typedef enum tui_key_result {
	TUI_KEY_UNHANDLED,	/* the shell may take it (q, ?, resize...) */
	TUI_KEY_HANDLED,	/* redraw */
	TUI_KEY_CLOSE,		/* pop this screen */
} tui_key_result;

typedef struct tui_screen tui_screen;
struct tui_screen {
	const char *title;	/* header, left */
	/* Header, right: "step 3/8" etc.; NULL for none.  buf is n bytes. */
	const char *(*status)(tui_screen *s, char *buf, size_t n);
	/* Draw the body: w is the window between header and key bar. */
	void (*draw)(tui_screen *s, WINDOW *w, int rows, int cols);
	/* A key (wide character or KEY_* code, as from wget_wch: is_key tells
	 * which).  While a screen has a text field focused it gets every key,
	 * including q and ?, and returns UNHANDLED only for keys the field
	 * does not use. */
	tui_key_result (*key)(tui_screen *s, int is_key, wint_t ch);
	/* The key bar: pairs "key", "meaning", ..., NULL. */
	const char *const *(*keys)(tui_screen *s);
	/* Lines of the ? overlay for this screen, NULL-terminated; may be NULL. */
	const char *const *(*help)(tui_screen *s);
	/* Called for a text field's cursor: where to put the terminal cursor
	 * after drawing (return false to hide it). */
	bool (*cursor)(tui_screen *s, int *y, int *x);
	void (*free)(tui_screen *s);
	void *data;
	/* NULL, or take pasted text (bracketed paste: the bytes between the
	 * terminal's paste marks, already stripped of them).  Without it a
	 * paste goes as typed keys to a screen with a text field in focus
	 * and is refused elsewhere. */
	void (*paste)(tui_screen *s, const char *text, size_t n);
	/* NULL, or work to do while no key comes (the train lab runs its
	 * steps here): the shell then waits for a key at most TUI_IDLE_MS,
	 * calls idle when none came, and redraws when it returns true. */
	bool (*idle)(tui_screen *s);
};
#define TUI_IDLE_MS 40

/* Push a screen on the shell's stack (it becomes current; the shell frees
 * it when it closes). */
void tui_push(tui_screen *s);

/* ---- the line editor (edit.c) ------------------------------------------------ */

/* A UTF-8 text field with word wrap: arrows, Home/End, Backspace, Delete,
 * Ctrl-A/E, Ctrl-W (word back), Ctrl-U (to start), Ctrl-K (to end); Enter
 * submits.  The buffer model is curses-free so it can be unit tested; the
 * draw call wraps it into a rectangle and reports the cursor position. */
typedef struct tui_edit {
	char *buf;		/* NUL-terminated UTF-8 */
	size_t len, cap;
	size_t cur;		/* byte offset of the cursor, on a character start */
	size_t max;		/* most bytes accepted */
} tui_edit;

typedef enum tui_edit_result {
	TUI_EDIT_NONE,		/* the key is not an editing key */
	TUI_EDIT_CHANGED,	/* text or cursor moved */
	TUI_EDIT_SUBMIT,	/* Enter */
	TUI_EDIT_CANCEL,	/* Esc */
} tui_edit_result;

bool tui_edit_init(tui_edit *e, size_t max);
void tui_edit_free(tui_edit *e);
void tui_edit_set(tui_edit *e, const char *text);
tui_edit_result tui_edit_key(tui_edit *e, int is_key, wint_t ch);
/* Insert pasted text at the cursor as one edit: a line break (CR, LF or
 * CR LF) and a tab become a space, other controls (ESC among them) and
 * invalid UTF-8 are dropped, so nothing pasted acts as a key.  Stops at
 * the cap (max) on a character boundary; returns the bytes of s left
 * out there (0 when all of it fit). */
size_t tui_edit_paste(tui_edit *e, const char *s, size_t n);
/* Draw at (y, x) wrapped to width, at most rows rows; *cy, *cx get the
 * cursor's screen position.  Returns the rows used. */
int tui_edit_draw(const tui_edit *e, WINDOW *w, int y, int x, int width,
    int rows, int *cy, int *cx);

/* ---- the bits widget (bitsw.c) ------------------------------------------------ */

/* One cell per bit, grouped and labelled S / exponent / mantissa (labels,
 * not colour alone).  lit: how many bits, from the sign down, the walk has
 * reached (-1: all, no walk); the derivation lines under the cells add one
 * term per lit bit: the raw exponent as a sum of 2^k, the significand as
 * 1 + a sum of 2^-i, then (-1)^s x 2^(e-bias) x 1.m = value.  When real is
 * given and the pattern is not exact, a further stage (lit beyond width)
 * walks the rounding: the cut, guard/round/sticky, the decision, overflow
 * to inf or flush to zero.  exact (may be NULL) is real's exact reading
 * when it lies beyond double's range (fp_read_beyond, read once by the
 * caller), so the walk shows 1e400's true exponent.  Returns the rows
 * used; needs at most tui_bits_rows() rows and 78 columns. */
int tui_bits_draw(WINDOW *w, int y, int x, int width, const fp_format *f,
    uint32_t bits, const fp_real *real, const fp_exact *exact, int lit);
int tui_bits_rows(const fp_format *f, const fp_real *real);
/* Frames of the walk for this value: the bits, then the rounding stages. */
int tui_bits_frames(const fp_format *f, uint32_t bits, const fp_real *real,
    const fp_exact *exact);

/* ---- labs (lab_*.c) -------------------------------------------------------------- */

/* Open the lab named name ("bits", "calc", "scaler", "softmax", "train");
 * NULL for an unknown name.  The lab reads no files. */
tui_screen *tui_lab_new(const char *name);
/* The inspect lab on a tensor file (NULL: say there is none); the file's
 * errors are shown in the lab, so check it first to report them. */
tui_screen *tui_lab_inspect_new(const char *file);

#endif
