/*
 * check_tensor_wide.c — check_tensor's F32 and F64 tensors too large to
 * keep every error in memory, whose median comes from a band planned on a
 * sample (src/tensor/band.c): every figure against check_tensor.c's
 * oracle (a brute-force nearest search per value, the median by sorting
 * all the errors).  The band must hit on spread data, and the median must
 * come out the same when it misses: a sample that sees only small errors
 * (the median is above the band), only flushed values (below), and errors
 * that are all one value (more inside the band than the buffer holds);
 * and a tensor read on two threads gives the figures it gives on one.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tensor/band.h"
#include "tensor/tensor.h"
#include "tensor_fix.h"

/* The file in b (its tensor of values v, srcsub[i] when v[i] is subnormal
 * in its dtype) in o's formats, against the oracle; b's bytes freed. */
static void
check_file(fix_buf *b, const char *stem, const double *v, size_t n,
    const bool *srcsub, const tensor_stats_opts *o)
{
	tensor_file *tf = open_ok(b, stem);
	tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], o);

	ck_assert_ptr_nonnull(st);
	check_figures(st, v, n, srcsub);
	tensor_stats_free(st);
	tensor_file_close(tf);
	free(b->p);
}

void
check_f32(const double *v, size_t n, const fp_id *fmts, int nfmt)
{
	fix_buf data = { 0 }, b = { 0 };
	bool *sub = malloc(n * sizeof *sub);
	char json[200];

	ck_assert_ptr_nonnull(sub);
	for (size_t i = 0; i < n; i++) {
		sub[i] = fpclassify((float)v[i]) == FP_SUBNORMAL;
		fix_le(&data, fix_f32_bits((float)v[i]), 4);
	}
	snprintf(json, sizeof json, "{\"g\":{\"dtype\":\"F32\",\"shape\":[%zu],"
	    "\"data_offsets\":[0,%zu]}}", n, n * 4);
	fix_st(&b, json, data.p, data.n);
	tensor_stats_opts o = opts(false);
	for (int k = 0; k < nfmt; k++)
		o.fmts[k] = fp_format_get(fmts[k]);
	o.nfmt = nfmt;
	check_file(&b, NULL, v, n, sub, &o);
	free(sub);
	free(data.p);
}

/* Spread values, big-endian, through .npy: more than the band's buffer
 * holds (a million F32 values), so a sample plans the band. */
START_TEST(sampled_f32_big_endian)
{
	size_t n = 1100007;
	double *v = malloc(n * sizeof *v);
	bool *sub = malloc(n * sizeof *sub);
	fix_buf data = { 0 }, b = { 0 };
	char dict[120];

	sample(v, n, 7);
	for (size_t i = 0; i < n; i++) {
		v[i] = (float)v[i];
		sub[i] = fpclassify((float)v[i]) == FP_SUBNORMAL;
		fix_be(&data, fix_f32_bits((float)v[i]), 4);
	}
	snprintf(dict, sizeof dict, "{'descr': '>f4', 'fortran_order': False, "
	    "'shape': (%zu,), }", n);
	fix_npy(&b, 1, dict, data.p, data.n);
	tensor_stats_opts o = opts(false);
	check_file(&b, "g", v, n, sub, &o);
	free(v);
	free(sub);
	free(data.p);
}
END_TEST

/* Doubles that are not floats (and a double subnormal), past the F64
 * buffer (half a million), cast into fp32 as well. */
START_TEST(sampled_f64)
{
	size_t n = 530011;
	double *v = malloc(n * sizeof *v);
	bool *sub = malloc(n * sizeof *sub);
	fix_buf data = { 0 }, b = { 0 };
	char json[200];

	sample(v, n, 8);
	v[n / 2] = 0x1p-1070;
	for (size_t i = 0; i < n; i++) {
		sub[i] = fpclassify(v[i]) == FP_SUBNORMAL;
		fix_le(&data, fix_f64_bits(v[i]), 8);
	}
	snprintf(json, sizeof json, "{\"g\":{\"dtype\":\"F64\",\"shape\":[%zu],"
	    "\"data_offsets\":[0,%zu]}}", n, n * 8);
	fix_st(&b, json, data.p, data.n);
	tensor_stats_opts o = opts(false);
	o.fmts[o.nfmt++] = fp_format_get(FP_FP32);
	check_file(&b, NULL, v, n, sub, &o);
	free(v);
	free(sub);
	free(data.p);
}
END_TEST

/* The sample is 256 runs of at most 4096 values, one at the start of
 * every 256th of the tensor (src/tensor/wide.c): with 12288 values
 * between runs, the first third of each stretch holds all it sees.  There the values are
 * (k + 1/64) 2^-24, k from 512 to 1023: a small error in fp16, flushed in
 * e4m3; elsewhere they are spread over 2^-5 .. 2^5, with larger errors,
 * all but never twice the same.  The median lies among those: for fp16
 * above its band, for e4m3 below it (not flushed); both take further
 * passes, and a rank wrong by one there would show. */
START_TEST(band_missed)
{
	size_t n = 256 * 12288;
	double *v = malloc(n * sizeof *v);
	static const fp_id f[] = { FP_FP16, FP_E4M3 };

	srand(9);
	for (size_t i = 0; i < n; i++) {
		double m = rand() / (double)RAND_MAX + 1;
		v[i] = i % 12288 < 4096 ? ldexp(512 + (double)(i % 512) + 0x1p-6, -24) :
		    (float)ldexp(rand() & 1 ? -m : m, rand() % 10 - 5);
	}
	check_f32(v, n, f, 2);
	free(v);
}
END_TEST

