/*
 * fpx_test.h — what the files of tests/check_fp_exhaustive share
 * (fpx_test.c): bit-for-bit comparison, the mismatch collectors (Check's
 * ck_assert is far too slow per element), and the test cases of the
 * other file.  The oracle is fp_ref.h.  Names carry fx_.
 */
#ifndef FPTUTOR_TESTS_FPX_TEST_H
#define FPTUTOR_TESTS_FPX_TEST_H

#include <check.h>
#include <stdbool.h>

/* Bit for bit (so -0 is not +0), but any NaN matches any NaN. */
bool fx_same(double a, double b);

/* ---- mismatch collection ------------------------------------------------ */

/* A count and the first few messages; the 2^32 loop keeps one per thread
 * and format. */
#define FX_NKEEP 6
struct fx_failures {
	unsigned long count;
	char first[FX_NKEEP][160];
};
void fx_note(struct fx_failures *fs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Print the first few to stderr; fail the test if there was any. */
void fx_report(const char *what, const struct fx_failures *fs);

/* One collector for the single-threaded tests, emptied before each by
 * fx_reset, the fixture of the test case "patterns". */
extern struct fx_failures fx_all;
#define FX_FAILF(cond, ...) do { if (!(cond)) fx_note(&fx_all, __VA_ARGS__); } while (0)
void fx_reset(void);
void fx_done(void);

/* ---- the test cases of the other file ------------------------------------- */

/* check_fp_exhaustive_patterns.c: every pattern of the small formats, its
 * fields, ulp, neighbours and bit-by-bit decode, into the test case tc. */
void fx_patterns_tests(TCase *tc);

#endif
