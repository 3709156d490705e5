/*
 * bench_stats.h — what the benchmarks that time runs share: a monotonic
 * clock in seconds and the quantiles of the times measured.
 */
#ifndef FPTUTOR_BENCH_STATS_H
#define FPTUTOR_BENCH_STATS_H

#include <stdlib.h>
#include <time.h>

static inline double
bench_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int
bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The q-th quantile (0..1) of v[0..n-1], nearest rank; sorts v.  0 for
 * no values. */
static inline double
bench_quantile(double *v, int n, double q)
{
	if (n == 0)
		return 0;
	qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
	int k = (int)(q * n + 0.999999) - 1;
	return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

#endif
