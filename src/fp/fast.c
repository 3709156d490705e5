/*
 * fast.c — the fast exact path of rounding into a format: a double (or a
 * whole array of float32 values) in, the bits and the IEEE flags out, with
 * no rounding walk recorded; and for whole arrays of float32 or double
 * values, the values the cast gives (fp_cast_floats, fp_cast_doubles).
 * It gives exactly what the general rounding of encode.c gives
 * (tests/check_fp_exhaustive.c and check_fp_fast.c hold the two side by
 * side); it is only shaped for speed.
 *
 * Branch-light: both ways a value can round are computed and the right one
 * selected, so random data costs no mispredicted branch, and the array loop
 * has no branch at all and the compiler can vectorise it.
 *
 *  - A result in the normal range is the classic bit trick: take the
 *    input's magnitude bits, move the exponent bias to the format's, and
 *    round the low bits off to nearest-even with (r + half - 1 + lsb) >>
 *    shift.  A carry walks into the exponent, and past the largest value
 *    into the overflow pattern, by itself.
 *  - A result in the subnormal range is the input scaled by a power of two
 *    so that one unit is the format's smallest subnormal: that product is
 *    exact, truncating it to an integer is exact, and so is the fraction
 *    left over, which decides the rounding.  Nothing here depends on the
 *    floating-point rounding mode: every floating-point operation is exact.
 *    For a format with float32's exponent range (bf16) the array path
 *    needs no scaling at all: the bit trick rounds float32's subnormals too.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "fp/fp.h"
#include "fp/fast.h"
#include "fp/simd.h"

/* 2^k as a double, for -1022 <= k <= 1023: built from its bits, no libm. */
static inline double
pow2(int k)
{
	uint64_t b = (uint64_t)(k + 1023) << 52;
	double d;
	memcpy(&d, &b, sizeof d);
	return d;
}

/* What a format's rounding needs, worked out once per call. */
struct plan {
	uint32_t maxb;		/* largest finite magnitude pattern */
	uint32_t ovf;		/* the overflow result: inf, or NaN for e4m3 */
	unsigned inf_flags;	/* an infinite input's: invalid when ovf is NaN */
	uint32_t nanb;
	uint32_t submax;	/* magnitudes below 1 << man_bits are subnormal */
	int signshift;		/* width - 1 */
};

static void
plan_of(const fp_format *f, struct plan *p)
{
	p->maxb = f->max_bits;
	p->nanb = f->nan_bits;
	p->ovf = f->has_inf ? ((1u << f->exp_bits) - 1) << f->man_bits : f->nan_bits;
	p->inf_flags = f->has_inf ? 0 : FP_FLAG_INVALID;
	p->submax = 1u << f->man_bits;
	p->signshift = f->width - 1;
}

/* ---- double in --------------------------------------------------------- */

/* All ones when c, else zero: select with masks, not branches, so that
 * random data mispredicts nothing. */
#define MASK(c) (-(uint32_t)(c))
#define MASK64(c) (-(uint64_t)(c))
#define PICK(m, x, y) (((m) & (x)) | (~(m) & (y)))
#define DBL_EXP_MASK UINT64_C(0x7ff0000000000000)

