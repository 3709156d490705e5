/*
 * drill.h — engine-made drills: exercises whose operands are drawn at
 * random from a seed (the same on every machine: splitmix64, written out
 * in drill.c) and whose answers the engine computes (src/fp, src/train).
 * A wrong answer gets the engine's own explanation: the rounding walk
 * (guard, round, sticky), the fields of a pattern, the scaler window, the
 * reason of the step order.
 *
 * An item is a function of its kind and a 32-bit seed, and its id says
 * both ("encode-1a2b3c4d"), so an id alone brings the item back (review).
 * Answers are read in the notations people use: hex with or without 0x
 * or binary for patterns; decimal, scientific, 2^k, 2**k for values;
 * yes/no; up/down; "2^a..2^b" for a range of scales; letters for an
 * order.  Nothing here prints, exits or includes curses.
 */
#ifndef FPTUTOR_DRILL_DRILL_H
#define FPTUTOR_DRILL_DRILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fp/fp.h"
#include "train/scaler.h"

typedef enum drill_kind {
	DRILL_ENCODE,		/* a decimal to its bits */
	DRILL_DECODE,		/* bits to the shortest decimal that reads back */
	DRILL_ROUND,		/* which neighbour, and why */
	DRILL_ULP,		/* the spacing at a value */
	DRILL_SWALLOW,		/* does w + dw change w */
	DRILL_OVERFLOW,		/* is a product, sum or exp finite */
	DRILL_SCALE,		/* the window of power-of-two loss scales */
	DRILL_ORDER,		/* the AMP step calls, shuffled */
	DRILL_NKINDS
} drill_kind;

#define DRILL_ID_MAX	40

typedef struct drill_item {
	drill_kind kind;
	uint32_t seed;
	char id[DRILL_ID_MAX];	/* "KIND-SEED" (8 hex digits) */
	const fp_format *f;
	/* The drawn numbers, as the kind uses them. */
	char value[128];	/* encode: the decimal; others: a value shown */
	uint32_t bits;		/* decode, ulp, round (the lower neighbour) */
	double x;		/* round: the value; ulp: the value */
	double w, dw;		/* swallow */
	char op;		/* overflow: '*', '+' or 'e' (exp) */
	double a, b;		/* overflow operands (b unused for exp) */
	char gmin[24], gmax[24];	/* scale: the gradient range */
	steporder_id order[STEP_NSTEPS];	/* order: as shown, a) b) ... */
	char prompt[400];
	char answer[120];	/* the engine's answer, as shown */
	/* The answer for grading. */
	uint32_t ans_bits;
	double ans_value;
	bool ans_yes;		/* swallow: changes; overflow: finite; round: up */
	int ans_lo, ans_hi;	/* scale */
} drill_item;

typedef struct drill_result {
	bool pass;
	bool understood;	/* the answer could be read at all */
	char feedback[700];
} drill_result;

/* "encode", ...; NULL past the end. */
const char *drill_kind_name(drill_kind k);
/* By name; -1 if none. */
int drill_kind_find(const char *name);
/* "encode, decode, ...": for usage messages. */
const char *drill_kind_names(void);

/* The 64-bit mixer of the seeds (splitmix64's output function). */
uint64_t drill_mix(uint64_t x);
/* The seed of item i of a run with seed s. */
uint32_t drill_item_seed(uint64_t s, size_t i);

/* Draw the item of kind k and seed; always succeeds. */
void drill_make(drill_kind k, uint32_t seed, drill_item *out);
/* The item an id names; false when the id is not "KIND-XXXXXXXX". */
bool drill_from_id(const char *id, drill_item *out);
/* The bit pattern as hex with 0x and the format's width of digits. */
char *drill_hex(const fp_format *f, uint32_t bits, char *buf, size_t n);
/* Grade an answer; the feedback explains a miss with the engine's walk. */
void drill_grade(const drill_item *it, const char *answer, drill_result *out);

#endif
