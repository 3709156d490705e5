/*
 * check_lesson_model.c — part of tests/check_lesson: computed values in
 * lesson text (and the errors of bad ones), the model the parser builds,
 * loading all or nothing, unique ids, quoting, and the search path.
 * Expected values are written out here, not computed by the code under
 * test.
 */
#include <config.h>

#include "lesson/lesson.h"
#include "lesson_test.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- computed values ------------------------------------------------------ */

static const struct { const char *src, *text; } values[] = {
	{ "max fp16", "65504" },
	{ "max e4m3", "448" },
	{ "max e5m2", "57344" },
	{ "min_subnormal fp16", "5.9605e-08" },
	{ "min_normal fp16", "6.1035e-05" },
	{ "eps fp16", "0.0009765625" },
	{ "bias bf16", "127" },
	{ "exp_bits fp16", "5" },
	{ "man_bits bf16", "7" },
	{ "round bf16 10000", "9984" },
	{ "round fp16 1e-8", "0" },
	{ "round fp16 65520", "inf" },
	{ "bits fp16 65504", "0 11110 1111111111" },
	{ "bits bf16 -2", "1 10000000 0000000" },
	{ "hex fp16 65504", "0x7bff" },
	{ "hex e4m3 448", "0x7e" },
	{ "hex tf32 1", "0x1fc00" },
	{ "ulp fp16 65504", "32" },
	{ "calc fp16: 10000 * 10000", "inf" },
	{ "calc fp32: 10000 * 10000", "100000000" },
	{ "calc fp16: 1e-8 * 1024", "0" },	/* the literal flushes first */
	{ "round fp16 1.024e-5", "1.0252e-05" },
	{ "calc bf16: 10000 * 10000", "99614720" },
	{ "calc fp32: 1e-8", "9.99999994e-09" },
	{ "calc fp32: softmax([20, 19]) ~3", "[0.731, 0.269]" },
	{ "calc fp16: [1, 2] ", "[1, 2]" },
	{ "max bf16 ~3", "3.39e+38" },
	{ "  max   fp16  ~ 2 ", "6.6e+04" },
	{ "eps bf16", "0.0078125" },
};

START_TEST(test_values)
{
	lesson_value v = { 0 };
	lesson_diags d = { 0 };
	char buf[200];

	v.src = strdup(values[_i].src);
	ck_assert_msg(lesson_value_resolve(&v, &d, "t.lesson"),
	    "%s: %s", values[_i].src, d.n ? d.v[0].msg : "");
	ck_assert_uint_eq(d.n, 0);
	ck_assert_str_eq(lesson_value_str(&v, buf, sizeof buf), values[_i].text);
	free(v.src);
	calc_free(v.expr);
	lesson_diags_free(&d);
}
END_TEST

static const struct { const char *src; size_t col; const char *msg; } bad_values[] = {
	{ "maximum fp16", 0, "unknown value 'maximum'" },
	{ "max fp17", 4, "unknown format 'fp17'" },
	{ "max", 3, "'max' needs a format" },
	{ "max fp16 x", 9, "unexpected 'x' after {max fp16}" },
	{ "round fp16", 10, "'round' needs a format and a number" },
	{ "round fp16 1e", 13, "'1e' is not a number" },
	{ "round fp16 1 2", 13, "unexpected '2' after the number" },
	{ "calc fp16 1", 5, "'calc' needs a dtype, a colon" },
	{ "calc fp64: 1", 5, "unknown dtype 'fp64'" },
	{ "calc fp16:", 9, "no expression after 'calc fp16:'" },
	{ "calc fp16: (1 +", 15, "bad expression: " },
	{ "max fp16 ~18", 9, "'~' must be followed by a number" },
};

/* One error, at the place in the text: the value starts at 3:10 here, so
 * character offset k of src is column 10 + k (the texts are ASCII). */
START_TEST(test_bad_values)
{
	lesson_value v = { .loc = { 3, 10 } };
	lesson_diags d = { 0 };

	v.src = strdup(bad_values[_i].src);
	ck_assert(!lesson_value_resolve(&v, &d, "t.lesson"));
	ck_assert_uint_eq(d.n, 1);
	ck_assert_uint_eq(d.nerrors, 1);
	const char *err = d.v[0].msg;
	ck_assert_msg(strncmp(err, bad_values[_i].msg, strlen(bad_values[_i].msg)) == 0,
	    "%s: %s", bad_values[_i].src, err);
	ck_assert_str_eq(d.v[0].file, "t.lesson");
	ck_assert_int_eq(d.v[0].line, 3);
	ck_assert_int_eq(d.v[0].col, 10 + (int)bad_values[_i].col);
	free(v.src);
	calc_free(v.expr);
	lesson_diags_free(&d);
}
END_TEST

