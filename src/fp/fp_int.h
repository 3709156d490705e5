/*
 * fp_int.h — internals shared by the files of src/fp only: the 128-bit
 * unsigned integer and the powers of five that the exact decimal reader
 * (read.c) and the shortest-decimal writer (text.c) both use.  Not for use
 * outside src/fp.
 */
#ifndef FPTUTOR_FP_INT_H
#define FPTUTOR_FP_INT_H

#include <stdint.h>

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 fp_u128;

/* 5^0 .. 5^27, every power of five that fits in 64 bits. */
extern const uint64_t fp_pow5_64[28];

/* 5^e for 0 <= e <= 54, and 10^e for 0 <= e <= 38. */
static inline fp_u128
fp_pow5_128(int e)
{
	return e < 28 ? fp_pow5_64[e] : (fp_u128)fp_pow5_64[27] * fp_pow5_64[e - 27];
}

static inline fp_u128
fp_pow10_128(int e)
{
	return fp_pow5_128(e) << e;
}
#endif

#endif
