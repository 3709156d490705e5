/*
 * wide_loops.c — the loops of wide.c over a whole block of F32 or F64
 * values, shaped for the compiler to vectorise, and the choice of the
 * copies a machine runs.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "tensor/wide.h"

/* GCC vectorises only the cheapest loops at -O2; these pay off. */
#if defined __GNUC__ && !defined __clang__
#define VECTORISE __attribute__((optimize("tree-loop-vectorize", \
	"vect-cost-model=dynamic")))
#else
#define VECTORISE
#endif

/*
 * The loops over a whole block are written once, as macros, for float
 * (S int32_t) and double (S int64_t), and built twice on x86-64: as they
 * are, and for AVX2 (eight float lanes, not four; the 64-bit comparisons
 * at all), picked at run time as the engine's array paths are.  No value
 * is moved about: zeros, infinities and NaNs stay in their lanes, and each
 * loop leaves them out by a mask.  Magnitudes are below 2^31 (2^63): their
 * bits compare as signed integers, and order as the values do.
 *
 * READ: the magnitudes of n values at p, in either byte order.
 * SHARED: the first pass's counts that no format changes.
 * LANES: one format's cast of the block against the values: flushed,
 * subnormal, overflowed, exact, and the error e' = |r - x| / x as the
 * input type divides it (r - x is exact: r is within a factor 2 of x, or
 * 0), 2 for a flushed value so that it sorts above every other, against
 * the band (below; at most hi) and the mark; flag[i] gets bit 0 for a
 * value inside the band, bit 1 for one whose e' reaches the mark.
 */
#define LOOPS(SUF, ATTR, T, S, U, BSWAP, ABS, INFB)			\
ATTR VECTORISE static void						\
read##SUF(const unsigned char *restrict p, size_t n, bool swap,	\
    U *restrict a)							\
{									\
	const U mag = (U)-1 >> 1;					\
	if (swap) {							\
		for (size_t i = 0; i < n; i++) {			\
			U u;						\
			memcpy(&u, p + i * sizeof u, sizeof u);		\
			a[i] = BSWAP(u) & mag;				\
		}							\
	} else {							\
		for (size_t i = 0; i < n; i++) {			\
			U u;						\
			memcpy(&u, p + i * sizeof u, sizeof u);		\
			a[i] = u & mag;					\
		}							\
	}								\
}									\
									\
ATTR VECTORISE static void						\
shared##SUF(const S *restrict a, size_t n, tensor_shared *c)			\
{									\
	const S infb = INFB, minnorm = infb & -infb;			\
	uint32_t z = 0, ni = 0, nan = 0, sb = 0, ok = 0;		\
	S lo = infb, hi = 0;						\
									\
	for (size_t i = 0; i < n; i++) {				\
		S m = a[i], valid = (m > 0) & (m < infb);		\
		z += (uint32_t)(m == 0);				\
		ni += (uint32_t)(m == infb);				\
		nan += (uint32_t)(m > infb);				\
		sb += (uint32_t)((m > 0) & (m < minnorm));		\
		ok += (uint32_t)valid;					\
		S ml = (m & -valid) | (infb & ~-valid), mh = m & -valid; \
		lo = ml < lo ? ml : lo;					\
		hi = mh > hi ? mh : hi;					\
	}								\
	c->zeros = z;							\
	c->infs = ni;							\
	c->nans = nan;							\
	c->subs = sb;							\
	c->fnz = ok;							\
	c->lo = lo;							\
	c->hi = hi;							\
}									\
									\
