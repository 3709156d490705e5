/*
 * record.c — a played lesson's questions as review items of the
 * learner's progress (src/state): each question tried is rated once per
 * play for FSRS, by its first try: passed first "good", passed on a retry
 * "hard", missed (or its model answer seen first) "again".  A drill of a
 * @drill block is a drill item (its drill id, topic "drill-KIND"), as
 * `drill --record` rates it, so review makes it again from its id.
 */
#include <config.h>

#include <stdio.h>

#include "drill/drill.h"
#include "lesson/player.h"
#include "state/progress.h"

int
lesson_outcome_rating(lesson_outcome o)
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

size_t
lesson_record_reviews(lesson_player *p, progress *pr, time_t now)
{
	const lesson *l = p->l;
	char id[PROGRESS_MAX_ITEM_ID + 1];
	size_t n = 0;

	for (size_t i = 0; i < l->nquestions; i++) {
		lesson_progress *g = &p->q[i];
		int rating = lesson_outcome_rating(lesson_progress_outcome(g));
		if (rating == 0 || g->recorded)
			continue;
		const lesson_question *q = &l->questions[i];
		bool ok;
		if (q->type == LQ_DRILL && q->drill) {
			/* an item of its own, brought back by its id alone */
			char topic[PROGRESS_MAX_ID + 1];
			snprintf(topic, sizeof topic, "drill-%s",
			    drill_kind_name(q->drill->kind));
			ok = progress_rate(pr, q->id, PROGRESS_DRILL, topic, rating,
			    now);
		} else {
			snprintf(id, sizeof id, "%s:%s", l->id, q->id);
			ok = progress_rate(pr, id, PROGRESS_QUESTION, l->id, rating,
			    now);
		}
		if (ok) {
			g->recorded = true;
			n++;
		}
	}
	return n;
}