/* Any double: every case, selected with masks. */
static uint32_t
any_double(const fp_format *f, uint64_t u, unsigned *flags)
{
	struct plan p;
	int M = f->man_bits, sh = 52 - M;

	plan_of(f, &p);
	uint64_t a = u & ~(UINT64_C(1) << 63);
	uint32_t sign = (uint32_t)(u >> 63) << p.signshift;
	uint64_t tiny = MASK64(a < (uint64_t)(1 - f->bias + 1023) << 52);

	/* Normal range: rebias, round the cut bits off.  Inf and NaN go
	 * this way too, far beyond the largest value. */
	uint64_t r = a - ((uint64_t)(1023 - f->bias) << 52);
	uint64_t k = (r + (UINT64_C(1) << (sh - 1)) - 1 + ((r >> sh) & 1)) >> sh;
	uint64_t cut = r & ((UINT64_C(1) << sh) - 1);

	/* Subnormal range: |x| in units of the smallest subnormal, < 2^M.
	 * Only tiny magnitudes are scaled, so nothing here can overflow. */
	uint64_t ta = tiny & a;
	double t;
	memcpy(&t, &ta, sizeof t);
	double q = t * pow2(f->bias - 1 + M);
	uint64_t sk = (uint64_t)(int64_t)q;		/* truncation: exact */
	double frac = q - (double)(int64_t)sk;		/* exact */
	sk += (uint64_t)(frac > 0.5) | ((uint64_t)(frac == 0.5) & sk);
	k = PICK(tiny, sk, k);
	cut = PICK(tiny, MASK64(frac != 0), cut);

	uint64_t over = MASK64(k > p.maxb);
	uint64_t special = MASK64(a >= DBL_EXP_MASK), nan = MASK64(a > DBL_EXP_MASK);
	uint32_t mag = (uint32_t)PICK(over, PICK(nan, p.nanb, p.ovf), k);
	uint32_t inexact = (uint32_t)((MASK64(cut != 0) | over) & ~special);
	uint32_t fl = (inexact & FP_FLAG_INEXACT) |
	    ((uint32_t)(over & ~special) & FP_FLAG_OVERFLOW) |
	    ((uint32_t)tiny & inexact & FP_FLAG_UNDERFLOW) |
	    (MASK(mag - 1 < p.submax - 1) & FP_FLAG_SUBNORMAL) |
	    ((uint32_t)(special & ~nan) & p.inf_flags);
	if (flags)
		*flags |= fl;
	return mag | sign;
}

/*
 * The common case first, behind one branch that real data predicts well:
 * a magnitude from the smallest normal up to where overflow begins, whose
 * result is normal (or, at the very top, overflows).  Random bit patterns
 * mispredict it; fp_encode_floats is the path without branches.
 */
uint32_t
fp_fast_encode(const fp_format *f, double x, unsigned *flags)
{
	uint64_t u;
	int sh = 52 - f->man_bits, B = f->bias;

	memcpy(&u, &x, sizeof u);
	uint64_t a = u & ~(UINT64_C(1) << 63);
	uint64_t lo = (uint64_t)(1023 + 1 - B) << 52;
	uint64_t hi = (uint64_t)(1023 + (1 << f->exp_bits) - 1 - B) << 52;

	if (__builtin_expect(a - lo >= hi - lo, 0))
		return any_double(f, u, flags);
	uint64_t r = a - ((uint64_t)(1023 - B) << 52);
	uint32_t k = (uint32_t)((r + (UINT64_C(1) << (sh - 1)) - 1 +
	    ((r >> sh) & 1)) >> sh);
	uint32_t cut = MASK((r & ((UINT64_C(1) << sh) - 1)) != 0);
	uint32_t over = MASK(k > f->max_bits);
	uint32_t ovf = f->has_inf ? ((1u << f->exp_bits) - 1) << f->man_bits :
	    f->nan_bits;
	if (flags)
		*flags |= ((cut | over) & FP_FLAG_INEXACT) | (over & FP_FLAG_OVERFLOW);
	return PICK(over, ovf, k) | (uint32_t)(u >> 63) << (f->width - 1);
}

/* ---- an array of float32 in ------------------------------------------- */

/* The array loop's comparisons are of signed values, which every vector
 * unit has (a float32 magnitude and everything derived from it is below
 * 2^31). */
#define LT(x, y) MASK((int32_t)(x) < (int32_t)(y))

/* What one conversion raises, in few vector operations; the loop ORs
 * them together and makes flags of them at the end.  cut: the bits cut off
 * (nonzero: inexact), over: all ones on overflow, sub: nonzero for a
 * subnormal result, under: nonzero for an inexact tiny one, inf: all ones
 * for an infinite input. */
