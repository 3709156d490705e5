/*
 * check_progress_damaged.c — part of tests/check_progress: damaged
 * progress files set aside byte for byte (at open and at save, under a
 * free name), thousands of mutants parsed and written back stably, and
 * DIR/progress that is not a regular file.  The oracles are literal
 * texts typed here, never the store's own writer.
 */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "progress_test.h"
#include "state/progress_int.h"

/* ---- damaged files --------------------------------------------------------- */

#define GOOD	"lesson a 1 2 0 0 0 5\n"
static const struct damaged {
	const char *what, *text;
	size_t len;		/* 0: strlen */
} damaged[] = {
	{ "a cut line", HDR GOOD "lesson b 1 2 0 0 0", 0 },
	{ "no end line", HDR GOOD, 0 },
	{ "a wrong count", HDR GOOD "end 2\n", 0 },
	{ "a bad number", HDR "lesson a 1x 2 0 0 0 5\nend 1\n", 0 },
	{ "a sign", HDR "lesson a +1 2 0 0 0 5\nend 1\n", 0 },
	{ "a negative", HDR "lesson a 1 2 0 -0 0 5\nend 1\n", 0 },
	{ "NaN", HDR "lesson a 1 2 0 nan 1 5\nend 1\n", 0 },
	{ "NAN digits", HDR "lesson a 1 2 0 0 NAN 5\nend 1\n", 0 },
	{ "a hex float", HDR "lesson a 1 2 0 0x1p1 4 5\nend 1\n", 0 },
	{ "a huge double", HDR "lesson a 1 2 0 1 1e999 5\nend 1\n", 0 },
	{ "a huge step", HDR "lesson a 1 99999999999999999999999 0 0 0 5\n"
	    "end 1\n", 0 },
	{ "a step past the end", HDR "lesson a 3 2 0 0 0 5\nend 1\n", 0 },
	{ "best over max", HDR "lesson a 1 2 0 3 2 5\nend 1\n", 0 },
	{ "done 2", HDR "lesson a 1 2 2 0 0 5\nend 1\n", 0 },
	{ "a year past 9999", HDR "lesson a 1 2 0 0 0 253402300800\nend 1\n",
	    0 },
	{ "too few fields", HDR "lesson a 1 2 0 0 0\nend 1\n", 0 },
	{ "two spaces", HDR "lesson a  1 2 0 0 0 5\nend 1\n", 0 },
	{ "CRLF", "fptutor-progress 1\r\nend 0\r\n", 0 },
	{ "a twice", HDR GOOD GOOD "end 2\n", 0 },
	{ "an id escaping NUL", HDR "lesson a%00 1 2 0 0 0 5\nend 1\n", 0 },
	{ "a bad escape", HDR "lesson a%4 1 2 0 0 0 5\nend 1\n", 0 },
	{ "a line after the end", HDR "end 0\n" GOOD, 0 },
	{ "NUL bytes", HDR "lesson a\0 1 2 0 0 0 5\nend 1\n", 44 },
	{ "binary junk", "\x7f" "ELF\x02\x01\x01\0\0\0\xff\xfe\x80\n\n", 15 },
	{ "wrong version", "fptutor-progress 3\nend 0 0\n", 0 },
	{ "no header", "lesson a 1 2 0 0 0 5\nend 1\n", 0 },
	{ "empty", "", 0 },
};

static void
check_set_aside(const char *text, size_t len, const char *want_aside)
{
	const char *dir = tpath("s");
	progress *p;
	char msg[1024];

	mkdir(dir, 0700);
	put_file(tpath("s/progress"), text, len);
	ck_assert_int_eq(progress_open(&p, dir, msg, sizeof msg),
	    PROGRESS_DAMAGED);
	ck_assert_msg(strstr(msg, tpath("s/progress")) != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, want_aside) != NULL, "%s", msg);
	assert_file(want_aside, text, len);
	ck_assert(!exists(tpath("s/progress")));
	ck_assert_int_eq(progress_count(p), 0);
	/* A fresh store that saves and reads back. */
	ck_assert(progress_set_step(p, "b", 1, 3, false));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	progress_free(p);
	p = open_ok(dir);
	ck_assert_int_eq(progress_count(p), 1);
	progress_free(p);
}

START_TEST(damaged_set_aside)
{
	const struct damaged *d = &damaged[_i];
	char aside[600];

	snprintf(aside, sizeof aside, "%s", tpath("s/progress.damaged-"
	    FAKE_STAMP));
	check_set_aside(d->text, d->len ? d->len : strlen(d->text), aside);
}
END_TEST

START_TEST(damaged_oversized)
{
	/* Good lines past the 1 MiB limit. */
	size_t n = 1024 * 1024 + 100, len = 0;
	char *big = malloc(n + 64);

	ck_assert_ptr_nonnull(big);
	len += (size_t)sprintf(big, HDR);
	while (len < n)
		len += (size_t)sprintf(big + len, "lesson a 1 2 0 0 0 5\n");
	check_set_aside(big, len, tpath("s/progress.damaged-" FAKE_STAMP));
	free(big);
}
END_TEST

