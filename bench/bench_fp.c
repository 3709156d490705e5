/*
 * bench_fp.c — conversion throughput of the format core against the
 * compiler's own conversion, for `make bench`.  Prints figures; it is not a
 * pass/fail test (the exit status is 0 unless memory runs out).
 *
 * The inputs are 2^26 float32 values: half random bit patterns over the
 * whole float range (a few inf and NaN among them), half log-uniform in
 * the realistic range 1e-8 .. 1e5 with either sign.  Each kernel converts
 * all of them into an array that is then summed, so nothing is optimised
 * away; the figure is the best of 5 timed runs after one warm-up run.
 *
 *   fp16: fp_encode(fp16, (double)f) against the (_Float16)f cast (F16C
 *         instructions when built with -mf16c, else the compiler's library
 *         routine), when the compiler has _Float16 (HAVE_FLOAT16).
 *   bf16: fp_encode(bf16, (double)f) against a (__bf16)f cast where the
 *         compiler has one, else the usual integer bit trick
 *         (u + 0x7fff + lsb) >> 16, which is exact for float -> bf16.
 * The two sides must agree on every non-NaN input (the core gives the
 * canonical NaN, hardware keeps the payload); a disagreement is reported.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fp/fp.h"

#define NVALUES (1u << 26)
#define RUNS 5

typedef void kernel_fn(const float *in, uint16_t *out, size_t n);

static uint64_t rng_state = UINT64_C(0x9e3779b97f4a7c15);

static uint64_t
rng(void)				/* xorshift64* */
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(0x2545f4914f6cdd1d);
}

static void
make_inputs(float *in, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t r = rng();
		if (i % 2 == 0) {		/* any bit pattern */
			uint32_t u = (uint32_t)(r >> 32);
			memcpy(&in[i], &u, sizeof u);
		} else {			/* log-uniform in 1e-8 .. 1e5 */
			double t = (double)(r >> 11) * 0x1p-53;
			float f = (float)(1e-8 * pow(1e13, t));
			in[i] = (r & 1) ? -f : f;
		}
	}
}

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The core's flags are summed too, so the calls cannot be dropped. */
static unsigned core_flags;

static void
core_fp16(const float *in, uint16_t *out, size_t n)
{
	const fp_format *f = fp_format_get(FP_FP16);
	unsigned fl = 0;
	for (size_t i = 0; i < n; i++)
		out[i] = (uint16_t)fp_encode(f, (double)in[i], &fl);
	core_flags |= fl;
}

static void
core_bf16(const float *in, uint16_t *out, size_t n)
{
	const fp_format *f = fp_format_get(FP_BF16);
	unsigned fl = 0;
	for (size_t i = 0; i < n; i++)
		out[i] = (uint16_t)fp_encode(f, (double)in[i], &fl);
	core_flags |= fl;
}

#ifdef HAVE_FLOAT16
static void
cast_fp16(const float *in, uint16_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		__extension__ _Float16 h = (_Float16)in[i];
		memcpy(&out[i], &h, sizeof h);
	}
}
#endif

#ifdef __BFLT16_MANT_DIG__
#define BF16_REF "the (__bf16)f cast"
static void
ref_bf16(const float *in, uint16_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		__extension__ __bf16 h = (__bf16)in[i];
		memcpy(&out[i], &h, sizeof h);
	}
}
#else
#define BF16_REF "bit trick (no __bf16 cast in this compiler)"
static void
ref_bf16(const float *in, uint16_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t u;
		memcpy(&u, &in[i], sizeof u);
		if ((u & 0x7fffffffu) > 0x7f800000u)	/* NaN: keep it quiet */
			out[i] = (uint16_t)((u >> 16) | 0x40);
		else
			out[i] = (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
	}
}
#endif

static uint64_t
checksum(const uint16_t *out, size_t n)
{
	uint64_t s = 0;
	for (size_t i = 0; i < n; i++)
		s = s * 31 + out[i];
	return s;
}

/* Conversions per second, best of RUNS after a warm-up. */
static double
measure(kernel_fn *k, const float *in, uint16_t *out, size_t n, uint64_t *sum)
{
	double best = HUGE_VAL;

	k(in, out, n);
	for (int r = 0; r < RUNS; r++) {
		double t0 = now();
		k(in, out, n);
		double t = now() - t0;
		if (t < best)
			best = t;
	}
	*sum = checksum(out, n);
	return (double)n / best;
}

/* Inputs, other than NaN, on which the two outputs differ. */
static size_t
mismatches(const float *in, const uint16_t *a, const uint16_t *b, size_t n)
{
	size_t bad = 0;
	for (size_t i = 0; i < n; i++)
		bad += !isnan(in[i]) && a[i] != b[i];
	return bad;
}

static void
report(const char *fmt, const char *ref, const char *goal, double core,
    double hw, size_t bad)
{
	double ratio = hw / core;

	printf("%s: core %.1f M/s, %s %.1f M/s: the core takes %.2fx as long\n",
	    fmt, core / 1e6, ref, hw / 1e6, ratio);
	printf("  goal: within 2x of %s: %s\n", goal,
	    ratio <= 2.0 ? "met" : "NOT met");
	if (bad)
		printf("  WARNING: %zu non-NaN inputs convert differently\n", bad);
	else
		printf("  results agree on every non-NaN input\n");
}

int
main(void)
{
	size_t n = NVALUES;
	float *in = malloc(n * sizeof *in);
	uint16_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	uint64_t sa, sb;

	if (in == NULL || a == NULL || b == NULL) {
		fprintf(stderr, "bench_fp: out of memory\n");
		return 1;
	}
	make_inputs(in, n);
	printf("bench_fp: %zu float32 inputs, best of %d runs\n", n, RUNS);

	double core = measure(core_fp16, in, a, n, &sa);
#ifdef HAVE_FLOAT16
	double hw = measure(cast_fp16, in, b, n, &sb);
	report("fp16", "(_Float16)f", "the hardware cast", core, hw,
	    mismatches(in, a, b, n));
#else
	sb = 0;
	printf("fp16: core %.1f M/s; the compiler has no _Float16, "
	    "so there is no hardware cast to compare with\n", core / 1e6);
#endif

	core = measure(core_bf16, in, a, n, &sa);
	double ref = measure(ref_bf16, in, b, n, &sb);
	report("bf16", BF16_REF, "that reference", core, ref,
	    mismatches(in, a, b, n));

	printf("  (checksums %016llx %016llx, flags %#x)\n",
	    (unsigned long long)sa, (unsigned long long)sb, core_flags);
	free(in);
	free(a);
	free(b);
	return 0;
}
