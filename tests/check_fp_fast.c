/*
 * check_fp_fast.c — the fast exact path of the format core (src/fp/fast.c:
 * fp_encode of a double, fp_encode_floats of an array, and the values of
 * a cast of an array, fp_cast_floats and fp_cast_doubles) against the general
 * rounding that records the walk (fp_encode_real, fp_explain_round), which
 * check_fp.c holds to an independent reference rounder and
 * check_fp_exhaustive.c to the hardware on every float32.  The two paths
 * must give the same bits and the same flags, on every value and midpoint
 * of the small formats, on random doubles anywhere (subnormal doubles, inf,
 * NaN payloads included), and in every floating-point rounding mode: the
 * fast path's floating-point steps are all exact, so the mode must not
 * matter.
 *
 * Loops count their mismatches and assert once at the end (fp_tally.h).
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "fp_tally.h"

/* The general path's answer, with and without the walk: they must agree
 * with each other before they can be the yardstick. */
static uint32_t
general(const fp_format *f, double x, unsigned *fl)
{
	fp_real r = { .lo = x, .sticky = false };
	fp_walk w;
	unsigned g = 0;
	uint32_t bits = fp_encode_real(f, &r, &g);

	fp_explain_round(f, &r, &w);
	if (w.bits != bits || w.flags != g)
		failf("%s %a: encode_real 0x%x/%#x, walk 0x%x/%#x", f->name, x, bits,
		    g, w.bits, w.flags);
	*fl = g;
	return bits;
}

/* The same value, or NaNs of the same sign. */
static bool
same_value(double a, double b)
{
	return isnan(a) ? isnan(b) && !signbit(a) == !signbit(b) :
	    a == b && !signbit(a) == !signbit(b);
}

/* The array casts to values (fp_cast_doubles, and fp_cast_floats when x
 * is a float): the value of the general path's bits, in the input's type. */
static void
check_values(const fp_format *f, double x, uint32_t want, const char *ctx)
{
	double wv = fp_decode(f, want), dv;
	float xf = (float)x, fv;

	fp_cast_doubles(f, &x, &dv, 1);
	if (!same_value(dv, wv))
		failf("%s %s %a: fp_cast_doubles %a, general %a (0x%x)", f->name, ctx,
		    x, dv, wv, want);
	if (!((double)xf == x || isnan(x)))
		return;
	if (isnan(x))		/* the narrowing may change the payload */
		wv = fp_decode(f, fp_encode(f, (double)xf, NULL));
	fp_cast_floats(f, &xf, &fv, 1);
	if (!same_value((double)fv, wv))
		failf("%s %s %a: fp_cast_floats %a, general %a", f->name, ctx, x,
		    (double)fv, wv);
}

/* x through the fast paths (the array ones when x is a float and the
 * format fits 16 bits), against the general path. */
static void
check_one(const fp_format *f, double x, const char *ctx)
{
	unsigned gfl, ffl = 0;
	uint32_t want = general(f, x, &gfl), got = fp_encode(f, x, &ffl);

	if (got != want || ffl != gfl)
		failf("%s %s %a: fp_encode 0x%x/%#x, general 0x%x/%#x", f->name, ctx,
		    x, got, ffl, want, gfl);
	check_values(f, x, want, ctx);
	float xf = (float)x;
	if (f->width > 16 || !((double)xf == x || (isnan(x) && isnan(xf))))
		return;
	uint16_t out = 0;
	uint8_t each = 0xff;
	unsigned all = 0;
	if (isnan(x))		/* the narrowing may change the payload */
		want = general(f, (double)xf, &gfl);
	if (!fp_encode_floats(f, &xf, &out, &each, 1, &all) || out != want ||
	    each != gfl || all != gfl)
		failf("%s %s %a: fp_encode_floats 0x%x/%#x (call %#x), general 0x%x/%#x",
		    f->name, ctx, x, out, each, all, want, gfl);
}

