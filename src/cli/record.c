/*
 * record.c — what the scripted commands record in the learner's progress
 * (only when asked: play --record, drill --record; review always): the
 * store opened and saved with its messages, lesson questions rated as
 * review items.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/answers.h"

progress *
cli_progress_open(const char *cmd)
{
	progress *p;
	char msg[1200];

	progress_status st = progress_open(&p, NULL, msg, sizeof msg);
	if (st != PROGRESS_OK)
		cli_err(cmd, "%s", msg);
	return p;
}

bool
cli_progress_save(const char *cmd, progress *p)
{
	char msg[1200];

	if (progress_save(p, msg, sizeof msg))
		return true;
	cli_err(cmd, "%s", msg);
	return false;
}

int
cli_outcome_rating(lesson_outcome o)
{
	switch (o) {
	case LESSON_OUT_PASSED:
		return 3;	/* good */
	case LESSON_OUT_PASSED_RETRY:
		return 2;	/* hard */
	case LESSON_OUT_NOT_PASSED:
	case LESSON_OUT_NOT_GRADED:
		return 1;	/* again */
	case LESSON_OUT_NOT_ANSWERED:
		break;
	}
	return 0;
}

void
cli_record_lesson(progress *pr, const lesson_player *p, time_t now)
{
	const lesson *l = p->l;
	char id[PROGRESS_MAX_ITEM_ID + 1];

	for (size_t i = 0; i < l->nquestions; i++) {
		int g = cli_outcome_rating(lesson_progress_outcome(&p->q[i]));
		if (g == 0)
			continue;
		snprintf(id, sizeof id, "%s:%s", l->id, l->questions[i].id);
		progress_rate(pr, id, PROGRESS_QUESTION, l->id, g, now);
	}
}
