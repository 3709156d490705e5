/*
 * wide_loops.c — the loops of wide.c over a whole block of F32 or F64
 * values, shaped for the compiler to vectorise, and the choice of the
 * copies a machine runs.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "fp/simd.h"
#include "tensor/wide.h"


/*
 * The loops over a whole block are written once, as macros, for float
 * (S int32_t) and double (S int64_t), and built three times on x86-64: as
 * they are, for AVX2 (eight float lanes, not four; the 64-bit comparisons
 * at all) and for AVX-512 (sixteen), picked at run time as the engine's
 * array paths are (fp_have_avx2, fp_have_avx512).  No value
 * is moved about.  Magnitudes are below 2^31 (2^63): their bits compare as
 * signed integers, and order as the values do.
 *
 * READ: the magnitudes of n values at p, in either byte order.
 * SHARED: the first pass's counts that no format changes: zeros,
 * infinities and NaNs among them.
 * NEUTRAL: those lanes made 1, which every format holds exactly: counted
 * by LANES as exact and below the band, which the caller takes back off,
 * and nothing else (LANES has no mask to pay for in every lane).
 * LANES: one format's cast of the block against the values: flushed,
 * subnormal, overflowed, exact, and the error e' = |r - x| / x as the
 * input type divides it (r - x is exact: r is within a factor 2 of x, or
 * 0), 2 for a flushed value so that it sorts above every other, against
 * the band (below; at most hi) and the mark; flag[i] gets bit 0 for a
 * value inside the band, bit 1 for one whose e' reaches the mark (32-bit
 * flags: bytes would make the compiler take four vectors at a time, more
 * than the registers hold).
 */
#define LOOPS(SUF, ATTR, T, S, U, BSWAP, ABS, INFB)			\
ATTR FP_VECTORISE static void						\
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
ATTR FP_VECTORISE static void						\
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
ATTR FP_VECTORISE static void						\
neutral##SUF(U *restrict a, size_t n)					\
{									\
	const S infb = INFB;						\
	T one = 1;							\
	U ob;								\
	memcpy(&ob, &one, sizeof ob);					\
	for (size_t i = 0; i < n; i++) {				\
		S m = (S)a[i], valid = (m > 0) & (m < infb);		\
		a[i] = (a[i] & (U)-valid) | (ob & ~(U)-valid);		\
	}								\
}									\
									\
ATTR FP_VECTORISE static void						\
lanes##SUF(const T *restrict x, const T *restrict r,			\
    uint32_t *restrict flag, size_t n, const tensor_limits *lp,		\
    tensor_tally *c)							\
{									\
	const S minb = (S)lp->minb, maxb = (S)lp->maxb, mark = (S)lp->mark; \
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
		S isz = rb == 0, isov = rb > maxb, ok = !isov;		\
		eb = (eb & ~-isz) | (twob & -isz);	/* ?: does not vectorise */ \
		S below = (eb < lob) & ok, upto = (eb <= hib) & ok;	\
		fl += (uint32_t)isz;					\
		sb += (uint32_t)((rb != 0) & (rb < minb));		\
		ov += (uint32_t)isov;					\
		ex += (uint32_t)(rb == xb);				\
		bl += (uint32_t)below;					\
		up += (uint32_t)upto;					\
		flag[i] = (uint32_t)((upto & !below) |			\
		    (((eb >= mark) & !isz & ok) << 1));			\
	}								\
	c->flushed = fl;						\
	c->sub = sb;							\
	c->over = ov;							\
	c->exact = ex;							\
	c->below = bl;							\
	c->upto = up;							\
}

/* ERRS (the sample's): each lane's e' into e, 2 when flushed, -1 when
 * the value overflows or is a zero, an infinity or a NaN. */
#define ERRS(SUF, ATTR, T, S, ABS, INFB)				\
ATTR FP_VECTORISE static void						\
errs##SUF(const T *restrict x, const T *restrict r, T *restrict e,	\
    size_t n, const tensor_limits *lp)					\
{									\
	const S maxb = (S)lp->maxb, infb = INFB;			\
	const T two = 2, none = -1;					\
	S twob, noneb;							\
									\
	memcpy(&twob, &two, sizeof twob);				\
	memcpy(&noneb, &none, sizeof noneb);				\
	for (size_t i = 0; i < n; i++) {				\
		S xb, rb, eb;						\
		T v = ABS(r[i] - x[i]) / x[i];				\
		memcpy(&xb, &x[i], sizeof xb);				\
		memcpy(&rb, &r[i], sizeof rb);				\
		memcpy(&eb, &v, sizeof eb);				\
		S isz = rb == 0, out = (xb <= 0) | (xb >= infb) | (rb > maxb); \
		eb = (eb & ~-isz) | (twob & -isz);			\
		eb = (eb & ~-out) | (noneb & -out);			\
		memcpy(&e[i], &eb, sizeof eb);				\
	}								\
}

