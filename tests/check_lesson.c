/*
 * check_lesson.c — unit tests of the lesson module (src/lesson): the
 * player's state machine driven through its events, and the graders of
 * the closed question types and the free-text hook.  One test program
 * with check_lesson_model.c (computed values, the model the parser
 * builds, loading all or nothing, and the search path); the helpers they
 * share are in lesson_test.c.
 *
 * Lessons come from tests/lessons (TOP_SRCDIR) or are written to a
 * temporary directory by the test.  Expected values are written out here
 * (65504, 0x7bff, ...), not computed by the code under test.
 */
#include <config.h>

#include "lesson/lesson.h"
#include "lesson/player.h"
#include "lesson_test.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static lesson_ev_result
ev(lesson_player *p, lesson_ev_type t)
{
	return lesson_player_event(p, &(lesson_event){ .type = t });
}

static lesson_ev_result
answer(lesson_player *p, const char *q, const char *text)
{
	return lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_ANSWER,
	    .question = q, .text = text });
}

#define AT(p, s, i, f) do { \
	ck_assert_uint_eq((p)->step, (s)); \
	ck_assert_uint_eq((p)->item, (i)); \
	ck_assert_int_eq((p)->frame, (f)); \
	ck_assert(!(p)->done); \
} while (0)

/* ---- the player: moving ----------------------------------------------- */

START_TEST(test_player_moves)
{
	lesson *l = lt_load_demo("overflow-demo");
	lesson_player *p = lesson_player_new(l, NULL);

	/* Step 1: paragraph, @bits fp16 65504 65520 (16 bits each, and 65520
	 * is inexact: four more frames for its rounding walk — the cut, guard
	 * round sticky, the decision to round up, the overflow to inf — so
	 * 36), @round (4 frames per value), paragraph, two questions. */
	ck_assert_uint_eq(l->nsteps, 4);
	ck_assert_uint_eq(l->steps[0].nitems, 6);
	AT(p, 0, 0, 0);
	ck_assert_int_eq(lesson_player_frames(p), 1);
	ck_assert_int_eq(lesson_player_item(p)->kind, LI_PARA);
	ck_assert_int_eq(ev(p, LESSON_EV_PREV), LESSON_EV_IGNORED);
	ck_assert_int_eq(ev(p, LESSON_EV_NEXT), LESSON_EV_OK);
	AT(p, 0, 1, 0);
	ck_assert_int_eq(lesson_player_item(p)->kind, LI_BLOCK);
	ck_assert_int_eq(lesson_player_frames(p), 36);
	for (int i = 1; i < 36; i++)
		ck_assert_int_eq(ev(p, LESSON_EV_NEXT), LESSON_EV_OK);
	AT(p, 0, 1, 35);
	ck_assert_int_eq(ev(p, LESSON_EV_PREV), LESSON_EV_OK);	/* a frame back */
	AT(p, 0, 1, 34);
	ev(p, LESSON_EV_NEXT);
	AT(p, 0, 1, 35);
	ev(p, LESSON_EV_NEXT);
	AT(p, 0, 2, 0);
	ck_assert_int_eq(lesson_player_frames(p), 4);
	ev(p, LESSON_EV_PREV);		/* back into the last frame */
	AT(p, 0, 1, 35);
	ev(p, LESSON_EV_NEXT_ITEM);	/* skips the rest of an animation */
	AT(p, 0, 2, 0);
	ev(p, LESSON_EV_NEXT_ITEM);
	ev(p, LESSON_EV_NEXT_ITEM);
	AT(p, 0, 4, 0);
	ck_assert_ptr_eq(lesson_player_question(p), &l->questions[0]);

	ck_assert_int_eq(ev(p, LESSON_EV_NEXT_STEP), LESSON_EV_OK);
	AT(p, 1, 0, 0);
	ev(p, LESSON_EV_NEXT);
	ck_assert_int_eq(ev(p, LESSON_EV_PREV_STEP), LESSON_EV_OK);
	AT(p, 1, 0, 0);			/* first: to this step's start */
	ck_assert_int_eq(ev(p, LESSON_EV_PREV_STEP), LESSON_EV_OK);
	AT(p, 0, 0, 0);
	ck_assert_int_eq(ev(p, LESSON_EV_PREV_STEP), LESSON_EV_IGNORED);

	ck_assert_int_eq(lesson_player_event(p, &(lesson_event){
	    .type = LESSON_EV_GOTO_STEP, .step = 4 }), LESSON_EV_IGNORED);
	ck_assert_int_eq(lesson_player_event(p, &(lesson_event){
	    .type = LESSON_EV_GOTO_STEP, .step = 3 }), LESSON_EV_OK);
	AT(p, 3, 0, 0);
	ck_assert_int_eq(ev(p, LESSON_EV_NEXT_STEP), LESSON_EV_OK);
	ck_assert(p->done);
	ck_assert_ptr_null(lesson_player_item(p));
	ck_assert_int_eq(ev(p, LESSON_EV_NEXT), LESSON_EV_IGNORED);
	ck_assert_int_eq(ev(p, LESSON_EV_NEXT_ITEM), LESSON_EV_IGNORED);
	ck_assert_int_eq(ev(p, LESSON_EV_PREV), LESSON_EV_OK);
	size_t last = l->steps[3].nitems - 1;
	AT(p, 3, last, lesson_player_frames(p) - 1);

	/* Item by item from the start visits every item once. */
	ev(p, LESSON_EV_PREV_STEP);
	while (p->step > 0)
		ev(p, LESSON_EV_PREV_STEP);
	size_t items = 0, want = 0;
	for (size_t s = 0; s < l->nsteps; s++)
		want += l->steps[s].nitems;
	while (!p->done) {
		items++;
		ck_assert_int_eq(ev(p, LESSON_EV_NEXT_ITEM), LESSON_EV_OK);
	}
	ck_assert_uint_eq(items, want);

	/* An unknown event changes nothing. */
	ck_assert_int_eq(lesson_player_event(p, &(lesson_event){
	    .type = (lesson_ev_type)99 }), LESSON_EV_IGNORED);
	lesson_player_free(p);
	lesson_free(l);
}
END_TEST