START_TEST(damaged_name_taken)
{
	const char *earlier = "an earlier damaged copy\n";

	make_state(NULL);
	put_file(tpath("s/progress.damaged-" FAKE_STAMP), earlier,
	    strlen(earlier));
	put_file(tpath("s/progress.damaged-" FAKE_STAMP "-1"), "x", 1);
	check_set_aside("junk\n", 5, tpath("s/progress.damaged-" FAKE_STAMP
	    "-2"));
	assert_file(tpath("s/progress.damaged-" FAKE_STAMP), earlier,
	    strlen(earlier));
	assert_file(tpath("s/progress.damaged-" FAKE_STAMP "-1"), "x", 1);
}
END_TEST

/* A file damaged after open (edited by hand, say) is set aside by the next
 * save, which then succeeds and says so. */
START_TEST(damaged_at_save)
{
	progress *p = open_ok(tpath("s"));
	char msg[1024];
	const char *want = HDR2 "lesson x 0 4 0 0 0 1767323045\nend 1 0\n";

	put_file(tpath("s/progress"), "garbage\n", 8);
	ck_assert(progress_set_step(p, "x", 0, 4, false));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	ck_assert_msg(strstr(msg, "progress.damaged-" FAKE_STAMP), "%s", msg);
	assert_file(tpath("s/progress.damaged-" FAKE_STAMP), "garbage\n", 8);
	assert_file(tpath("s/progress"), want, strlen(want));
	progress_free(p);
}
END_TEST

/* Parse, format, parse again: the same text, for thousands of mutations
 * of good files (a cheap stand-in for the fuzz target, run every time):
 * a mutant either parses to a store that writes itself back stably, or is
 * refused with the store left empty. */
START_TEST(mutants_stable)
{
	static const char *const seeds[] = {
		HDR "lesson interview 3 12 0 2.5 4 1767323045 q-1 q%202\n"
		    "lesson a%20b%25c 5 5 1 0 0 1 %2541 q%C3%A9\nend 2\n",
		HDR "lesson x 0 0 0 0.10000000000000001 3 0\nend 1\n",
		HDR "end 0\n",
		HDR2 "lesson x 0 0 0 0.10000000000000001 3 0\n"
		    "item drill encode-1 drill-encode relearn 0.5 7 100 90 2 1 1 "
		    "1 0 100\nend 1 1\n",
	};
	char buf[512], err[200];
	unsigned seed = 1;
	int parsed = 0;

	for (int i = 0; i < 20000; i++) {
		const char *s = seeds[i % 4];
		size_t len = strlen(s);

		memcpy(buf, s, len);
		for (int k = 0; k < 1 + i % 3; k++) {
			seed = seed * 1103515245 + 12345;
			size_t at = (seed >> 8) % len;
			buf[at] = i % 5 == 0 ? (char)((seed >> 20) & 0xff) :
			    "0123456789 .e%-\n"[(seed >> 20) % 16];
		}
		if (i % 7 == 0)
			len -= (seed >> 4) % len;
		progress *p = progress_new(NULL), *q = progress_new(NULL);
		if (progress_parse(p, buf, len, err, sizeof err)) {
			size_t n1, n2;

			parsed++;
			char *t1 = progress_format(p, &n1), *t2;

			ck_assert_msg(progress_parse(q, t1, n1, err, sizeof err),
			    "%s: %s", err, t1);
			t2 = progress_format(q, &n2);
			ck_assert(n1 == n2 && memcmp(t1, t2, n1) == 0);
			free(t1);
			free(t2);
		} else
			ck_assert_int_eq(progress_count(p), 0);
		progress_free(p);
		progress_free(q);
	}
	ck_assert_msg(parsed > 500, "only %d mutants parsed", parsed);
}
END_TEST

/* DIR/progress a directory or a FIFO: not read (a FIFO would block), not
 * replaced, and the store still works in memory. */
START_TEST(not_a_file)
{
	progress *p;
	char msg[512];

	for (int fifo = 0; fifo < 2; fifo++) {
		make_state(NULL);
		if (fifo)
			ck_assert_int_eq(mkfifo(tpath("s/progress"), 0600), 0);
		else
			ck_assert_int_eq(mkdir(tpath("s/progress"), 0700), 0);
		ck_assert_int_eq(progress_open(&p, tpath("s"), msg, sizeof msg),
		    PROGRESS_UNSAVABLE);
		ck_assert_msg(strstr(msg, tpath("s/progress")) &&
		    strstr(msg, "not a regular file"), "%s", msg);
		ck_assert(progress_set_step(p, "x", 0, 1, false));
		ck_assert(!progress_save(p, msg, sizeof msg));
		struct stat st;
		ck_assert_int_eq(stat(tpath("s/progress"), &st), 0);
		ck_assert(fifo ? S_ISFIFO(st.st_mode) : S_ISDIR(st.st_mode));
		progress_free(p);
		remove(tpath("s/progress"));
		remove(tpath("s/lock"));
		ck_assert_int_eq(rmdir(tpath("s")), 0);
	}
}
END_TEST

/* In the order of check_progress.c's "file" test case. */
void
progress_damaged_tests(TCase *tc)
{
	tcase_add_loop_test(tc, damaged_set_aside, 0,
	    (int)(sizeof damaged / sizeof damaged[0]));
	tcase_add_test(tc, damaged_oversized);
	tcase_add_test(tc, damaged_name_taken);
	tcase_add_test(tc, damaged_at_save);
	tcase_add_test(tc, mutants_stable);
	tcase_add_test(tc, not_a_file);
}
