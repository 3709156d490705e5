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

#include "cli/lesson_cli.h"
#include "lesson_text.h"
#include "term.h"
#include "tui_priv.h"

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
} home;

static size_t
rows_of(const home *h)
{
	return h->n + tui_nlabs;
}

static void
entry_line(const hentry *e, char *buf, size_t n)
{
	const progress_lesson *r = progress_get(tui_progress(), e->id);
	char score[48] = "";

	if (e->broken) {
		snprintf(buf, n, "does not load: see 'fptutor check-lesson'");
		return;
	}
	if (r && r->max > 0)
		snprintf(score, sizeof score, ", best %g/%g", r->best, r->max);
	if (r == NULL)
		snprintf(buf, n, "new, %zu steps", e->nsteps);
	else if (r->done && r->step == 0)
		snprintf(buf, n, "%s done%s", ui_tty.utf8 ? "\xe2\x9c\x93" : "[x]",
		    score);
	else
		snprintf(buf, n, "%sstopped at step %zu/%zu%s", r->done ?
		    (ui_tty.utf8 ? "\xe2\x9c\x93 done, " : "[x] done, ") : "",
		    r->step + 1, e->nsteps, score);
}

static void
draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	home *h = s->data;
	char line[300], prog[160];
	int y = 1;

	wattrset(w, tui_attr(TR_TITLE) & ~(attr_t)A_REVERSE);
	tui_put(w, y++, 2, cols - 4, "Lessons");
	wattrset(w, tui_attr(TR_NORMAL));
	if (h->n == 0)
		tui_put(w, y++, 4, cols - 6, "(no lessons found: see 'fptutor lessons')");
	for (size_t i = 0; i < rows_of(h) && y < rows - 1; i++) {
		if (i == h->n) {
			y++;
			wattrset(w, tui_attr(TR_TITLE) & ~(attr_t)A_REVERSE);
			tui_put(w, y++, 2, cols - 4, "Labs");
			wattrset(w, tui_attr(TR_NORMAL));
		}
		bool cur = i == h->sel;
		if (i < h->n)
			snprintf(line, sizeof line, "%s %-12s %s", cur ? ">" : " ",
			    h->v[i].id, h->v[i].title);
		else
			snprintf(line, sizeof line, "%s %-12s %s", cur ? ">" : " ",
			    tui_labs[i - h->n].name, tui_labs[i - h->n].what);
		wattrset(w, tui_attr(cur ? TR_CURSOR : TR_NORMAL));
		tui_put(w, y, 2, cols - 4, line);
		wattrset(w, tui_attr(TR_NORMAL));
		y++;
		if (i < h->n && y < rows - 1) {
			/* The progress on a line of its own, under the title. */
			entry_line(&h->v[i], prog, sizeof prog);
			tui_put(w, y++, 17, cols - 19, prog);
		}
	}
	if (y < rows - 1)
		tui_wrap(w, rows - 3, 2, cols - 4, 2, "Enter opens a lesson where you "
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
	int status;
	char msg[400];
	lesson *l = tui_lesson_load(h->v[h->sel].path, &d, &status, msg, sizeof msg);
	if (l == NULL) {
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
key(tui_screen *s, int is_key, wint_t ch)
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
	} else {
		return TUI_KEY_UNHANDLED;
	}
	return TUI_KEY_HANDLED;
}

static const char *const *
keys(tui_screen *s)
{
	static const char *const k[] = {
		"Up/Down", "choose", "Enter", "open", "r", "restart lesson", "?", "help",
		"q", "quit", NULL
	};
	(void)s;
	return k;
}

static const char *const *
help(tui_screen *s)
{
	static const char *const h[] = {
		"Home",
		"  Up/Down, j/k  choose a lesson or a lab",
		"  Enter         open it (a lesson resumes where you stopped)",
		"  r             start the chosen lesson again from step 1",
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
	const char *dirs[64];
	char **paths;

	if (h == NULL)
		return NULL;
	size_t ndirs = cli_lesson_dirs(dirs, sizeof dirs / sizeof dirs[0]);
	long n = lesson_list(dirs, ndirs, &paths);
	if (n < 0 || (h->v = calloc((size_t)n + 1, sizeof *h->v)) == NULL) {
		if (n >= 0)
			lesson_paths_free(paths, n);
		free(h);
		return NULL;
	}
	for (long i = 0; i < n; i++) {
		lesson_diags d = { 0 };
		int st;
		hentry *e = &h->v[h->n];
		lesson *l = cli_lesson_load(paths[i], &d, &st);
		lesson_diags_free(&d);
		e->path = strdup(paths[i]);
		if (e->path == NULL) {
			lesson_free(l);
			continue;
		}
		if (l) {
			snprintf(e->id, sizeof e->id, "%s", l->id);
			snprintf(e->title, sizeof e->title, "%s", l->title);
			e->nsteps = l->nsteps;
			lesson_free(l);
		} else {
			/* The file's name is its id (lesson_list found it so). */
			const char *b = strrchr(paths[i], '/');
			b = b ? b + 1 : paths[i];
			snprintf(e->id, sizeof e->id, "%.*s", (int)strcspn(b, "."), b);
			e->broken = true;
		}
		h->n++;
	}
	lesson_paths_free(paths, n);
	h->s = (tui_screen){
		.title = "home", .draw = draw, .key = key, .keys = keys, .help = help,
		.free = hfree, .data = h,
	};
	return &h->s;
}