struct acc { uint32_t cut, over, under, sub, inf; };

static inline unsigned
flags_of(const struct acc *m, unsigned inf_flags)
{
	return ((m->cut | m->over) != 0 ? FP_FLAG_INEXACT : 0) |
	    (m->over & FP_FLAG_OVERFLOW) | (m->under != 0 ? FP_FLAG_UNDERFLOW : 0) |
	    (m->sub != 0 ? FP_FLAG_SUBNORMAL : 0) | (m->inf & inf_flags);
}

/* One float32 into a format of at most 16 bits.  wide: the format has
 * float32's exponent range, so its subnormals are float32's, cut like the
 * rest (and scale is unused). */
static inline uint16_t
one_float(const struct plan *p, uint32_t u, int sh, uint32_t rebias,
    uint32_t minb, float scale, bool wide, struct acc *m)
{
	uint32_t a = u & 0x7fffffffu;
	uint32_t sign = (u >> (31 - p->signshift)) & (1u << p->signshift);
	uint32_t tiny = LT(a, minb);

	/* Inf and NaN go this way too: far beyond the largest value. */
	uint32_t r = a - rebias;
	uint32_t k = (r + (1u << (sh - 1)) - 1 + ((r >> sh) & 1)) >> sh;
	uint32_t cut = r & ((1u << sh) - 1);

	if (!wide) {	/* a constant: the compiler keeps one of the two */
		float t, q, frac;
		uint32_t ta = tiny & a, sk, fbits;
		memcpy(&t, &ta, sizeof t);
		q = t * scale;
		sk = (uint32_t)(int32_t)q;
		frac = q - (float)(int32_t)sk;
		sk += (uint32_t)(frac > 0.5f) | ((uint32_t)(frac == 0.5f) & sk);
		memcpy(&fbits, &frac, sizeof fbits);
		k = PICK(tiny, sk, k);
		/* frac is +0 or -0 when nothing was cut */
		cut = PICK(tiny, fbits & 0x7fffffffu, cut);
	}

	uint32_t over = LT(p->maxb, k);
	uint32_t special = LT(0x7f7fffffu, a);
	uint32_t mag = PICK(over, PICK(LT(0x7f800000u, a), p->nanb, p->ovf), k);

	m->cut = cut & ~special;
	m->over = over & ~special;
	m->under = tiny & cut;
	/* A tiny input's result is at most the smallest normal, submax:
	 * it is subnormal unless 0 or that. */
	m->sub = tiny & mag & (p->submax - 1);
	m->inf = MASK(a == 0x7f800000u);
	return (uint16_t)(mag | sign);
}

/* The loops are vectorised, and built for AVX2 and AVX-512 as well on
 * x86-64 (fp/simd.h), the copy picked at run time. */
#ifdef FP_SIMD_COPIES
#define HAVE_AVX2_COPY 1
#include <cpuid.h>
#include <stdatomic.h>

/* What vector code the CPU and the OS run: 0 none of these, 1 AVX2, 2
 * AVX-512 too (F, DQ, BW and VL, and the OS saving the ZMM registers),
 * asked once, when first needed: __builtin_cpu_supports would ask at
 * every program's start.  FPTUTOR_SIMD=none or avx2 sets a lower level,
 * so that the tests can hold every copy to the general path. */
static int
simd_level(void)
{
	static atomic_int known;	/* 0 not asked, else 1 + the level */
	int k = atomic_load_explicit(&known, memory_order_relaxed);
	unsigned a, b, c, d, lo = 0, hi;
	const unsigned w512 = bit_AVX512F | bit_AVX512DQ | bit_AVX512BW |
	    bit_AVX512VL;

	if (k != 0)
		return k - 1;
	int level = 0;
	if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) &&
	    __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
		__asm__ volatile ("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
		if ((b & bit_AVX2) && (lo & 6) == 6)	/* the YMM registers */
			level = 1;
		if (level && (b & w512) == w512 && (lo & 0xe0) == 0xe0)
			level = 2;
	}
	const char *cap = getenv("FPTUTOR_SIMD");
	if (cap && strcmp(cap, "none") == 0)
		level = 0;
	else if (cap && strcmp(cap, "avx2") == 0 && level > 1)
		level = 1;
	atomic_store_explicit(&known, level + 1, memory_order_relaxed);
	return level;
}

