/*
 * tensor.h — a learner's own tensors: NumPy .npy and safetensors files read
 * through a read-only mapping, a safetensors writer, and the statistics of
 * one tensor against the target formats of the format engine (src/fp).
 *
 * Owns:
 *   - the readers (file.c: open, map, dispatch by magic; npy.c: format
 *     versions 1 to 3, float16/32/64, C and Fortran order, either byte
 *     order; safetensors.c: F16, BF16, F32, F64, F8_E4M3, F8_E5M2, the
 *     JSON header read by jansson).  Every length, offset and shape is
 *     checked against the file before anything is touched; an error names
 *     the tensor it is about and says what is wrong;
 *   - the writer (st_write.c): what `fptutor train --dump` writes;
 *   - the statistics (stats.c; wide.c, wide_loops.c, band.c, select.c
 *     for F32 and F64): counts of zeros, subnormals, infinities and NaNs,
 *     the smallest and largest magnitude, a histogram of floor(log2|x|),
 *     and per target format the values that would flush, become
 *     subnormal or overflow if cast, with the median and largest relative
 *     rounding error; optionally, per target format and power-of-two loss
 *     scale, the same counts after scaling (scale.c, f32.c), from which
 *     the loss-scale window of `--grad` is read.
 *
 * Every figure is exact: each value is rounded by the engine, once, and
 * the median is selected, not estimated.  16- and 8-bit tensors are
 * counted per bit pattern first (one pass, one table); 32- and 64-bit
 * ones are read a block at a time, cast by the engine's array path, the
 * median found in the same pass among the errors near where a sample
 * says it lies (band.c says why that is exact).  Chunks are released
 * after use, so memory stays small whatever the file's size.
 *
 * Who calls what: a front end calls tensor_file_open() (or
 * tensor_file_open_mem() on bytes it holds), walks tf->t[0 .. n-1],
 * calls tensor_stats_compute() on the ones it shows, and
 * tensor_file_close().  Nothing here prints or exits.
 */
#ifndef FPTUTOR_TENSOR_TENSOR_H
#define FPTUTOR_TENSOR_TENSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fp/fp.h"

typedef enum tensor_dtype {
	TENSOR_F16, TENSOR_BF16, TENSOR_F32, TENSOR_F64,
	TENSOR_F8_E4M3, TENSOR_F8_E5M2,
	TENSOR_OTHER,		/* a safetensors integer or bool type: listed, skipped */
	TENSOR_NDTYPES
} tensor_dtype;

/* "F16", "BF16", ... (safetensors' names). */
const char *tensor_dtype_name(tensor_dtype d);
/* Bytes per element (0 for TENSOR_OTHER). */
int tensor_dtype_size(tensor_dtype d);
/* The engine's format of the dtype; NULL for F64 and OTHER. */
const fp_format *tensor_dtype_format(tensor_dtype d);

#define TENSOR_MAX_DIMS 32
#define TENSOR_MAX_HEADER (100u << 20)	/* safetensors' own limit */

typedef struct tensor_info {
	char *name;		/* NUL-terminated; may hold any bytes but NUL */
	tensor_dtype dtype;
	char other[16];		/* TENSOR_OTHER: the dtype as written */
	int ndim;
	uint64_t shape[TENSOR_MAX_DIMS];
	uint64_t count;		/* product of the shape (1 for a scalar) */
	bool fortran;		/* .npy: column-major order */
	bool big_endian;	/* .npy: '>' byte order */
	uint64_t offset;	/* of the first byte of data in the file */
	uint64_t nbytes;	/* count x element size */
} tensor_info;

typedef enum tensor_kind { TENSOR_NPY, TENSOR_SAFETENSORS } tensor_kind;

typedef struct tensor_file {
	tensor_kind kind;
	const unsigned char *base;	/* the whole file */
	uint64_t size;
	tensor_info *t;		/* in file order of the header */
	size_t n;
	bool mapped;		/* base is a mapping (else the caller's bytes) */
} tensor_file;

typedef enum tensor_status {
	TENSOR_OK,
	TENSOR_EIO,		/* cannot open or map: errno is in err->sys */
	TENSOR_EDATA,		/* not a valid file: err says why */
	TENSOR_ENOMEM,
} tensor_status;

typedef struct tensor_err {
	char tensor[160];	/* the tensor the error is about, or "" */
	char msg[300];
	int sys;		/* errno, for TENSOR_EIO */
} tensor_err;

tensor_status tensor_file_open(const char *path, tensor_file **out,
    tensor_err *err);
/* The same on bytes the caller keeps alive until tensor_file_close().
 * stem names the tensor of an .npy file ("grad" for grad.npy). */
tensor_status tensor_file_open_mem(const void *buf, size_t n, const char *stem,
    tensor_file **out, tensor_err *err);
void tensor_file_close(tensor_file *tf);
/* The tensor name of an .npy file at path: its base name without ".npy",
 * into buf. */
void tensor_npy_stem(const char *path, char *buf, size_t n);

/* ---- the statistics ------------------------------------------------------ */

