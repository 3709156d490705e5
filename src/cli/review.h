/*
 * review.h — the practice side of the commands: the per-topic mastery
 * (cmd_review.c), the grading of a drill item by its id (cmd_drill.c),
 * the full-screen review, and check-lesson's predict-before-reveal
 * warning (check_reveal.c).
 */
#ifndef FPTUTOR_CLI_REVIEW_H
#define FPTUTOR_CLI_REVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "lesson/player.h"
#include "state/progress.h"

typedef struct cli_topic_stats {
	const char *topic;	/* points into the store */
	size_t items, tries, passes, solid, due;
} cli_topic_stats;

/* Per topic, in the order first seen; *out is malloc'd (free it). */
void cli_review_stats(const progress *p, time_t now, cli_topic_stats **out,
    size_t *nout);
/* Grade text against the drill whose id is id; false for an id that
 * names no drill. */
bool cli_drill_grade_id(const char *id, const char *text, lesson_grade *g);
/* check-lesson's warning: a question whose answer its step already shows
 * before it is asked (predict, then see). */
void cli_check_reveal(const lesson *l, lesson_diags *d);
/* The due items full screen; an exit status. */
int cli_review_screen(const char *cmd);

#endif
