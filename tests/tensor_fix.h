/*
 * tensor_fix.h — tensor files written byte by byte for the tests, without
 * the project's writer: an .npy file from a header text and raw data, a
 * safetensors file from a JSON text and raw data, and little-endian
 * element encoders.  Shared by check_tensor.c and mktensor.c (the
 * fixtures of tests/inspect.sh).
 */
#ifndef FPTUTOR_TESTS_TENSOR_FIX_H
#define FPTUTOR_TESTS_TENSOR_FIX_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct fix_buf {
	unsigned char *p;
	size_t n, cap;
} fix_buf;

static inline void
fix_put(fix_buf *b, const void *s, size_t n)
{
	if (b->n + n > b->cap) {
		size_t c = b->cap ? b->cap : 256;
		while (c < b->n + n)
			c *= 2;
		b->p = realloc(b->p, c);
		if (b->p == NULL)
			abort();
		b->cap = c;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
}

static inline void
fix_le(fix_buf *b, uint64_t v, int n)
{
	unsigned char c[8];
	for (int i = 0; i < n; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	fix_put(b, c, (size_t)n);
}

static inline void
fix_be(fix_buf *b, uint64_t v, int n)
{
	unsigned char c[8];
	for (int i = 0; i < n; i++)
		c[n - 1 - i] = (unsigned char)(v >> (8 * i));
	fix_put(b, c, (size_t)n);
}

static inline uint64_t
fix_f32_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static inline uint64_t
fix_f64_bits(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof u);
	return u;
}

/* An .npy file: magic, version major.0, the header padded with spaces and
 * ended by '\n' so that the data starts at a multiple of 64, as NumPy
 * writes it; then the data. */
static inline void
fix_npy(fix_buf *b, int major, const char *dict, const void *data, size_t n)
{
	size_t pre = major == 1 ? 10 : 12, h = strlen(dict) + 1;
	size_t total = (pre + h + 63) / 64 * 64;
	fix_put(b, "\x93NUMPY", 6);
	unsigned char v[2] = { (unsigned char)major, 0 };
	fix_put(b, v, 2);
	fix_le(b, total - pre, major == 1 ? 2 : 4);
	fix_put(b, dict, strlen(dict));
	for (size_t i = pre + h; i < total; i++)
		fix_put(b, " ", 1);
	fix_put(b, "\n", 1);
	fix_put(b, data, n);
}

/* A safetensors file: the length, the JSON text as given, the data. */
static inline void
fix_st(fix_buf *b, const char *json, const void *data, size_t n)
{
	fix_le(b, strlen(json), 8);
	fix_put(b, json, strlen(json));
	fix_put(b, data, n);
}

#ifdef CHECK_H
/* The test cases of files on disk and bad files (check_tensor_io.c), of
 * tensors large enough for the sampled median (check_tensor_wide.c). */
TCase *tensor_bad_case(void);
TCase *tensor_wide_case(void);

/* check_tensor.c's oracle, for check_tensor_wide.c: the options of every
 * target format (opts), every figure of st against the values v the test
 * put in, srcsub[i] when v[i] is subnormal in the source dtype
 * (check_figures), a spread of values with the formats' edges first
 * (sample), a tensor file opened from memory or the test fails (open_ok). */
tensor_stats_opts opts(bool scaled);
void check_figures(const tensor_stats *st, const double *v, size_t n,
    const bool *srcsub);
size_t sample(double *v, size_t n, unsigned seed);
tensor_file *open_ok(const fix_buf *b, const char *stem);
/* check_tensor_wide.c's: a safetensors F32 tensor of values v (floats)
 * in the first nfmt of fmts, every figure against the oracle. */
void check_f32(const double *v, size_t n, const fp_id *fmts, int nfmt);
#endif

#endif