bool
fp_have_avx2(void)
{
	return simd_level() >= 1;
}

bool
fp_have_avx512(void)
{
	return simd_level() >= 2;
}
#else
bool
fp_have_avx2(void)
{
	return false;
}

bool
fp_have_avx512(void)
{
	return false;
}
#endif

typedef void loop_fn(const struct plan *p, const float *restrict in,
    uint16_t *restrict out, uint8_t *restrict each, size_t n, int sh,
    uint32_t rebias, uint32_t minb, float scale, struct acc *acc);

/* The loop, written once; each copy has `wide` and `with_each` constant. */
#define FLOATS_LOOP(NAME, ATTR, wide, with_each)			\
ATTR FP_VECTORISE static void						\
NAME(const struct plan *p, const float *restrict in,			\
    uint16_t *restrict out, uint8_t *restrict each, size_t n, int sh,	\
    uint32_t rebias, uint32_t minb, float scale, struct acc *accp)	\
{									\
	const struct plan pl = *p;	/* in registers, whatever out aliases */ \
	struct acc acc = *accp;						\
	for (size_t i = 0; i < n; i++) {				\
		uint32_t u;						\
		struct acc m;						\
		memcpy(&u, &in[i], sizeof u);				\
		out[i] = one_float(&pl, u, sh, rebias, minb, scale, wide, &m); \
		acc.cut |= m.cut;					\
		acc.over |= m.over;					\
		acc.under |= m.under;					\
		acc.sub |= m.sub;					\
		acc.inf |= m.inf;					\
		if (with_each)						\
			each[i] = (uint8_t)flags_of(&m, pl.inf_flags);	\
	}								\
	*accp = acc;							\
}