/* FOLD: column[j] the OR of flag[j], flag[j + TENSOR_GROUP], ... (n a
 * multiple of TENSOR_GROUP): rows added in turn, a plain loop. */
#define FOLD(SUF, ATTR)							\
ATTR FP_VECTORISE static void						\
fold##SUF(const uint32_t *restrict flag, size_t n, uint32_t *restrict column) \
{									\
	for (size_t j = 0; j < TENSOR_GROUP; j++)			\
		column[j] = 0;						\
	for (size_t b = 0; b < n; b += TENSOR_GROUP)			\
		for (size_t j = 0; j < TENSOR_GROUP; j++)		\
			column[j] |= flag[b + j];			\
}
FOLD(, )

#define F32_LOOPS(SUF, ATTR) LOOPS(SUF, ATTR, float, int32_t, uint32_t, \
	__builtin_bswap32, fabsf, 0x7f800000) \
	ERRS(SUF, ATTR, float, int32_t, fabsf, 0x7f800000)
#define F64_LOOPS(SUF, ATTR) LOOPS(SUF, ATTR, double, int64_t, uint64_t, \
	__builtin_bswap64, fabs, INT64_C(0x7ff) << 52) \
	ERRS(SUF, ATTR, double, int64_t, fabs, INT64_C(0x7ff) << 52)
F32_LOOPS(32, )
F64_LOOPS(64, )
#ifdef FP_SIMD_COPIES
#define HAVE_AVX2_COPY 1
FOLD(_avx2, FP_AVX2)
F32_LOOPS(32_avx2, FP_AVX2)
F64_LOOPS(64_avx2, FP_AVX2)
FOLD(_avx512, FP_AVX512)
F32_LOOPS(32_avx512, FP_AVX512)
F64_LOOPS(64_avx512, FP_AVX512)
#endif

/* The macros' functions take typed pointers; these take the block's. */
#define WRAP(SUF, U, S, T)						\
static void read_##SUF(const unsigned char *p, size_t n, bool swap, void *a) \
{ read##SUF(p, n, swap, (U *)a); }					\
static void shared_##SUF(const void *a, size_t n, tensor_shared *c)		\
{ shared##SUF((const S *)a, n, c); }					\
static void neutral_##SUF(void *a, size_t n)				\
{ neutral##SUF((U *)a, n); }						\
static void lanes_##SUF(const void *x, const void *r, uint32_t *flag,	\
    size_t n, const tensor_limits *lp, tensor_tally *c)			\
{ lanes##SUF((const T *)x, (const T *)r, flag, n, lp, c); }		\
static void errs_##SUF(const void *x, const void *r, void *e, size_t n,	\
    const tensor_limits *lp)						\
{ errs##SUF((const T *)x, (const T *)r, (T *)e, n, lp); }
WRAP(32, uint32_t, int32_t, float)
WRAP(64, uint64_t, int64_t, double)
#ifdef HAVE_AVX2_COPY
WRAP(32_avx2, uint32_t, int32_t, float)
WRAP(64_avx2, uint64_t, int64_t, double)
WRAP(32_avx512, uint32_t, int32_t, float)
WRAP(64_avx512, uint64_t, int64_t, double)
#endif

tensor_wide_loops
tensor_wide_loops_for(bool f64)
{
#ifdef HAVE_AVX2_COPY
	if (fp_have_avx512())
		return f64 ? (tensor_wide_loops){ read_64_avx512, shared_64_avx512,
		    neutral_64_avx512, lanes_64_avx512, fold_avx512, errs_64_avx512 } :
		    (tensor_wide_loops){ read_32_avx512, shared_32_avx512,
		    neutral_32_avx512, lanes_32_avx512, fold_avx512, errs_32_avx512 };
	if (fp_have_avx2())
		return f64 ? (tensor_wide_loops){ read_64_avx2, shared_64_avx2,
		    neutral_64_avx2, lanes_64_avx2, fold_avx2, errs_64_avx2 } : (tensor_wide_loops){
		    read_32_avx2, shared_32_avx2, neutral_32_avx2, lanes_32_avx2,
		    fold_avx2, errs_32_avx2 };
#endif
	return f64 ? (tensor_wide_loops){ read_64, shared_64, neutral_64, lanes_64,
	    fold, errs_64 } : (tensor_wide_loops){ read_32, shared_32, neutral_32,
	    lanes_32, fold, errs_32 };
}

