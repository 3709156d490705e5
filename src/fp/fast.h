/*
 * fast.h — inside src/fp only: fp_encode's fast exact path (fast.c), apart
 * from the general rounding (encode.c) that records the walk.
 */
#ifndef FPTUTOR_FP_FAST_H
#define FPTUTOR_FP_FAST_H

#include <stdint.h>

#include "fp/fp.h"

/* The bits and flags encode.c's general rounding gives for x, with no
 * walk: what fp_encode returns. */
uint32_t fp_fast_encode(const fp_format *f, double x, unsigned *flags);

#endif