#define FLOATS_LOOPS(SUFFIX, ATTR)					\
	FLOATS_LOOP(wide##SUFFIX, ATTR, true, false)			\
	FLOATS_LOOP(narrow##SUFFIX, ATTR, false, false)			\
	FLOATS_LOOP(wide_each##SUFFIX, ATTR, true, true)		\
	FLOATS_LOOP(narrow_each##SUFFIX, ATTR, false, true)		\
	static loop_fn *const loops##SUFFIX[2][2] = {			\
		{ narrow##SUFFIX, narrow_each##SUFFIX },		\
		{ wide##SUFFIX, wide_each##SUFFIX },			\
	};
FLOATS_LOOPS(, )
#ifdef HAVE_AVX2_COPY
FLOATS_LOOPS(_avx2, FP_AVX2)

#include <immintrin.h>

/* Does the CPU convert to fp16 itself (F16C)?  Only asked when AVX2 is
 * allowed, so FPTUTOR_SIMD=none holds this copy back too. */
static bool
have_f16c(void)
{
	static atomic_int known;	/* 0 not asked, 1 no, 2 yes */
	int k = atomic_load_explicit(&known, memory_order_relaxed);
	if (k == 0) {
		unsigned a, b, c, d;
		k = fp_have_avx2() && __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C) ? 2 : 1;
		atomic_store_explicit(&known, k, memory_order_relaxed);
	}
	return k == 2;
}

/* fp16 from float32 by the CPU's own round-to-nearest-even conversion
 * (the bits the bit trick gives, NaN aside: the core's NaN is put back),
 * eight at a time, the flags worked out from the result: inexact when
 * it converts back to another value, overflow when a finite input came
 * out infinite, underflow for an inexact tiny one, subnormal from the
 * result's fields.  The rest of the array goes the general way. */
FP_AVX2 __attribute__((target("f16c"))) static size_t
fp16_f16c(const struct plan *p, const float *restrict in, uint16_t *restrict out,
    size_t n, uint32_t minb, struct acc *accp)
{
	const __m256i absm = _mm256_set1_epi32(0x7fffffff), inf32 = _mm256_set1_epi32(0x7f800000);
	const __m256i maxfin = _mm256_set1_epi32(0x7f7fffff), tinyb = _mm256_set1_epi32((int)minb);
	const __m256i m15 = _mm256_set1_epi32(0x7fff), inf16 = _mm256_set1_epi32(0x7c00);
	const __m256i one = _mm256_set1_epi32(1), sub = _mm256_set1_epi32(0x400);
	const __m256i zero = _mm256_setzero_si256();
	__m256i vin = _mm256_setzero_si256(), vov = vin, vun = vin, vsu = vin;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		__m256 x = _mm256_loadu_ps(in + i);
		__m128i h = _mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
		_mm_storeu_si128((__m128i *)(out + i), h);
		__m256i a = _mm256_and_si256(_mm256_castps_si256(x), absm);
		__m256i mag = _mm256_and_si256(_mm256_cvtepu16_epi32(h), m15);
		__m256i finite = _mm256_cmpgt_epi32(inf32, a);	/* a < inf */
		__m256i back = _mm256_castps_si256(_mm256_cmp_ps(_mm256_cvtph_ps(h), x, _CMP_NEQ_OQ));
		__m256i inexact = _mm256_and_si256(back, finite);
		__m256i over = _mm256_and_si256(_mm256_cmpeq_epi32(mag, inf16),
		    _mm256_cmpgt_epi32(_mm256_add_epi32(maxfin, one), a));
		__m256i tiny = _mm256_cmpgt_epi32(tinyb, a);
		vin = _mm256_or_si256(vin, _mm256_or_si256(inexact, over));
		vov = _mm256_or_si256(vov, over);
		vun = _mm256_or_si256(vun, _mm256_and_si256(tiny, inexact));
		/* subnormal: 0 < mag < 0x400 */
		vsu = _mm256_or_si256(vsu, _mm256_andnot_si256(_mm256_cmpeq_epi32(mag, zero),
		    _mm256_cmpgt_epi32(sub, mag)));
		int nan = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a, inf32)));
		for (int j = 0; nan; j++, nan >>= 1)
			if (nan & 1) {
				uint32_t u;
				memcpy(&u, &in[i + j], sizeof u);
				out[i + j] = (uint16_t)(p->nanb | (u >> 16 & 0x8000u));
			}
	}
	int m;
	if ((m = _mm256_movemask_ps(_mm256_castsi256_ps(vin))))
		accp->cut |= 1;
	if ((m = _mm256_movemask_ps(_mm256_castsi256_ps(vov))))
		accp->over |= ~0u;
	if ((m = _mm256_movemask_ps(_mm256_castsi256_ps(vun))))
		accp->under |= 1;
	if ((m = _mm256_movemask_ps(_mm256_castsi256_ps(vsu))))
		accp->sub |= 1;
	return i;
}
#endif

