/*
 * bits_text.h — the plain-text views (no curses): what `fptutor` prints on
 * stdout and what scripted lesson mode prints, from the same models the
 * terminal UI draws.  Each writes to a FILE and honours view_tty (colour,
 * UTF-8 symbols; see term.h).
 */
#ifndef FPTUTOR_VIEW_BITS_TEXT_H
#define FPTUTOR_VIEW_BITS_TEXT_H

#include <stdio.h>

#include "fp/fp.h"

/* One value converted into one format.  real is NULL when the pattern was
 * given directly (bits --from-bits) rather than rounded from a number. */
typedef struct view_bits_item {
	const fp_format *fmt;
	const char *input;	/* the text as given, blanks trimmed */
	const fp_real *real;
	uint32_t bits;
	unsigned flags;		/* FP_FLAG_* raised by the conversion */
	/* the input's exact reading when it lies beyond double's range
	 * (fp_read_beyond), or NULL: then the view reads it itself */
	const fp_exact *exact;
} view_bits_item;

/* The bit-by-bit explanation: fields labelled S/exponent/mantissa, their
 * sums, the value, the rounding walk for an inexact input, notes on
 * overflow/underflow/subnormals, error, ulp and neighbours. */
void view_bits_text(FILE *out, const view_bits_item *it);

#endif
