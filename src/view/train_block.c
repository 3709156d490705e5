/*
 * train_block.c — a lesson's @train block computed a step at a time: each
 * mode run from the same seed, every step's record kept, then what
 * `fptutor train` shows but the per-step tables (the loss curves, the scale
 * trend, the summary).  view_lesson_block_text runs it to the end at once;
 * the block cache (block_cache.c) runs it between key presses, so that the
 * tutor stays responsive while five models train.
 */
#include <config.h>

#include <stdlib.h>

#include "view/lesson_text.h"
#include "view/train_text.h"

struct view_train_job {
	toy_config cfg;
	int n;				/* modes run */
	toy_run *run[TOY_NMODES];	/* NULL once finished */
	toy_step *store[TOY_NMODES];
	view_train_run runs[TOY_NMODES];
	long done;			/* steps run, over all modes */
};

void
view_train_job_free(view_train_job *j)
{
	if (j == NULL)
		return;
	for (int i = 0; i < TOY_NMODES; i++) {
		toy_run_free(j->run[i]);
		free(j->store[i]);
	}
	free(j);
}

view_train_job *
view_train_job_new(const lesson_block *b)
{
	view_train_job *j = calloc(1, sizeof *j);

	if (j == NULL)
		return NULL;
	toy_config_default(&j->cfg);
	j->cfg.steps = b->steps;
	j->cfg.seed = b->seed;
	for (int m = 0; m < TOY_NMODES; m++) {
		if (!(b->train_modes & 1u << m))
			continue;
		const toy_mode_info *mi = toy_mode_get((toy_mode)m);
		int i = j->n++;
		j->run[i] = toy_run_new(mi->id, &j->cfg);
		j->store[i] = malloc(((size_t)j->cfg.steps + 1) * sizeof *j->store[i]);
		if (j->run[i] == NULL || j->store[i] == NULL) {
			view_train_job_free(j);
			return NULL;
		}
		j->runs[i] = (view_train_run){ mi, j->store[i], 0, { .mode = mi->id } };
	}
	return j;
}

bool
view_train_job_step(view_train_job *j)
{
	bool more = false;

	for (int i = 0; i < j->n; i++) {
		view_train_run *r = &j->runs[i];
		if (j->run[i] == NULL)
			continue;
		if (r->nsteps < j->cfg.steps &&
		    toy_run_step(j->run[i], &j->store[i][r->nsteps])) {
			r->nsteps++;
			j->done++;
			more = true;
			continue;
		}
		toy_run_summary(j->run[i], &r->sum);
		toy_run_free(j->run[i]);
		j->run[i] = NULL;
	}
	return !more;
}

int
view_train_job_percent(const view_train_job *j)
{
	long all = j->cfg.steps * j->n;

	return all > 0 ? (int)(100 * j->done / all) : 100;
}

void
view_train_job_text(FILE *out, const view_train_job *j)
{
	view_train_header(out, &j->cfg, j->n);
	view_train_plot(out, j->runs, j->n, 56, 10);
	view_train_scales(out, j->runs, j->n, 44);
	view_train_summary(out, j->runs, j->n);
}
