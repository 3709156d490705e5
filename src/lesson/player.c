/*
 * player.c — the lesson player's state machine: a position (step, item,
 * frame of an animation) that events move, and per question the answers,
 * hints and grades.  Each event is one function in a table.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "lesson/player.h"

lesson_player *
lesson_player_new(const lesson *l, lesson_text_grader text_grader)
{
	lesson_player *p = calloc(1, sizeof *p);

	if (p == NULL)
		return NULL;
	p->l = l;
	p->text_grader = text_grader;
	p->q = calloc(l->nquestions ? l->nquestions : 1, sizeof *p->q);
	if (p->q == NULL) {
		free(p);
		return NULL;
	}
	p->done = l->nsteps == 0;
	return p;
}

void
lesson_player_free(lesson_player *p)
{
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->l->nquestions; i++)
		free(p->q[i].answer);
	free(p->q);
	free(p);
}

/* ---- reading ------------------------------------------------------------- */

const lesson_item *
lesson_player_item(const lesson_player *p)
{
	if (p->done || p->step >= p->l->nsteps)
		return NULL;
	const lesson_step *s = &p->l->steps[p->step];
	return p->item < s->nitems ? &s->items[p->item] : NULL;
}

static int
item_frames(const lesson *l, const lesson_item *it)
{
	if (it && it->kind == LI_BLOCK && l->blocks[it->index].nframes > 1)
		return l->blocks[it->index].nframes;
	return 1;
}

int
lesson_player_frames(const lesson_player *p)
{
	return item_frames(p->l, lesson_player_item(p));
}

const lesson_question *
lesson_player_question(const lesson_player *p)
{
	const lesson_item *it = lesson_player_item(p);
	return it && it->kind == LI_QUESTION ? &p->l->questions[it->index] : NULL;
}

bool
lesson_player_held(const lesson_player *p, const lesson_item *it)
{
	if (it == NULL || it->wait == 0 || it->wait > p->l->nquestions)
		return false;
	const lesson_progress *g = &p->q[it->wait - 1];
	return g->answer == NULL && !g->revealed && !g->skipped;
}

const lesson_progress *
lesson_player_progress(const lesson_player *p, const lesson_question *q)
{
	return &p->q[q - p->l->questions];
}

lesson_outcome
lesson_progress_outcome(const lesson_progress *g)
{
	if (g->answer == NULL)
		return LESSON_OUT_NOT_ANSWERED;
	if (g->first_pass)
		return LESSON_OUT_PASSED;
	if (g->grade.pass && !g->revealed)
		return LESSON_OUT_PASSED_RETRY;
	return g->first_graded ? LESSON_OUT_NOT_PASSED : LESSON_OUT_NOT_GRADED;
}

const char *
lesson_outcome_name(lesson_outcome o)
{
	static const char *const names[] = {
		[LESSON_OUT_NOT_ANSWERED] = "not answered",
		[LESSON_OUT_PASSED] = "passed",
		[LESSON_OUT_PASSED_RETRY] = "passed on retry",
		[LESSON_OUT_NOT_PASSED] = "not passed",
		[LESSON_OUT_NOT_GRADED] = "not graded",
	};
	return names[o];
}

void
lesson_player_score(const lesson_player *p, lesson_score *out)
{
	memset(out, 0, sizeof *out);
	out->questions = p->l->nquestions;
	for (size_t i = 0; i < p->l->nquestions; i++) {
		const lesson_progress *g = &p->q[i];
		lesson_outcome o = lesson_progress_outcome(g);
		bool answered = g->answer != NULL;
		out->answered += answered;
		out->graded += answered && g->first_graded;
		out->passed += o == LESSON_OUT_PASSED;
		out->retried += o == LESSON_OUT_PASSED_RETRY;
		out->score += answered ? g->first_score : 0;
		out->max += answered && g->first_graded ? g->first_max : 1;
	}
}

bool
lesson_player_passed(const lesson_player *p)
{
	lesson_score s;
	lesson_player_score(p, &s);
	return s.passed == s.questions;
}

/* ---- moving --------------------------------------------------------------- */

static size_t
nitems(const lesson_player *p, size_t step)
{
	return p->l->steps[step].nitems;
}

static lesson_ev_result
goto_step(lesson_player *p, size_t step)
{
	if (step >= p->l->nsteps)
		return LESSON_EV_IGNORED;
	p->step = step;
	p->item = 0;
	p->frame = 0;
	p->done = false;
	return LESSON_EV_OK;
}

static lesson_ev_result
next_item(lesson_player *p)
{
	if (p->done)
		return LESSON_EV_IGNORED;
	const lesson_question *q = lesson_player_question(p);
	if (q && p->q[q - p->l->questions].answer == NULL)
		p->q[q - p->l->questions].skipped = true;
	p->frame = 0;
	if (p->item + 1 < nitems(p, p->step)) {
		p->item++;
		return LESSON_EV_OK;
	}
	if (p->step + 1 < p->l->nsteps)
		return goto_step(p, p->step + 1);
	p->done = true;
	return LESSON_EV_OK;
}

