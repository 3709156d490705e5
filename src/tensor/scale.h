/*
 * scale.h — the per-value loss-scale thresholds of scale.c, for stats.c.
 * (Internal to src/tensor.)
 */
#ifndef FPTUTOR_TENSOR_SCALE_H
#define FPTUTOR_TENSOR_SCALE_H

#include "tensor/tensor.h"

/* Count finite nonzero v (weight w) into the threshold histograms of f. */
void tensor_scale_add(const fp_format *f, double v, uint64_t w,
    tensor_scaled *out);
/* The three histogram indices tensor_scale_add counts v at. */
void tensor_scale_thresholds(const fp_format *f, double v, int thr[3]);

#endif
