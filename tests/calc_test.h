/*
 * calc_test.h — what the files of tests/check_calc share (calc_test.c):
 * the formats as the standards define them and the oracles written from
 * those definitions, mismatch counting, a fixed-seed generator, and
 * helpers that run the engine and check its steps.  All names carry ct_.
 */
#ifndef FPTUTOR_TESTS_CALC_TEST_H
#define FPTUTOR_TESTS_CALC_TEST_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "calc/calc.h"

/* ---- the formats, as the standards define them -------------------------- */

struct ct_ref {
	fp_id id;
	int p;			/* precision: stored mantissa bits + 1 */
	int emin, emax;		/* exponents of the smallest and largest normal */
	int bias, mbits, ebits, width;
	bool has_inf;
	double maxf;		/* the largest finite value */
};
extern const struct ct_ref CT_R16, CT_RBF, CT_R32, CT_RTF, CT_RE4, CT_RE5;

/* x (an exact double) rounded to nearest even into r, by frexp/ldexp/rint. */
double ct_ref_round(const struct ct_ref *r, double x);
/* The value of a bit pattern, by the textbook formula. */
double ct_ref_decode(const struct ct_ref *r, uint32_t bits);
bool ct_ref_is_nan_bits(const struct ct_ref *r, uint32_t bits);
/* The pattern of a value the format holds exactly (not NaN). */
uint32_t ct_ref_bits(const struct ct_ref *r, double v);
/* Same value, NaN equal to NaN, and the sign of zero counts. */
bool ct_same(double a, double b);

/* ---- mismatch counting ---------------------------------------------------- */

/* Loops over many operands count mismatches with ct_report (the first
 * ones go to stderr) and assert once at the end: Check writes to a pipe
 * on every ck_assert.  ct_reset, the fixture of every test case made by
 * ct_tcase, sets the count to zero. */
extern int ct_nbad;
void ct_report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ct_reset(void);

#define CT_ASSERT_NO_MISMATCH(what) \
	ck_assert_msg(ct_nbad == 0, "%s: %d mismatches (first ones on stderr)", (what), ct_nbad)

/* A fixed-seed xorshift, so failures reproduce. */
uint32_t ct_rnd32(void);

/* ---- running the engine --------------------------------------------------- */

calc_policy ct_policy(const char *name);
bool ct_try_eval(const char *text, const char *pol, calc_trace *t, calc_error *err);
void ct_eval_ok(const char *text, const char *pol, calc_trace *t);
const calc_step *ct_last(const calc_trace *t);
const calc_step *ct_find_op(const calc_trace *t, const char *op, int nth);
int ct_index_of(const calc_trace *t, const calc_step *s);
void ct_expect_values(const calc_step *s, const struct ct_ref *r, const double *want,
    size_t n, const char *what);
void ct_expect_scalar(const char *text, const char *pol, const struct ct_ref *r,
    double want);
void ct_expect_parse_error(const char *text, size_t pos, const char *key);
void ct_expect_eval_error(const char *text, const char *pol, size_t pos,
    const char *key);

/* The naive softmax of the fixtures (doc/design.md, "What it teaches"). */
#define CT_NAIVE "exp([20,19]) / sum(exp([20,19]))"

/* A test case of s with the ct_reset fixture and a 120 s timeout. */
TCase *ct_tcase(Suite *s, const char *name);

/* ---- the test cases of the other files ------------------------------------ */

void calc_arith_tcases(Suite *s);	/* check_calc_arith.c: "arithmetic" */
void calc_lang_tcases(Suite *s);	/* check_calc_lang.c: "functions", "syntax" */
void calc_sum_tcases(Suite *s);		/* check_calc_sum.c: "exact sums" */

#endif
