/*
 * tui_priv.h — what the shell's own files share (tui.c, tui_look.c,
 * home.c, player_screen.c, answer.c): the progress store, warnings, the
 * lesson loader and the screens' constructors.  Widgets and labs use
 * tui.h only.
 */
#ifndef FPTUTOR_TUI_TUI_PRIV_H
#define FPTUTOR_TUI_TUI_PRIV_H

#include <signal.h>

#include "lesson/lesson.h"
#include "lesson/player.h"
#include "state/progress.h"
#include "tui/tui_int.h"

/* The progress store of this run (never NULL while the UI runs). */
progress *tui_progress(void);
/* Save the store; a failure becomes the warning line (and is printed on
 * stderr after the terminal is restored, if it is the last word). */
void tui_save(void);
/* Show a one-line warning above the key bar until the next key. */
void tui_warn(const char *msg);
/* The same for something lost (progress not recorded): it is also
 * printed on stderr after the terminal is restored. */
void tui_warn_lost(const char *msg);

/* The shell's run: open the progress file, let start() push the first
 * screen (it returns 0, or the exit status when there is none), then take
 * the terminal until the last screen closes.  tui_main (start.c) calls it. */
int tui_run(const tui_opts *o, int (*start)(const tui_opts *o));

/* Screens.  The player takes ownership of l. */
tui_screen *tui_home_new(void);
tui_screen *tui_player_new(lesson *l, bool restart);
/* The review of the items due now (review.c). */
tui_screen *tui_review_new(void);
/* The player screen's help lines, the presenter's or the learner's
 * (player_help.c). */
const char *const *tui_player_help(bool present);
/* A lesson's bits block drawn (w non-NULL) or measured from row y: at
 * frame (-1: whole, no walk) only the value and format being walked,
 * bit by bit.  Returns the rows (bitsw.c). */
int tui_bits_block(WINDOW *w, int y, int x, int width, const lesson_block *b,
    int frame);

/* The end of a lesson (player_end.c): the summary drawn into w (NULL:
 * measure) returning its rows, and the record of the player's step (and
 * score) in the progress store; a refused record is a warning. */
int tui_player_summary(const lesson_player *p, WINDOW *w, int cols);
void tui_player_record(lesson_player *p, bool score);

/* Bracketed paste (paste.c): the terminal's mode 2004 on or off, and a
 * paste read whole after its start mark: up to cap bytes kept in text
 * (NUL-terminated, malloc'd), the rest counted in dropped.  Reading stops
 * at the end mark, when the terminal goes quiet, or when *stop is set (a
 * signal); false when out of memory. */
typedef struct tui_paste {
	char *text;
	size_t len, cap, dropped;
} tui_paste;
void tui_paste_mode(bool on);
bool tui_paste_read(tui_paste *p, size_t cap, volatile sig_atomic_t *stop);

/* The ? overlay over screen s (tui_look.c); present: presenter mode. */
void tui_draw_help(tui_screen *s, int rows, int cols, bool present);
/* The key bar of screen s on row (tui_look.c). */
void tui_draw_keybar(tui_screen *s, int row, int cols);

/* Looks, set once by tui_main. */
void tui_look_init(bool color, bool present);
/* A box of rows x cols at (y, x), Unicode or ASCII lines. */
void tui_box(WINDOW *w, int y, int x, int rows, int cols);
/* Draw a progress bar of done/total in n columns. */
void tui_bar(WINDOW *w, int y, int x, int n, size_t done, size_t total);

/* Draw text line by line from row y, each line clipped at cols (w NULL:
 * count only).  Returns the rows. */
int tui_lines(WINDOW *w, int y, int x, int cols, const char *s);
/* A lesson text or a plain string re-flowed to width, as one malloc'd
 * string of lines (NULL when out of memory). */
char *tui_rich(const lesson_text *t, int indent, int first, int width);
char *tui_flow(const char *s, int indent, int width);

/* ---- the answer panel of a question (answer.c) ---------------------------- */

/* The most bytes an answer holds (the editor's cap). */
#define TUI_ANSWER_MAX 2000

typedef struct tui_answer tui_answer;
tui_answer *tui_answer_new(lesson_player *p, const lesson_question *q);
void tui_answer_free(tui_answer *a);
/* Draw the question (prompt, options or items, the editor, the feedback)
 * into w from row y; returns the rows used.  Also returns the editor's
 * cursor through the screen's cursor callback. */
int tui_answer_draw(tui_answer *a, WINDOW *w, int y, int cols);
/* Rows the panel needs at this width. */
int tui_answer_rows(tui_answer *a, int cols);
/* A key for the question: HANDLED, or UNHANDLED to let the player move. */
tui_key_result tui_answer_key(tui_answer *a, int is_key, wint_t ch);
/* Mark the panel as the current item (the one the keys answer). */
void tui_answer_set_current(tui_answer *a, bool current);
/* A paste into the open editor, as one edit (tui_edit_paste); false when
 * the editor is closed.  *left_out: bytes the editor's cap left out. */
bool tui_answer_paste(tui_answer *a, const char *s, size_t n, size_t *left_out);
/* Whether the editor is open (it takes every key). */
bool tui_answer_editing(const tui_answer *a);
bool tui_answer_cursor(const tui_answer *a, int *y, int *x);
/* Rows from the question's top to the part that must be in view after
 * the last drawing or measure: the editor while editing, else the verdict
 * once answered (a long answer may scroll off above it), else 0. */
int tui_answer_anchor(const tui_answer *a);

#endif
