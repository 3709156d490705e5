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

/* The core one value at a time: fp_encode of the widened float. */
static void
one_by_one(fp_id id, const float *in, uint16_t *out, size_t n)
{
	const fp_format *f = fp_format_get(id);
	unsigned fl = 0;
	for (size_t i = 0; i < n; i++)
		out[i] = (uint16_t)fp_encode(f, (double)in[i], &fl);
	core_flags |= fl;
}

/* The core's array path, fp_encode_floats: what bulk conversion calls. */
static void
array(fp_id id, const float *in, uint16_t *out, size_t n)
{
	unsigned fl = 0;
	if (!fp_encode_floats(fp_format_get(id), in, out, NULL, n, &fl))
		abort();
	core_flags |= fl;
}

static void
one_fp16(const float *in, uint16_t *out, size_t n)
{
	one_by_one(FP_FP16, in, out, n);
}

static void
one_bf16(const float *in, uint16_t *out, size_t n)
{
	one_by_one(FP_BF16, in, out, n);
}

static void
array_fp16(const float *in, uint16_t *out, size_t n)
{
	array(FP_FP16, in, out, n);
}

static void
array_bf16(const float *in, uint16_t *out, size_t n)
{
	array(FP_BF16, in, out, n);
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

static double
timed(kernel_fn *k, const float *in, uint16_t *out, size_t n)
{
	double t0 = now();
	k(in, out, n);
	return now() - t0;
}

/* A paired run: the kernels take turns, so a machine busy for a while
 * slows each alike; conversions per second of each, best of RUNS after a
 * warm-up, into rate[].  The last kernel's output stays in out[0..]. */
static void
paired(kernel_fn *const *k, int nk, const float *in, uint16_t *const *out,
    size_t n, double *rate)
{
	double best[4];

	for (int j = 0; j < nk; j++) {
		k[j](in, out[j], n);
		best[j] = HUGE_VAL;
	}
	for (int r = 0; r < RUNS; r++)
		for (int j = 0; j < nk; j++) {
			double t = timed(k[j], in, out[j], n);
			if (t < best[j])
				best[j] = t;
		}
	for (int j = 0; j < nk; j++)
		rate[j] = (double)n / best[j];
}

/* Inputs on which the outputs differ: any, or (nan_too false) non-NaN. */
static size_t
differ(const float *in, const uint16_t *a, const uint16_t *b, size_t n,
    bool nan_too)
{
	size_t bad = 0;
	for (size_t i = 0; i < n; i++)
		bad += (nan_too || !isnan(in[i])) && a[i] != b[i];
	return bad;
}

/* rate[0] the array path, rate[1] one at a time, rate[2] the reference. */
static void
report(const char *fmt, const char *ref, const double *rate, size_t bad,
    size_t bad_one)
{
	double ratio = rate[2] / rate[0];

	printf("%s: core %.1f M/s (fp_encode_floats), %s %.1f M/s: "
	    "ratio %.2f\n", fmt, rate[0] / 1e6, ref, rate[2] / 1e6, ratio);
	printf("  goal: the core within 2x of %s: %s\n", ref,
	    ratio <= 2.0 ? "met" : "NOT met");
	printf("  one value at a time, fp_encode((double)f): %.1f M/s, "
	    "ratio %.2f\n", rate[1] / 1e6, rate[2] / rate[1]);
	if (bad || bad_one)
		printf("  WARNING: %zu non-NaN inputs convert differently from %s, "
		    "%zu between the core's two paths\n", bad, ref, bad_one);
	else
		printf("  results agree with %s on every non-NaN input, the core's "
		    "two paths on every input\n", ref);
}

int
main(void)
{
	size_t n = NVALUES;
	float *in = malloc(n * sizeof *in);
	uint16_t *out[3];
	double rate[3];

	for (int j = 0; j < 3; j++)
		out[j] = malloc(n * sizeof *out[j]);
	if (in == NULL || out[0] == NULL || out[1] == NULL || out[2] == NULL) {
		fprintf(stderr, "bench_fp: out of memory\n");
		return 1;
	}
	make_inputs(in, n);
	printf("bench_fp: %zu float32 inputs, paired runs (the kernels take "
	    "turns), best of %d\n", n, RUNS);

#ifdef HAVE_FLOAT16
	kernel_fn *k16[3] = { array_fp16, one_fp16, cast_fp16 };
	paired(k16, 3, in, out, n, rate);
	report("fp16", "(_Float16)f", rate, differ(in, out[0], out[2], n, false),
	    differ(in, out[0], out[1], n, true));
#else
	kernel_fn *k16[2] = { array_fp16, one_fp16 };
	paired(k16, 2, in, out, n, rate);
	printf("fp16: core %.1f M/s, one at a time %.1f M/s; the compiler has "
	    "no _Float16, so there is no hardware cast to compare with\n",
	    rate[0] / 1e6, rate[1] / 1e6);
#endif
	uint64_t s16 = checksum(out[0], n);

	kernel_fn *kbf[3] = { array_bf16, one_bf16, ref_bf16 };
	paired(kbf, 3, in, out, n, rate);
	report("bf16", BF16_REF, rate, differ(in, out[0], out[2], n, false),
	    differ(in, out[0], out[1], n, true));

	printf("  (checksums %016llx %016llx, flags %#x)\n",
	    (unsigned long long)s16, (unsigned long long)checksum(out[0], n),
	    core_flags);
	free(in);
	for (int j = 0; j < 3; j++)
		free(out[j]);
	return 0;
}