/* ---- the player: answers, hints, reveal, scores ------------------------- */

START_TEST(test_player_answers)
{
	lesson *l = lt_load_demo("overflow-demo");
	lesson_player *p = lesson_player_new(l, NULL);
	const lesson_question *q = lesson_question_find(l, "demo-max-fp16");
	lesson_score sc;

	ck_assert_ptr_nonnull(q);
	/* The current item is a paragraph: no question to answer. */
	ck_assert_int_eq(answer(p, NULL, "65504"), LESSON_EV_NO_QUESTION);
	ck_assert_int_eq(answer(p, "no-such-id", "1"), LESSON_EV_NO_QUESTION);
	ck_assert_int_eq(lesson_player_event(p, &(lesson_event){
	    .type = LESSON_EV_HINT }), LESSON_EV_NO_QUESTION);

	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.questions, 6);
	ck_assert_uint_eq(sc.answered, 0);
	ck_assert(sc.max == 6 && sc.score == 0);

	ck_assert_int_eq(answer(p, "demo-max-fp16", "65000"), LESSON_EV_OK);
	const lesson_progress *g = lesson_player_progress(p, q);
	ck_assert(g->grade.graded && !g->grade.pass);
	ck_assert_int_eq(answer(p, "demo-max-fp16", " 65504 "), LESSON_EV_OK);
	ck_assert_int_eq(g->attempts, 2);
	ck_assert_str_eq(g->answer, " 65504 ");
	ck_assert(g->grade.pass && g->grade.score == 1);
	/* The first try is the score: a pass on retry is practice. */
	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.passed, 0);
	ck_assert_uint_eq(sc.retried, 1);
	ck_assert(sc.score == 0);
	ck_assert_int_eq(lesson_progress_outcome(g), LESSON_OUT_PASSED_RETRY);
	ck_assert_str_eq(lesson_outcome_name(LESSON_OUT_PASSED_RETRY),
	    "passed on retry");

	/* One hint, then nothing more. */
	lesson_event h = { .type = LESSON_EV_HINT, .question = "demo-max-fp16" };
	ck_assert_int_eq(lesson_player_event(p, &h), LESSON_EV_OK);
	ck_assert_uint_eq(g->hints_shown, 1);
	ck_assert_int_eq(lesson_player_event(p, &h), LESSON_EV_IGNORED);

	/* Revealing the model answer fails the question for good. */
	lesson_event r = { .type = LESSON_EV_REVEAL, .question = "demo-max-fp16" };
	ck_assert_int_eq(lesson_player_event(p, &r), LESSON_EV_OK);
	ck_assert_int_eq(lesson_player_event(p, &r), LESSON_EV_IGNORED);
	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.passed, 0);
	ck_assert_uint_eq(sc.retried, 0);
	ck_assert(sc.score == 0);
	answer(p, "demo-max-fp16", "65504");
	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.passed, 0);
	ck_assert_int_eq(lesson_progress_outcome(g), LESSON_OUT_NOT_PASSED);

	/* The current item's question, when the event names none. */
	while (lesson_player_question(p) == NULL)
		ev(p, LESSON_EV_NEXT_ITEM);
	ck_assert_ptr_eq(lesson_player_question(p), q);
	ev(p, LESSON_EV_NEXT_ITEM);
	ck_assert_str_eq(lesson_player_question(p)->id, "demo-max-bits");
	ck_assert_int_eq(answer(p, NULL, "0x7bff"), LESSON_EV_OK);
	ck_assert(lesson_player_progress(p, lesson_player_question(p))->grade.pass);
	/* Right first, wrong later: the first try stands. */
	answer(p, NULL, "0x7c00");
	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.passed, 1);
	ck_assert(sc.score == 1);
	ck_assert_int_eq(lesson_progress_outcome(lesson_player_progress(p,
	    lesson_player_question(p))), LESSON_OUT_PASSED);

	ck_assert(!lesson_player_passed(p));
	lesson_player_free(p);
	lesson_free(l);
}
END_TEST

