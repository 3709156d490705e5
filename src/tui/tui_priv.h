/*
 * tui_priv.h — what the shell's own files share (tui.c, tui_look.c,
 * home.c, player_screen.c, answer.c): the progress store, warnings, the
 * lesson loader and the screens' constructors.  Widgets and labs use
 * tui.h only.
 */
#ifndef FPTUTOR_TUI_TUI_PRIV_H
#define FPTUTOR_TUI_TUI_PRIV_H

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

/* The shell's run: open the progress file, let start() push the first
 * screen (it returns 0, or the exit status when there is none), then take
 * the terminal until the last screen closes.  tui_main (start.c) calls it. */
int tui_run(const tui_opts *o, int (*start)(const tui_opts *o));

/* Screens.  The player takes ownership of l. */
tui_screen *tui_home_new(void);
tui_screen *tui_player_new(lesson *l, bool restart);

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
/* Whether the editor is open (it takes every key). */
bool tui_answer_editing(const tui_answer *a);
bool tui_answer_cursor(const tui_answer *a, int *y, int *x);
/* Rows from the question's top to the part that must be in view after
 * the last drawing or measure: the editor while editing, else the verdict
 * once answered (a long answer may scroll off above it), else 0. */
int tui_answer_anchor(const tui_answer *a);

#endif
