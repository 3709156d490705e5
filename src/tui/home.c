/*
 * home.c — the home screen: the lessons found along the search path, each
 * with the learner's progress (done, best score, where they stopped),
 * then the labs.  Enter opens a lesson where the learner stopped (or a
 * lab); r starts a lesson from its first step.  The lessons are read once
 * when home opens (for their titles and step counts) and again from their
 * file when opened, so the player owns its own copy.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/lesson_text.h"
#include "view/term.h"
#include "tui/tui_priv.h"

typedef struct hentry {
	char *path;
	char id[LESSON_MAX_ID + 1];
	char title[120];
	size_t nsteps;
	bool broken;		/* does not load: check-lesson says why */
} hentry;

typedef struct home {
	tui_screen s;
	hentry *v;
	size_t n;		/* lessons; the labs follow them in the list */
	size_t sel;
	int top;
	char none[600];	/* with no lessons: where they were looked for */
} home;

static size_t
rows_of(const home *h)
{
	return h->n + tui_nlabs;
}

/* The progress of a lesson in a few words: for its row (short) or for
 * the line under the list (long). */
static void
entry_line(const hentry *e, bool full, char *buf, size_t n)
{
	const progress_lesson *r = progress_get(tui_progress(), e->id);
	const char *tick = view_tty.utf8 ? "\xe2\x9c\x93" : "[x]";
	char score[64] = "", where[64] = "";

	if (e->broken) {
		snprintf(buf, n, full ? "%s does not load: see 'fptutor check-lesson "
		    "%s'" : "%s(broken)", full ? e->id : "", full ? e->path : "");
		return;
	}
	if (r == NULL) {
		snprintf(buf, n, full ? "%s: new, %zu steps" : "new", e->id, e->nsteps);
		if (!full)
			snprintf(buf, n, "new");
		return;
	}
	if (r->max > 0)
		snprintf(score, sizeof score, full ? ", best score %g/%g" : " best %g/%g",
		    r->best, r->max);
	/* A step the lesson no longer has (it shrank, or the record is the
	 * end of a finished run) is where the player starts: the top. */
	size_t step = r->step < e->nsteps ? r->step : 0;
	if (!(r->done && step == 0))
		snprintf(where, sizeof where, full ? "stopped at step %zu/%zu" :
		    "step %zu/%zu", step + 1, e->nsteps);
	if (!full) {
		snprintf(buf, n, "%s%s%s", r->done ? tick : "", r->done && where[0] ?
		    " " : "", where[0] ? where : r->done ? " done" : "");
		size_t l = strlen(buf);
		snprintf(buf + l, n - l, "%s", score);
		return;
	}
	snprintf(buf, n, "%s: %s%s%s%s", e->id, r->done ? "done" : "",
	    r->done && where[0] ? ", " : "", where, score);
	progress_mastery m;
	progress_mastery_of(tui_progress(), e->id, progress_clock(), &m);
	if (m.items) {		/* what review knows of this lesson */
		size_t l = strlen(buf);
		snprintf(buf + l, n - l, "; first tries %zu/%zu, %zu solid, %zu "
		    "due for review", m.passes, m.tries, m.solid, m.due);
	} else if (r->nmissed) {
		size_t l = strlen(buf);
		snprintf(buf + l, n - l, "; %zu question%s to review", r->nmissed,
		    r->nmissed == 1 ? "" : "s");
	}
}

static void
heading(WINDOW *w, int y, int cols, const char *text)
{
	wattrset(w, tui_attr(TR_TITLE) & ~(attr_t)A_REVERSE);
	tui_put(w, y, 2, cols - 4, text);
	wattrset(w, tui_attr(TR_NORMAL));
}

/* Rows: "Lessons", the lessons, a blank, "Labs", the labs; the list scrolls
 * to keep the selection in view when it is taller than the window. */