static lesson_ev_result
ev_next(lesson_player *p, const lesson_event *ev)
{
	(void)ev;
	if (!p->done && p->frame + 1 < lesson_player_frames(p)) {
		p->frame++;
		return LESSON_EV_OK;
	}
	return next_item(p);
}

static lesson_ev_result
ev_next_item(lesson_player *p, const lesson_event *ev)
{
	(void)ev;
	return next_item(p);
}

/* The last frame of the item before the current one. */
static lesson_ev_result
ev_prev(lesson_player *p, const lesson_event *ev)
{
	(void)ev;
	if (p->l->nsteps == 0)
		return LESSON_EV_IGNORED;
	if (p->done) {
		p->done = false;
		p->step = p->l->nsteps - 1;
		p->item = nitems(p, p->step) ? nitems(p, p->step) - 1 : 0;
	} else if (p->frame > 0) {
		p->frame--;
		return LESSON_EV_OK;
	} else if (p->item > 0) {
		p->item--;
	} else if (p->step > 0) {
		p->step--;
		p->item = nitems(p, p->step) ? nitems(p, p->step) - 1 : 0;
	} else {
		return LESSON_EV_IGNORED;
	}
	p->frame = lesson_player_frames(p) - 1;
	return LESSON_EV_OK;
}

static lesson_ev_result
ev_next_step(lesson_player *p, const lesson_event *ev)
{
	(void)ev;
	if (p->done)
		return LESSON_EV_IGNORED;
	if (p->step + 1 < p->l->nsteps)
		return goto_step(p, p->step + 1);
	p->done = true;
	p->frame = 0;
	return LESSON_EV_OK;
}

static lesson_ev_result
ev_prev_step(lesson_player *p, const lesson_event *ev)
{
	(void)ev;
	if (p->done)
		return goto_step(p, p->l->nsteps ? p->l->nsteps - 1 : 0);
	if (p->item > 0 || p->frame > 0)
		return goto_step(p, p->step);	/* back to this step's start */
	return p->step > 0 ? goto_step(p, p->step - 1) : LESSON_EV_IGNORED;
}

static lesson_ev_result
ev_goto_step(lesson_player *p, const lesson_event *ev)
{
	return goto_step(p, ev->step);
}

/* ---- answering ------------------------------------------------------------ */

static lesson_progress *
target(lesson_player *p, const lesson_event *ev, const lesson_question **qp)
{
	const lesson_question *q = ev->question ?
	    lesson_question_find(p->l, ev->question) : lesson_player_question(p);
	*qp = q;
	return q ? &p->q[q - p->l->questions] : NULL;
}

static lesson_ev_result
ev_answer(lesson_player *p, const lesson_event *ev)
{
	const lesson_question *q;
	lesson_progress *g = target(p, ev, &q);

	if (g == NULL)
		return LESSON_EV_NO_QUESTION;
	char *copy = strdup(ev->text ? ev->text : "");
	if (copy == NULL)
		return LESSON_EV_NOMEM;
	free(g->answer);
	g->answer = copy;
	g->attempts++;
	lesson_grade_answer(p->l, q, copy, p->text_grader, &g->grade);
	if (!g->first_seen) {
		g->first_seen = true;
		g->first_pass = g->grade.graded && g->grade.pass;
		g->first_graded = g->grade.graded;
		g->first_score = g->grade.score;
		g->first_max = g->grade.max;
	}
	return LESSON_EV_OK;
}

static lesson_ev_result
ev_hint(lesson_player *p, const lesson_event *ev)
{
	const lesson_question *q;
	lesson_progress *g = target(p, ev, &q);

	if (g == NULL)
		return LESSON_EV_NO_QUESTION;
	if (g->hints_shown >= q->nhints)
		return LESSON_EV_IGNORED;
	g->hints_shown++;
	return LESSON_EV_OK;
}

static lesson_ev_result
ev_reveal(lesson_player *p, const lesson_event *ev)
{
	const lesson_question *q;
	lesson_progress *g = target(p, ev, &q);

	if (g == NULL)
		return LESSON_EV_NO_QUESTION;
	if (g->revealed)
		return LESSON_EV_IGNORED;
	g->revealed = true;
	if (!g->first_seen) {	/* seen before tried: a miss */
		g->first_seen = true;
		g->first_graded = true;
		g->first_max = 1;
	}
	return LESSON_EV_OK;
}

static lesson_ev_result (*const handlers[])(lesson_player *, const lesson_event *) = {
	[LESSON_EV_NEXT] = ev_next,
	[LESSON_EV_PREV] = ev_prev,
	[LESSON_EV_NEXT_ITEM] = ev_next_item,
	[LESSON_EV_NEXT_STEP] = ev_next_step,
	[LESSON_EV_PREV_STEP] = ev_prev_step,
	[LESSON_EV_GOTO_STEP] = ev_goto_step,
	[LESSON_EV_ANSWER] = ev_answer,
	[LESSON_EV_HINT] = ev_hint,
	[LESSON_EV_REVEAL] = ev_reveal,
};

lesson_ev_result
lesson_player_event(lesson_player *p, const lesson_event *ev)
{
	if ((unsigned)ev->type >= sizeof handlers / sizeof handlers[0])
		return LESSON_EV_IGNORED;
	return handlers[ev->type](p, ev);
}
