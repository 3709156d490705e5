/*
 * check_fp_exhaustive.c — every bit pattern, checked against oracles that
 * share nothing with src/fp:
 *
 *  - every pattern of fp16, bf16, tf32, e4m3 and e5m2: fp_classify against
 *    a classification computed here from the fields, fp_decode against the
 *    textbook formula and against the hardware where the format is a slice
 *    of one the compiler knows (_Float16, float), fp_encode back to itself;
 *    fp_fields_of, fp_ulp, fp_next_up/down (against the sorted list of all
 *    values) and the bit-by-bit decode of fp_explain_bits/_formula;
 *  - every one of the 2^32 float32 patterns, through the fast array path
 *    (fp_encode_floats, a chunk at a time, each value's flags apart) into
 *    fp16 (compared with the compiler's (_Float16)f) and into bf16
 *    (compared with the round-to-nearest-even bit trick AND checked to be no
 *    farther than either neighbour, ties on the even mantissa), and widened
 *    to double through fp_encode into fp32 (must come back bit for bit);
 *    the flags of each are checked against what the exact values say they
 *    must be;
 *  - the fast path against the general rounding (the walk's bits and
 *    flags) on a sample of four million float32 patterns, every format.
 *
 * The first group is in check_fp_exhaustive_patterns.c, the mismatch
 * collectors the two files share in fpx_test.c.
 *
 * The 2^32 loop runs on two threads, one half of the range each.  Check's
 * ck_assert writes to a pipe on every call, so the loops count mismatches
 * themselves and assert once at the end, printing the first few.
 *
 * FPTUTOR_FLOAT_STRIDE=N (odd, default 1) checks every Nth float32 pattern
 * only: .ci/run sets it for the sanitizer build, where the full loop would
 * take most of an hour.  An odd stride still visits every residue of the
 * low mantissa bits, so ties, halfway cases and subnormals are all met.
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "fpx_test.h"

/* ---- 2. all 2^32 floats into fp16, bf16 and fp32 ---------------------- */

/* A 16-bit format's positive values, patterns 0 .. top, where top is the
 * inf pattern and holds 2^(emax+1), the value the next binade would start
 * at: rounding there is overflow. */
struct tab {
	const struct ref_fmt *r;
	uint32_t top;
	double minnorm;
	double val[0x7f81];
};
static struct tab t16, tbf;

static void
fill(struct tab *t, fp_id id, uint32_t top)
{
	t->r = &REF[id];
	t->top = top;
	t->minnorm = ldexp(1.0, 1 - t->r->bias);
	for (uint32_t p = 0; p < top; p++)
		t->val[p] = ref_raw(t->r, p);
	t->val[top] = ref_raw(t->r, top);
}

/* Is the magnitude pattern m a nearest value to ax, ties on an even m?
 * Differences are exact: a float and a nearby value of a narrower format
 * span fewer than 53 bits. */
static bool
is_nearest(const struct tab *t, uint32_t m, double ax)
{
	double d = fabs(ax - t->val[m]);
	bool tie = false;

	if (m < t->top) {
		double dn = fabs(ax - t->val[m + 1]);
		if (dn < d)
			return false;
		tie |= dn == d;
	}
	/* Below +0 the neighbour is the smallest negative subnormal. */
	double dp = m > 0 ? fabs(ax - t->val[m - 1]) : ax + t->val[1];
	if (dp < d)
		return false;
	tie |= dp == d;
	return !tie || (m & 1) == 0;
}

/* The flags a rounding of finite ax to magnitude pattern m must raise. */
static unsigned
want_flags(const struct tab *t, uint32_t m, double ax)
{
	unsigned fl = 0;

	if (m == t->top || t->val[m] != ax)
		fl |= FP_FLAG_INEXACT;
	if (m == t->top)
		fl |= FP_FLAG_OVERFLOW;
	if (ax < t->minnorm && (fl & FP_FLAG_INEXACT))
		fl |= FP_FLAG_UNDERFLOW;	/* tiny before rounding */
	if (m != 0 && m < (1u << t->r->mbits))
		fl |= FP_FLAG_SUBNORMAL;
	return fl;
}