/* One significand at many exponents: fp16 and bf16 give every value the
 * same error, so the band holds them all, more than its buffer. */
START_TEST(band_overfull)
{
	size_t n = 1050000;
	double *v = malloc(n * sizeof *v);
	static const fp_id f[] = { FP_FP16, FP_BF16 };

	for (size_t i = 0; i < n; i++)
		v[i] = (float)ldexp(i & 1 ? -1.3 : 1.3, (int)(i % 21) - 10);
	check_f32(v, n, f, 2);
	free(v);
}
END_TEST

/* A tensor of several chunks (8 MiB each) is read on two threads, each
 * taking every other chunk, unless the loss scales are asked for too
 * (--grad): then on one.  Both must give the same figures, bit for bit;
 * the one-thread way is the oracle's to judge (above).  Spread values,
 * and one significand at many exponents: every value inside the band,
 * more than either thread's share of the buffer. */
static void
agree(const float *v, size_t n)
{
	fix_buf b = { 0 };
	char json[200];

	snprintf(json, sizeof json, "{\"g\":{\"dtype\":\"F32\",\"shape\":[%zu],"
	    "\"data_offsets\":[0,%zu]}}", n, n * 4);
	fix_st(&b, json, v, n * 4);
	tensor_file *tf = open_ok(&b, NULL);
	tensor_stats_opts o1 = opts(false), o2 = opts(true);
	o1.nfmt = o2.nfmt = 2;			/* fp16, bf16 */
	tensor_stats *two = tensor_stats_compute(tf, &tf->t[0], &o1);
	tensor_stats *one = tensor_stats_compute(tf, &tf->t[0], &o2);
	ck_assert(two && one);
	ck_assert(two->zeros == one->zeros && two->infs == one->infs &&
	    two->nans == one->nans && two->subnormals == one->subnormals &&
	    two->finite_nonzero == one->finite_nonzero && two->lo == one->lo &&
	    two->hi == one->hi);
	ck_assert(two->min_mag == one->min_mag && two->max_mag == one->max_mag);
	ck_assert(memcmp(two->hist, one->hist, sizeof two->hist) == 0);
	for (int k = 0; k < two->nfmt; k++) {
		const tensor_cast *a = &two->cast[k], *c = &one->cast[k];
		ck_assert_msg(a->flushed == c->flushed && a->subnormal == c->subnormal
		    && a->normal == c->normal && a->overflow == c->overflow &&
		    a->exact == c->exact && a->err_median == c->err_median &&
		    a->err_max == c->err_max, "%s: two threads and one differ",
		    two->fmts[k]->name);
	}
	tensor_stats_free(two);
	tensor_stats_free(one);
	tensor_file_close(tf);
	free(b.p);
}

START_TEST(two_threads_agree)
{
	size_t n = 5 * (4u << 20) + 12345;
	float *v = malloc(n * sizeof *v);

	ck_assert_ptr_nonnull(v);
	srand(10);
	for (size_t i = 0; i < n; i++) {
		double m = rand() / (double)RAND_MAX + 1;
		v[i] = (float)ldexp(rand() & 1 ? -m : m, rand() % 61 - 40);
	}
	v[7] = 0;
	v[n - 3] = NAN;
	agree(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = (float)ldexp(i & 1 ? -1.3 : 1.3, (int)(i % 21) - 10);
	agree(v, n);
	free(v);
}
END_TEST

/* The two threads' shares of the band's buffer (band.c): kept values
 * joined in full when each share held its own, and the whole counted as
 * lost (the median then found by another pass) when one share overflowed
 * even though the two together would have fitted. */
START_TEST(band_shares)
{
	for (int over = 0; over < 2; over++) {
		tensor_band b, p;
		double x = 1.5, y = 0.25;
		ck_assert(tensor_band_plan(&b, NULL, 0, 10, 8));
		ck_assert_uint_eq(b.cap, 10);
		ck_assert(tensor_band_split(&p, &b));
		ck_assert_uint_eq(b.cap + p.cap, 10);
		for (int i = 0; i < (over ? 6 : 5); i++)
			tensor_band_keep(&b, &x);
		for (int i = 0; i < 2; i++)
			tensor_band_keep(&p, &y);
		b.below = 3;
		p.below = 4;
		tensor_band_join(&b, &p);
		ck_assert_uint_eq(b.cap, 10);
		ck_assert_uint_eq(b.below, 7);
		if (over) {
			ck_assert_uint_gt(b.ncoll, b.cap);
		} else {
			ck_assert_uint_eq(b.ncoll, 7);
			double v;
			memcpy(&v, b.coll + 6 * 8, sizeof v);
			ck_assert(v == y);
		}
		tensor_band_free(&b);
	}
}
END_TEST

TCase *
tensor_wide_case(void)
{
	TCase *t = tcase_create("sampled median");
	tcase_set_timeout(t, 300);
	tcase_add_test(t, sampled_f32_big_endian);
	tcase_add_test(t, sampled_f64);
	tcase_add_test(t, band_missed);
	tcase_add_test(t, band_overfull);
	tcase_add_test(t, two_threads_agree);
	tcase_add_test(t, band_shares);
	return t;
}
