/*
 * player_end.c — what the lesson player screen does at the end: the
 * summary drawn after the last item (each question's verdict and score
 * in aligned columns) and the record of the learner's step and score in
 * the progress store, where a refused write is said on screen.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "view/term.h"
#include "tui/tui_priv.h"

int
tui_player_summary(const lesson_player *p, WINDOW *w, int cols)
{
	lesson_score sc;
	char line[200];
	int y = 1;
	const lesson *l = p->l;

	lesson_player_score(p, &sc);
	if (w) {
		wattrset(w, tui_attr(TR_TITLE));
		tui_put(w, 0, 2, cols - 4, " The end of the lesson ");
		wattrset(w, tui_attr(TR_NORMAL));
	}
	/* The columns as wide as their longest entry (ids and type titles
	 * are ASCII), so every row lines up. */
	int idw = 2, tyw = 2;
	for (size_t i = 0; i < l->nquestions; i++) {
		int a = (int)strlen(l->questions[i].id);
		int b = (int)strlen(lesson_qtype_title(l->questions[i].type));
		idw = a > idw ? a : idw;
		tyw = b > tyw ? b : tyw;
	}
	for (size_t i = 0; i < l->nquestions; i++, y++) {
		const lesson_progress *g = &p->q[i];
		/* the first try is the score; a retry is practice */
		lesson_outcome o = lesson_progress_outcome(g);
		bool ok = o == LESSON_OUT_PASSED;
		snprintf(line, sizeof line, "  %-*s  %-*s  %-15s  %g/%g", idw,
		    l->questions[i].id, tyw, lesson_qtype_title(l->questions[i].type),
		    lesson_outcome_name(o), g->answer ? g->first_score : 0,
		    g->answer && g->first_graded ? g->first_max : 1);
		if (w) {
			wattrset(w, tui_attr(ok ? TR_GOOD : TR_BAD));
			tui_put(w, y + 1, 0, cols, line);
			wattrset(w, tui_attr(TR_NORMAL));
		}
	}
	snprintf(line, sizeof line, "%zu of %zu question%s passed first try, "
	    "%zu on retry; score %g/%g.", sc.passed, sc.questions,
	    sc.questions == 1 ? "" : "s", sc.retried, sc.score, sc.max);
	if (w) {
		tui_put(w, y + 2, 2, cols - 4, line);
		tui_put(w, y + 4, 2, cols - 4, "Left goes back into the lesson; "
		    "q leaves it (your score is saved).");
	}
	return y + 5;
}

void
tui_player_record(lesson_player *p, bool score)
{
	progress *pr = tui_progress();
	const lesson *l = p->l;
	bool done = p->done;

	/* a demo on a projector is not the presenter's own progress */
	if (pr == NULL || tui_presenting())
		return;
	const progress_lesson *old = progress_get(pr, l->id);
	done = done || (old && old->done);
	/* A finished lesson starts again from the top.  A record the store
	 * refuses (it is full, or memory ran out) is said on screen, never
	 * dropped in silence. */
	bool ok = progress_set_step(pr, l->id, p->done ? 0 : p->step, l->nsteps,
	    done);
	if (!ok || !score || l->nquestions == 0)
		goto out;
	/* Each question tried is scheduled for review, once per play. */
	lesson_record_reviews(p, pr, progress_clock());
	lesson_score sc;
	const char *missed[LESSON_MAX_QUESTIONS];
	size_t nm = 0;
	lesson_player_score(p, &sc);
	if (sc.answered == 0)
		return;		/* nothing tried: keep the last attempt's list */
	for (size_t i = 0; i < l->nquestions && nm < LESSON_MAX_QUESTIONS; i++) {
		const lesson_progress *g = &p->q[i];
		if (lesson_progress_outcome(g) != LESSON_OUT_PASSED)
			missed[nm++] = l->questions[i].id;
	}
	ok = progress_set_score(pr, l->id, sc.score, sc.max, missed, nm);
out:
	if (!ok) {
		char msg[200];
		snprintf(msg, sizeof msg, "progress of '%s' not recorded: the "
		    "progress store refused it (full, or out of memory)", l->id);
		tui_warn_lost(msg);
	}
}
