/*
 * inspect_text.h — the plain-text view of one tensor's statistics
 * (src/tensor/tensor.h): what `fptutor inspect` prints and what a
 * lesson's inspect block shows.  The histogram of log2|x| is drawn with
 * each target format's zones beside it (normal, subnormal, flushed,
 * overflow) and its limits as lines across it; then what a cast to each
 * format does; with a loss-scale window, the window and how GradScaler
 * (`fptutor scaler`) reaches it.  No curses; lines fit 80 columns.
 *
 * Who calls what: src/cli/cmd_inspect.c and the lesson views compute the
 * statistics, then call view_inspect_text() per tensor; the inspect lab
 * (src/tui/lab_inspect.c) draws its own screen from the same pieces
 * (view_inspect_zone, view_inspect_name).
 */
#ifndef FPTUTOR_VIEW_INSPECT_TEXT_H
#define FPTUTOR_VIEW_INSPECT_TEXT_H

#include <stdio.h>

#include "tensor/tensor.h"

typedef struct view_inspect_opts {
	bool grad;		/* show the loss-scale window (needs has_scaled) */
	int grad_fmt;		/* index into st->fmts of the window's format */
	uint32_t share_ppm;	/* the share of normal values, in millionths */
} view_inspect_opts;

/* file names the file as the user gave it. */
void view_inspect_text(FILE *out, const char *file, const tensor_info *t,
    const tensor_stats *st, const view_inspect_opts *o);
/* One line for a tensor that is not floating point. */
void view_inspect_skipped(FILE *out, const char *file, const tensor_info *t);

/* The zone of the binade [2^k, 2^(k+1)) in f: 'n' normal, 's' subnormal
 * (or rounding to the smallest subnormal), '0' flushed to zero, '!'
 * overflow.  The binade holding the largest finite value counts as
 * normal; the limit lines say where exactly the zone ends. */
char view_inspect_zone(const fp_format *f, int k);
/* s with bytes outside printable ASCII written as \xNN, cut at n - 1. */
const char *view_inspect_name(const char *s, char *buf, size_t n);
/* The shape as "[3, 4]" into buf. */
const char *view_inspect_shape(const tensor_info *t, char *buf, size_t n);

#endif