/* bf16 as the top half of a float, round-to-nearest-even on the low half:
 * a carry walks into the exponent, and past the max into inf, by itself. */
static uint32_t
bf16_trick(uint32_t u)
{
	return (u + 0x7fffu + ((u >> 16) & 1)) >> 16;
}

struct job {
	uint64_t lo, hi, stride;
	struct fx_failures f16, bf, f32;
};

/* One 16-bit result: sign, NaN, flags, and (if asked) nearest-even. */
static void
check16(struct fx_failures *fs, const struct tab *t, bool nearest, uint32_t u,
    float x, uint32_t got, unsigned fl)
{
	uint32_t m = got & 0x7fff;
	double ax = fabs((double)x);
	unsigned wf = 0;
	bool ok;

	if (isnan(x))
		ok = ref_class(t->r, got) == FP_CLASS_NAN;
	else if (got >> 15 != u >> 31 || m > t->top)
		ok = false;
	else if (isinf(x))
		ok = m == t->top;
	else {
		ok = !nearest || is_nearest(t, m, ax);
		wf = want_flags(t, m, ax);
	}
	if (!ok || fl != wf)
		fx_note(fs, "in 0x%08x (%a): got 0x%04x flags %#x (want flags %#x)%s",
		    u, (double)x, got, fl, wf, ok ? "" : ", not the nearest-even value");
}

/* The float32 patterns go through the fast path a chunk at a time. */
#define CHUNK 4096

static void *
run_floats(void *arg)
{
	struct job *j = arg;
	const fp_format *f16 = fp_format_get(FP_FP16);
	const fp_format *fbf = fp_format_get(FP_BF16);
	const fp_format *f32 = fp_format_get(FP_FP32);
	float xs[CHUNK];
	uint32_t us[CHUNK];
	uint16_t hs[CHUNK], bs[CHUNK];
	uint8_t hfl[CHUNK], bfl[CHUNK];

	for (uint64_t i0 = j->lo; i0 < j->hi; ) {
		size_t n = 0;
		for (; n < CHUNK && i0 < j->hi; n++, i0 += j->stride) {
			us[n] = (uint32_t)i0;
			memcpy(&xs[n], &us[n], sizeof xs[n]);
		}
		/* The array path, each value's flags apart, then the OR of
		 * them all, which must be what the chunk's call reports. */
		unsigned or16 = 0, orbf = 0, all16 = 0, allbf = 0;
		ck_assert(fp_encode_floats(f16, xs, hs, hfl, n, &all16));
		ck_assert(fp_encode_floats(fbf, xs, bs, bfl, n, &allbf));

		for (size_t e = 0; e < n; e++) {
			uint32_t u = us[e];
			float x = xs[e];
			double d = x;
			unsigned fl = 0;

			/* fp16: the compiler's conversion (one F16C instruction) is
			 * the oracle; without _Float16, nearest-even by neighbours. */
			uint32_t h = hs[e];
			or16 |= hfl[e];
#ifdef HAVE_FLOAT16
			__extension__ _Float16 hv = (_Float16)x;
			uint16_t hb;
			memcpy(&hb, &hv, sizeof hb);
			if (!isnan(x) && h != hb)
				fx_note(&j->f16, "in 0x%08x (%a): expected 0x%04x, got 0x%04x",
				    u, d, hb, h);
			else	/* NaN, and the flags, from the exact values */
				check16(&j->f16, &t16, false, u, x, h, hfl[e]);
#else
			check16(&j->f16, &t16, true, u, x, h, hfl[e]);
#endif

			/* bf16: the classic bit trick... */
			uint32_t b = bs[e];
			orbf |= bfl[e];
			if (!isnan(x)) {
				uint32_t want = bf16_trick(u);
				if (b != want)
					fx_note(&j->bf, "in 0x%08x (%a): expected 0x%04x, got 0x%04x",
					    u, d, want, b);
			}
			/* ...and, independently, the definition: no neighbour nearer. */
			check16(&j->bf, &tbf, true, u, x, b, bfl[e]);

			/* fp32, one value at a time: every float is exact; it must
			 * come back unchanged. */
			uint32_t s = fp_encode(f32, d, &fl);
			if (isnan(x) ? ref_class(&REF[FP_FP32], s) != FP_CLASS_NAN ||
				s >> 31 != u >> 31 || fl :
			    s != u || fl != (ref_class(&REF[FP_FP32], u) == FP_CLASS_SUBNORMAL
				? FP_FLAG_SUBNORMAL : 0u))
				fx_note(&j->f32, "in 0x%08x (%a): got 0x%08x flags %#x",
				    u, d, s, fl);
		}
		if (or16 != all16)
			fx_note(&j->f16, "chunk from 0x%08x: flags %#x, each value's OR %#x",
			    us[0], all16, or16);
		if (orbf != allbf)
			fx_note(&j->bf, "chunk from 0x%08x: flags %#x, each value's OR %#x",
			    us[0], allbf, orbf);
	}
	return NULL;
}