START_TEST(test_player_all_passed)
{
	lesson *l = lt_load_demo("fp16-range");
	lesson_player *p = lesson_player_new(l, NULL);

	ck_assert(!lesson_player_passed(p));
	answer(p, "range-bias", "127");
	answer(p, "range-eps", "0.0078125");
	ck_assert(!lesson_player_passed(p));
	answer(p, "range-wider", "b and c");
	ck_assert(lesson_player_passed(p));
	lesson_player_free(p);

	/* A model answer seen before any answer: a miss, whatever follows. */
	p = lesson_player_new(l, NULL);
	lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_REVEAL,
	    .question = "range-bias" });
	answer(p, "range-bias", "127");
	answer(p, "range-eps", "0.0078125");
	answer(p, "range-wider", "b and c");
	ck_assert(!lesson_player_passed(p));
	ck_assert_int_eq(lesson_progress_outcome(lesson_player_progress(p,
	    lesson_question_find(l, "range-bias"))), LESSON_OUT_NOT_PASSED);
	lesson_player_free(p);
	lesson_free(l);
}
END_TEST

/* @reveal: what follows waits for the question before it; answered or
 * skipped, it is shown. */
START_TEST(test_player_reveal)
{
	static const char text[] =
	    "@lesson rv\n@title Reveal\n@summary Predict first.\n"
	    "@step One\n"
	    "@question rv-a numeric\nWhat is 1 + 1?\n@value calc fp32: 1 + 1\n"
	    "@answer Two.\n@end\n"
	    "@reveal\n"
	    "It is {calc fp32: 1 + 1}.\n\n"
	    "@question rv-b numeric\nAnd 2 + 2?\n@value calc fp32: 2 + 2\n"
	    "@answer Four.\n@end\n"
	    "@reveal\n"
	    "It is {calc fp32: 2 + 2}.\n"
	    "@step Two\nPlain prose.\n";
	lesson_diags d = { 0 };
	lesson *l = lt_load_text("rv", text, &d);

	ck_assert_msg(l != NULL && d.nerrors == 0, "the lesson loads");
	const lesson_step *s = &l->steps[0];
	ck_assert_uint_eq(s->nitems, 4);
	ck_assert_uint_eq(s->items[0].wait, 0);
	ck_assert_uint_eq(s->items[1].wait, 1);	/* waits for rv-a */
	ck_assert_uint_eq(s->items[2].wait, 1);	/* rv-b too */
	ck_assert_uint_eq(s->items[3].wait, 2);	/* waits for rv-b */
	ck_assert_uint_eq(l->steps[1].items[0].wait, 0);	/* a new step */

	lesson_player *p = lesson_player_new(l, NULL);
	ck_assert(lesson_player_held(p, &s->items[1]));
	ck_assert(!lesson_player_held(p, &s->items[0]));
	answer(p, "rv-a", "2");
	ck_assert(!lesson_player_held(p, &s->items[1]));
	ck_assert(lesson_player_held(p, &s->items[3]));
	/* Moving past rv-b unanswered is a skip: what waits is shown. */
	ev(p, LESSON_EV_NEXT_ITEM);
	ev(p, LESSON_EV_NEXT_ITEM);
	ck_assert_ptr_eq(lesson_player_question(p), &l->questions[1]);
	ck_assert(lesson_player_held(p, &s->items[3]));
	ev(p, LESSON_EV_NEXT_ITEM);
	ck_assert(!lesson_player_held(p, &s->items[3]));
	lesson_player_free(p);
	lesson_free(l);
	lesson_diags_free(&d);
}
END_TEST