/* ---- the model, loading, diagnostics ---------------------------------- */

START_TEST(test_model)
{
	lesson_diags d = { 0 };
	lesson *l = lt_load_text("model",
	    "# a comment\n"
	    "@lesson model\n@title A title\n"
	    "@summary First line\nsecond line.\n\nSecond paragraph.\n"
	    "@step One\n"
	    "\\@ is prose, {{ is a brace, and {max fp16} a value\n"
	    "that goes on.\n"
	    "\n"
	    "  verbatim   line\n"
	    "\tand another\n"
	    "@calc fp16: 1 + 1\n"
	    "@question m-q choice\nPick.\n@option A One\n  two.\n@option b Two.\n"
	    "@correct a\n@hint H.\n@answer A.\n@end\n"
	    "After.\n", &d);

	ck_assert_msg(l != NULL, "%s", d.n ? d.v[0].msg : "");
	ck_assert_uint_eq(d.n, 0);
	ck_assert_str_eq(l->id, "model");
	ck_assert_str_eq(l->title, "A title");
	ck_assert_uint_eq(l->summary.n, 2);
	ck_assert_uint_eq(l->nsteps, 1);
	const lesson_step *s = &l->steps[0];
	ck_assert_uint_eq(s->nitems, 5);
	ck_assert_int_eq(s->items[0].kind, LI_PARA);
	const lesson_para *p = &s->items[0].para;
	ck_assert(!p->verbatim);
	ck_assert_str_eq(p->spans[0].text, "@ is prose, {");
	ck_assert_str_eq(p->spans[1].text, " is a brace, and ");
	ck_assert(p->spans[2].is_value);
	ck_assert_str_eq(p->spans[2].value.src, "max fp16");
	ck_assert_int_eq(p->spans[2].value.loc.line, 9);
	ck_assert_int_eq(p->spans[2].value.loc.col, 34);
	ck_assert_int_eq(s->items[1].kind, LI_PARA);
	ck_assert(s->items[1].para.verbatim);
	ck_assert_int_eq(s->items[2].kind, LI_BLOCK);
	ck_assert_int_eq(l->blocks[s->items[2].index].kind, LB_CALC);
	ck_assert_int_eq(l->blocks[0].nframes, 3);	/* two literals and + */
	ck_assert_int_eq(s->items[3].kind, LI_QUESTION);
	const lesson_question *q = &l->questions[0];
	ck_assert_str_eq(q->id, "m-q");
	ck_assert_int_eq(q->type, LQ_CHOICE);
	ck_assert_uint_eq(q->nopts, 2);
	ck_assert_uint_eq(q->opts[0].text.n, 2);	/* "One", then verbatim */
	ck_assert_uint_eq(q->correct_idx[0], 0);	/* a is A */
	ck_assert_uint_eq(q->nhints, 1);
	ck_assert_int_eq(s->items[4].kind, LI_PARA);
	lesson_free(l);
	lesson_diags_free(&d);
}
END_TEST

START_TEST(test_all_or_nothing)
{
	lesson_diags d = { 0 };
	int ioerr;

	/* An error anywhere: no lesson at all, every error reported. */
	lesson *l = lt_load_text("broken", "@lesson broken\n@title T\n@summary S.\n"
	    "@step One\n{max fp99}\n@bits fp16 1\n@frob\n", &d);
	ck_assert_ptr_null(l);
	ck_assert_uint_eq(d.nerrors, 2);
	ck_assert_int_eq(d.v[0].line, 7);	/* parse errors come first */
	ck_assert_int_eq(d.v[1].line, 5);
	ck_assert_int_eq(d.v[1].col, 6);
	lesson_diags_free(&d);

	char path[1024];
	snprintf(path, sizeof path, "%s/none.lesson", lt_tmpdir);
	ck_assert_ptr_null(lesson_load(path, &d, &ioerr));
	ck_assert_int_eq(ioerr, ENOENT);
	ck_assert_int_eq(d.v[0].line, 0);
	lesson_diags_free(&d);

	ck_assert_ptr_null(lesson_load(lt_tmpdir, &d, &ioerr));	/* a directory */
	ck_assert_int_eq(ioerr, 0);
	ck_assert_uint_eq(d.nerrors, 1);
	lesson_diags_free(&d);

	/* Warnings alone load. */
	l = lt_load_text("warned", "@lesson warned\n@title T\n@summary S.\n@step A\n"
	    "Text.\n@step Empty\n", &d);
	ck_assert_ptr_nonnull(l);
	ck_assert_uint_eq(d.nerrors, 0);
	ck_assert_uint_eq(d.nwarnings, 1);
	lesson_free(l);
	lesson_diags_free(&d);
}
END_TEST

