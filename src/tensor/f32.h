/*
 * f32.h — the loss-scale thresholds of F32 values by rounding class
 * (f32.c), for wide.c: create one per tensor, pass each block of
 * magnitudes through tensor_f32_scale() per format, free it.  (Internal
 * to src/tensor.)
 */
#ifndef FPTUTOR_TENSOR_F32_H
#define FPTUTOR_TENSOR_F32_H

#include "tensor/tensor.h"

typedef struct tensor_f32 tensor_f32;

/* For a tensor of count values.  NULL when out of memory. */
tensor_f32 *tensor_f32_new(const fp_format *const *fmts, int nfmt,
    uint64_t count);
void tensor_f32_free(tensor_f32 *c);
/* Count the thresholds of n fp32 magnitudes (bit patterns, finite and
 * nonzero) in format k into sc. */
void tensor_f32_scale(tensor_f32 *c, int k, const uint32_t *a, size_t n,
    tensor_scaled *sc);

#endif
