/*
 * wide.h — the statistics of an F32 or F64 tensor (wide.c), for stats.c;
 * and what wide.c shares with its vectorised loops (wide_loops.c).
 * (Internal to src/tensor.)
 */
#ifndef FPTUTOR_TENSOR_WIDE_H
#define FPTUTOR_TENSOR_WIDE_H

#include "tensor/tensor_int.h"

/* Fill st (set up by tensor_stats_compute) for t, of dtype F32 or F64.
 * False when memory runs out. */
bool tensor_wide_stats(const tensor_file *tf, const tensor_info *t,
    const tensor_stats_opts *o, tensor_stats *st);

/* ---- wide_loops.c -------------------------------------------------------- */

/* Values read at a time: a few arrays in the L1 cache; a block is taken
 * as rows of TENSOR_GROUP for its flags (wide_loops.c, FOLD). */
#define TENSOR_BLOCK 2048
#define TENSOR_GROUP 128

/* A block's magnitudes (bits or values) and their casts. */
typedef union tensor_values {
	uint32_t u32[TENSOR_BLOCK];
	float f32[TENSOR_BLOCK];
	uint64_t u64[TENSOR_BLOCK];
	double f64[TENSOR_BLOCK];
} tensor_values;
typedef union tensor_results {
	float f[TENSOR_BLOCK];
	double d[TENSOR_BLOCK];
} tensor_results;

/* What one format's cast of a block did, per lane kind; flag[i] gets bit
 * 0 for a value inside the band, bit 1 for one whose e' reaches mark. */
typedef struct tensor_tally {
	uint32_t flushed, sub, over, exact, below, upto;
} tensor_tally;

/* A format's limits as the input type's bits, and the band and mark as
 * the pass compares them. */
typedef struct tensor_limits {
	int64_t minb, maxb;	/* the smallest normal, the largest finite */
	double lo, hi;
	int64_t mark;
} tensor_limits;

/* The first pass's format-free counts of a block, the smallest and
 * largest finite nonzero magnitude as bits (they order as the values). */
typedef struct tensor_shared {
	uint32_t zeros, infs, nans, subs, fnz;
	int64_t lo, hi;
} tensor_shared;

/* The copies a pass runs. */
typedef struct tensor_wide_loops {
	void (*read)(const unsigned char *, size_t, bool, void *);
	void (*shared)(const void *, size_t, tensor_shared *);
	void (*neutral)(void *, size_t);
	void (*lanes)(const void *, const void *, uint32_t *, size_t,
	    const tensor_limits *, tensor_tally *);
	void (*fold)(const uint32_t *, size_t, uint32_t *);
	void (*errs)(const void *, const void *, void *, size_t,
	    const tensor_limits *);
} tensor_wide_loops;

/* The copies of the loops this machine runs best, for F64 or F32. */
tensor_wide_loops tensor_wide_loops_for(bool f64);

#endif
