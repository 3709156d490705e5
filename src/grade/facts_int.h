/*
 * facts_int.h — shared by the figure check's files: reading a figure and
 * what it is bound to (facts_read.c), the format quantities and the main
 * loop (facts.c), the claims about values, formats and GradScaler's
 * defaults (facts_claims.c), what a scale makes of a value
 * (facts_scaled.c), the size of a value (facts_size.c), a softmax
 * worked out (facts_softmax.c), bounds (facts_bounds.c) and a format's
 * quantities (facts_quantity.c).
 */
#ifndef FPTUTOR_FACTS_INT_H
#define FPTUTOR_FACTS_INT_H

#include "fp/fp.h"
#include "grade/grade_int.h"

#define GF_NOFMT (-1)
#define GF_SCAN 6		/* tokens from a quantity to its figure */

/* A figure: its value, the unit of its last digit (0: exact) and the
 * token after it.  "5.96 x 10^-8" is one figure. */
typedef struct gfig {
	double v, unit;
	size_t end;
	bool sci;		/* written with an exponent (1e8): maybe a magnitude */
} gfig;

typedef enum qkind {
	Q_NONE, Q_MAX, Q_MIN, Q_EPS, Q_EXPBITS, Q_MANBITS, Q_DIGITS,
	Q_MAX_AT, Q_MIN_AT	/* where it overflows, where it flushes */
} qkind;

/* The quantity a word at i names (facts_quantity.c), its true values in format f
 * (up to 3), its name; a figure checked against every candidate format,
 * side 1 / -1 for a bound said of every value past it (0: the value). */
qkind gf_quantity_at(const gtext *tx, size_t i, bool *normal_only, bool *sub_only);
size_t gf_truths(qkind q, const fp_format *f, bool normal_only, bool sub_only, bool halved,
    double *t);
const char *gf_quantity_name(qkind q);
void gf_check_quantity(const gtext *tx, size_t head, qkind q, bool normal_only, bool sub_only,
    const gfig *f, size_t figtok, int side, gfigure *out, size_t *n, size_t max);
void gf_check_quantity_of(const gtext *tx, size_t head, int fmt, qkind q, bool normal_only,
    bool sub_only, const gfig *f, size_t figtok, gfigure *out, size_t *n, size_t max);
/* Bounds (facts_bounds.c): is token i the comparison of a floor or a
 * ceiling said of every value past a figure (*from: where the figure's
 * scan starts); a figure set against a format's quantity. */
bool gf_floor_claim(const gtext *tx, size_t i, size_t *from);
bool gf_ceiling_claim(const gtext *tx, size_t i, size_t *from);
void gf_check_vs_quantity(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);
/* "1e8, about 1,500 times fp16's max": a ratio to a format's quantity
 * (token i is "times"). */
void gf_check_ratio(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);
/* "exp(x) overflows once x goes past 15": token i the variable. */
void gf_check_exp_threshold(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);

/* The word of a token ("-" and "/" stand alone as stems only). */
bool gf_is(const gtok *k, const char *w);
bool gf_is_any(const gtok *k, const char *const *ws);
/* The format (fp_id) a word names, or GF_NOFMT. */
int gf_format_of(const gtext *tx, size_t i);
/* The formats a figure of the quantity at token from may be about. */
unsigned gf_candidates(const gtext *tx, size_t from);
/* Is a format (or "its") named just before token i, or just after it? */
bool gf_named_before(const gtext *tx, size_t i);
int gf_named_in_after(const gtext *tx, size_t i);
/* Words that may stand between a quantity and its figure. */
extern const char *const gf_linking[];
bool gf_negated(const gtext *tx, size_t lo, size_t hi);
bool gf_asserted(const gtext *tx, size_t i);
bool gf_figure_at(const gtext *tx, size_t i, gfig *f);
/* Does the figure agree with the true value t, to its written precision? */
bool gf_agrees(const gfig *f, double t);
/* The figure bound to the quantity word at i, and where it stands. */
bool gf_bound_figure(const gtext *tx, size_t i, gfig *f, size_t *at);
bool gf_is_op_after(const gtext *tx, size_t i);
bool gf_same_or_arrow(const gtext *tx, size_t i, size_t j);
/* A false figure at token tok, why (once per token, at most max). */
void gf_say(gfigure *out, size_t *n, size_t max, size_t tok, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* A true claim at token tok (GF_OVERFLOW, GF_FLUSH). */
void gf_mark(gtext *tx, size_t tok, unsigned kind);
/* How v fares in format id: 1 overflows, 2 flushes to zero, 0 holds. */
int gf_fate(int id, double v);
/* The format whose limit (sign 1) or floor (sign -1) the figure names. */
int gf_bound_of(const gfig *b, int sign);

/* The claims (facts_claims.c). */
/* v: the expression's value, known to within rel of itself (an argument
 * written as 11.09 stands for 11.085 .. 11.095) */
void gf_check_value(gtext *tx, size_t start, size_t e, double v, double rel,
    const char *what, gfigure *out, size_t *n, size_t max);
void gf_check_plain(gtext *tx, size_t i, const gfig *f, gfigure *out, size_t *n, size_t max);
/* "fp16 and fp32 both use 4 bytes" (facts_size.c) */
void gf_check_bytes(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);
/* "2^-24 ≈ 5.96e-9"; "scaling by 1024 gives 1.024e-11" (facts_scaled.c) */
void gf_check_equal(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);
void gf_check_scaled(gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);
void gf_check_comparison(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max);
void gf_check_scaler(const gtext *tx, size_t i, const grade_constants *c, gfigure *out,
    size_t *n, size_t max);
/* A pair of probabilities held to the softmax of the logits named before. */
void gf_check_softmax(const gtext *tx, gfigure *out, size_t *n, size_t max);

#endif
