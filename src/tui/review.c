/*
 * review.c — the review screen (`fptutor review`): the items due now,
 * lesson questions and engine-made drills mixed, one at a time.  A lesson
 * question is drawn and answered with the player's own answer panel
 * (answer.c); a drill with the line editor.  The first answer rates the
 * item for FSRS (pass: good, miss or model answer first: again); a missed
 * item goes to the end of the queue and comes back in the same sitting
 * (a relearning step).  Further tries are practice.  The progress is
 * saved as each item is rated.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "tui/tui_priv.h"

typedef struct ritem {
	char id[PROGRESS_MAX_ITEM_ID + 1];
	char topic[PROGRESS_MAX_ID + 1];
	progress_kind kind;
} ritem;

typedef struct rscreen {
	ritem *q;		/* the queue */
	size_t n, cap, at;
	size_t rated, passed;	/* first answers this sitting */
	/* the current item */
	bool loaded, is_drill, rated_now, pass_now;
	lesson *l;
	lesson_player *p;
	const lesson_question *lq;
	tui_answer *ans;
	drill_item d;
	drill_result dres;
	tui_edit ed;
	bool ed_ok;
	int cy, cx;
	bool has_cur;
	char title[96];
} rscreen;

static bool
push(rscreen *r, const ritem *it)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		ritem *v = realloc(r->q, cap * sizeof *v);
		if (v == NULL)
			return false;
		r->q = v;
		r->cap = cap;
	}
	r->q[r->n++] = *it;
	return true;
}

static void
unload(rscreen *r)
{
	tui_answer_free(r->ans);
	lesson_player_free(r->p);
	lesson_free(r->l);
	if (r->ed_ok)
		tui_edit_free(&r->ed);
	r->ans = NULL;
	r->p = NULL;
	r->l = NULL;
	r->lq = NULL;
	r->ed_ok = false;
	r->loaded = r->rated_now = r->pass_now = false;
}

/* Open the current item; false when it cannot be (a lesson gone). */
static bool
load(rscreen *r)
{
	const ritem *it = &r->q[r->at];
	char lid[PROGRESS_MAX_ITEM_ID + 1];

	unload(r);
	r->is_drill = it->kind == PROGRESS_DRILL;
	if (r->is_drill) {
		if (!drill_from_id(it->id, &r->d) || !tui_edit_init(&r->ed, 200))
			return false;
		r->ed_ok = true;
		r->loaded = true;
		return true;
	}
	const char *colon = strchr(it->id, ':');
	if (colon == NULL)
		return false;
	snprintf(lid, sizeof lid, "%.*s", (int)(colon - it->id), it->id);
	lesson_diags d = { 0 };
	lesson_open_err err;
	r->l = lesson_open(lid, &d, &err);
	lesson_diags_free(&d);
	r->lq = r->l ? lesson_question_find(r->l, colon + 1) : NULL;
	r->p = r->lq ? lesson_player_new(r->l, NULL) : NULL;
	r->ans = r->p ? tui_answer_new(r->p, r->lq) : NULL;
	r->loaded = r->ans != NULL;
	return r->loaded;
}

/* Load the next item that opens; false at the end of the queue. */
static bool
next(rscreen *r)
{
	for (; r->at < r->n; r->at++)
		if (load(r))
			return true;
	unload(r);
	return false;
}

static void
rate(rscreen *r, bool pass)
{
	const ritem *it = &r->q[r->at];

	r->rated_now = true;
	r->pass_now = pass;
	r->rated++;
	r->passed += pass;
	progress_rate(tui_progress(), it->id, it->kind, it->topic, pass ? 3 : 1,
	    progress_clock());
	if (!pass)
		push(r, it);	/* again, later in this sitting */
	tui_save();
}

static void
review_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	rscreen *r = s->data;
	char line[200];
	int y = 1;

	r->has_cur = false;
	if (!r->loaded) {
		if (r->rated)
			snprintf(line, sizeof line, "Review done: %zu of %zu first "
			    "answers passed.%s", r->passed, r->rated, r->passed <
			    r->rated ? " What you missed came back until you had it."
			    : "");
		else
			snprintf(line, sizeof line, "Nothing is due for review "
			    "now.");
		tui_wrap(w, 2, 2, cols - 4, 3, line);
		tui_wrap(w, 5, 2, cols - 4, 3, "d: eight fresh drills, one of "
		    "each kind, made and graded by the engine (they join your "
		    "review).");
		tui_wrap(w, rows - 2, 2, cols - 4, 2, "q goes back.");
		return;
	}
	snprintf(line, sizeof line, "Item %zu of %zu: %s", r->at + 1, r->n,
	    r->q[r->at].topic);
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, 0, 2, cols - 4, line);
	wattrset(w, tui_attr(TR_NORMAL));
	if (!r->is_drill) {
		tui_answer_draw(r->ans, w, y, cols);
		r->has_cur = tui_answer_cursor(r->ans, &r->cy, &r->cx);
	} else {
		y += tui_wrap(w, y + 1, 2, cols - 4, 6, r->d.prompt) + 2;
		tui_put(w, y, 2, 14, "Your answer:");
		int cy, cx;
		y += tui_edit_draw(&r->ed, w, y, 15, cols - 17, 3, &cy, &cx) + 1;
		if (!r->rated_now) {
			r->has_cur = true;
			r->cy = cy;
			r->cx = cx;
		} else {
			wattrset(w, tui_attr(r->pass_now ? TR_GOOD : TR_BAD));
			tui_put(w, y, 2, cols - 4, r->pass_now ? "PASSED" :
			    "NOT PASSED");
			wattrset(w, tui_attr(TR_NORMAL));
			tui_wrap(w, y + 1, 2, cols - 4, rows - y - 4, r->dres.feedback);
		}
	}
	if (r->rated_now)
		tui_wrap(w, rows - 2, 2, cols - 4, 2, r->pass_now ?
		    "Space: the next item." : "Space: the next item; this one "
		    "comes back in this sitting.");
}

