/*
 * lesson_test.c — the helpers the files of tests/check_lesson share
 * (lesson_test.h): a temporary directory per test, and loading a lesson
 * from tests/lessons or from a text the test writes there.
 */
#include <config.h>

#include "lesson/lesson.h"
#include "lesson_test.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char lt_tmpdir[] = "/tmp/check_lesson.XXXXXX";

void
lt_setup_dir(void)
{
	ck_assert_ptr_nonnull(mkdtemp(lt_tmpdir));
}

void
lt_teardown_dir(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", lt_tmpdir);
	ck_assert_int_eq(system(cmd), 0);
	strcpy(lt_tmpdir, "/tmp/check_lesson.XXXXXX");
}

/* Load tests/lessons/NAME.lesson; fails the test on any error. */
lesson *
lt_load_demo(const char *name)
{
	char path[1024];
	lesson_diags d = { 0 };
	int ioerr;

	snprintf(path, sizeof path, "%s/tests/lessons/%s.lesson", TOP_SRCDIR, name);
	lesson *l = lesson_load(path, &d, &ioerr);
	if (l == NULL)
		ck_abort_msg("%s: %s", path, d.n ? d.v[0].msg : "no lesson");
	ck_assert_uint_eq(d.nerrors, 0);
	lesson_diags_free(&d);
	return l;
}

/* Write text as TMP/NAME.lesson and load it. */
lesson *
lt_load_text(const char *name, const char *text, lesson_diags *d)
{
	char path[1024];
	int ioerr;

	snprintf(path, sizeof path, "%s/%s.lesson", lt_tmpdir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	return lesson_load(path, d, &ioerr);
}
