/*
 * check_lesson_msg.c — the table of lesson diagnostics (src/lesson/msg.def)
 * against the expected outputs of malformed input:
 *   - every entry is well formed: a name, a severity, a one-line text whose
 *     conversions are of the few kinds the call sites use;
 *   - every entry is shown by at least one expected output of a malformed
 *     input (tests/lessons/bad/NAME.diag, and the NAME.err of
 *     tests/golden/lesson-diag, tests/golden/play and tests/golden/drill),
 *     with its severity,
 *     so a diagnostic nobody has seen cannot be added;
 *   - every diagnostic line of those outputs is the text of some entry, so
 *     nothing prints a diagnostic the table does not hold.
 * The table is read through its accessors (lesson_msg_text and friends),
 * not from the source; the outputs are the golden files that tests/lesson.sh
 * and tests/cli.sh compare with the program's output.
 */
#include <config.h>

#include "lesson/lesson.h"

#include <check.h>
#include <dirent.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The conversions a text may use: what the call sites pass. */
static const char *const conversions[] = { "%s", "%d", "%zu", "%ld", "%02x",
    "%04X" };
#define NCONV (sizeof conversions / sizeof conversions[0])

/* What a conversion prints, as an extended regular expression. */
static const char *const conv_re[NCONV] = {
	".*", "-?[0-9]+", "[0-9]+", "-?[0-9]+", "[0-9a-f]{2}", "[0-9A-F]{4,6}",
};

/* Entries whose whole text is "%s": another module's sentence passed on.
 * What each carries, as a regular expression, so that it is not taken
 * for any line at all. */
static const struct { lesson_msg m; const char *carries; } passed_on[] = {
	/* scaler_params_check (src/train) */
	{ LMSG_SCALER_PARAMS,
	    "(init_scale|growth_factor|backoff_factor|growth_interval) must be .*" },
};

/* Messages no test can provoke, and why. */
static const lesson_msg untestable[] = {
	LMSG_NO_MEMORY,		/* an allocation failing */
	LMSG_CANNOT_READ,	/* fstat(2) or read(2) failing after open(2) */
};

static bool
is_untestable(lesson_msg m)
{
	for (size_t i = 0; i < sizeof untestable / sizeof untestable[0]; i++)
		if (untestable[i] == m)
			return true;
	return false;
}

/* The conversion at text (which starts with '%'): its index, NCONV for
 * "%%", or -1 for one not in the list.  *len is its length. */
static int
conversion_at(const char *text, size_t *len)
{
	if (text[1] == '%') {
		*len = 2;
		return (int)NCONV;
	}
	for (size_t i = 0; i < NCONV; i++) {
		size_t n = strlen(conversions[i]);
		if (strncmp(text, conversions[i], n) == 0) {
			*len = n;
			return (int)i;
		}
	}
	return -1;
}

/* The regular expression of a whole diagnostic line showing message m:
 * "...: SEVERITY: TEXT" to the end of the line. */
static void
line_re(lesson_msg m, char *re, size_t n)
{
	const char *t = lesson_msg_text(m);
	size_t o = (size_t)snprintf(re, n, ": %s: ",
	    lesson_severity_name(lesson_msg_severity(m)));

	for (size_t i = 0; i < sizeof passed_on / sizeof passed_on[0]; i++)
		if (passed_on[i].m == m) {
			snprintf(re + o, n - o, "%s$", passed_on[i].carries);
			return;
		}

	while (*t && o + 16 < n) {
		size_t len;
		int k = *t == '%' ? conversion_at(t, &len) : -2;
		if (k >= 0 && k < (int)NCONV) {
			o += (size_t)snprintf(re + o, n - o, "%s", conv_re[k]);
			t += len;
			continue;
		}
		if (k == (int)NCONV)
			t++;		/* "%%" is one '%' */
		if (strchr("\\.[](){}*+?|^$", *t))
			re[o++] = '\\';
		re[o++] = *t++;
	}
	ck_assert_msg(*t == '\0', "%s: text too long", lesson_msg_name(m));
	re[o++] = '$';
	re[o] = '\0';
}

/* ---- the expected outputs ---------------------------------------------- */

static char **lines;
static size_t nlines;