START_TEST(test_all_floats)
{
	struct job jobs[2];
	pthread_t th[2];

	fill(&t16, FP_FP16, 0x7c00);
	fill(&tbf, FP_BF16, 0x7f80);
	memset(jobs, 0, sizeof jobs);
	const char *env = getenv("FPTUTOR_FLOAT_STRIDE");
	char *end = NULL;
	unsigned long stride = env && *env ? strtoul(env, &end, 10) : 1;
	ck_assert_msg(stride % 2 == 1 && (end == NULL || *end == '\0'),
	    "FPTUTOR_FLOAT_STRIDE must be an odd number, not '%s'", env);
	if (stride > 1)
		fprintf(stderr, "float32 sweep: every %luth pattern (FPTUTOR_FLOAT_STRIDE)\n",
		    stride);
	for (int t = 0; t < 2; t++) {
		jobs[t].stride = stride;
		jobs[t].lo = (UINT64_C(1) << 31) * (uint64_t)t;
		jobs[t].hi = jobs[t].lo + (UINT64_C(1) << 31);
		ck_assert_int_eq(pthread_create(&th[t], NULL, run_floats, &jobs[t]), 0);
	}
	for (int t = 0; t < 2; t++)
		ck_assert_int_eq(pthread_join(th[t], NULL), 0);

	/* Each thread's first mismatches go to stderr, the very first into
	 * the failure message. */
	const struct fx_failures *all[6] = { &jobs[0].f16, &jobs[1].f16, &jobs[0].bf,
	    &jobs[1].bf, &jobs[0].f32, &jobs[1].f32 };
	const char *what[3] = { "float->fp16", "float->bf16", "float->fp32" };
	const char *first = NULL;
	unsigned long n[3] = { 0, 0, 0 };
	for (int k = 0; k < 6; k++) {
		for (unsigned long i = 0; i < all[k]->count && i < FX_NKEEP; i++)
			fprintf(stderr, "%s: %s\n", what[k / 2], all[k]->first[i]);
		if (all[k]->count && !first)
			first = all[k]->first[0];
		n[k / 2] += all[k]->count;
	}
	ck_assert_msg(!first, "mismatches: fp16 %lu, bf16 %lu, fp32 %lu; first: %s",
	    n[0], n[1], n[2], first ? first : "");
}
END_TEST

/* The fast path against the general rounding that records the walk, on
 * a large sample: every 1021st float32 pattern (an odd stride: every
 * residue of the low bits is met), every other one with its low bits
 * cleared so that ties are common, into every format, through
 * fp_encode one at a time and, for the formats of 16 bits or fewer,
 * fp_encode_floats.  check_fp_fast.c does the same on midpoints, random
 * doubles and every rounding mode. */