static void
home_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	home *h = s->data;
	char prog[300];
	int list = rows - 5;		/* the last rows: the detail and a hint */
	int sel_row = 2 + (int)h->sel + (h->sel >= h->n ? 2 : 0);

	if (sel_row - h->top >= list)
		h->top = sel_row - list + 1;
	if (sel_row - h->top < 1)
		h->top = sel_row > 1 ? sel_row - 1 : 0;
	for (size_t i = 0; i < rows_of(h) + 3; i++) {
		/* virtual row v: 0 "Lessons", 1.. lessons, then blank, "Labs" */
		int v = (int)i, y = v - h->top + 1;
		if (y < 1 || y > list)
			continue;
		if (v == 0) {
			heading(w, y, cols, "Lessons");
			continue;
		}
		size_t k = (size_t)v - 1;
		if (k == h->n) {
			continue;	/* the blank row */
		} else if (k == h->n + 1) {
			heading(w, y, cols, "Labs");
			continue;
		}
		if (k > h->n)
			k -= 2;
		if (k >= rows_of(h))
			continue;
		bool cur = k == h->sel;
		wattrset(w, tui_attr(cur ? TR_CURSOR : TR_NORMAL));
		mvwhline(w, y, 2, ' ', cols - 4);
		tui_put(w, y, 2, 2, cur ? ">" : " ");
		tui_put(w, y, 4, 15, k < h->n ? h->v[k].id : tui_labs[k - h->n].name);
		if (k < h->n) {
			tui_put(w, y, 20, 36, h->v[k].title);
			entry_line(&h->v[k], false, prog, sizeof prog);
			tui_put(w, y, 57, cols - 59, prog);
		} else {	/* lab names are short: more room for what they do */
			tui_put(w, y, 14, cols - 16, tui_labs[k - h->n].what);
		}
		wattrset(w, tui_attr(TR_NORMAL));
	}
	if (h->sel < h->n) {
		entry_line(&h->v[h->sel], true, prog, sizeof prog);
		tui_wrap(w, rows - 4, 2, cols - 4, 2, prog);
	} else if (h->n == 0) {
		wattrset(w, tui_attr(TR_WARN));
		/* Above the hint, where a lesson's detail goes: the labs'
		 * rows stay clear. */
		tui_wrap(w, rows - 5, 2, cols - 4, 3, h->none);
		wattrset(w, tui_attr(TR_NORMAL));
	}
	progress_mastery all;
	progress_mastery_of(tui_progress(), NULL, progress_clock(), &all);
	if (all.due) {
		snprintf(prog, sizeof prog, "%zu item%s due for review: R "
		    "reviews them (or 'fptutor review').", all.due,
		    all.due == 1 ? "" : "s");
		tui_wrap(w, rows - 2, 2, cols - 4, 2, prog);
		return;
	}
	tui_wrap(w, rows - 2, 2, cols - 4, 2, "Enter opens a lesson where you "
	    "stopped, or a lab; r starts a lesson again from its first step.");
}

static tui_key_result
open_sel(home *h, bool restart)
{
	if (h->sel >= h->n) {
		tui_screen *lab = tui_lab_new(tui_labs[h->sel - h->n].name);
		if (lab == NULL)
			tui_warn("this lab is not available in this build");
		tui_push(lab);
		return TUI_KEY_HANDLED;
	}
	lesson_diags d = { 0 };
	lesson_open_err err;
	char msg[4400];
	lesson *l = lesson_open(h->v[h->sel].path, &d, &err);
	if (l == NULL) {
		lesson_open_msg(h->v[h->sel].path, err, msg, sizeof msg);
		if (d.n > 0)
			snprintf(msg, sizeof msg, "%s:%d:%d: %s", d.v[0].file, d.v[0].line,
			    d.v[0].col, d.v[0].msg);
		tui_warn(msg);
	}
	lesson_diags_free(&d);
	if (l)
		tui_push(tui_player_new(l, restart));
	return TUI_KEY_HANDLED;
}

