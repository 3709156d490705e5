/*
 * simd.h — how array loops are built to be vectorised: the format
 * engine's (fast.c) and those of the layers above that loop over arrays
 * the way it does (src/tensor/wide_loops.c).  FP_VECTORISE on a loop's
 * function: GCC vectorises only the cheapest loops at -O2, these pay off.
 * On x86-64 (FP_SIMD_COPIES) a loop is built again for AVX2 (FP_AVX2:
 * eight float lanes, not four) and AVX-512 (FP_AVX512: sixteen), and
 * the copy the machine runs is picked at run time (fp_have_avx2,
 * fp_have_avx512 in fp.h).
 */
#ifndef FPTUTOR_FP_SIMD_H
#define FPTUTOR_FP_SIMD_H

#if defined __GNUC__ && !defined __clang__
#define FP_VECTORISE __attribute__((optimize("tree-loop-vectorize", \
	"vect-cost-model=dynamic")))
#else
#define FP_VECTORISE
#endif

#if defined __x86_64__ && defined __GNUC__
#define FP_SIMD_COPIES 1
#define FP_AVX2 __attribute__((target("avx2")))
/* GCC would keep to 256-bit vectors without being told; clang has no
 * such word in a target attribute (and would ignore all of it). */
#ifdef __clang__
#define FP_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
#else
#define FP_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq," \
	"prefer-vector-width=512")))
#endif
#endif

#endif