START_TEST(test_fast_vs_general)
{
	enum { N = 1024 };
	float xs[N];
	uint16_t out[N];
	uint8_t each[N];
	struct fx_failures fs = { 0 };

	for (uint64_t i0 = 0; i0 < UINT64_C(1) << 32; i0 += (uint64_t)N * 1021) {
		size_t n = 0;
		for (uint64_t i = i0; n < N && i < UINT64_C(1) << 32; i += 1021) {
			/* Every other one with a short tail: ties are common. */
			uint32_t u = (uint32_t)i, drop = n % 2 ? (uint32_t)n / 2 % 24 : 0;
			u = u >> drop << drop;
			memcpy(&xs[n++], &u, sizeof u);
		}
		for (int id = 0; id < FP_NFORMATS; id++) {
			const fp_format *f = fp_format_get((fp_id)id);
			bool arr = fp_encode_floats(f, xs, out, each, n, NULL);
			for (size_t e = 0; e < n; e++) {
				fp_real r = { .lo = xs[e], .sticky = false };
				fp_walk w;
				unsigned fl = 0;
				uint32_t b = fp_encode(f, xs[e], &fl);
				fp_explain_round(f, &r, &w);
				if (b != w.bits || fl != w.flags)
					fx_note(&fs, "%s %a: fp_encode 0x%x/%#x, walk 0x%x/%#x",
					    f->name, (double)xs[e], b, fl, w.bits, w.flags);
				if (arr && (out[e] != w.bits || each[e] != w.flags))
					fx_note(&fs, "%s %a: fp_encode_floats 0x%x/%#x, walk "
					    "0x%x/%#x", f->name, (double)xs[e], out[e],
					    each[e], w.bits, w.flags);
			}
		}
	}
	fx_report("fast vs general", &fs);
}
END_TEST

/* The oracle itself must be sharp: fed a wrong answer, is_nearest and the
 * bit trick must object, or the big loop could pass anything. */
START_TEST(test_oracle_sanity)
{
	fill(&t16, FP_FP16, 0x7c00);
	fill(&tbf, FP_BF16, 0x7f80);
	/* 2049 in fp16: 2048 (0x6800, even) is right, 2050 (0x6801) is not. */
	ck_assert(is_nearest(&t16, 0x6800, 2049.0));
	ck_assert(!is_nearest(&t16, 0x6801, 2049.0));
	ck_assert(!is_nearest(&t16, 0x6800, 2049.5));
	/* 65520 ties between 65504 (odd) and the inf pattern (even). */
	ck_assert(is_nearest(&t16, 0x7c00, 65520.0));
	ck_assert(!is_nearest(&t16, 0x7bff, 65520.0));
	ck_assert(is_nearest(&t16, 0x7bff, 65519.0));
	ck_assert_uint_eq(want_flags(&t16, 0x7c00, 65520.0), FP_FLAG_OVERFLOW | FP_FLAG_INEXACT);
	/* Half the smallest subnormal ties to +0. */
	ck_assert(is_nearest(&t16, 0, 0x1p-25));
	ck_assert(!is_nearest(&t16, 1, 0x1p-25));
	ck_assert_uint_eq(want_flags(&t16, 1, 0x1.8p-25),
	    FP_FLAG_INEXACT | FP_FLAG_UNDERFLOW | FP_FLAG_SUBNORMAL);
	ck_assert_uint_eq(want_flags(&t16, 0x3c00, 1.0), 0);
	/* bf16 bit trick: 0x3f808000 is a tie, stays on even 0x3f80;
	 * 0x3f818000 ties up to 0x3f82; the largest float goes to inf. */
	ck_assert_uint_eq(bf16_trick(0x3f808000u), 0x3f80);
	ck_assert_uint_eq(bf16_trick(0x3f818000u), 0x3f82);
	ck_assert_uint_eq(bf16_trick(0x7f7fffffu), 0x7f80);
	ck_assert(!is_nearest(&tbf, 0x3f81, 1.0 + 0x1p-8));
}
END_TEST

static Suite *
exhaustive_suite(void)
{
	Suite *s = suite_create("fp exhaustive");
	TCase *tc = tcase_create("patterns");

	tcase_set_timeout(tc, 600);
	tcase_add_checked_fixture(tc, fx_reset, NULL);
	fx_patterns_tests(tc);		/* check_fp_exhaustive_patterns.c */
	tcase_add_test(tc, test_oracle_sanity);
	tcase_add_test(tc, test_fast_vs_general);
	suite_add_tcase(s, tc);

	tc = tcase_create("all floats");
	tcase_set_timeout(tc, 1800);	/* ~1.5 min on 2 idle cores; wall clock */
	tcase_add_test(tc, test_all_floats);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(exhaustive_suite());
	int failures;

	srunner_run_all(sr, CK_NORMAL);
	failures = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failures ? 1 : 0;
}
