/*
 * bench_calc.c — how long one calc trace takes: calc_parse + calc_eval +
 * calc_trace_free of a 4096-element softmax, stable and naive, under
 * fp32, fp16 and bf16.  Best of 5 runs of a batch; prints milliseconds per
 * trace.  A figure for `make bench`, not a pass/fail test.
 */
#include <config.h>

#include "calc/calc.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *const exprs[][2] = {
	{ "stable", "softmax(linspace(-10, 10, 4096))" },
	{ "naive", "exp(linspace(-10,10,4096)) / sum(exp(linspace(-10,10,4096)))" },
};
static const char *const policies[] = { "fp32", "fp16", "bf16" };

#define RUNS	5
#define BATCH	20

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One trace, start to finish; the result's first value, so the work is
 * not optimised away. */
static double
one(const char *text, const calc_policy *p)
{
	calc_error err;
	calc_trace t;
	double v;
	calc_expr *e = calc_parse(text, &err);

	if (e == NULL) {
		fprintf(stderr, "bench_calc: %s: %s\n", text, err.msg);
		exit(1);
	}
	if (!calc_eval(e, p, &t, &err)) {
		fprintf(stderr, "bench_calc: %s: %s\n", text, err.msg);
		exit(1);
	}
	const calc_step *r = calc_result(&t);
	v = r != NULL ? r->value[0] : 0;
	calc_trace_free(&t);
	calc_free(e);
	return v;
}

int
main(void)
{
	volatile double sink = 0;

	printf("%-8s %-6s %12s  (best of %d, %d traces each)\n", "softmax", "dtype",
	    "ms/trace", RUNS, BATCH);
	for (size_t x = 0; x < sizeof exprs / sizeof exprs[0]; x++)
		for (size_t k = 0; k < sizeof policies / sizeof policies[0]; k++) {
			calc_policy p;
			double best = 1e30;

			if (!calc_policy_parse(policies[k], &p)) {
				fprintf(stderr, "bench_calc: policy %s\n", policies[k]);
				return 1;
			}
			for (int r = 0; r < RUNS; r++) {
				double t0 = now();
				for (int b = 0; b < BATCH; b++)
					sink += one(exprs[x][1], &p);
				double dt = (now() - t0) / BATCH;
				if (dt < best)
					best = dt;
			}
			printf("%-8s %-6s %12.3f\n", exprs[x][0], policies[k], best * 1e3);
		}
	(void)sink;
	return 0;
}
