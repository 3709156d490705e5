/*
 * bench_review.c — the practice side: how long one engine-made drill
 * takes to generate and grade, its own answer and a wrong one (whose
 * feedback is the engine's explanation), every kind at every level
 * (goal < 1 ms), and how long
 * opening review takes with 10,000 scheduled items: reading and parsing
 * the progress file and picking the due items (goal < 50 ms).  Best of 5
 * runs; figures for `make bench`, not a pass/fail test.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "drill/drill.h"
#include "state/progress.h"

#define RUNS	5
#define NDRILL	5000
#define NITEMS	10000

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Microseconds per item: made, graded on its own answer and on a wrong
 * one ("0", which no drill's answer is read as passing). */
static double
drill_us(drill_kind k, int level)
{
	double best = 1e30;
	unsigned passed = 0;

	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		for (uint32_t i = 0; i < NDRILL; i++) {
			drill_item it;
			drill_result res;
			drill_make(k, level, drill_item_seed((uint64_t)r, i), &it);
			drill_grade(&it, it.answer, &res);
			passed += res.pass;
			drill_grade(&it, "0", &res);
		}
		double t = (now() - t0) / NDRILL * 1e6;
		best = t < best ? t : best;
	}
	if (passed != (unsigned)RUNS * NDRILL) {
		fprintf(stderr, "bench_review: a drill's own answer failed\n");
		exit(1);
	}
	return best;
}

int
main(void)
{
	double worst = 0;

	printf("drill: make one item, grade its answer and a wrong one, best "
	    "of %d x %d (us):\n  %-9s %8s %8s %8s\n", RUNS, NDRILL, "kind",
	    "level 1", "level 2", "level 3");
	for (int k = 0; k < DRILL_NKINDS; k++) {
		printf("  %-9s", drill_kind_name((drill_kind)k));
		for (int l = DRILL_LEVEL_MIN; l <= DRILL_LEVEL_MAX; l++) {
			double us = drill_us((drill_kind)k, l);
			worst = us > worst ? us : worst;
			printf(" %8.2f", us);
		}
		printf("\n");
	}
	printf("  slowest   %8.2f us (goal < 1000 us)\n", worst);

	const char *tmp = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/bench_review.XXXXXX", tmp && *tmp ? tmp :
	    "/tmp");
	if (mkdtemp(path) == NULL) {
		perror("bench_review: mkdtemp");
		return 1;
	}
	progress *p;
	char msg[1200], id[64];
	if (progress_open(&p, path, msg, sizeof msg) != PROGRESS_OK) {
		fprintf(stderr, "bench_review: %s\n", msg);
		return 1;
	}
	time_t t0 = 1767323045;
	for (int i = 0; i < NITEMS; i++) {
		snprintf(id, sizeof id, "lesson-%d:question-%d", i % 8, i);
		progress_rate(p, id, PROGRESS_QUESTION, "lesson", i % 3 ? 3 : 1,
		    t0 - (i % 30) * 86400);
	}
	if (!progress_save(p, msg, sizeof msg)) {
		fprintf(stderr, "bench_review: %s\n", msg);
		return 1;
	}
	progress_free(p);

	double best = 1e30;
	size_t due = 0;
	for (int r = 0; r < RUNS; r++) {
		double s = now();
		if (progress_open(&p, path, msg, sizeof msg) != PROGRESS_OK) {
			fprintf(stderr, "bench_review: %s\n", msg);
			return 1;
		}
		due = 0;
		for (size_t i = 0; i < progress_item_count(p); i++)
			due += progress_item_due(progress_item_at(p, i), t0);
		double t = (now() - s) * 1e3;
		best = t < best ? t : best;
		progress_free(p);
	}
	printf("review: open with %d scheduled items (%zu due): %.2f ms "
	    "(goal < 50 ms)\n", NITEMS, due, best);
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	return system(cmd) == 0 ? 0 : 1;
}
