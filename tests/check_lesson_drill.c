/*
 * check_lesson_drill.c — a lesson's @drill blocks as questions: each
 * drill is a question of type drill after its block, its id the drill's
 * own (so drill_from_id brings the same item back), at the block's level;
 * the ids stay when the prose around a block changes or its count grows,
 * and differ between blocks and lessons; seed=S draws what `fptutor drill
 * --seed S` draws; the player grades them exactly, the first try
 * counting, a miss explained by the engine.
 */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "drill/drill.h"
#include "lesson/player.h"
#include "lesson_test.h"

static lesson *
load(const char *name, const char *text)
{
	lesson_diags d = { 0 };
	lesson *l = lt_load_text(name, text, &d);

	ck_assert_msg(l != NULL, "%s", d.n ? d.v[0].msg : "");
	ck_assert_uint_eq(d.n, 0);
	lesson_diags_free(&d);
	return l;
}

START_TEST(test_drill_questions)
{
	lesson *l = load("dq", "@lesson dq\n@title T\n@summary S.\n"
	    "@step One\nProse.\n@drill round 2\nMore prose.\n"
	    "@drill overflow 1 level=hard\n");

	ck_assert_uint_eq(l->nquestions, 3);
	const lesson_step *s = &l->steps[0];
	/* prose, block, two questions, prose, block, one question */
	ck_assert_uint_eq(s->nitems, 7);
	ck_assert_int_eq(s->items[1].kind, LI_BLOCK);
	ck_assert_int_eq(s->items[2].kind, LI_QUESTION);
	ck_assert_int_eq(s->items[3].kind, LI_QUESTION);
	ck_assert_uint_eq(s->items[3].index, 1);
	ck_assert_int_eq(s->items[6].kind, LI_QUESTION);
	for (size_t i = 0; i < 3; i++) {
		const lesson_question *q = &l->questions[i];
		drill_item again;
		ck_assert_int_eq(q->type, LQ_DRILL);
		ck_assert_ptr_nonnull(q->drill);
		ck_assert_str_eq(q->id, q->drill->id);
		ck_assert(drill_from_id(q->id, &again));
		ck_assert_str_eq(again.prompt, q->drill->prompt);
		ck_assert_str_eq(q->prompt.paras[0].spans[0].text, q->drill->prompt);
		ck_assert_str_eq(q->answer.paras[0].spans[0].text, q->drill->answer);
		ck_assert_uint_eq(q->step, 0);
	}
	ck_assert_int_eq(l->questions[0].drill->kind, DRILL_ROUND);
	ck_assert_int_eq(l->questions[0].drill->level, 2);
	ck_assert_int_eq(l->questions[2].drill->kind, DRILL_OVERFLOW);
	ck_assert_int_eq(l->questions[2].drill->level, 3);
	ck_assert_int_ge(l->questions[2].drill->nsteps, 3);
	ck_assert_str_ne(l->questions[0].id, l->questions[1].id);
	ck_assert(lesson_question_find(l, l->questions[1].id) == &l->questions[1]);
	lesson_free(l);
}
END_TEST

/* The ids a lesson's blocks give, joined. */
static void
ids(const char *name, const char *text, char *out, size_t n)
{
	lesson *l = load(name, text);

	out[0] = '\0';
	for (size_t i = 0; i < l->nquestions; i++) {
		size_t len = strlen(out);
		snprintf(out + len, n - len, "%s%s", i ? " " : "",
		    l->questions[i].id);
	}
	lesson_free(l);
}