/* ---- graders ------------------------------------------------------------ */

/* Grade text against question id of lesson l; returns the grade. */
static lesson_grade
grade(const lesson *l, const char *id, const char *text)
{
	lesson_grade g;
	const lesson_question *q = lesson_question_find(l, id);

	ck_assert_msg(q != NULL, "no question %s", id);
	lesson_grade_answer(l, q, text, NULL, &g);
	return g;
}

#define PASSES(l, id, text) ck_assert_msg(grade(l, id, text).pass, \
	"%s: '%s' should pass: %s", id, text, grade(l, id, text).feedback)
#define FAILS(l, id, text, fb) do { \
	lesson_grade g_ = grade(l, id, text); \
	ck_assert_msg(!g_.pass, "%s: '%s' should fail", id, text); \
	ck_assert_msg(g_.graded && g_.score == 0 && g_.max == 1, "%s: score", id); \
	ck_assert_str_eq(g_.feedback, fb); \
} while (0)

START_TEST(test_grade_choice)
{
	lesson *l = lt_load_demo("fp16-range");

	PASSES(l, "range-wider", "b c");
	PASSES(l, "range-wider", "B and C");
	PASSES(l, "range-wider", "c, b.");
	PASSES(l, "range-wider", "(b) (c)");
	FAILS(l, "range-wider", "b", "You chose b; the answer is b, c.");
	FAILS(l, "range-wider", "a b c", "You chose a, b, c; the answer is b, c.");
	FAILS(l, "range-wider", "b d", "'d' is not one of the keys (a, b, c).");
	FAILS(l, "range-wider", "", "No option chosen; the answer is b, c.");
	FAILS(l, "range-wider", "and", "No option chosen; the answer is b, c.");
	lesson_free(l);
	l = lt_load_demo("overflow-demo");
	PASSES(l, "demo-overflow", "a");
	FAILS(l, "demo-overflow", "A B", "You chose A, B; the answer is A.");
	lesson_free(l);
}
END_TEST