/* One drill of each kind, seeded by the clock, queued after the rest. */
static void
fresh(rscreen *r)
{
	uint64_t seed = (uint64_t)progress_clock() ^ ((uint64_t)r->n << 40);

	for (int k = 0; k < DRILL_NKINDS; k++) {
		drill_item d;
		ritem ri;
		drill_make((drill_kind)k, DRILL_LEVEL_DEFAULT,
		    drill_item_seed(seed, (size_t)k), &d);
		snprintf(ri.id, sizeof ri.id, "%s", d.id);
		snprintf(ri.topic, sizeof ri.topic, "drill-%s",
		    drill_kind_name((drill_kind)k));
		ri.kind = PROGRESS_DRILL;
		push(r, &ri);
	}
	next(r);
}

static tui_key_result
review_key(tui_screen *s, int is_key, wint_t ch)
{
	rscreen *r = s->data;

	if (!r->loaded) {
		if (is_key || ch != 'd')
			return TUI_KEY_UNHANDLED;
		fresh(r);
		return TUI_KEY_HANDLED;
	}
	if (r->rated_now && !is_key && ch == ' ') {
		r->at++;
		next(r);
		return TUI_KEY_HANDLED;
	}
	if (r->is_drill) {
		if (r->rated_now)
			return TUI_KEY_UNHANDLED;
		tui_edit_result e = tui_edit_key(&r->ed, is_key, ch);
		if (e == TUI_EDIT_CANCEL)	/* the editor has every key: Esc leaves */
			return TUI_KEY_CLOSE;
		if (e == TUI_EDIT_SUBMIT && r->ed.len) {
			drill_grade(&r->d, r->ed.buf, &r->dres);
			rate(r, r->dres.pass);
		}
		return e == TUI_EDIT_NONE ? TUI_KEY_UNHANDLED : TUI_KEY_HANDLED;
	}
	tui_key_result res = tui_answer_key(r->ans, is_key, ch);
	const lesson_progress *g = lesson_player_progress(r->p, r->lq);
	if (!r->rated_now && g->first_seen)
		rate(r, lesson_progress_outcome(g) == LESSON_OUT_PASSED);
	return res;
}

static const char *const *
review_keys(tui_screen *s)
{
	rscreen *r = s->data;
	static const char *const answering[] = { "Enter", "answer", "q", "quit",
	    NULL };
	static const char *const rated[] = { "space", "next", "q", "quit",
	    NULL };
	static const char *const idle[] = { "d", "drills", "q", "quit", NULL };
	static const char *const typing[] = { "Enter", "answer", "Esc", "leave",
	    NULL };

	if (r->loaded && r->is_drill && !r->rated_now)
		return typing;
	return !r->loaded ? idle : r->rated_now ? rated : answering;
}

static bool
review_cursor(tui_screen *s, int *y, int *x)
{
	rscreen *r = s->data;

	*y = r->cy;
	*x = r->cx;
	return r->has_cur;
}

static const char *
review_status(tui_screen *s, char *buf, size_t n)
{
	rscreen *r = s->data;

	snprintf(buf, n, "%zu due", r->n > r->at ? r->n - r->at : 0);
	return buf;
}

static void
review_free(tui_screen *s)
{
	rscreen *r = s->data;

	unload(r);
	free(r->q);
	free(r);
	free(s);
}

tui_screen *
tui_review_new(void)
{
	tui_screen *s = calloc(1, sizeof *s);
	rscreen *r = calloc(1, sizeof *r);
	const progress *p = tui_progress();
	time_t now = progress_clock();

	if (s == NULL || r == NULL) {
		free(s);
		free(r);
		return NULL;
	}
	for (size_t i = 0; i < progress_item_count(p); i++) {
		const progress_item *it = progress_item_at(p, i);
		ritem ri;
		if (!progress_item_due(it, now))
			continue;
		snprintf(ri.id, sizeof ri.id, "%s", it->id);
		snprintf(ri.topic, sizeof ri.topic, "%s", it->topic);
		ri.kind = it->kind;
		push(r, &ri);
	}
	next(r);
	*s = (tui_screen){ .title = "Review", .status = review_status,
	    .draw = review_draw, .key = review_key, .keys = review_keys,
	    .cursor = review_cursor, .free = review_free, .data = r };
	return s;
}
