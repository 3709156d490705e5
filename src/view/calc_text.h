/*
 * calc_text.h — text views of calc traces, for `fptutor calc` and for the
 * calc blocks of lessons.  Plain text; colour and symbols from term.h.
 */
#ifndef FPTUTOR_VIEW_CALC_TEXT_H
#define FPTUTOR_VIEW_CALC_TEXT_H

#include <stdio.h>

#include "calc/calc.h"

/* One dtype in detail: each step's op, dtype, inputs, exact and rounded
 * results, bits and flags; the first nonfinite step marked and explained;
 * a number line for a scalar result. */
void view_calc_trace(FILE *out, const calc_trace *t);
/* Several traces of one expression side by side, a row per operation,
 * fitted to width columns, then one verdict line per dtype. */
void view_calc_compare(FILE *out, const calc_trace *ts, size_t nt, int width);
/* Where v sits in f's range: rounds to zero, subnormal, normal, overflow. */
void view_number_line(FILE *out, const fp_format *f, double v);

#endif
