/*
 * bench_grade.c — answers graded per second (goal: over 20,000/s, each
 * under 1 ms), over the labelled answers of tests/grade with the rubrics
 * of the shipped lessons that ask them.  Times are the thread's CPU time,
 * so other work on the machine does not count.  A figure to read, not a
 * pass/fail test.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grade/grade.h"
#include "lesson/lesson.h"
#include "lesson/grade_text.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);	/* CPU time: other work on the machine does not count */
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The rubric of question id, from whichever shipped lesson asks it. */
static grade_rubric *
load(const char *top, const char *id)
{
	char dir[1024], **paths;
	const char *dirs[1] = { dir };
	grade_rubric *r = NULL;
	int ioerr, line;
	grade_diag gd;

	snprintf(dir, sizeof dir, "%s/lessons", top);
	long n = lesson_list(dirs, 1, &paths);
	for (long i = 0; i < n && r == NULL; i++) {
		lesson_diags d = { 0 };
		lesson *l = lesson_load(paths[i], &d, &ioerr);
		lesson_diags_free(&d);
		const lesson_question *q = l ? lesson_question_find(l, id) : NULL;
		r = q ? lesson_rubric_compile(q, &line, &gd) : NULL;
		lesson_free(l);
	}
	if (n > 0)
		lesson_paths_free(paths, n);
	return r;
}

int
main(void)
{
	static const char *const q[] = { "overflow", "underflow", "softmax", "step-order", "bf16" };
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	static char ans[512][4096];
	grade_rubric *rub[512];
	size_t n = 0;
	char path[1024], line[4096];

	for (size_t i = 0; i < 5; i++) {
		grade_rubric *r = load(top, q[i]);
		if (r == NULL) {
			fprintf(stderr, "bench_grade: no rubric for %s in %s/lessons\n", q[i], top);
			return 1;
		}
		snprintf(path, sizeof path, "%s/tests/grade/corpus/%s.answers", top, q[i]);
		FILE *f = fopen(path, "r");
		while (f && fgets(line, sizeof line, f) && n < 512)
			if (strncmp(line, "PASS:", 5) == 0 || strncmp(line, "FAIL:", 5) == 0) {
				line[strcspn(line, "\n")] = '\0';
				snprintf(ans[n], sizeof ans[n], "%s", line + 5);
				rub[n++] = r;
			}
		if (f)
			fclose(f);
	}
	if (n == 0) {
		fprintf(stderr, "bench_grade: no answers found under %s/tests/grade\n", top);
		return 1;
	}
	for (size_t i = 0; i < n; i++) {	/* warm up: caches, first-use tables */
		grade_result res;
		grade_answer(rub[i], ans[i], strlen(ans[i]), &res);
		grade_result_free(&res);
	}
	/* the rate from passes with no clock read per answer (reading the
	 * thread's CPU clock is a system call, a few per cent of an answer);
	 * the per-answer times from passes of their own */
	double t0 = now();
	for (int rep = 0; rep < 20; rep++)
		for (size_t i = 0; i < n; i++) {
			grade_result res;
			grade_answer(rub[i], ans[i], strlen(ans[i]), &res);
			grade_result_free(&res);
		}
	double total = now() - t0;
	double best = 1e9, worst = 0;
	size_t slow = 0;
	static double times[512 * 20];
	long graded = 0;
	for (int rep = 0; rep < 20; rep++)
		for (size_t i = 0; i < n; i++) {
			grade_result res;
			double a = now();
			grade_answer(rub[i], ans[i], strlen(ans[i]), &res);
			double dt = now() - a;
			times[graded] = dt;
			if (dt < best)
				best = dt;
			if (dt > worst) {
				worst = dt;
				slow = i;
			}
			grade_result_free(&res);
			graded++;
		}
	qsort(times, (size_t)graded, sizeof times[0], cmp_double);
	double median = times[graded / 2], p99 = times[graded * 99 / 100];
	double rate = (double)graded / total;
	printf("grade: %ld answers (%zu distinct) in %.3f s: %.0f answers/s; per "
	    "answer median %.3f ms, 99th percentile %.3f ms, slowest %.3f ms, "
	    "fastest %.3f ms\n", graded, n, total, rate,
	    median * 1e3, p99 * 1e3, worst * 1e3, best * 1e3);
	printf("slowest answer: %.60s...\n", ans[slow]);
	printf("goal: over 20000 answers/s and 99%% of answers under 1 ms: %s\n",
	    rate > 20000 && p99 < 1e-3 ? "met" : "NOT met");
	return 0;
}
