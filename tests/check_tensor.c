/*
 * check_tensor.c — the tensor readers and statistics (src/tensor) against
 * an oracle they do not share.  The files are written here byte by byte
 * (tensor_fix.h); every figure is recomputed from the values the test put
 * in: the source classes by fpclassify, the histogram by frexp, each cast
 * by the compiler's _Float16 (fp16) and by a brute-force nearest search
 * over the formats as fp_ref.h types them in (every format), the median
 * by sorting.  Files on disk and the bad files are check_tensor_io.c's,
 * tensors large enough for the sampled median check_tensor_wide.c's.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "tensor/tensor.h"
#include "tensor_fix.h"

/* ---- the oracle -------------------------------------------------------- */

#ifdef HAVE_FLOAT16
__extension__ typedef _Float16 half;
#endif

typedef struct ref_cast {
	bool overflow;
	fp_class cls;
	double value;
} ref_cast;

/* Round |v| to nearest, ties to the even pattern, by searching the
 * magnitudes of r in order; the pattern past the largest stands for the
 * first value that is too large. */
static ref_cast
ref_round(fp_id id, double v)
{
	const struct ref_fmt *r = &REF[id];
	double m = fabs(v);
	uint32_t lo = 0, hi = r->max_bits + 1;
	ref_cast out = { false, FP_CLASS_ZERO, 0 };

	if (m >= ref_raw(r, hi)) {
		out.overflow = true;
		return out;
	}
	while (hi - lo > 1) {		/* ref_raw(lo) <= m < ref_raw(hi) */
		uint32_t mid = lo + (hi - lo) / 2;
		if (ref_raw(r, mid) <= m)
			lo = mid;
		else
			hi = mid;
	}
	double a = ref_raw(r, lo), b = ref_raw(r, hi);
	uint32_t p = m - a < b - m ? lo : m - a > b - m ? hi : (lo & 1 ? hi : lo);
	if (p == r->max_bits + 1) {
		out.overflow = true;
		return out;
	}
	out.cls = ref_class(r, p);
	out.value = copysign(ref_raw(r, p), v);
	return out;
}

static int
cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static const fp_id TARGETS[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2, FP_TF32 };
#define NTARGETS ((int)(sizeof TARGETS / sizeof TARGETS[0]))

tensor_stats_opts
opts(bool scaled)
{
	tensor_stats_opts o = { .nfmt = NTARGETS, .scaled = scaled };
	for (int k = 0; k < NTARGETS; k++)
		o.fmts[k] = fp_format_get(TARGETS[k]);
	return o;
}

/* Every figure of st against values v[0..n-1]; srcsub says which of them
 * the source dtype holds as subnormals (its own classification). */