/* Every value of a small format, the midpoints to the next, a hair either
 * side of each, both signs. */
static void
midpoints(fp_id id)
{
	const struct ref_fmt *r = &REF[id];
	const fp_format *f = fp_format_get(id);

	for (uint32_t p = 0; p <= r->max_bits; p++) {
		double v = ref_raw(r, p), mid = (v + ref_raw(r, p + 1)) / 2;
		double xs[] = { v, mid, nextafter(mid, 0), nextafter(mid, INFINITY),
		    nextafter(v, 0), nextafter(v, INFINITY) };
		for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
			check_one(f, xs[i], "mid");
			check_one(f, -xs[i], "mid");
		}
	}
}

START_TEST(test_midpoints)
{
	for (size_t k = 0; k < NSMALL; k++)
		midpoints(SMALL[k]);
	done();
}
END_TEST

/* Random doubles: any bit pattern, and ones near each format's range with
 * short tails, so ties and lone low bits are common. */
START_TEST(test_random)
{
	for (int id = 0; id < FP_NFORMATS; id++) {
		const fp_format *f = fp_format_get((fp_id)id);
		const struct ref_fmt *r = &REF[id];
		int lo = 1 - r->bias - r->mbits - 3, span = r->bias + 6 - lo;
		for (int i = 0; i < 200000; i++) {
			uint64_t u = rnd64(), s = rnd64();
			double x;
			if (i % 4 == 0) {
				memcpy(&x, &u, sizeof x);
			} else {
				int drop = (int)((s >> 32) % 53);
				x = ldexp(1.0 + ldexp((double)(u >> 12 >> drop << drop), -52),
				    lo + (int)(s % (uint64_t)span));
				x = s >> 63 ? -x : x;
			}
			check_one(f, x, "random");
		}
		/* The edges of double itself. */
		double edge[] = { 0.0, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp-1023,
		    0x1.fffffffffffffp1023, INFINITY, NAN, 1.0 };
		for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
			check_one(f, edge[i], "edge");
			check_one(f, -edge[i], "edge");
		}
	}
	done();
}
END_TEST

/* The fast path's floating-point steps are exact, so another rounding
 * mode must change nothing: the same bits and flags as in the default. */
START_TEST(test_rounding_modes)
{
	static const int modes[] = { FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };
	enum { N = 4096 };
	static float in[N];
	static uint16_t want[N], got[N];
	static uint8_t wfl[N], gfl[N];
	/* fp16's subnormal range and around it, where the scaling is used. */
	for (int i = 0; i < N; i++) {
		uint32_t u = (uint32_t)rnd64();
		u = (u & 0x80ffffffu) | (uint32_t)(96 + i % 24) << 23;
		memcpy(&in[i], &u, sizeof u);
	}
	for (int k = 0; k < FP_NFORMATS; k++) {
		const fp_format *f = fp_format_get((fp_id)k);
		if (f->width > 16)
			continue;
		ck_assert(fp_encode_floats(f, in, want, wfl, N, NULL));
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			ck_assert_int_eq(fesetround(modes[m]), 0);
			fp_encode_floats(f, in, got, gfl, N, NULL);
			for (int i = 0; i < N; i++) {
				unsigned fl = 0;
				uint32_t one = fp_encode(f, (double)in[i], &fl);
				if (got[i] != want[i] || gfl[i] != wfl[i] ||
				    one != want[i] || fl != wfl[i])
					failf("%s mode %zu %a: 0x%x/%#x and 0x%x/%#x, "
					    "default 0x%x/%#x", f->name, m, (double)in[i],
					    got[i], gfl[i], one, fl, want[i], wfl[i]);
			}
			fesetround(FE_TONEAREST);
		}
	}
	done();
}
END_TEST

