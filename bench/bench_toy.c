/*
 * bench_toy.c — how long the controlled comparison takes: all five modes
 * of the toy at the default size (what `fptutor train` runs), for `make
 * bench`.  Prints figures; it is not a pass/fail test.  The goal, that a
 * whole comparison feels instant, is "well under a second".
 */
#include <config.h>

#include <stdio.h>
#include <time.h>

#include "train/toy.h"

#define RUNS 5

/* Processor time of this process: on a busy machine the wall clock
 * measures the neighbours too. */
static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
main(void)
{
	toy_config cfg;
	toy_summary sum;
	double best_all = 1e30, best_wall = 1e30, best[TOY_NMODES];
	double check = 0;

	toy_config_default(&cfg);
	for (int m = 0; m < TOY_NMODES; m++)
		best[m] = 1e30;
	for (int run = 0; run <= RUNS; run++) {	/* run 0 warms up */
		double t0 = now(), w0 = wall();
		for (int m = 0; m < TOY_NMODES; m++) {
			double t1 = now();
			if (!toy_run_all((toy_mode)m, &cfg, NULL, NULL, &sum)) {
				fprintf(stderr, "bench_toy: out of memory\n");
				return 1;
			}
			double dt = now() - t1;
			check += sum.final_loss;
			if (run > 0 && dt < best[m])
				best[m] = dt;
		}
		double dt = now() - t0, dw = wall() - w0;
		if (run > 0 && dt < best_all)
			best_all = dt;
		if (run > 0 && dw < best_wall)
			best_wall = dw;
	}
	toy_layout lay;
	toy_layout_of(&cfg, &lay);
	printf("bench_toy: %ld steps x 5 modes, %ld parameters, %d examples; "
	    "processor time,\nbest of %d runs\n", cfg.steps, lay.n, cfg.batch, RUNS);
	for (int m = 0; m < TOY_NMODES; m++)
		printf("  %-12s %7.1f ms  (%.0f us per step)\n",
		    toy_mode_get((toy_mode)m)->name, best[m] * 1e3,
		    best[m] * 1e6 / (double)cfg.steps);
	printf("  all five     %7.1f ms  (goal: well under 1000 ms: %s)\n",
	    best_all * 1e3, best_all < 0.5 ? "met" : "NOT met");
	printf("  all five     %7.1f ms  wall clock (includes other load)\n",
	    best_wall * 1e3);
	printf("  (checksum %.6g)\n", check);
	return 0;
}
