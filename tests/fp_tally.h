/*
 * fp_tally.h — for the fp unit tests' long loops: mismatches counted and
 * the first few kept (Check's ck_assert writes to a pipe on every call, far
 * too slow per element), asserted once at the end; and the tests' random
 * numbers (xorshift64*, a fixed seed: every run tests the same values).
 * Include after <check.h>.
 */
#ifndef FPTUTOR_TESTS_FP_TALLY_H
#define FPTUTOR_TESTS_FP_TALLY_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

static unsigned long nfail;
static char firstfail[6][400];

static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void
failf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (nfail < 6)
		vsnprintf(firstfail[nfail], sizeof firstfail[0], fmt, ap);
	va_end(ap);
	nfail++;
}
#define FAILF(cond, ...) do { if (!(cond)) failf(__VA_ARGS__); } while (0)
static inline void reset(void) { nfail = 0; }

/* Print the first few mismatches, fail if there was any. */
static inline void
done(void)
{
	for (unsigned long i = 0; i < nfail && i < 6; i++)
		fprintf(stderr, "  %s\n", firstfail[i]);
	ck_assert_msg(nfail == 0, "%lu mismatches; first: %s", nfail,
	    nfail ? firstfail[0] : "");
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static inline uint64_t
rnd64(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1du;
}

#endif