/* An array with no per-value flags (each == NULL: fp16 may take the
 * CPU's own conversion, fast.c) gives each value's bits and, together,
 * every flag the general path raises for some value of it: blocks of
 * random patterns, of fp16's subnormal and overflow edges, of NaN and
 * inf, of lengths that leave a tail, in every rounding mode. */
START_TEST(test_array_flags)
{
	static const int modes[] = { FE_TONEAREST, FE_UPWARD, FE_TOWARDZERO };
	enum { N = 61 };
	float in[N];
	uint16_t out[N];
	for (int k = 0; k < FP_NFORMATS; k++) {
		const fp_format *f = fp_format_get((fp_id)k);
		if (f->width > 16)
			continue;
		for (int blk = 0; blk < 4000; blk++) {
			int len = 1 + blk % N, kind = blk % 5;
			for (int i = 0; i < len; i++) {
				uint32_t u = (uint32_t)rnd64();
				if (kind == 1)	/* around fp16's smallest normal and below */
					u = (u & 0x80ffffffu) | (uint32_t)(96 + (u >> 7) % 24) << 23;
				else if (kind == 2)	/* around its largest value */
					u = (u & 0x807fffffu) | (uint32_t)(140 + (u >> 9) % 4) << 23;
				else if (kind == 3 && i % 7 == 0)	/* a NaN or an inf among them */
					u |= 0x7f800000u;
				else if (kind == 4)	/* exact values: nothing raised */
					u &= 0xbfffe000u;
				memcpy(&in[i], &u, sizeof u);
			}
			for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
				ck_assert_int_eq(fesetround(modes[m]), 0);
				unsigned all = 0, want = 0;
				ck_assert(fp_encode_floats(f, in, out, NULL, (size_t)len, &all));
				for (int i = 0; i < len; i++) {
					unsigned fl = 0;
					uint32_t one = fp_encode(f, (double)in[i], &fl);
					want |= fl;
					if (out[i] != one)
						failf("%s block %d mode %zu %a: 0x%x, general 0x%x",
						    f->name, blk, m, (double)in[i], out[i], one);
				}
				if (all != want)
					failf("%s block %d mode %zu: flags %#x, general %#x",
					    f->name, blk, m, all, want);
				fesetround(FE_TONEAREST);
			}
		}
	}
	done();
}
END_TEST

/* The array casts to values on long arrays, where the vector loop runs
 * (a call on one value runs only its tail): float32 patterns of every
 * exponent field with short tails, every NaN and inf, and doubles around
 * each format's range, against the general path value by value; then the
 * same arrays in every rounding mode (integer arithmetic: no difference). */
START_TEST(test_cast_arrays)
{
	enum { N = 8192 };
	static float fin[N], fout[N], fmode[N];
	static double din[N], dout[N];
	static const int modes[] = { FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };

	for (int id = 0; id < FP_NFORMATS; id++) {
		const fp_format *f = fp_format_get((fp_id)id);
		for (int rep = 0; rep < 16; rep++) {
			for (int i = 0; i < N; i++) {
				uint64_t r = rnd64();
				uint32_t drop = (uint32_t)(r >> 40) % 24;
				uint32_t u = ((uint32_t)r & 0x807fffffu) >> drop << drop;
				u |= (uint32_t)(i % 256) << 23;
				memcpy(&fin[i], &u, sizeof u);
				int e = 1 - f->bias - f->man_bits - 3 + (int)((r >> 32) %
				    (uint64_t)(2 * f->bias + f->man_bits + 8));
				din[i] = ldexp(1.0 + ldexp((double)(rnd64() >> 12 >> drop << drop),
				    -52), e) * (r >> 63 ? -1 : 1);
			}
			fp_cast_floats(f, fin, fout, N);
			fp_cast_doubles(f, din, dout, N);
			for (int i = 0; i < N; i++) {
				uint32_t b = fp_encode(f, (double)fin[i], NULL);
				if (!same_value((double)fout[i], fp_decode(f, b)))
					failf("%s array %a: fp_cast_floats %a, general %a",
					    f->name, (double)fin[i], (double)fout[i],
					    fp_decode(f, b));
				unsigned fl;
				b = general(f, din[i], &fl);
				if (!same_value(dout[i], fp_decode(f, b)))
					failf("%s array %a: fp_cast_doubles %a, general %a",
					    f->name, din[i], dout[i], fp_decode(f, b));
			}
			for (size_t m = 0; rep == 0 && m < sizeof modes / sizeof modes[0];
			    m++) {
				ck_assert_int_eq(fesetround(modes[m]), 0);
				fp_cast_floats(f, fin, fmode, N);
				fesetround(FE_TONEAREST);
				if (memcmp(fmode, fout, sizeof fout) != 0)
					failf("%s: fp_cast_floats differs in mode %zu", f->name, m);
			}
		}
	}
	done();
}
END_TEST

