/*
 * lab_train.c — the train lab (`fptutor lab train`): the controlled
 * comparison of src/train/toy.h run live.  Every mode steps a slice at a
 * time from the shell's idle callback, and the screen redraws the loss
 * curves of all modes and the loss-scale trend as the records come in,
 * with a progress bar; the charts and the summary are the text views of
 * `fptutor train` (src/view/train_text.c), so both show the same numbers.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/lab_int.h"
#include "view/term.h"
#include "train/toy.h"
#include "view/train_text.h"

#define SLICE 6			/* steps of each mode per idle call */

typedef struct train_lab {
	toy_config cfg;
	toy_run *run[TOY_NMODES];
	toy_step *steps[TOY_NMODES];
	view_train_run runs[TOY_NMODES];
	long done;		/* steps run in every mode */
	bool finished, paused, failed;
	bool summary;		/* the summary table instead of the charts */
	lab_text text;
	int top;
} train_lab;

static void
stop_runs(train_lab *t)
{
	for (int m = 0; m < TOY_NMODES; m++) {
		toy_run_free(t->run[m]);
		free(t->steps[m]);
		t->run[m] = NULL;
		t->steps[m] = NULL;
	}
}

static void
start_runs(train_lab *t)
{
	stop_runs(t);
	t->done = 0;
	t->finished = t->failed = false;
	for (int m = 0; m < TOY_NMODES; m++) {
		t->run[m] = toy_run_new((toy_mode)m, &t->cfg);
		t->steps[m] = calloc((size_t)t->cfg.steps + 1, sizeof(toy_step));
		if (t->run[m] == NULL || t->steps[m] == NULL)
			t->failed = true;
		t->runs[m].mode = toy_mode_get((toy_mode)m);
		t->runs[m].steps = t->steps[m];
		t->runs[m].nsteps = 0;
	}
	if (t->failed)
		stop_runs(t);
}

/* Run up to n more steps of every mode. */
static void
advance(train_lab *t, long n)
{
	if (t->failed || t->finished)
		return;
	for (long k = 0; k < n; k++) {
		bool any = false;
		for (int m = 0; m < TOY_NMODES; m++) {
			view_train_run *r = &t->runs[m];
			if (toy_run_step(t->run[m], &t->steps[m][r->nsteps])) {
				r->nsteps++;
				any = true;
			}
		}
		if (!any) {
			t->finished = true;
			break;
		}
		t->done++;
	}
	if (t->done >= t->cfg.steps)
		t->finished = true;
	if (t->finished)
		for (int m = 0; m < TOY_NMODES; m++)
			toy_run_summary(t->run[m], &t->runs[m].sum);
}

static void
print_charts(FILE *out, void *ctx)
{
	train_lab *t = ctx;

	view_train_plot(out, t->runs, TOY_NMODES, 60, 9);
	view_train_scales(out, t->runs, TOY_NMODES, 48);
}

static void
print_summary(FILE *out, void *ctx)
{
	train_lab *t = ctx;

	view_train_summary(out, t->runs, TOY_NMODES);
}

static bool
train_idle(tui_screen *s)
{
	train_lab *t = s->data;

	if (t->paused || t->finished || t->failed)
		return false;
	advance(t, SLICE);
	return true;
}

static void
progress(train_lab *t, WINDOW *w, int y, int cols)
{
	char s[120];
	int bw = cols - 50;
	int n = t->cfg.steps ? (int)(t->done * bw / t->cfg.steps) : bw;

	snprintf(s, sizeof s, "%ld/%ld steps, 5 modes, seed %llu", t->done,
	    t->cfg.steps, (unsigned long long)t->cfg.seed);
	tui_put(w, y, 1, 36, s);
	tui_put(w, y, 37, 1, "[");
	wattrset(w, tui_attr(TR_GOOD));
	for (int i = 0; i < n; i++)
		tui_put(w, y, 38 + i, 1, "#");
	wattrset(w, tui_attr(TR_DIM));
	for (int i = n; i < bw; i++)
		tui_put(w, y, 38 + i, 1, ".");
	wattrset(w, A_NORMAL);
	tui_put(w, y, 38 + bw, 1, "]");
	tui_put(w, y, 40 + bw, cols - 41 - bw, t->failed ? "out of memory"
	    : t->finished ? "done" : t->paused ? "paused" : "running");
}

static void
train_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	train_lab *t = s->data;

	progress(t, w, 0, cols);
	if (t->summary && !t->finished) {
		tui_put(w, 2, 1, cols - 2, "The summary comes when the run is done "
		    "(Enter finishes it now).");
		return;
	}
	if (!lab_capture(&t->text, t->summary ? print_summary : print_charts, t))
		return;
	lab_text_draw(w, 1, 0, rows - 1, cols, &t->text,
	    t->summary ? t->top : 0);
}

static tui_key_result
train_key(tui_screen *s, int is_key, wint_t ch)
{
	train_lab *t = s->data;

	if (!is_key && ch == ' ')
		t->paused = !t->paused;
	else if ((!is_key && (ch == '\n' || ch == '\r')) || (is_key && ch == KEY_ENTER))
		advance(t, t->cfg.steps);
	else if (!is_key && ch == 'r') {
		start_runs(t);
		t->paused = false;
	} else if (!is_key && ch == 's') {
		t->summary = !t->summary;
		t->top = 0;
	} else if (!lab_scroll(&t->top, t->text.n, is_key, ch)) {
		return TUI_KEY_UNHANDLED;
	}
	return TUI_KEY_HANDLED;
}

static const char *
train_status(tui_screen *s, char *buf, size_t n)
{
	train_lab *t = s->data;

	snprintf(buf, n, "step %ld/%ld", t->done, t->cfg.steps);
	return buf;
}

static const char *const *
train_keys(tui_screen *s)
{
	static const char *const keys[] = {
		"Space", "pause", "Enter", "finish", "r", "restart", "s", "summary",
		"PgDn", "scroll", "?", "help", "q", "quit", NULL
	};
	(void)s;
	return keys;
}

static const char *const *
train_help(tui_screen *s)
{
	static const char *const lines[] = {
		"The train lab: one toy model trained in five precision modes.",
		"",
		"The same data and initial weights in every mode (fptutor train",
		"prints the same run): fp32; fp16 with fp32 master weights and",
		"PyTorch's GradScaler; the same without loss scaling; bf16; fp16",
		"weights with no fp32 master copy.  The chart shows each mode's",
		"loss per step as it runs (log scale, one marker per mode), then",
		"the loss scale of the modes with a scaler.",
		"",
		"Space       pause or go on",
		"Enter       finish the run now",
		"r           run again from the start",
		"s           the summary table (final loss, skipped steps, zero",
		"            gradients, swallowed updates, bytes per parameter)",
		"PgUp/PgDn   scroll the summary",
		NULL
	};
	(void)s;
	return lines;
}

static void
train_free(tui_screen *s)
{
	train_lab *t = s->data;

	stop_runs(t);
	lab_text_free(&t->text);
	lab_screen_free(s);
}

tui_screen *
lab_train_new(void)
{
	tui_screen *s = lab_screen_new("Lab: training in five precisions",
	    sizeof(train_lab));
	train_lab *t;

	if (s == NULL)
		return NULL;
	t = s->data;
	s->draw = train_draw;
	s->key = train_key;
	s->status = train_status;
	s->keys = train_keys;
	s->help = train_help;
	s->idle = train_idle;
	s->free = train_free;
	toy_config_default(&t->cfg);
	start_runs(t);
	return s;
}