void
check_figures(const tensor_stats *st, const double *v, size_t n,
    const bool *srcsub)
{
	uint64_t zeros = 0, infs = 0, nans = 0, sub = 0, fnz = 0;
	double mn = INFINITY, mx = 0;
	uint64_t *hist = calloc(TENSOR_NBINS, sizeof *hist);
	double *errs = malloc((n ? n : 1) * sizeof *errs);

	ck_assert(hist && errs);
	for (size_t i = 0; i < n; i++) {
		if (v[i] == 0) { zeros++; continue; }
		if (isinf(v[i])) { infs++; continue; }
		if (isnan(v[i])) { nans++; continue; }
		fnz++;
		sub += srcsub[i];
		mn = fmin(mn, fabs(v[i]));
		mx = fmax(mx, fabs(v[i]));
		int e;
		frexp(v[i], &e);
		hist[e - 1 - TENSOR_LOG2_MIN]++;
	}
	ck_assert_uint_eq(st->count, n);
	ck_assert_uint_eq(st->zeros, zeros);
	ck_assert_uint_eq(st->infs, infs);
	ck_assert_uint_eq(st->nans, nans);
	ck_assert_uint_eq(st->subnormals, sub);
	ck_assert_uint_eq(st->finite_nonzero, fnz);
	if (fnz) {
		ck_assert(st->min_mag == mn);
		ck_assert(st->max_mag == mx);
	}
	for (int b = 0; b < TENSOR_NBINS; b++)
		ck_assert_msg(st->hist[b] == hist[b], "bin %d: %llu, want %llu",
		    b + TENSOR_LOG2_MIN, (unsigned long long)st->hist[b],
		    (unsigned long long)hist[b]);
	for (int k = 0; k < st->nfmt; k++) {
		fp_id id = st->fmts[k]->id;
		uint64_t fl = 0, sb = 0, no = 0, ov = 0, ex = 0;
		size_t ne = 0;
		double emax = -1;
		for (size_t i = 0; i < n; i++) {
			if (v[i] == 0 || !isfinite(v[i]))
				continue;
			ref_cast c = ref_round(id, v[i]);
#ifdef HAVE_FLOAT16
			if (id == FP_FP16) {	/* the compiler agrees with the search */
				half h = (half)v[i];
				ck_assert(c.overflow == (bool)isinf((double)h));
				if (!c.overflow)
					ck_assert((double)h == c.value);
			}
#endif
			if (c.overflow) { ov++; continue; }
			fl += c.cls == FP_CLASS_ZERO;
			sb += c.cls == FP_CLASS_SUBNORMAL;
			no += c.cls == FP_CLASS_NORMAL;
			double e = fabs(c.value - v[i]) / fabs(v[i]);
			ex += e == 0;
			errs[ne++] = e;
			emax = fmax(emax, e);
		}
		const tensor_cast *x = &st->cast[k];
		ck_assert_msg(x->flushed == fl && x->subnormal == sb && x->normal == no
		    && x->overflow == ov && x->exact == ex, "%s: %llu %llu %llu %llu "
		    "%llu, want %llu %llu %llu %llu %llu", st->fmts[k]->name,
		    (unsigned long long)x->flushed, (unsigned long long)x->subnormal,
		    (unsigned long long)x->normal, (unsigned long long)x->overflow,
		    (unsigned long long)x->exact, (unsigned long long)fl,
		    (unsigned long long)sb, (unsigned long long)no,
		    (unsigned long long)ov, (unsigned long long)ex);
		if (ne == 0) {
			ck_assert(isnan(x->err_median) && isnan(x->err_max));
			continue;
		}
		qsort(errs, ne, sizeof *errs, cmp_d);
		ck_assert_msg(x->err_median == errs[(ne - 1) / 2], "%s median %.17g, "
		    "want %.17g", st->fmts[k]->name, x->err_median, errs[(ne - 1) / 2]);
		ck_assert(x->err_max == emax);
	}
	free(hist);
	free(errs);
}

/* A spread of values: zeros of both signs, inf, NaN, the edges of every
 * target format, and random magnitudes over 2^-40 .. 2^20. */
size_t
sample(double *v, size_t n, unsigned seed)
{
	static const double edges[] = { 0.0, -0.0, INFINITY, -INFINITY, NAN,
		65504, 65519.99, 65520, -65520, 1e5, 448, 464, 465, 57344, 61440,
		0x1p-14, 0x1p-24, 0x1p-25, 0x1.0000001p-25, 0x1p-26, 1, 1.5, -2.75,
		0x1p-9, 0x1p-10, 0x1p-16, 0x1p-17, 0x1.8p-17, 1e-30, 3e38, 1e-45 };
	size_t k = 0;
	for (; k < sizeof edges / sizeof edges[0] && k < n; k++)
		v[k] = edges[k];
	srand(seed);
	for (; k < n; k++) {
		double m = rand() / (double)RAND_MAX + 1;
		v[k] = ldexp(rand() & 1 ? -m : m, rand() % 61 - 40);
	}
	return k;
}

/* ---- .npy -------------------------------------------------------------- */

tensor_file *
open_ok(const fix_buf *b, const char *stem)
{
	tensor_file *tf;
	tensor_err e;
	tensor_status s = tensor_file_open_mem(b->p, b->n, stem, &tf, &e);
	ck_assert_msg(s == TENSOR_OK, "open: %s: %s", e.tensor, e.msg);
	return tf;
}