START_TEST(test_unique_ids)
{
	lesson *a = lt_load_demo("overflow-demo");
	lesson *b = lt_load_demo("fp16-range");
	lesson_diags d = { 0 };
	const lesson *two[] = { a, b }, *same[] = { a, a };

	ck_assert_uint_eq(lesson_check_unique(two, 2, &d), 0);
	ck_assert_uint_eq(lesson_check_unique(same, 2, &d), a->nquestions);
	ck_assert_ptr_nonnull(strstr(d.v[0].msg, "is also used by"));
	lesson_diags_free(&d);
	lesson_free(a);
	lesson_free(b);
}
END_TEST

START_TEST(test_quote_and_ids)
{
	char buf[200];

	ck_assert_str_eq(lesson_quote("a\x1b[31mb", 7, buf, sizeof buf), "a\\x1b[31mb");
	ck_assert_str_eq(lesson_quote("\xff\xc3\xa9\xc3", 4, buf, sizeof buf),
	    "\\xff\xc3\xa9\\xc3");
	ck_assert_str_eq(lesson_quote("x\0y", 3, buf, sizeof buf), "x\\x00y");
	ck_assert_str_eq(lesson_quote("0123456789012345678901234567890123456789XYZ",
	    43, buf, sizeof buf), "0123456789012345678901234567890123456789...");
	ck_assert(lesson_id_ok("step-order", 10));
	ck_assert(lesson_id_ok("bf16", 4));
	ck_assert(!lesson_id_ok("Step", 4));
	ck_assert(!lesson_id_ok("-a", 2));
	ck_assert(!lesson_id_ok("a-", 2));
	ck_assert(!lesson_id_ok("..", 2));
	ck_assert(!lesson_id_ok("a/b", 3));
	ck_assert(!lesson_id_ok("", 0));
	ck_assert(!lesson_id_ok("a_b", 3));
}
END_TEST

START_TEST(test_find)
{
	const char *dirs[8];
	char store[256], path[512];
	bool badid;

	setenv("FPTUTOR_LESSON_PATH", "::" TOP_SRCDIR "/tests/lessons:/nowhere:", 1);
	size_t n = lesson_path("/usr/share/fptutor/lessons", dirs, 8, store, sizeof store);
	ck_assert_uint_eq(n, 4);
	ck_assert_str_eq(dirs[0], TOP_SRCDIR "/tests/lessons");
	ck_assert_str_eq(dirs[1], "/nowhere");
	ck_assert_str_eq(dirs[2], "/usr/share/fptutor/lessons");
	ck_assert_str_eq(dirs[3], "lessons");
	unsetenv("FPTUTOR_LESSON_PATH");

	ck_assert(lesson_find("fp16-range", dirs, n, path, sizeof path, &badid));
	ck_assert_str_eq(path, TOP_SRCDIR "/tests/lessons/fp16-range.lesson");
	ck_assert(!lesson_find("no-such", dirs, n, path, sizeof path, &badid));
	ck_assert(!badid);
	ck_assert(!lesson_find("..", dirs, n, path, sizeof path, &badid));
	ck_assert(badid);
	ck_assert(lesson_find("x/y", dirs, n, path, sizeof path, &badid));
	ck_assert_str_eq(path, "x/y");
	ck_assert(lesson_find("y.lesson", dirs, n, path, sizeof path, &badid));

	char **paths;
	long k = lesson_list(dirs, 2, &paths);	/* not ./lessons: cwd varies */
	ck_assert_int_eq(k, 2);
	ck_assert_ptr_nonnull(strstr(paths[0], "/fp16-range.lesson"));
	ck_assert_ptr_nonnull(strstr(paths[1], "/overflow-demo.lesson"));
	lesson_paths_free(paths, k);
}
END_TEST

/* lesson_test.h: the test cases "values" and "model", after "grade". */
void
lesson_model_tcases(Suite *s)
{
	TCase *tc = tcase_create("values");
	tcase_add_loop_test(tc, test_values, 0, sizeof values / sizeof values[0]);
	tcase_add_loop_test(tc, test_bad_values, 0,
	    sizeof bad_values / sizeof bad_values[0]);
	suite_add_tcase(s, tc);

	tc = tcase_create("model");
	tcase_add_checked_fixture(tc, lt_setup_dir, lt_teardown_dir);
	tcase_add_test(tc, test_model);
	tcase_add_test(tc, test_all_or_nothing);
	tcase_add_test(tc, test_unique_ids);
	tcase_add_test(tc, test_quote_and_ids);
	tcase_add_test(tc, test_find);
	suite_add_tcase(s, tc);
}
