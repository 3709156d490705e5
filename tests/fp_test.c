/*
 * fp_test.c — the helpers the files of tests/check_fp share (fp_test.h).
 */
#include <config.h>

#include "fp_test.h"

#include <check.h>

TCase *
ft_tcase(Suite *s, const char *name, void (*fixture)(void))
{
	TCase *tc = tcase_create(name);
	tcase_add_checked_fixture(tc, fixture, NULL);
	tcase_set_timeout(tc, 300);	/* wall clock: slack for loaded or sanitized runs */
	suite_add_tcase(s, tc);
	return tc;
}