START_TEST(npy_versions_f32)
{
	double v[300];
	bool sub[300];
	size_t n = sample(v, 300, 1);
	for (size_t i = 0; i < n; i++) {
		v[i] = (float)v[i];		/* the values as stored */
		sub[i] = fpclassify((float)v[i]) == FP_SUBNORMAL;
	}
	for (int major = 1; major <= 3; major++) {
		fix_buf data = { 0 }, b = { 0 };
		for (size_t i = 0; i < n; i++)
			fix_le(&data, fix_f32_bits((float)v[i]), 4);
		fix_npy(&b, major, "{'descr': '<f4', 'fortran_order': False, "
		    "'shape': (20, 15), }", data.p, data.n);
		tensor_file *tf = open_ok(&b, "w");
		ck_assert_uint_eq(tf->n, 1);
		ck_assert_str_eq(tf->t[0].name, "w");
		ck_assert_int_eq(tf->t[0].dtype, TENSOR_F32);
		ck_assert_int_eq(tf->t[0].ndim, 2);
		ck_assert_uint_eq(tf->t[0].shape[0], 20);
		ck_assert_uint_eq(tf->t[0].shape[1], 15);
		ck_assert(!tf->t[0].fortran);
		tensor_stats_opts o = opts(false);
		tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], &o);
		ck_assert_ptr_nonnull(st);
		check_figures(st, v, n, sub);
		tensor_stats_free(st);
		tensor_file_close(tf);
		free(data.p);
		free(b.p);
	}
}
END_TEST

START_TEST(npy_fortran_big_endian_f64)
{
	double v[240];
	bool sub[240];
	size_t n = sample(v, 240, 2);
	v[n - 1] = 0x1p-1070;		/* a double subnormal */
	for (size_t i = 0; i < n; i++)
		sub[i] = fpclassify(v[i]) == FP_SUBNORMAL;
	fix_buf data = { 0 }, b = { 0 };
	for (size_t i = 0; i < n; i++)
		fix_be(&data, fix_f64_bits(v[i]), 8);
	fix_npy(&b, 2, "{\"descr\":\">f8\",\"fortran_order\":True,\"shape\":(4,6,10)}",
	    data.p, data.n);
	tensor_file *tf = open_ok(&b, "g");
	ck_assert(tf->t[0].fortran && tf->t[0].big_endian);
	ck_assert_int_eq(tf->t[0].dtype, TENSOR_F64);
	ck_assert_uint_eq(tf->t[0].count, 240);
	tensor_stats_opts o = opts(false);
	tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], &o);
	check_figures(st, v, n, sub);
	tensor_stats_free(st);
	tensor_file_close(tf);
	free(data.p);
	free(b.p);
}
END_TEST

/* float16 goes through the pattern table: every pattern once, some many
 * times, in both byte orders. */
START_TEST(npy_f16_every_pattern)
{
	size_t n = 65536 + 1003;	/* not a multiple of 4: the tail too */
	double *v = malloc(n * sizeof *v);
	bool *sub = malloc(n * sizeof *sub);
	for (int order = 0; order < 2; order++) {
		fix_buf data = { 0 }, b = { 0 };
		for (size_t i = 0; i < n; i++) {
			uint32_t p = i < 65536 ? (uint32_t)i : (uint32_t)(i * 7919) & 0xffff;
			v[i] = ref_value(&REF[FP_FP16], p);
			sub[i] = ref_class(&REF[FP_FP16], p) == FP_CLASS_SUBNORMAL;
			if (order)
				fix_be(&data, p, 2);
			else
				fix_le(&data, p, 2);
		}
		fix_npy(&b, 1, order ? "{'descr': '>f2', 'fortran_order': False, "
		    "'shape': (66539,), }" : "{'descr': '<f2', 'fortran_order': False, "
		    "'shape': (66539,), }", data.p, data.n);
		tensor_file *tf = open_ok(&b, "h");
		tensor_stats_opts o = opts(false);
		tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], &o);
		check_figures(st, v, n, sub);
		tensor_stats_free(st);
		tensor_file_close(tf);
		free(data.p);
		free(b.p);
	}
	free(v);
	free(sub);
}
END_TEST