START_TEST(test_grade_order)
{
	lesson *l = lt_load_demo("overflow-demo");
	const char *id = "demo-step-order";

	PASSES(l, id, "backward unscale clip step update");
	PASSES(l, id, "Backward -> unscale -> clip -> step -> update");
	PASSES(l, id, "backward \xe2\x86\x92 unscale \xe2\x86\x92 clip \xe2\x86\x92 "
	    "step \xe2\x86\x92 update");
	PASSES(l, id, "backward, unscale; clip > step, update.");
	FAILS(l, id, "backward clip unscale step update",
	    "First inversion: 'unscale' must come before 'clip'.");
	FAILS(l, id, "update backward unscale clip step",
	    "First inversion: 'backward' must come before 'update'.");
	FAILS(l, id, "backward unscale clip step",
	    "'update' is missing: put every item in order.");
	FAILS(l, id, "backward unscale clip step step update",
	    "'step' appears twice.");
	FAILS(l, id, "backward unscale clip-grad step update",
	    "'clip-grad' is not one of the keys (step, backward, clip, update, unscale).");
	lesson_free(l);
}
END_TEST

START_TEST(test_grade_numeric)
{
	lesson *l = lt_load_demo("overflow-demo");

	/* No @tolerance: anything that rounds to 65504 in fp16. */
	PASSES(l, "demo-max-fp16", "65504");
	PASSES(l, "demo-max-fp16", "6.5504e4");
	PASSES(l, "demo-max-fp16", "65519.99");
	PASSES(l, "demo-max-fp16", "65488.01");
	FAILS(l, "demo-max-fp16", "65488", "The value is 65504; an answer counts when "
	    "it is rounding to it in fp16.");
	FAILS(l, "demo-max-fp16", "65520", "The value is 65504; an answer counts when "
	    "it is rounding to it in fp16.");
	FAILS(l, "demo-max-fp16", "inf", "The value is 65504; an answer counts when "
	    "it is rounding to it in fp16.");
	FAILS(l, "demo-max-fp16", "about 65504", "'about 65504' is not a number "
	    "(write it as 65504, 1e-8 or inf).");
	/* 0.1%: 0.731058... */
	PASSES(l, "demo-stable-first", "0.731");
	PASSES(l, "demo-stable-first", "0.7317");
	FAILS(l, "demo-stable-first", "0.7322", "The value is 0.731058598; an answer "
	    "counts when it is within 0.1%.");
	lesson_free(l);

	l = lt_load_demo("fp16-range");
	/* 1 ulp of bf16 at 2^-7 is 2^-14 = 6.1035e-05. */
	PASSES(l, "range-eps", "0.0078125");
	PASSES(l, "range-eps", "0.00787");
	FAILS(l, "range-eps", "0.0079", "The value is 0.0078125; an answer counts "
	    "when it is within 1 ulp of bf16 (6.103515625e-05 here).");
	/* A count is exact. */
	PASSES(l, "range-bias", "127");
	PASSES(l, "range-bias", "127.000");
	FAILS(l, "range-bias", "127.0000000000000000001", "The value is 127; an "
	    "answer counts when it is exactly.");
	lesson_free(l);
}
END_TEST

START_TEST(test_grade_bits)
{
	lesson *l = lt_load_demo("overflow-demo");
	const char *id = "demo-max-bits";

	PASSES(l, id, "0x7bff");
	PASSES(l, id, "7BFF");
	PASSES(l, id, "0111101111111111");
	PASSES(l, id, "0 11110 1111111111");
	FAILS(l, id, "0x7c00", "0x7c00 is inf in fp16; the answer is 0x7bff (65504).");
	FAILS(l, id, "0x17bff", "'0x17bff' is not a 16-bit pattern of fp16 (hex "
	    "such as 0x7bff, or 16 binary digits).");
	lesson_free(l);

	lesson_diags d = { 0 };
	l = lt_load_text("nan", "@lesson nan\n@title T\n@summary S.\n@step S\n"
	    "@question nan-bits bits\nThe bits of NaN?\n@format fp16\n"
	    "@value round fp16 nan\n@answer {hex fp16 nan}\n@end\n", &d);
	ck_assert_ptr_nonnull(l);
	PASSES(l, "nan-bits", "0x7e00");
	PASSES(l, "nan-bits", "0x7c01");	/* any NaN is NaN */
	FAILS(l, "nan-bits", "0x7c00", "0x7c00 is inf in fp16; the answer is 0x7e00 (nan).");
	lesson_free(l);
	lesson_diags_free(&d);
}
END_TEST

