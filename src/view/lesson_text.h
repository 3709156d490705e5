/*
 * lesson_text.h — the plain-text view of the lesson player: what scripted
 * mode (`fptutor play`) prints.  The terminal UI is the other view of the
 * same player.  No curses; colour and symbols from term.h; lesson text is
 * printed as text, never used as a format.
 *
 * Who calls what: the front end moves the player item by item
 * (LESSON_EV_NEXT_ITEM) and calls view_lesson_item_text() for each, after
 * view_lesson_header_text() and before view_lesson_summary_text().  What a
 * question shows (the answer, its grade, the hints shown, the model answer
 * when revealed) is the player's state; the view adds nothing.
 */
#ifndef FPTUTOR_VIEW_LESSON_TEXT_H
#define FPTUTOR_VIEW_LESSON_TEXT_H

#include <stdio.h>

#include "lesson/lesson.h"
#include "lesson/player.h"

/* A lesson's diagnostics on fp, one per line ("FILE:LINE:COL: error:
 * message"); when some were dropped, a last line "PROG: CMD: too many
 * diagnostics ...".  (diag_text.c) */
void view_lesson_diags(FILE *fp, const char *prog, const char *cmd,
    const lesson_diags *d);

#define VIEW_LESSON_WIDTH 72	/* prose is re-flowed to this many columns */

/* Title, id, counts and summary. */
void view_lesson_header_text(FILE *out, const lesson *l);
/* The player's current item, preceded by the step's heading when it is
 * the step's first item. */
void view_lesson_item_text(FILE *out, const lesson_player *p);
/* One line per question and the totals. */
void view_lesson_summary_text(FILE *out, const lesson_player *p);

/* Pieces, shared with lesson_text_blocks.c. */
/* A paragraph, re-flowed to width with every line indented by indent
 * (first line: first characters already written). */
void view_lesson_para_text(FILE *out, const lesson_para *para, int indent,
    int first, int width);
void view_lesson_rich_text(FILE *out, const lesson_text *t, int indent,
    int first, int width);
/* A live block in full (every frame of its animation at once). */
void view_lesson_block_text(FILE *out, const lesson *l, const lesson_block *b);
/* How to answer q ("a number", "the key of the right option"); buf (n
 * bytes) may hold it.  The transcript and the handout both say it. */
const char *view_lesson_how_to_answer(const lesson_question *q, char *buf, size_t n);

/* The line it begins with: the block's name and arguments. */
void view_lesson_block_heading(FILE *out, const lesson_block *b);

/* A @train block's runs computed a step at a time (train_block.c), for a
 * front end that computes them between key presses (block_cache.c);
 * view_lesson_block_text runs one to the end.  job_new is NULL when out of
 * memory; job_step runs the next step of each mode and is true once all
 * are done; job_text writes what view_lesson_block_text shows below the
 * heading, once done. */
typedef struct view_train_job view_train_job;
view_train_job *view_train_job_new(const lesson_block *b);
bool view_train_job_step(view_train_job *j);
int view_train_job_percent(const view_train_job *j);
void view_train_job_text(FILE *out, const view_train_job *j);
void view_train_job_free(view_train_job *j);
/* Write UTF-8 text, in ASCII when the locale is not UTF-8. */
void view_lesson_puts(FILE *out, const char *s);
/* The first n bytes of s, as view_lesson_puts writes them. */
void view_lesson_putn(FILE *out, const char *s, size_t n);
/* Characters text takes on screen (code points, after ASCII fallback). */
int view_lesson_width(const char *s, size_t n);

#endif