/* ---- safetensors ------------------------------------------------------- */

START_TEST(st_every_dtype)
{
	static const struct { const char *name; fp_id src; int size; } d[] = {
		{ "F16", FP_FP16, 2 }, { "BF16", FP_BF16, 2 },
		{ "F8_E4M3", FP_E4M3, 1 }, { "F8_E5M2", FP_E5M2, 1 },
	};
	char json[2000];
	fix_buf data = { 0 }, b = { 0 };
	size_t off = 0, o2 = 0;
	int w = 0;
	double v[4][256];
	bool sub[4][256];

	w += snprintf(json + w, sizeof json - (size_t)w, "{\"__metadata__\":"
	    "{\"format\":\"pt\"}");
	for (int k = 0; k < 4; k++) {
		int cnt = d[k].size == 1 ? 256 : 200;
		for (int i = 0; i < cnt; i++) {
			uint32_t p = d[k].size == 1 ? (uint32_t)i : (uint32_t)(i * 331 + 7) & 0xffff;
			v[k][i] = ref_value(&REF[d[k].src], p);
			sub[k][i] = ref_class(&REF[d[k].src], p) == FP_CLASS_SUBNORMAL;
			fix_le(&data, p, d[k].size);
		}
		o2 = off + (size_t)(cnt * d[k].size);
		w += snprintf(json + w, sizeof json - (size_t)w, ",\"t.%s\":{\"dtype\":"
		    "\"%s\",\"shape\":[%d],\"data_offsets\":[%zu,%zu]}", d[k].name,
		    d[k].name, cnt, off, o2);
		off = o2;
	}
	fix_le(&data, 7, 8);		/* an I64 tensor, listed and skipped */
	snprintf(json + w, sizeof json - (size_t)w, ",\"step\":{\"dtype\":\"I64\","
	    "\"shape\":[],\"data_offsets\":[%zu,%zu]}}", off, off + 8);
	fix_st(&b, json, data.p, data.n);
	tensor_file *tf = open_ok(&b, NULL);
	ck_assert_uint_eq(tf->n, 5);
	ck_assert_int_eq(tf->t[4].dtype, TENSOR_OTHER);
	ck_assert_str_eq(tf->t[4].other, "I64");
	ck_assert_uint_eq(tf->t[4].count, 1);
	for (int k = 0; k < 4; k++) {
		ck_assert_str_eq(tensor_dtype_name(tf->t[k].dtype), d[k].name);
		tensor_stats_opts o = opts(false);
		tensor_stats *st = tensor_stats_compute(tf, &tf->t[k], &o);
		check_figures(st, v[k], tf->t[k].count, sub[k]);
		tensor_stats_free(st);
	}
	ck_assert_ptr_null(tensor_stats_compute(tf, &tf->t[4], &(tensor_stats_opts){ .nfmt = 0 }));
	tensor_file_close(tf);
	free(data.p);
	free(b.p);
}
END_TEST

/* More values than the radix selection of select.c sorts in memory,
 * fewer than the band's buffer (band.c): every error is kept, one pass. */
START_TEST(st_large_f32_median)
{
	size_t n = 700001;
	double *v = malloc(n * sizeof *v);
	static const fp_id f[] = { FP_FP16, FP_BF16 };

	sample(v, n, 3);
	for (size_t i = 0; i < n; i++)
		v[i] = (float)v[i];
	check_f32(v, n, f, 2);
	free(v);
}
END_TEST

/* Loss scales: every scale's counts against the oracle on x 2^s, and the
 * window read from them. */
