/*
 * scaler_test.h — what the files of tests/check_scaler share: the random
 * numbers of their many-run tests, and the test cases of
 * check_scaler_walk.c.
 */
#ifndef FPTUTOR_TESTS_SCALER_TEST_H
#define FPTUTOR_TESTS_SCALER_TEST_H

#include <check.h>
#include <stdint.h>

/* A small LCG: 24 random bits. */
static inline uint32_t
st_rnd(uint32_t *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	return *seed >> 8;
}
#define ST_RND() st_rnd(&seed)

/* check_scaler_walk.c: the test cases "walk" and "model". */
void scaler_walk_tcases(Suite *s);

#endif
