/*
 * fp_ref.h — the reference side of the format-core tests, shared by
 * check_fp.c and check_fp_exhaustive.c: the formats as the standards
 * define them (IEEE 754, Google bfloat16, NVIDIA TF32, OCP fp8), typed in
 * here and not read from fp.h, and a classifier and decoder by the textbook
 * formula.  Nothing here comes from src/fp but the fp_id and fp_class
 * names.
 */
#ifndef FPTUTOR_TESTS_FP_REF_H
#define FPTUTOR_TESTS_FP_REF_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "fp/fp.h"

struct ref_fmt {
	const char *name;
	int ebits, mbits, bias, width;
	bool ieee;		/* all-ones exponent is inf/NaN (else OCP e4m3) */
	uint32_t max_bits, nan_bits;
	int digits;		/* 1 + ceil(p log10 2), p = mbits + 1 */
};
static const struct ref_fmt REF[FP_NFORMATS] = {
	[FP_FP16] = { "fp16", 5, 10, 15, 16, true, 0x7bff, 0x7e00, 5 },
	[FP_BF16] = { "bf16", 8, 7, 127, 16, true, 0x7f7f, 0x7fc0, 4 },
	[FP_FP32] = { "fp32", 8, 23, 127, 32, true, 0x7f7fffff, 0x7fc00000, 9 },
	[FP_TF32] = { "tf32", 8, 10, 127, 19, true, 0x3fbff, 0x3fe00, 5 },
	[FP_E4M3] = { "e4m3", 4, 3, 7, 8, false, 0x7e, 0x7f, 3 },
	[FP_E5M2] = { "e5m2", 5, 2, 15, 8, true, 0x7b, 0x7e, 2 },
};
/* The formats small enough to walk every pattern of. */
static const fp_id SMALL[] = { FP_FP16, FP_BF16, FP_TF32, FP_E4M3, FP_E5M2 };
#define NSMALL (sizeof SMALL / sizeof SMALL[0])

static inline uint32_t
fld(uint32_t bits, int shift, int nbits)
{
	return (bits >> shift) & ((1u << nbits) - 1);
}

static inline uint32_t
magmask(const struct ref_fmt *r)
{
	return (1u << (r->width - 1)) - 1;
}

static inline fp_class
ref_class(const struct ref_fmt *r, uint32_t bits)
{
	uint32_t e = fld(bits, r->mbits, r->ebits), m = fld(bits, 0, r->mbits);
	uint32_t eall = (1u << r->ebits) - 1, mall = (1u << r->mbits) - 1;

	if (e == eall && (r->ieee || m == mall))
		return r->ieee && m == 0 ? FP_CLASS_INF : FP_CLASS_NAN;
	if (e == 0)
		return m == 0 ? FP_CLASS_ZERO : FP_CLASS_SUBNORMAL;
	return FP_CLASS_NORMAL;
}

/* 1.f x 2^(e-bias) or 0.f x 2^(1-bias) of a magnitude, ignoring what the
 * format reserves: the pattern above the max gives the value the next step
 * would have (2^(emax+1), or 480 for e4m3), which is where overflow lies. */
static inline double
ref_raw(const struct ref_fmt *r, uint32_t mag)
{
	uint32_t e = fld(mag, r->mbits, r->ebits), m = fld(mag, 0, r->mbits);
	double frac = ldexp((double)m, -r->mbits);

	return e ? ldexp(1.0 + frac, (int)e - r->bias) : ldexp(frac, 1 - r->bias);
}

static inline double
ref_value(const struct ref_fmt *r, uint32_t bits)
{
	fp_class c = ref_class(r, bits);
	double v = c == FP_CLASS_NAN ? NAN : c == FP_CLASS_INF ? INFINITY :
	    ref_raw(r, bits & magmask(r));
	return (bits >> (r->width - 1)) & 1 ? -v : v;
}

#endif