START_TEST(scale_counts_and_window)
{
	size_t n = 3000;
	double *v = malloc(n * sizeof *v);
	fix_buf data = { 0 }, b = { 0 };
	char json[200];

	srand(4);
	for (size_t i = 0; i < n; i++) {	/* gradients around 2^-20 */
		double m = rand() / (double)RAND_MAX + 1;
		v[i] = (float)ldexp(rand() & 1 ? -m : m, -20 - rand() % 12 + rand() % 8);
		fix_le(&data, fix_f32_bits((float)v[i]), 4);
	}
	v[0] = 0;			/* a zero: not counted */
	memset(data.p, 0, 4);
	snprintf(json, sizeof json, "{\"g\":{\"dtype\":\"F32\",\"shape\":[%zu],"
	    "\"data_offsets\":[0,%zu]}}", n, n * 4);
	fix_st(&b, json, data.p, data.n);
	tensor_file *tf = open_ok(&b, NULL);
	tensor_stats_opts o = opts(true);
	tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], &o);
	for (int k = 0; k < st->nfmt; k++) {
		int rlo = 999, rhi = -999, lo, hi;
		for (int s = TENSOR_SCALE_MIN; s <= TENSOR_SCALE_MAX; s++) {
			uint64_t fl = 0, sb = 0, no = 0, ov = 0;
			for (size_t i = 1; i < n; i++) {
				ref_cast c = ref_round(st->fmts[k]->id, ldexp(v[i], s));
				ov += c.overflow;
				if (!c.overflow) {
					fl += c.cls == FP_CLASS_ZERO;
					sb += c.cls == FP_CLASS_SUBNORMAL;
					no += c.cls == FP_CLASS_NORMAL;
				}
			}
			tensor_scale_counts sc;
			tensor_stats_at_scale(st, k, s, &sc);
			ck_assert_msg(sc.flushed == fl && sc.subnormal == sb &&
			    sc.normal == no && sc.overflow == ov, "%s at 2^%d: "
			    "%llu %llu %llu %llu, want %llu %llu %llu %llu",
			    st->fmts[k]->name, s, (unsigned long long)sc.flushed,
			    (unsigned long long)sc.subnormal, (unsigned long long)sc.normal,
			    (unsigned long long)sc.overflow, (unsigned long long)fl,
			    (unsigned long long)sb, (unsigned long long)no,
			    (unsigned long long)ov);
			/* 99.9%: normal x 1000 >= 999 x nonzero */
			if (ov == 0 && no * 1000 >= 999 * (n - 1)) {
				rlo = rlo == 999 ? s : rlo;
				rhi = s;
			}
		}
		bool got = tensor_grad_window(st, k, 999000, &lo, &hi);
		ck_assert(got == (rlo != 999));
		if (got) {
			ck_assert_int_eq(lo, rlo);
			ck_assert_int_eq(hi, rhi);
		}
	}
	/* fp16 has a window for these gradients; 100% needs more room. */
	int lo, hi;
	ck_assert(tensor_grad_window(st, 0, 999000, &lo, &hi));
	tensor_stats_free(st);
	tensor_file_close(tf);
	free(v);
	free(data.p);
	free(b.p);
}
END_TEST

/* Enough F32 values for the rounding tables of f32.c (fp32 subnormals
 * among them, which take the engine), checked at a few scales. */
START_TEST(scale_counts_large_f32)
{
	size_t n = 70000;
	double *v = malloc(n * sizeof *v);
	fix_buf data = { 0 }, b = { 0 };
	char json[200];
	static const int scales[] = { -149, -30, 0, 7, 16, 24, 40, 127 };

	srand(6);
	for (size_t i = 0; i < n; i++) {
		double m = rand() / (double)RAND_MAX + 1;
		int e = i % 97 == 0 ? -140 - rand() % 9 : -40 + rand() % 60;
		v[i] = (float)ldexp(rand() & 1 ? -m : m, e);
		fix_le(&data, fix_f32_bits((float)v[i]), 4);
	}
	snprintf(json, sizeof json, "{\"g\":{\"dtype\":\"F32\",\"shape\":[%zu],"
	    "\"data_offsets\":[0,%zu]}}", n, n * 4);
	fix_st(&b, json, data.p, data.n);
	tensor_file *tf = open_ok(&b, NULL);
	tensor_stats_opts o = opts(true);
	tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], &o);
	for (int k = 0; k < st->nfmt; k++)
		for (size_t j = 0; j < sizeof scales / sizeof scales[0]; j++) {
			uint64_t fl = 0, sb = 0, ov = 0;
			for (size_t i = 0; i < n; i++) {
				ref_cast c = ref_round(st->fmts[k]->id, ldexp(v[i], scales[j]));
				ov += c.overflow;
				fl += !c.overflow && c.cls == FP_CLASS_ZERO;
				sb += !c.overflow && c.cls == FP_CLASS_SUBNORMAL;
			}
			tensor_scale_counts sc;
			tensor_stats_at_scale(st, k, scales[j], &sc);
			ck_assert_msg(sc.flushed == fl && sc.subnormal == sb &&
			    sc.overflow == ov, "%s at 2^%d", st->fmts[k]->name, scales[j]);
		}
	tensor_stats_free(st);
	tensor_file_close(tf);
	free(v);
	free(data.p);
	free(b.p);
}
END_TEST