bool
fp_encode_floats(const fp_format *f, const float *in, uint16_t *out,
    uint8_t *each, size_t n, unsigned *flags)
{
	struct plan p;
	struct acc acc = { 0, 0, 0, 0, 0 };
	int M = f->man_bits, sh = 23 - M;
	bool wide = f->bias == 127;

	/* The scale of the narrow case must be a float: 2^(bias - 1 + M). */
	if (f->width > 16 || f->bias > 127 || (!wide && f->bias - 1 + M > 127))
		return false;
	plan_of(f, &p);
	loop_fn *loop = loops[wide][each != NULL];
#ifdef HAVE_AVX2_COPY
	if (fp_have_avx2())
		loop = loops_avx2[wide][each != NULL];
	/* fp16 without per-value flags: the CPU's conversion, the tail and
	 * nothing else by the loop */
	if (f->width == 16 && f->bias == 15 && f->man_bits == 10 && each == NULL && have_f16c()) {
		size_t done = fp16_f16c(&p, in, out, n, (uint32_t)(1 - f->bias + 127) << 23, &acc);
		in += done, out += done, n -= done;
	}
#endif
	loop(&p, in, out, each, n, sh, (uint32_t)(127 - f->bias) << 23,
	    (uint32_t)(1 - f->bias + 127) << 23,
	    wide ? 1.0f : (float)pow2(f->bias - 1 + M), &acc);
	if (flags)
		*flags |= flags_of(&acc, p.inf_flags);
	return true;
}

/* ---- the values of a cast, for arrays of float32 or double -------------- */

/*
 * What a cast gives, as a value of the input's own type, in integer
 * arithmetic alone (no rounding mode matters).  A value of exponent e has
 * a significand sig of 24 (53) bits, the leading one included unless it is
 * subnormal; the format keeps its bits down to a place set by e: `d` bits
 * are cut at or above the format's smallest normal exponent, one more for
 * each binade below it, all of them (up to the guard) when the value is
 * too small for even half the smallest subnormal.  Rounding the cut bits
 * to nearest, ties to even, gives the kept significand, which may carry
 * one place up; put back beside e (an exponent field of e - 1 plus a
 * significand with its leading one adds up to the right pattern, the carry
 * included) it is the result.  Past the largest finite value it
 * overflows: inf, or NaN for e4m3 (which gives NaN for an infinite input
 * too).  Every format's values are float32 values, so the result always
 * fits the input's type.
 */
struct vplan {
	int emin;		/* the format's smallest normal exponent, biased as the input's */
	int d;			/* bits cut from a significand in the normal range */
	uint64_t maxb;		/* the largest finite value, as the input's bits */
	uint64_t ovf;		/* overflow's and an infinite input's result */
};

static void
vplan_of(const fp_format *f, int frac, int bias, struct vplan *p)
{
	double max = fp_decode(f, f->max_bits);
	uint64_t inf = (uint64_t)(2 * bias + 1) << frac;	/* exponent all ones */
	uint64_t nan = inf | UINT64_C(1) << (frac - 1);

	p->emin = 1 - f->bias + bias;
	p->d = frac - f->man_bits;
	if (frac == 23) {
		float m = (float)max;
		uint32_t b;
		memcpy(&b, &m, sizeof b);
		p->maxb = b;
	} else {
		memcpy(&p->maxb, &max, sizeof max);
	}
	p->ovf = f->has_inf ? inf : nan;
}

/* base = (ep - 1) << 23 is both what takes a's exponent off to leave the
 * significand (the leading one stays, unless a is subnormal) and what puts
 * it back.  Rounding is (sig + half - 1 + lsb) & -unit; bit sh of sig | 1
 * is the kept last bit, or 1 when nothing is cut (fp32 itself), which
 * makes the sum sig.  The comparisons are of values below 2^31: signed,
 * which every vector unit has. */
static inline uint32_t
cast_float(const struct vplan *p, uint32_t u)
{
	int32_t a = (int32_t)(u & 0x7fffffffu), e = a >> 23, ep = e < 1 ? 1 : e;
	int32_t base = (ep - 1) * (1 << 23), sig = a - base, sh = p->emin - ep;

	sh = (sh < 0 ? 0 : sh) + p->d;
	sh = sh > 25 ? 25 : sh;		/* 25: everything is cut, the guard too */
	int32_t unit = (int32_t)(1u << sh);
	int32_t lsb = (int32_t)(((uint32_t)(sig | 1) >> sh) & 1);
	int32_t kept = (sig + (unit >> 1) - 1 + lsb) & -unit;
	/* Unsigned: for an infinity or a NaN (replaced below) the sum can
	 * reach 2^31. */
	int32_t r = kept == 0 ? 0 : (int32_t)((uint32_t)base + (uint32_t)kept);
	r = r > (int32_t)p->maxb ? (int32_t)p->ovf : r;
	r = a >= 0x7f800000 ? (a == 0x7f800000 ? (int32_t)p->ovf : 0x7fc00000) : r;
	return (uint32_t)r | (u & 0x80000000u);
}

