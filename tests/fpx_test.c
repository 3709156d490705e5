/*
 * fpx_test.c — the helpers the files of tests/check_fp_exhaustive share
 * (fpx_test.h): comparison and mismatch collection.
 */
#include <config.h>

#include "fpx_test.h"

#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool
fx_same(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

void
fx_note(struct fx_failures *fs, const char *fmt, ...)
{
	if (fs->count < FX_NKEEP) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(fs->first[fs->count], sizeof fs->first[0], fmt, ap);
		va_end(ap);
	}
	fs->count++;
}

void
fx_report(const char *what, const struct fx_failures *fs)
{
	for (unsigned long i = 0; i < fs->count && i < FX_NKEEP; i++)
		fprintf(stderr, "%s: %s\n", what, fs->first[i]);
	ck_assert_msg(fs->count == 0, "%s: %lu mismatches, first: %s", what,
	    fs->count, fs->count ? fs->first[0] : "");
}

struct fx_failures fx_all;
void fx_reset(void) { memset(&fx_all, 0, sizeof fx_all); }
void fx_done(void) { fx_report("mismatch", &fx_all); }