/* The writer: read back, every value as the compiler rounds it. */
START_TEST(writer_round_trip)
{
	double v[64];
	size_t n = sample(v, 64, 5);
	tensor_out t[3] = {
		{ "a/b \"q\"", TENSOR_F16, 2, { 8, 8 }, v },
		{ "w", TENSOR_F32, 1, { 64 }, v },
		{ "d", TENSOR_F64, 3, { 2, 4, 8 }, v },
	};
	const char *meta[] = { "mode", "fp32" };
	FILE *fp = tmpfile();
	ck_assert(tensor_write_safetensors(fp, t, 3, meta, 1));
	long len = ftell(fp);
	rewind(fp);
	unsigned char *buf = malloc((size_t)len);
	ck_assert_uint_eq(fread(buf, 1, (size_t)len, fp), (size_t)len);
	fclose(fp);
	uint64_t h = 0;
	for (int i = 7; i >= 0; i--)
		h = h << 8 | buf[i];
	ck_assert_uint_eq(h % 8, 0);
	tensor_file *tf;
	tensor_err e;
	ck_assert_int_eq(tensor_file_open_mem(buf, (size_t)len, NULL, &tf, &e), TENSOR_OK);
	ck_assert_uint_eq(tf->n, 3);
	ck_assert_str_eq(tf->t[0].name, "a/b \"q\"");
	for (size_t i = 0; i < n; i++) {
		const unsigned char *p = tf->base + tf->t[1].offset + 4 * i;
		uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 |
		    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		float f;
		memcpy(&f, &u, 4);
		ck_assert(isnan(v[i]) ? isnan(f) : f == (float)v[i]);
		p = tf->base + tf->t[2].offset + 8 * i;
		uint64_t u64 = 0;
		for (int k = 7; k >= 0; k--)
			u64 = u64 << 8 | p[k];
		ck_assert_uint_eq(u64, fix_f64_bits(v[i]));
#ifdef HAVE_FLOAT16
		p = tf->base + tf->t[0].offset + 2 * i;
		half hv = (half)v[i];
		uint16_t hb;
		memcpy(&hb, &hv, 2);
		if (!isnan(v[i]))
			ck_assert_uint_eq((unsigned)(p[0] | p[1] << 8), hb);
#endif
	}
	tensor_file_close(tf);
	free(buf);
}
END_TEST

static Suite *
tensor_suite(void)
{
	Suite *s = suite_create("tensor");
	TCase *t = tcase_create("read");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, npy_versions_f32);
	tcase_add_test(t, npy_fortran_big_endian_f64);
	tcase_add_test(t, npy_f16_every_pattern);
	tcase_add_test(t, st_every_dtype);
	tcase_add_test(t, st_large_f32_median);
	tcase_add_test(t, scale_counts_and_window);
	tcase_add_test(t, scale_counts_large_f32);
	tcase_add_test(t, writer_round_trip);
	suite_add_tcase(s, t);
	suite_add_tcase(s, tensor_bad_case());
	suite_add_tcase(s, tensor_wide_case());
	return s;
}

int
main(void)
{
	SRunner *r = srunner_create(tensor_suite());
	srunner_run_all(r, CK_NORMAL);
	int failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
