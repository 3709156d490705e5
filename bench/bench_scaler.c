/*
 * bench_scaler.c — how fast the GradScaler simulation runs: 100,000 steps
 * with the acceptance fixture's largest gradient (0.01 in fp16), with a
 * dense list of injected inf/NaN steps, with accumulation, and the
 * 10,000,000-step limit of --simulate.  Prints figures (best of 5); it is
 * not a test, so the exit status is 0 unless something could not run.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fp/fp.h"
#include "train/scaler.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Run cfg to the end; returns the best time of `reps` runs, and the
 * skipped count through *skipped (so the work cannot be optimised away). */
static double
time_run(const scaler_sim_cfg *cfg, int reps, long *skipped)
{
	double best = 1e30;

	for (int r = 0; r < reps; r++) {
		scaler_sim sim;
		scaler_step s;
		double t0 = now();
		scaler_sim_init(&sim, cfg);
		while (scaler_sim_next(&sim, &s))
			;
		double t = now() - t0;
		if (t < best)
			best = t;
		*skipped = sim.skipped;
	}
	return best;
}

static void
report(const char *what, const scaler_sim_cfg *cfg, int reps)
{
	long skipped = 0;
	double t = time_run(cfg, reps, &skipped);

	printf("  %-44s %9ld steps %8.2f ms %7.1f ns/step (%ld skipped)\n", what,
	    cfg->steps, t * 1e3, t * 1e9 / (double)cfg->steps, skipped);
}

int
main(void)
{
	scaler_sim_cfg cfg;
	fp_real gm;
	scaler_range *inf;
	const long n = 100000;

	printf("bench_scaler: GradScaler simulation (best of 5)\n");
	if (fp_read("0.01", &gm, NULL) != FP_READ_OK)
		return 1;

	scaler_sim_cfg_default(&cfg);
	cfg.steps = n;
	report("no overflow source", &cfg, 5);

	cfg.grad_max = &gm;
	report("--grad-max 0.01 (settles at 2^22)", &cfg, 5);

	/* An inf/NaN every 7th step, as ranges: the list lookup's cost. */
	size_t ninf = (size_t)(n / 7);
	inf = malloc(ninf * sizeof *inf);
	if (inf == NULL)
		return 1;
	for (size_t i = 0; i < ninf; i++)
		inf[i].lo = inf[i].hi = (long)(i + 1) * 7;
	cfg.inf = inf;
	cfg.ninf = ninf;
	cfg.params.growth_interval = 5;
	report("--grad-max 0.01, inf every 7th, interval 5", &cfg, 5);

	cfg.inf = NULL;
	cfg.ninf = 0;
	cfg.params.growth_interval = 2000;
	cfg.accumulate = 4;
	report("--grad-max 0.01 --accumulate 4", &cfg, 5);

	cfg.accumulate = 1;
	cfg.steps = SCALER_MAX_STEPS;
	report("--grad-max 0.01, the --simulate limit", &cfg, 1);
	free(inf);
	return 0;
}