/* What the array call promises besides the values. */
START_TEST(test_array_api)
{
	float in[] = { 1.0f, 0x1p-20f, 70000.0f, -INFINITY, NAN, 1.5f };
	uint16_t out[6];
	uint8_t each[6];
	unsigned all = 0, fl;
	const fp_format *f16 = fp_format_get(FP_FP16);

	/* Wider than 16 bits: refused, nothing written. */
	memset(out, 0xab, sizeof out);
	ck_assert(!fp_encode_floats(fp_format_get(FP_FP32), in, out, NULL, 6, &all));
	ck_assert(!fp_encode_floats(fp_format_get(FP_TF32), in, out, NULL, 6, &all));
	ck_assert(out[0] == 0xabab && all == 0);
	/* Nothing to do, and NULL for both kinds of flags. */
	ck_assert(fp_encode_floats(f16, in, out, each, 0, &all) && all == 0);
	ck_assert(fp_encode_floats(f16, in, out, NULL, 6, NULL));
	/* The call's flags are the OR of each value's; sticky, as fp.h's are. */
	all = FP_FLAG_INVALID;
	ck_assert(fp_encode_floats(f16, in, out, each, 6, &all));
	unsigned ors = FP_FLAG_INVALID;
	for (int i = 0; i < 6; i++) {
		fl = 0;
		ck_assert_uint_eq(out[i], fp_encode(f16, (double)in[i], &fl));
		ck_assert_uint_eq(each[i], fl);
		ors |= fl;
	}
	/* By hand: 1 and 1.5 exact; 2^-20 is subnormal, exact; 70000
	 * overflows; -inf is exact; NaN raises nothing. */
	ck_assert_uint_eq(out[0], 0x3c00);
	ck_assert_uint_eq(each[1], FP_FLAG_SUBNORMAL);
	ck_assert_uint_eq(out[2], 0x7c00);
	ck_assert_uint_eq(each[2], FP_FLAG_OVERFLOW | FP_FLAG_INEXACT);
	ck_assert_uint_eq(out[3], 0xfc00);
	ck_assert_uint_eq(each[4], 0);
	ck_assert_uint_eq(all, ors);
	/* e4m3 has no inf: inf is invalid, and gives NaN. */
	float inf = INFINITY;
	all = 0;
	ck_assert(fp_encode_floats(fp_format_get(FP_E4M3), &inf, out, each, 1, &all));
	ck_assert_uint_eq(out[0], 0x7f);
	ck_assert_uint_eq(all, FP_FLAG_INVALID);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("fp fast path");
	TCase *tc = tcase_create("fast against general");
	SRunner *sr;
	int failures;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, reset, NULL);
	tcase_add_test(tc, test_midpoints);
	tcase_add_test(tc, test_random);
	tcase_add_test(tc, test_rounding_modes);
	tcase_add_test(tc, test_array_flags);
	tcase_add_test(tc, test_cast_arrays);
	tcase_add_test(tc, test_array_api);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failures = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failures ? 1 : 0;
}
