/*
 * drill.h — engine-made drills: exercises whose operands are drawn at
 * random from a seed (the same on every machine: splitmix64, written out
 * in drill_rng.c) and whose answers the engine computes (src/fp,
 * src/calc, src/train).  A wrong answer gets the engine's own
 * explanation: the rounding walk (guard, round, sticky), the fields of a
 * pattern, the calc steps of a chain, the scaler window, the reason of
 * the step order.
 *
 * An item is a function of its kind, its level (1 easy, 2 normal, 3
 * hard; what each means per kind is listed in fptutor(1), "drill") and a
 * 32-bit seed, and its id says all three ("encode-2-1a2b3c4d"), so an id
 * alone brings the item back (review, a lesson's @drill).  An id without
 * a level ("encode-1a2b3c4d", the form before levels) is level 2.
 *
 * Answers are read in the notations people use: hex with or without 0x
 * or binary for patterns; decimal, scientific, 2^k, 2**k for values;
 * yes/no; up/down; "no 2" for the first step of a chain that is not
 * finite; "2^a..2^b" for a range of scales; letters for an order.
 * Nothing here prints, exits or includes curses.
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
	DRILL_OVERFLOW,		/* is a chain of products, sums, exps finite */
	DRILL_SCALE,		/* the window of power-of-two loss scales */
	DRILL_ORDER,		/* the AMP step calls, shuffled */
	DRILL_NKINDS
} drill_kind;

#define DRILL_LEVEL_MIN		1
#define DRILL_LEVEL_MAX		3
#define DRILL_LEVEL_DEFAULT	2

#define DRILL_ID_MAX	40
#define DRILL_MAX_CHAIN	4	/* steps of an overflow chain */

typedef struct drill_item {
	drill_kind kind;
	int level;
	uint32_t seed;
	char id[DRILL_ID_MAX];	/* "KIND-LEVEL-SEED" (seed: 8 hex digits) */
	const fp_format *f;
	/* The drawn numbers, as the kind uses them. */
	char value[128];	/* encode: the decimal; others: a value shown */
	uint32_t bits;		/* decode, ulp, round (the lower neighbour) */
	double x;		/* round: the value; ulp: the value */
	double w, dw;		/* swallow */
	/* overflow: x0, then nsteps steps, each op ('*', '+' or 'e' for
	 * exp) with its operand (unused for exp), each rounded to f */
	double x0;
	int nsteps;
	char ops[DRILL_MAX_CHAIN];
	double by[DRILL_MAX_CHAIN];
	double exact[DRILL_MAX_CHAIN];	/* each step's result before rounding */
	double got[DRILL_MAX_CHAIN];	/* and after (the engine's: src/calc) */
	char gmin[24], gmax[24];	/* scale: the gradient range */
	steporder_id order[STEP_NSTEPS];	/* order: as shown, a) b) ... */
	int norder;		/* order: how many calls are shown */
	char prompt[400];
	char answer[120];	/* the engine's answer, as shown */
	/* The answer for grading. */
	uint32_t ans_bits;
	double ans_value;
	bool ans_yes;		/* swallow: changes; overflow: finite; round: up */
	int ans_step;		/* overflow: the first step not finite, 0: none */
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
/* "easy", "normal", "hard" for 1, 2, 3; NULL for another. */
const char *drill_level_name(int level);
/* A level as written: "1".."3" or its name; -1 if neither. */
int drill_level_find(const char *text);

/* The 64-bit mixer of the seeds (splitmix64's output function). */
uint64_t drill_mix(uint64_t x);
/* The seed of item i of a run with seed s. */
uint32_t drill_item_seed(uint64_t s, size_t i);

/* Draw the item of kind k, level (clamped to 1..3) and seed; always
 * succeeds. */
void drill_make(drill_kind k, int level, uint32_t seed, drill_item *out);
/* The item an id names; false when the id is not "KIND-LEVEL-XXXXXXXX"
 * or "KIND-XXXXXXXX". */
bool drill_from_id(const char *id, drill_item *out);
/* The bit pattern as hex with 0x and the format's width of digits. */
char *drill_hex(const fp_format *f, uint32_t bits, char *buf, size_t n);
/* How to write an answer to it ("a bit pattern in hex ..."), for the
 * prompts of front ends and the message of an answer not read. */
const char *drill_how(const drill_item *it, char *buf, size_t n);
/* Grade an answer; the feedback explains a miss with the engine's walk.
 * out->understood is false when the answer is not of the kind's form
 * (then it does not pass, and the feedback says how to write it). */
void drill_grade(const drill_item *it, const char *answer, drill_result *out);

#endif
