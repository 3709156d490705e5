/*
 * fp_test.h — what the files of tests/check_fp share (fp_test.c): the
 * test case maker, and the test cases of the other files.  The oracle
 * (fp_ref.h) and the mismatch tally (fp_tally.h) are headers of their
 * own, shared with the other fp test programs.  Names carry ft_.
 */
#ifndef FPTUTOR_TESTS_FP_TEST_H
#define FPTUTOR_TESTS_FP_TEST_H

#include <check.h>

/* A test case of s with fixture (the tally's reset of the file whose
 * tests it holds: fp_tally.h's state is one per file) and a 300 s
 * timeout. */
TCase *ft_tcase(Suite *s, const char *name, void (*fixture)(void));

/* ---- the test cases of the other files ------------------------------------ */

/* check_fp_round.c: the decimal cases into read; the test case "walk". */
void fp_round_tcases(Suite *s, TCase *read);
/* check_fp_exact.c: the suite "fp_exact". */
Suite *fp_exact_suite(void);

#endif