static tui_key_result
home_key(tui_screen *s, int is_key, wint_t ch)
{
	home *h = s->data;
	size_t n = rows_of(h);

	if (is_key ? ch == KEY_UP : ch == 'k') {
		if (h->sel > 0)
			h->sel--;
	} else if (is_key ? ch == KEY_DOWN : ch == 'j') {
		if (h->sel + 1 < n)
			h->sel++;
	} else if (is_key && ch == KEY_HOME) {
		h->sel = 0;
	} else if (is_key && ch == KEY_END) {
		h->sel = n ? n - 1 : 0;
	} else if ((is_key && ch == KEY_ENTER) || (!is_key && (ch == '\r' ||
	    ch == '\n' || ch == 'l'))) {
		return n ? open_sel(h, false) : TUI_KEY_HANDLED;
	} else if (!is_key && ch == 'r' && h->sel < h->n) {
		return open_sel(h, true);
	} else if (!is_key && ch == 'R') {	/* the due items */
		tui_screen *rv = tui_review_new();
		if (rv)
			tui_push(rv);
	} else {
		return TUI_KEY_UNHANDLED;
	}
	return TUI_KEY_HANDLED;
}

static const char *const *
home_keys(tui_screen *s)
{
	static const char *const k[] = {
		"Up/Down", "choose", "Enter", "open", "r", "restart lesson", "?", "help",
		"q", "quit", NULL
	};
	(void)s;
	return k;
}

static const char *const *
home_help(tui_screen *s)
{
	static const char *const h[] = {
		"Home",
		"  Up/Down, j/k  choose a lesson or a lab",
		"  Enter         open it (a lesson resumes where you stopped)",
		"  r             start the chosen lesson again from step 1",
		"  R             review the items due now",
		NULL,
	};
	(void)s;
	return h;
}

static void
hfree(tui_screen *s)
{
	home *h = s->data;

	for (size_t i = 0; i < h->n; i++)
		free(h->v[i].path);
	free(h->v);
	free(h);
}

tui_screen *
tui_home_new(void)
{
	home *h = calloc(1, sizeof *h);
	lesson_shelf sh;

	if (h == NULL)
		return NULL;
	if (lesson_shelf_open(&sh, NULL, NULL) != 0 ||
	    (h->v = calloc(sh.n + sh.nbroken + 1, sizeof *h->v)) == NULL) {
		lesson_shelf_free(&sh);
		free(h);
		return NULL;
	}
	/* Teaching order (@order, as `fptutor lessons`); the lessons that do
	 * not load after the others, so the learner sees that they exist. */
	for (size_t i = 0; i < sh.n; i++) {
		hentry *e = &h->v[h->n];
		if ((e->path = strdup(sh.v[i]->file)) == NULL)
			continue;
		snprintf(e->id, sizeof e->id, "%s", sh.v[i]->id);
		snprintf(e->title, sizeof e->title, "%s", sh.v[i]->title);
		e->nsteps = sh.v[i]->nsteps;
		h->n++;
	}
	for (size_t i = 0; i < sh.nbroken; i++) {
		/* The file's name is its id (lesson_list found it so). */
		const char *b = strrchr(sh.broken[i], '/');
		b = b ? b + 1 : sh.broken[i];
		int idlen = (int)strcspn(b, ".");
		if ((h->v[h->n].path = strdup(sh.broken[i])) == NULL)
			continue;
		snprintf(h->v[h->n].id, sizeof h->v[h->n].id, "%.*s", idlen, b);
		h->v[h->n++].broken = true;
	}
	if (sh.nfiles == 0) {
		size_t o = (size_t)snprintf(h->none, sizeof h->none,
		    "No lessons found in");
		for (size_t i = 0; i < sh.ndirs && o < sizeof h->none; i++)
			o += (size_t)snprintf(h->none + o, sizeof h->none - o, "%s %s",
			    i ? "," : "", sh.dirs[i]);
		if (o < sizeof h->none)
			snprintf(h->none + o, sizeof h->none - o, "%s. Set "
			    "FPTUTOR_LESSON_PATH to a directory of .lesson files.",
			    sh.ndirs ? "" : " no directory");
	}
	lesson_shelf_free(&sh);
	/* Start on the lesson used last: Enter resumes it. */
	time_t last = 0;
	for (size_t i = 0; i < h->n; i++) {
		const progress_lesson *r = progress_get(tui_progress(), h->v[i].id);
		if (r && r->updated > last) {
			last = r->updated;
			h->sel = i;
		}
	}
	h->s = (tui_screen){
		.title = "home", .draw = home_draw, .key = home_key, .keys = home_keys, .help = home_help,
		.free = hfree, .data = h,
	};
	return &h->s;
}
