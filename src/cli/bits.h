/*
 * bits.h — the two views of one converted value for `fptutor bits`:
 * bits.c reads options and values, bits_show.c renders each result.
 */
#ifndef FPTUTOR_CLI_BITS_H
#define FPTUTOR_CLI_BITS_H

#include "fp.h"

/* One value converted into one format.  real is NULL with --from-bits. */
typedef struct bits_item {
	const fp_format *fmt;
	const char *input;	/* the text as given, blanks trimmed */
	const fp_real *real;
	uint32_t bits;
	unsigned flags;
} bits_item;

void bits_show_human(const bits_item *it);
void bits_show_json(const bits_item *it);
/* Write s as a JSON string literal (with quotes) to stdout. */
void bits_json_str(const char *s);

#endif