static void
add_file(const char *path)
{
	FILE *fp = fopen(path, "r");
	char buf[4096];

	ck_assert_msg(fp != NULL, "cannot open %s", path);
	while (fgets(buf, sizeof buf, fp)) {
		buf[strcspn(buf, "\n")] = '\0';
		lines = realloc(lines, (nlines + 1) * sizeof *lines);
		ck_assert_ptr_nonnull(lines);
		lines[nlines] = strdup(buf);
		ck_assert_ptr_nonnull(lines[nlines]);
		nlines++;
	}
	fclose(fp);
}

/* Every DIR/NAME.SUFFIX; the number of files. */
static int
add_dir(const char *dir, const char *suffix)
{
	char path[2048];
	int n = 0;

	snprintf(path, sizeof path, "%s/%s", TOP_SRCDIR, dir);
	DIR *d = opendir(path);
	ck_assert_msg(d != NULL, "cannot open %s", path);
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		size_t len = strlen(e->d_name), sl = strlen(suffix);
		if (len <= sl || strcmp(e->d_name + len - sl, suffix) != 0)
			continue;
		/* play's class runs (class-*) also print the rows of a class
		 * file, whose messages are the class reader's
		 * (src/lesson/class_read.c), not lesson diagnostics */
		if (strncmp(e->d_name, "class-", 6) == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s/%s", TOP_SRCDIR, dir, e->d_name);
		add_file(path);
		n++;
	}
	closedir(d);
	return n;
}

static void
load_outputs(void)
{
	ck_assert_int_ge(add_dir("tests/lessons/bad", ".diag"), 100);
	ck_assert_int_ge(add_dir("tests/golden/lesson-diag", ".err"), 1);
	ck_assert_int_ge(add_dir("tests/golden/play", ".err"), 1);
	ck_assert_int_ge(add_dir("tests/golden/drill", ".err"), 1);
}