static inline uint64_t
cast_double(const struct vplan *p, uint64_t u)
{
	const int64_t expo = INT64_C(0x7ff) << 52;
	int64_t a = (int64_t)(u & ~(UINT64_C(1) << 63)), e = a >> 52;
	int64_t ep = e < 1 ? 1 : e, base = (ep - 1) * (INT64_C(1) << 52);
	int64_t sig = a - base, sh = p->emin - ep;

	sh = (sh < 0 ? 0 : sh) + p->d;
	sh = sh > 54 ? 54 : sh;
	/* 1 << sh, written so that GCC vectorises it: a constant shifted by
	 * a vector of 64-bit counts it does not (sh is never negative). */
	int64_t unit = (int64_t)((uint64_t)(sh >= 0) << sh);
	int64_t lsb = (int64_t)(((uint64_t)(sig | 1) >> sh) & 1);
	int64_t kept = (sig + (unit >> 1) - 1 + lsb) & -unit;
	int64_t r = kept == 0 ? 0 : (int64_t)((uint64_t)base + (uint64_t)kept);
	r = r > (int64_t)p->maxb ? (int64_t)p->ovf : r;
	r = a >= expo ? (a == expo ? (int64_t)p->ovf : expo | INT64_C(1) << 51) : r;
	return (uint64_t)r | (u & UINT64_C(1) << 63);
}

#define CAST_LOOP(NAME, ATTR, T, U, ONE)				\
ATTR FP_VECTORISE static void						\
NAME(const struct vplan *p, const T *restrict in, T *restrict out,	\
    size_t n)								\
{									\
	const struct vplan pl = *p;					\
	for (size_t i = 0; i < n; i++) {				\
		U u;							\
		memcpy(&u, &in[i], sizeof u);				\
		u = ONE(&pl, u);					\
		memcpy(&out[i], &u, sizeof u);				\
	}								\
}
CAST_LOOP(cast_floats, , float, uint32_t, cast_float)
CAST_LOOP(cast_doubles, , double, uint64_t, cast_double)
#ifdef HAVE_AVX2_COPY
CAST_LOOP(cast_floats_avx2, FP_AVX2, float, uint32_t, cast_float)
CAST_LOOP(cast_doubles_avx2, FP_AVX2, double, uint64_t, cast_double)
CAST_LOOP(cast_floats_avx512, FP_AVX512, float, uint32_t, cast_float)
CAST_LOOP(cast_doubles_avx512, FP_AVX512, double, uint64_t, cast_double)
#endif

void
fp_cast_floats(const fp_format *f, const float *in, float *out, size_t n)
{
	struct vplan p;

	vplan_of(f, 23, 127, &p);
#ifdef HAVE_AVX2_COPY
	if (simd_level() == 2) {
		cast_floats_avx512(&p, in, out, n);
		return;
	}
	if (simd_level() == 1) {
		cast_floats_avx2(&p, in, out, n);
		return;
	}
#endif
	cast_floats(&p, in, out, n);
}

void
fp_cast_doubles(const fp_format *f, const double *in, double *out, size_t n)
{
	struct vplan p;

	vplan_of(f, 52, 1023, &p);
#ifdef HAVE_AVX2_COPY
	if (simd_level() == 2) {
		cast_doubles_avx512(&p, in, out, n);
		return;
	}
	if (simd_level() == 1) {
		cast_doubles_avx2(&p, in, out, n);
		return;
	}
#endif
	cast_doubles(&p, in, out, n);
}