/* floor(log2|x|) of a nonzero double lies in this range. */
#define TENSOR_LOG2_MIN (-1074)
#define TENSOR_LOG2_MAX 1023
#define TENSOR_NBINS (TENSOR_LOG2_MAX - TENSOR_LOG2_MIN + 1)
/* Loss scales 2^s with s in this range (PyTorch keeps the scale in fp32). */
#define TENSOR_SCALE_MIN (-149)
#define TENSOR_SCALE_MAX 127
#define TENSOR_NSCALES (TENSOR_SCALE_MAX - TENSOR_SCALE_MIN + 1)

/* What casting the finite nonzero values into one format does. */
typedef struct tensor_cast {
	uint64_t flushed;	/* rounded to zero */
	uint64_t subnormal;	/* rounded to a subnormal */
	uint64_t normal;	/* rounded to a normal */
	uint64_t overflow;	/* beyond the largest finite: inf (NaN in e4m3) */
	uint64_t exact;		/* of the non-overflowing: unchanged by the cast */
	/* |fmt(x) - x| / |x| over the values that do not overflow (a flushed
	 * value's error is 1); the median is the lower one (rank
	 * floor((n - 1) / 2) of the sorted errors).  NaN when none. */
	double err_median, err_max;
} tensor_cast;

/* Per target format, histograms over the loss scale 2^s of the smallest
 * s at which a value x 2^s no longer flushes, is normal (or beyond), and
 * overflows; index s - TENSOR_SCALE_MIN, clamped: index 0 holds
 * thresholds at or below TENSOR_SCALE_MIN, the last one those above
 * TENSOR_SCALE_MAX (never reached).  (scale.c) */
typedef struct tensor_scaled {
	uint64_t first_nonzero[TENSOR_NSCALES + 1];
	uint64_t first_normal[TENSOR_NSCALES + 1];
	uint64_t first_overflow[TENSOR_NSCALES + 1];
} tensor_scaled;

typedef struct tensor_stats_opts {
	const fp_format *fmts[FP_NFORMATS];	/* target formats, in order */
	int nfmt;
	bool scaled;		/* fill scaled[] (for --grad and the lab) */
} tensor_stats_opts;

typedef struct tensor_stats {
	uint64_t count, zeros, subnormals, infs, nans;
	uint64_t finite_nonzero;
	double min_mag, max_mag;	/* over finite nonzero values; NaN if none */
	int lo, hi;			/* occupied histogram bins, lo > hi if none */
	uint64_t hist[TENSOR_NBINS];	/* index floor(log2|x|) - TENSOR_LOG2_MIN */
	int nfmt;
	const fp_format *fmts[FP_NFORMATS];
	tensor_cast cast[FP_NFORMATS];
	bool has_scaled;
	tensor_scaled scaled[FP_NFORMATS];
} tensor_stats;

/* Compute the statistics of t (a tensor of tf, not TENSOR_OTHER).  NULL
 * when memory runs out. */
tensor_stats *tensor_stats_compute(const tensor_file *tf, const tensor_info *t,
    const tensor_stats_opts *o);
void tensor_stats_free(tensor_stats *st);

/* Format k's counts when every finite nonzero value is multiplied by 2^s
 * (s in TENSOR_SCALE_MIN .. MAX; needs has_scaled).  (scale.c) */
typedef struct tensor_scale_counts {
	uint64_t flushed, subnormal, normal, overflow;
} tensor_scale_counts;
void tensor_stats_at_scale(const tensor_stats *st, int k, int s,
    tensor_scale_counts *out);

/* The loss-scale window of format k: the powers of two 2^lo .. 2^hi under
 * which at least share_ppm millionths of the finite nonzero values are
 * normal and none overflows.  False when there is no such scale (or no
 * finite nonzero value). */
bool tensor_grad_window(const tensor_stats *st, int k, uint32_t share_ppm,
    int *lo, int *hi);

/* ---- the writer (st_write.c) --------------------------------------------- */

/* One tensor to write: values are rounded once into dtype (fp_encode;
 * F32 through the engine's fp32 too), row-major. */
typedef struct tensor_out {
	const char *name;
	tensor_dtype dtype;	/* F16, BF16, F32, F64, F8_E4M3 or F8_E5M2 */
	int ndim;
	uint64_t shape[4];
	const double *values;
} tensor_out;

/* Write a safetensors file: the header (with "__metadata__" from the
 * key/value pairs meta[0..2*nmeta-1], which may be 0), padded with spaces
 * to 8 bytes, then the data in order.  False with errno on a write error
 * or a name the header cannot hold. */
bool tensor_write_safetensors(FILE *fp, const tensor_out *t, size_t n,
    const char *const *meta, size_t nmeta);
/* The same in two parts: the header alone (t[i].values unused), then each
 * tensor's values in the order of t, one call or several per tensor. */
bool tensor_write_header(FILE *fp, const tensor_out *t, size_t n,
    const char *const *meta, size_t nmeta);
bool tensor_write_values(FILE *fp, tensor_dtype d, const double *v, uint64_t n);

#endif
