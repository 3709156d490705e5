/*
 * drill_int.h — inside the drills: the random stream (splitmix64), the
 * makers of each kind at each level (drill_fp.c, drill_chain.c,
 * drill_train.c), the graders (drill_grade.c, drill_chain.c), the
 * readers they share and the words of the feedback (drill_say.c).
 */
#ifndef FPTUTOR_DRILL_DRILL_INT_H
#define FPTUTOR_DRILL_DRILL_INT_H

#include "drill/drill.h"

typedef struct drill_rng {
	uint64_t s;
} drill_rng;

uint64_t drill_next(drill_rng *r);
/* Uniform in 0 .. n-1 (n >= 1). */
uint32_t drill_below(drill_rng *r, uint32_t n);

void drill_make_encode(drill_rng *r, int level, drill_item *it);
void drill_make_decode(drill_rng *r, int level, drill_item *it);
void drill_make_round(drill_rng *r, int level, drill_item *it);
void drill_make_ulp(drill_rng *r, int level, drill_item *it);
void drill_make_swallow(drill_rng *r, int level, drill_item *it);
void drill_make_overflow(drill_rng *r, int level, drill_item *it);
void drill_make_scale(drill_rng *r, int level, drill_item *it);
void drill_make_order(drill_rng *r, int level, drill_item *it);

/* The overflow chain's grader (drill_chain.c). */
void drill_grade_chain(const drill_item *it, const char *answer,
    drill_result *out);

/* ---- drill_say.c ---- */
/* Append to buf (n bytes) what fmt says; nothing when buf is full. */
void drill_add(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The feedback of an answer read: "Right: ANSWER. " or "Not yet: the
 * answer is ANSWER. " (more is appended). */
void drill_verdict(drill_result *out, bool pass, const drill_item *it);
/* The feedback of an answer not read: how to write one, and the answer. */
void drill_not_read(drill_result *out, const drill_item *it);

/* The shortest decimal (%.Ng, N from 1) that rounds back to bits in f. */
char *drill_shortest(const fp_format *f, uint32_t bits, char *buf, size_t n);
/* A value as people write it: decimal, scientific, 2^k, 2**k, -2^k.
 * False when text is not one. */
bool drill_read_value(const char *text, fp_real *out);
/* yes/no (y, n, true, false); -1 when neither. */
int drill_read_yes(const char *text);
/* The rounding walk of r into f, in words ("1.0011 x 2^3, kept to
 * 2^-7: guard 1, round 0, sticky 1: above half an ulp, up"). */
void drill_walk_text(const fp_format *f, const fp_real *r, char *buf,
    size_t n);

#endif