ATTR VECTORISE static void						\
lanes##SUF(const T *restrict x, const T *restrict r,			\
    unsigned char *restrict flag, size_t n, const tensor_limits *lp, tensor_tally *c) \
{									\
	const S minb = (S)lp->minb, maxb = (S)lp->maxb, mark = (S)lp->mark; \
	const S infb = INFB;						\
	const T lo = (T)lp->lo, hi = (T)lp->hi, two = 2;		\
	S lob, hib, twob;						\
	uint32_t fl = 0, sb = 0, ov = 0, ex = 0, bl = 0, up = 0;	\
									\
	memcpy(&lob, &lo, sizeof lob);					\
	memcpy(&hib, &hi, sizeof hib);					\
	memcpy(&twob, &two, sizeof twob);				\
	for (size_t i = 0; i < n; i++) {				\
		S xb, rb, eb;						\
		T e = ABS(r[i] - x[i]) / x[i];				\
		memcpy(&xb, &x[i], sizeof xb);				\
		memcpy(&rb, &r[i], sizeof rb);				\
		memcpy(&eb, &e, sizeof eb);				\
		S valid = (xb > 0) & (xb < infb);			\
		S isz = (rb == 0) & valid, isov = (rb > maxb) & valid;	\
		S ok = valid & !isov;					\
		eb = (eb & ~-isz) | (twob & -isz);	/* ?: would not vectorise */ \
		S below = (eb < lob) & ok, upto = (eb <= hib) & ok;	\
		fl += (uint32_t)isz;					\
		sb += (uint32_t)((rb != 0) & (rb < minb) & valid);	\
		ov += (uint32_t)isov;					\
		ex += (uint32_t)((rb == xb) & valid);			\
		bl += (uint32_t)below;					\
		up += (uint32_t)upto;					\
		flag[i] = (unsigned char)((upto & !below) |		\
		    (((eb >= mark) & !isz & ok) << 1));			\
	}								\
	c->flushed = fl;						\
	c->sub = sb;							\
	c->over = ov;							\
	c->exact = ex;							\
	c->below = bl;							\
	c->upto = up;							\
}

#define F32_LOOPS(SUF, ATTR) LOOPS(SUF, ATTR, float, int32_t, uint32_t, \
	__builtin_bswap32, fabsf, 0x7f800000)
#define F64_LOOPS(SUF, ATTR) LOOPS(SUF, ATTR, double, int64_t, uint64_t, \
	__builtin_bswap64, fabs, INT64_C(0x7ff) << 52)
F32_LOOPS(32, )
F64_LOOPS(64, )
#if defined __x86_64__ && defined __GNUC__
#define HAVE_AVX2_COPY 1
F32_LOOPS(32_avx2, __attribute__((target("avx2"))))
F64_LOOPS(64_avx2, __attribute__((target("avx2"))))
#endif

/* The macros' functions take typed pointers; these take the block's. */
#define WRAP(SUF, U, S, T)						\
static void read_##SUF(const unsigned char *p, size_t n, bool swap, void *a) \
{ read##SUF(p, n, swap, (U *)a); }					\
static void shared_##SUF(const void *a, size_t n, tensor_shared *c)		\
{ shared##SUF((const S *)a, n, c); }					\
static void lanes_##SUF(const void *x, const void *r, unsigned char *flag, \
    size_t n, const tensor_limits *lp, tensor_tally *c)				\
{ lanes##SUF((const T *)x, (const T *)r, flag, n, lp, c); }
WRAP(32, uint32_t, int32_t, float)
WRAP(64, uint64_t, int64_t, double)
#ifdef HAVE_AVX2_COPY
WRAP(32_avx2, uint32_t, int32_t, float)
WRAP(64_avx2, uint64_t, int64_t, double)
#endif

tensor_wide_loops
tensor_wide_loops_for(bool f64)
{
#ifdef HAVE_AVX2_COPY
	if (fp_have_avx2())
		return f64 ? (tensor_wide_loops){ read_64_avx2, shared_64_avx2, lanes_64_avx2 } :
		    (tensor_wide_loops){ read_32_avx2, shared_32_avx2, lanes_32_avx2 };
#endif
	return f64 ? (tensor_wide_loops){ read_64, shared_64, lanes_64 } :
	    (tensor_wide_loops){ read_32, shared_32, lanes_32 };
}