static void
free_outputs(void)
{
	for (size_t i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
	lines = NULL;
	nlines = 0;
}

/* A line as view_lesson_diags prints a diagnostic: "FILE[:L:C]: SEV: ". */
static bool
is_diag_line(const char *s)
{
	static regex_t re;
	static bool compiled;

	if (!compiled) {
		ck_assert_int_eq(regcomp(&re, "^[^ ]+: (error|warning): ",
		    REG_EXTENDED | REG_NOSUB), 0);
		compiled = true;
	}
	return regexec(&re, s, 0, NULL, 0) == 0;
}

/* ---- tests --------------------------------------------------------------- */

START_TEST(test_table_well_formed)
{
	ck_assert_int_gt(LMSG__COUNT, 100);
	for (int i = 0; i < LMSG__COUNT; i++) {
		lesson_msg m = (lesson_msg)i;
		const char *name = lesson_msg_name(m), *t = lesson_msg_text(m);
		lesson_severity sev = lesson_msg_severity(m);
		size_t n = strlen(t);

		ck_assert_msg(strncmp(name, "LMSG_", 5) == 0 && name[5],
		    "entry %d: name '%s'", i, name);
		ck_assert_msg(sev == LESSON_ERROR || sev == LESSON_WARNING,
		    "%s: severity %d", name, (int)sev);
		ck_assert_msg(n > 0 && n < 200, "%s: %zu bytes", name, n);
		ck_assert_msg(!strchr(t, '\n') && !strchr(t, '\t') && t[n - 1] != '.'
		    && t[n - 1] != ' ' && t[0] != ' ',
		    "%s: not one clean line: '%s'", name, t);
		for (const char *p = strchr(t, '%'); p; p = strchr(p, '%')) {
			size_t len;
			ck_assert_msg(conversion_at(p, &len) >= 0,
			    "%s: conversion '%.4s' is not one of %%s %%d %%zu "
			    "%%ld %%02x %%04X %%%%", name, p);
			p += len;
		}
		bool listed = false;
		for (size_t k = 0; k < sizeof passed_on / sizeof passed_on[0]; k++)
			listed |= passed_on[k].m == m;
		ck_assert_msg(listed == (strcmp(t, "%s") == 0),
		    "%s: a text of only '%%s' is listed in passed_on, and only it",
		    name);
		for (int k = 0; k < i; k++) {
			ck_assert_msg(strcmp(lesson_msg_name((lesson_msg)k), name) != 0,
			    "%s twice", name);
			ck_assert_msg(strcmp(lesson_msg_text((lesson_msg)k), t) != 0,
			    "%s and %s have the same text", lesson_msg_name((lesson_msg)k),
			    name);
		}
	}
	/* out of range: an error that says so, never a crash */
	ck_assert_str_eq(lesson_msg_text(LMSG__COUNT), "(no such message)");
	ck_assert_int_eq(lesson_msg_severity((lesson_msg)-1), LESSON_ERROR);
}
END_TEST

/* The severity and text arrive in the list as the table says. */
START_TEST(test_diag_from_table)
{
	lesson_diags d = { 0 };

	lesson_diag_add(&d, "f.lesson", 3, 4, LMSG_SECOND_TITLE, 1);
	lesson_diag_add(&d, NULL, 0, 0, LMSG_TITLE_TOO_LONG, 72);
	lesson_diag_add(&d, "f.lesson", 5, 1, LMSG_TOLERANCE_EMPTY);
	ck_assert_uint_eq(d.n, 3);
	ck_assert_uint_eq(d.nerrors, 2);
	ck_assert_uint_eq(d.nwarnings, 1);
	ck_assert_str_eq(d.v[0].msg, "second @title (the first is at line 1)");
	ck_assert_int_eq(d.v[0].sev, LESSON_ERROR);
	ck_assert_str_eq(d.v[1].file, "<lesson>");
	ck_assert_str_eq(d.v[1].msg, "title longer than 72 characters");
	ck_assert_int_eq(d.v[1].sev, LESSON_WARNING);
	ck_assert_str_eq(d.v[2].msg,
	    "@tolerance needs an amount: 'N ulp FMT', 'N%' or 'N relative'");
	lesson_diags_free(&d);
}
END_TEST

START_TEST(test_every_message_has_a_golden)
{
	char re_text[1024];
	int missing = 0;

	load_outputs();
	for (int i = 0; i < LMSG__COUNT; i++) {
		lesson_msg m = (lesson_msg)i;
		regex_t re;
		bool seen = false;

		if (is_untestable(m))
			continue;
		line_re(m, re_text, sizeof re_text);
		ck_assert_msg(regcomp(&re, re_text, REG_EXTENDED | REG_NOSUB) == 0,
		    "%s: bad expression %s", lesson_msg_name(m), re_text);
		for (size_t k = 0; k < nlines && !seen; k++)
			seen = regexec(&re, lines[k], 0, NULL, 0) == 0;
		regfree(&re);
		if (!seen) {
			fprintf(stderr, "no expected output shows %s: %s: %s\n",
			    lesson_msg_name(m),
			    lesson_severity_name(lesson_msg_severity(m)),
			    lesson_msg_text(m));
			missing++;
		}
	}
	free_outputs();
	ck_assert_msg(missing == 0, "%d messages have no golden (a malformed "
	    "lesson in tests/lessons/bad and its .diag)", missing);
}
END_TEST

START_TEST(test_every_golden_diagnostic_is_in_the_table)
{
	char re_text[1024];
	regex_t *re = calloc(LMSG__COUNT, sizeof *re);
	int strays = 0;
	size_t ndiag = 0;

	ck_assert_ptr_nonnull(re);
	load_outputs();
	for (int i = 0; i < LMSG__COUNT; i++) {
		line_re((lesson_msg)i, re_text, sizeof re_text);
		ck_assert_int_eq(regcomp(&re[i], re_text, REG_EXTENDED | REG_NOSUB), 0);
	}
	for (size_t k = 0; k < nlines; k++) {
		if (!is_diag_line(lines[k]))
			continue;
		ndiag++;
		int i = 0;
		while (i < LMSG__COUNT && regexec(&re[i], lines[k], 0, NULL, 0) != 0)
			i++;
		if (i == LMSG__COUNT) {
			fprintf(stderr, "not a message of the table: %s\n", lines[k]);
			strays++;
		}
	}
	for (int i = 0; i < LMSG__COUNT; i++)
		regfree(&re[i]);
	free(re);
	free_outputs();
	ck_assert_uint_gt(ndiag, 100);
	ck_assert_msg(strays == 0, "%d diagnostic lines of the goldens are not "
	    "texts of the table", strays);
}
END_TEST

static Suite *
msg_suite(void)
{
	Suite *s = suite_create("lesson_msg");
	TCase *tc = tcase_create("table");
	tcase_add_test(tc, test_table_well_formed);
	tcase_add_test(tc, test_diag_from_table);
	tcase_add_test(tc, test_every_message_has_a_golden);
	tcase_add_test(tc, test_every_golden_diagnostic_is_in_the_table);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(msg_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