START_TEST(test_drill_ids_stable)
{
	char a[400], b[400], c[400], d[400];

	ids("st", "@lesson st\n@title T\n@summary S.\n@step One\n"
	    "@drill encode 2\n@drill encode 1\n", a, sizeof a);
	/* prose added, a step before it, the first block's count grown */
	ids("st", "@lesson st\n@title T\n@summary S.\n@step Zero\nNew.\n"
	    "@step One\nA new paragraph\nof two lines.\n\n"
	    "@drill encode 3\nMore.\n@drill encode 1\n", b, sizeof b);
	char first2[400], bfirst[400];
	snprintf(first2, sizeof first2, "%s", a);
	*strrchr(first2, ' ') = '\0';	/* the first block's two */
	snprintf(bfirst, sizeof bfirst, "%.*s", (int)strlen(first2), b);
	ck_assert_str_eq(bfirst, first2);
	ck_assert_str_eq(strrchr(a, ' '), strrchr(b, ' '));	/* the second */
	/* another lesson, another level: other drills */
	ids("other", "@lesson other\n@title T\n@summary S.\n@step One\n"
	    "@drill encode 2\n@drill encode 1\n", c, sizeof c);
	ck_assert_str_ne(a, c);
	ids("st", "@lesson st\n@title T\n@summary S.\n@step One\n"
	    "@drill encode 2 level=3\n", d, sizeof d);
	ck_assert(strncmp(d, "encode-3-", 9) == 0);
	ck_assert(strstr(a, d + 9) == NULL);
}
END_TEST

START_TEST(test_drill_seed)
{
	lesson *l = load("sd", "@lesson sd\n@title T\n@summary S.\n@step One\n"
	    "@drill ulp 2 seed=7 level=1\n");
	drill_item it;

	for (size_t i = 0; i < 2; i++) {
		drill_make(DRILL_ULP, 1, drill_item_seed(7, i), &it);
		ck_assert_str_eq(l->questions[i].id, it.id);
	}
	lesson_free(l);

	/* the same seed twice: the same ids, refused */
	lesson_diags d = { 0 };
	l = lt_load_text("tw", "@lesson tw\n@title T\n@summary S.\n@step One\n"
	    "@drill ulp 1 seed=5\n@drill ulp 1 seed=5\n", &d);
	ck_assert_ptr_null(l);
	ck_assert_uint_ge(d.n, 1);
	ck_assert_msg(strstr(d.v[0].msg, "ulp-2-") != NULL, "%s", d.v[0].msg);
	ck_assert_int_eq(d.v[0].line, 6);
	lesson_diags_free(&d);
}
END_TEST

START_TEST(test_drill_player)
{
	lesson *l = load("pl", "@lesson pl\n@title T\n@summary S.\n@step One\n"
	    "@drill swallow 2\n");
	lesson_player *p = lesson_player_new(l, NULL);
	const lesson_question *q0 = &l->questions[0], *q1 = &l->questions[1];
	const char *right0 = q0->drill->ans_yes ? "yes" : "no";
	const char *right1 = q1->drill->ans_yes ? "yes" : "no";
	const char *wrong1 = q1->drill->ans_yes ? "no" : "yes";

	ck_assert_ptr_nonnull(p);
	lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_ANSWER,
	    .question = q0->id, .text = right0 });
	const lesson_progress *g = lesson_player_progress(p, q0);
	ck_assert(g->grade.graded && g->grade.pass);
	ck_assert_int_eq(lesson_progress_outcome(g), LESSON_OUT_PASSED);

	lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_ANSWER,
	    .question = q1->id, .text = wrong1 });
	g = lesson_player_progress(p, q1);
	ck_assert(g->grade.graded && !g->grade.pass);
	ck_assert_msg(strstr(g->grade.feedback, "guard") != NULL &&
	    strstr(g->grade.feedback, q1->drill->answer) != NULL, "%s",
	    g->grade.feedback);
	lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_ANSWER,
	    .question = q1->id, .text = right1 });
	ck_assert(g->grade.pass);
	ck_assert_int_eq(lesson_progress_outcome(g), LESSON_OUT_PASSED_RETRY);

	lesson_score sc;
	lesson_player_score(p, &sc);
	ck_assert_uint_eq(sc.questions, 2);
	ck_assert_uint_eq(sc.passed, 1);
	ck_assert_uint_eq(sc.retried, 1);
	ck_assert_int_eq(lesson_outcome_rating(LESSON_OUT_PASSED_RETRY), 2);
	lesson_player_free(p);
	lesson_free(l);
}
END_TEST

void
lesson_drill_tcases(Suite *s)
{
	TCase *tc = tcase_create("drill");

	tcase_add_checked_fixture(tc, lt_setup_dir, lt_teardown_dir);
	tcase_add_test(tc, test_drill_questions);
	tcase_add_test(tc, test_drill_ids_stable);
	tcase_add_test(tc, test_drill_seed);
	tcase_add_test(tc, test_drill_player);
	suite_add_tcase(s, tc);
}
