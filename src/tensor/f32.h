/*
 * f32.h — the per-class rounding tables of f32.c, for stats.c: create one
 * per tensor, pass its data through tensor_f32_chunk() (once for the
 * figures, then once per selection pass for the median), free it.  (Internal to src/tensor.)
 */
#ifndef FPTUTOR_TENSOR_F32_H
#define FPTUTOR_TENSOR_F32_H

#include "tensor/select.h"
#include "tensor/tensor.h"

typedef struct tensor_f32 tensor_f32;

/* For a tensor of count values.  NULL when out of memory. */
tensor_f32 *tensor_f32_new(const fp_format *const *fmts, int nfmt, bool scaled,
    uint64_t count);
void tensor_f32_free(tensor_f32 *c);
/* A chunk of nel fp32 values at p (byte-swapped with swap): without sel,
 * everything but the errors' median and maximum into st (st->lo and
 * st->hi are the caller's to set from st->hist); with sel (every later
 * pass), each format's errors into its selection (those not done) and
 * the largest into st->cast[k].err_max. */
void tensor_f32_chunk(tensor_f32 *c, const unsigned char *p, uint64_t nel,
    bool swap, tensor_stats *st, tensor_sel *sel);

#endif