/* A stand-in for the rubric grader: passes answers that say "max". */
static int text_calls;
static bool
fake_text_grader(const lesson *l, const lesson_question *q, const char *a,
    lesson_grade *out)
{
	(void)l;
	text_calls++;
	ck_assert_uint_gt(q->nrubric, 0);
	if (strstr(a, "cannot") != NULL)
		return false;
	out->graded = true;
	out->pass = strstr(a, "max") != NULL;
	out->score = out->pass ? 2 : 0;
	out->max = 2;
	snprintf(out->feedback, sizeof out->feedback, "fake");
	return true;
}

START_TEST(test_grade_text)
{
	lesson *l = lt_load_demo("overflow-demo");
	const lesson_question *q = lesson_question_find(l, "demo-softmax");
	lesson_grade g;
	lesson_score sc;

	/* The rubric is kept as written, with its line numbers. */
	ck_assert_uint_eq(q->nrubric, 9);
	ck_assert_str_eq(q->rubric[0].text,
	    "concept overflow 2 required: overflow* | \"too large\" | \"to inf\" | 65504");
	ck_assert_str_eq(q->rubric[1].text,
	    "  hit: named the first failure: exp(20) overflows fp16");
	ck_assert_int_eq(q->rubric[0].line, q->rubric_loc.line + 1);

	lesson_grade_answer(l, q, "subtract the max", NULL, &g);
	ck_assert(!g.graded && !g.pass);
	ck_assert_str_eq(g.feedback, LESSON_NOT_GRADED);

	lesson_player *p = lesson_player_new(l, fake_text_grader);
	answer(p, "demo-softmax", "subtract the max first");
	ck_assert_int_eq(text_calls, 1);
	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.passed, 1);
	ck_assert(sc.score == 2 && sc.max == 7);	/* the grader's max counts */
	answer(p, "demo-softmax", "it cannot be graded");
	const lesson_progress *pr = lesson_player_progress(p, q);
	ck_assert(!pr->grade.graded && !pr->grade.pass);
	ck_assert_str_eq(pr->grade.feedback, LESSON_NOT_GRADED);
	lesson_player_free(p);
	lesson_free(l);
}
END_TEST

static Suite *
lesson_suite(void)
{
	Suite *s = suite_create("lesson");
	TCase *tc = tcase_create("player");
	tcase_add_test(tc, test_player_moves);
	tcase_add_test(tc, test_player_answers);
	tcase_add_test(tc, test_player_all_passed);
	suite_add_tcase(s, tc);

	tc = tcase_create("reveal");
	tcase_add_checked_fixture(tc, lt_setup_dir, lt_teardown_dir);
	tcase_add_test(tc, test_player_reveal);
	suite_add_tcase(s, tc);

	tc = tcase_create("grade");
	tcase_add_checked_fixture(tc, lt_setup_dir, lt_teardown_dir);
	tcase_add_test(tc, test_grade_choice);
	tcase_add_test(tc, test_grade_order);
	tcase_add_test(tc, test_grade_numeric);
	tcase_add_test(tc, test_grade_bits);
	tcase_add_test(tc, test_grade_text);
	suite_add_tcase(s, tc);

	lesson_model_tcases(s);
	lesson_drill_tcases(s);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(lesson_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
