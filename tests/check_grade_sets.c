/*
 * check_grade_sets.c — the grader on labelled answers, with the rubrics of
 * the shipped lessons: the sets in tests/grade (those written with or
 * before the current rubrics, and the held-out halves written by people
 * who never saw them), every free-text question's own model and concise
 * answers, and the reference article's concise answers.  Linked into
 * tests/check_grade, whose suite adds grade_sets_tcase().
 */
#include <config.h>

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "lesson/lesson.h"
#include "lesson/grade_text.h"
#include "grade_test.h"

TCase *grade_sets_tcase(void);


/* Floors of heldout_halves: tune agreement %, report agreement %, right
 * report answers failed at most, wrong report answers passed at most. */
#define TUNE_OVERFLOW	97, 94, 1, 1
#define TUNE_UNDERFLOW	92, 94, 1, 1
#define TUNE_SOFTMAX	100, 89, 2, 2
#define TUNE_STEP	92, 89, 4, 0
#define TUNE_BF16	100, 89, 2, 2
#define TUNE_MOCKO	95, 95, 1, 0
#define TUNE_MOCKU	100, 100, 0, 0
#define TUNE_MOCKS	100, 95, 0, 1
#define TUNE_CMP	95, 100, 0, 0

const char *
grade_test_top(void)
{
	const char *top = getenv("top_srcdir");
	return top ? top : ".";
}

gtext
grade_test_tokens(const char *s)
{
	gtext tx;
	ck_assert(gtext_build(s, strlen(s), &tx));
	return tx;
}

/* The rubric of question id, as the lesson that asks it holds it: the
 * five required questions live in the lessons of their topics
 * (lessons/overflow, underflow, softmax, amp-step, range-precision), the
 * mock-* probes in lessons/interview and cmp-speedup in comparison.
 * Exactly one shipped lesson may ask it: the id is global. */
grade_rubric *
grade_test_rubric(const char *top, const char *id)
{
	char dir[1024], **paths, *where = NULL;
	const char *dirs[1] = { dir };
	grade_rubric *r = NULL;
	int ioerr, line, found = 0;
	grade_diag gd;

	snprintf(dir, sizeof dir, "%s/lessons", top);
	long n = lesson_list(dirs, 1, &paths);
	ck_assert_msg(n > 0, "no lesson in %s", dir);
	for (long i = 0; i < n; i++) {
		lesson_diags d = { 0 };
		lesson *l = lesson_load(paths[i], &d, &ioerr);
		ck_assert_msg(l != NULL, "%s does not load (%zu diagnostics)",
		    paths[i], d.n);
		lesson_diags_free(&d);
		const lesson_question *q = lesson_question_find(l, id);
		if (q != NULL) {
			found++;
			where = paths[i];
			r = lesson_rubric_compile(q, &line, &gd);
			ck_assert_msg(r != NULL, "%s:%d:%zu: %s", where, line,
			    gd.col + 1, gd.msg);
		}
		lesson_free(l);
		if (found > 1)
			break;
	}
	ck_assert_msg(found == 1, "question '%s' is asked by %d shipped lessons "
	    "(want exactly one; the last is %s)", id, found, where ? where : "-");
	lesson_paths_free(paths, n);
	return r;
}

/* Grade every labelled answer of file; add to the counts. */
static void
run_corpus(const grade_rubric *r, const char *file, int *agree, int *total,
    int *false_pass)
{
	grade_test_set(r, file, agree, total, false_pass, NULL, true);
}

/* The same, counting the right answers failed too (*fail_right, when not
 * NULL); show: print each disagreement (never for the report halves). */
void
grade_test_set(const grade_rubric *r, const char *file, int *agree, int *total,
    int *false_pass, int *fail_right, bool show)
{
	FILE *f = fopen(file, "r");
	static char line[1 << 16];

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		bool want;
		if (strncmp(line, "PASS:", 5) == 0)
			want = true;
		else if (strncmp(line, "FAIL:", 5) == 0)
			want = false;
		else
			continue;
		grade_result res;
		ck_assert(grade_answer(r, line + 5, strlen(line + 5), &res));
		(*total)++;
		if (res.pass == want)
			(*agree)++;
		else if (show)
			printf("  disagree (want %s, got %s: %s):%.120s\n", want ? "PASS" : "FAIL",
			    res.pass ? "pass" : "fail", grade_verdict_text(res.verdict), line + 5);
		if (res.pass && !want)
			(*false_pass)++;
		if (!res.pass && want && fail_right)
			(*fail_right)++;
		grade_result_free(&res);
	}
	fclose(f);
}

/* The misconception a question exists to catch is named, not only a
 * missing point: the feedback must say why the answer is wrong. */
START_TEST(shipped_misconceptions_fire)
{
	static const struct {
		const char *id, *answer, *misc;
	} cases[] = {
		{ "cmp-speedup", "Yes, each step is faster, so it is a speedup.", "step-time" },
		{ "mock-overflow", "It overflows, so turn up the loss scale until the loss is finite.",
		    "raise-scale" },
		{ "mock-underflow", "It underflows, so GradScaler divides the loss by S before "
		    "backward.", "divide-loss" },
		{ "mock-softmax", "exp(20) overflows to inf and inf/inf is NaN; clip the logits to "
		    "[-10, 10].", "clip-logits" },
	};
	const char *top = grade_test_top();

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grade_rubric *r = grade_test_rubric(top, cases[i].id);
		grade_result res;
		ck_assert(grade_answer(r, cases[i].answer, strlen(cases[i].answer), &res));
		bool named = false;
		for (size_t k = 0; k < res.nmiscs; k++)
			named |= strcmp(res.miscs[k].id, cases[i].misc) == 0;
		ck_assert_msg(res.verdict == GRADE_MISCONCEPTION && named,
		    "%s: '%s' is not charged with %s (%s)", cases[i].id, cases[i].answer,
		    cases[i].misc, grade_verdict_text(res.verdict));
		grade_result_free(&res);
		grade_rubric_free(r);
	}
}
END_TEST

START_TEST(corpus_agreement)
{
	/* Each question with its holdout set's least size and floor (in %).
	 * The five full questions' holdout sets have about 45 answers each;
	 * the four questions of the lesson set (the mock interview's probes
	 * and the comparison's speedup question) have 15, so one answer is
	 * 6.7 points there. */
	static const struct {
		const char *id;
		int holdout_min, holdout_floor;
	} questions[] = {
		{ "overflow", 40, 85 },
		{ "underflow", 40, 85 },
		{ "softmax", 40, 85 },
		{ "step-order", 40, 85 },
		{ "bf16", 40, 85 },
		{ "mock-overflow", 15, 85 },
		{ "mock-underflow", 15, 85 },
		{ "mock-softmax", 15, 85 },
		{ "cmp-speedup", 15, 85 },
	};
	const char *top = getenv("top_srcdir");
	char ans[1024], unseen[1024];

	if (top == NULL)
		top = ".";
	char holdout[1024];
	int hagree = 0, htotal = 0, hfp = 0;

	for (size_t q = 0; q < sizeof questions / sizeof questions[0]; q++) {
		const char *id = questions[q].id;
		int agree = 0, total = 0, fp = 0, ha = 0, ht = 0, hf = 0;
		snprintf(ans, sizeof ans, "%s/tests/grade/%s.answers", top, id);
		snprintf(unseen, sizeof unseen, "%s/tests/grade/corpus/%s.answers", top, id);
		snprintf(holdout, sizeof holdout, "%s/tests/grade/holdout/%s.answers", top, id);
		grade_rubric *r = grade_test_rubric(top, id);
		run_corpus(r, ans, &agree, &total, &fp);
		run_corpus(r, unseen, &agree, &total, &fp);
		run_corpus(r, holdout, &ha, &ht, &hf);
		grade_rubric_free(r);
		printf("%s: %d/%d answers agree (%.1f%%), %d wrong answers passed; "
		    "holdout %d/%d (%.1f%%), %d wrong passed\n", id, agree,
		    total, total ? 100.0 * agree / total : 0, fp, ha, ht,
		    ht ? 100.0 * ha / ht : 0, hf);
		fflush(stdout);
		ck_assert_msg(total >= 40, "%s: only %d labelled answers", id, total);
		ck_assert_msg(agree * 100 >= total * 95, "%s: agreement %d/%d below 95%%",
		    id, agree, total);
		ck_assert_msg(fp == 0, "%s: %d wrong answers passed", id, fp);
		/* The holdout sets were written without the rubrics in view and
		 * never used to tune them; they measure how the grader does on
		 * answers it was not built from, so they guard against
		 * regressions with a floor rather than the 95% bar. */
		ck_assert_msg(ht >= questions[q].holdout_min,
		    "%s: holdout has only %d answers", id, ht);
		ck_assert_msg(ha * 100 >= ht * questions[q].holdout_floor,
		    "%s: holdout agreement %d/%d below %d%%", id, ha, ht,
		    questions[q].holdout_floor);
		hagree += ha;
		htotal += ht;
		hfp += hf;
	}
	printf("holdout overall: %d/%d (%.1f%%), %d wrong answers passed\n", hagree,
	    htotal, htotal ? 100.0 * hagree / htotal : 0, hfp);
}
END_TEST

/*
 * The held-out answers: written and labelled by people who never saw the
 * rubrics, from the reference article alone, and split in two (odd and
 * even answer lines).  The tune half may be read and tuned on; the report
 * half is only measured, here: its figures are printed as totals and
 * nothing is printed per answer.  The floors are what the grader reaches
 * (doc/grader.md has the figures); the goal, 95% agreement, at most 3% of
 * right answers failed and no wrong answer passed on the report half, is
 * not reached yet for every question, and the floors say so honestly: they
 * catch a regression, they do not claim the goal.
 */
START_TEST(heldout_halves)
{
	static const struct {
		const char *id;
		int tune_floor, report_floor;		/* agreement, % */
		int report_right_failed, report_wrong_passed;	/* at most */
	} q[] = {
		{ "overflow", TUNE_OVERFLOW },
		{ "underflow", TUNE_UNDERFLOW },
		{ "softmax", TUNE_SOFTMAX },
		{ "step-order", TUNE_STEP },
		{ "bf16", TUNE_BF16 },
		{ "mock-overflow", TUNE_MOCKO },
		{ "mock-underflow", TUNE_MOCKU },
		{ "mock-softmax", TUNE_MOCKS },
		{ "cmp-speedup", TUNE_CMP },
	};
	char path[1024];
	int ra = 0, rt = 0, rfp = 0, rfr = 0;

	for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
		grade_rubric *r = grade_test_rubric(grade_test_top(), q[i].id);
		int ta = 0, tt = 0, tfp = 0, tfr = 0, a = 0, t = 0, fp = 0, fr = 0;
		snprintf(path, sizeof path, "%s/tests/grade/tune/%s.answers", grade_test_top(), q[i].id);
		grade_test_set(r, path, &ta, &tt, &tfp, &tfr, true);
		snprintf(path, sizeof path, "%s/tests/grade/report/%s.answers", grade_test_top(), q[i].id);
		grade_test_set(r, path, &a, &t, &fp, &fr, false);
		grade_rubric_free(r);
		printf("%s: tune %d/%d (%.1f%%), %d right failed, %d wrong passed; "
		    "report %d/%d (%.1f%%), %d right failed, %d wrong passed\n", q[i].id,
		    ta, tt, tt ? 100.0 * ta / tt : 0, tfr, tfp, a, t, t ? 100.0 * a / t : 0,
		    fr, fp);
		fflush(stdout);
		ck_assert_msg(tt >= 20 && t >= 20, "%s: %d tune and %d report answers",
		    q[i].id, tt, t);
		ck_assert_msg(ta * 100 >= tt * q[i].tune_floor, "%s: tune agreement %d/%d "
		    "below %d%%", q[i].id, ta, tt, q[i].tune_floor);
		ck_assert_msg(a * 100 >= t * q[i].report_floor, "%s: report agreement %d/%d "
		    "below %d%%", q[i].id, a, t, q[i].report_floor);
		ck_assert_msg(fr <= q[i].report_right_failed, "%s: %d right report answers "
		    "failed (at most %d)", q[i].id, fr, q[i].report_right_failed);
		ck_assert_msg(fp <= q[i].report_wrong_passed, "%s: %d wrong report answers "
		    "passed (at most %d)", q[i].id, fp, q[i].report_wrong_passed);
		ra += a, rt += t, rfp += fp, rfr += fr;
	}
	printf("report overall: %d/%d (%.1f%%), %d right answers failed, %d wrong "
	    "answers passed\n", ra, rt, rt ? 100.0 * ra / rt : 0, rfr, rfp);
}
END_TEST

/* Every shipped free-text question has a concise answer, and its rubric
 * passes both it and the model answer (check-lesson says so too; this
 * names the question when it does not). */
START_TEST(own_answers_pass)
{
	char dir[1024], **paths, why[200];
	const char *dirs[1] = { dir };
	int ioerr, line, ntext = 0;
	grade_diag gd;

	snprintf(dir, sizeof dir, "%s/lessons", grade_test_top());
	long n = lesson_list(dirs, 1, &paths);
	ck_assert_int_gt(n, 0);
	for (long i = 0; i < n; i++) {
		lesson_diags d = { 0 };
		lesson *l = lesson_load(paths[i], &d, &ioerr);
		lesson_diags_free(&d);
		ck_assert_msg(l != NULL, "%s does not load", paths[i]);
		for (size_t k = 0; k < l->nquestions; k++) {
			const lesson_question *qu = &l->questions[k];
			if (qu->type != LQ_TEXT)
				continue;
			ntext++;
			grade_rubric *r = lesson_rubric_compile(qu, &line, &gd);
			ck_assert_ptr_nonnull(r);
			ck_assert_msg(qu->concise_loc.line != 0, "%s has no @concise", qu->id);
			ck_assert_msg(lesson_rubric_passes(r, &qu->answer, why, sizeof why),
			    "%s: its model answer fails (%s)", qu->id, why);
			ck_assert_msg(lesson_rubric_passes(r, &qu->concise, why, sizeof why),
			    "%s: its concise answer fails (%s)", qu->id, why);
			grade_rubric_free(r);
		}
		lesson_free(l);
	}
	lesson_paths_free(paths, n);
	ck_assert_int_ge(ntext, 9);
}
END_TEST

/* The reference article's "A concise answer under interview pressure",
 * quoted: each must pass the questions it answers. */
START_TEST(article_concise_answers_pass)
{
	static const struct {
		const char *ids[3], *answer;
	} cases[] = {
		{ { "mock-overflow", "overflow" }, "forward fp16 range overflow; find or widen "
		    "that operation\xe2\x80\x94scaling the loss later cannot undo inf." },
		{ { "mock-underflow" }, "backward underflow is where loss scaling may help, "
		    "provided the forward path remained valid and the scale itself does not "
		    "overflow." },
		{ { "mock-softmax" }, "use stable softmax/log-sum-exp or fused loss; "
		    "do not form huge exponentials." },
		{ { "step-order" }, "autocast forward/loss, scale backward, unscale before "
		    "clipping, conditional optimizer step, update scale." },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (size_t k = 0; k < 3 && cases[i].ids[k]; k++) {
			grade_rubric *r = grade_test_rubric(grade_test_top(), cases[i].ids[k]);
			grade_result res;
			ck_assert(grade_answer(r, cases[i].answer, strlen(cases[i].answer), &res));
			ck_assert_msg(res.pass, "%s fails the article's concise answer (%s): %s",
			    cases[i].ids[k], grade_verdict_text(res.verdict), cases[i].answer);
			grade_result_free(&res);
			grade_rubric_free(r);
		}
}
END_TEST

/*
 * The classes of the grader's old mistakes, one written example each (not
 * taken from the held-out sets): right answers that must pass however they
 * are written, and a right answer beside one false claim, which must fail
 * on that claim, named.
 */
START_TEST(right_however_written)
{
	static const char *const cases[][2] = {
		/* terse, with only the core */
		{ "underflow", "1e-8 is below the smallest fp16 subnormal so it underflows to "
		    "zero. Loss scaling multiplies the loss by S before backward so the "
		    "gradients are representable, then unscales them before the optimizer step." },
		/* notation */
		{ "overflow", "1e4 \xc3\x97 1e4 = 1e8 \xe2\x89\xab 6.55e4, so fl16(1e8) = inf in "
		    "the forward. S\xc2\xb7inf = inf, so a bigger S cannot help; compute it in fp32." },
		{ "softmax", "exp(20) > 65504 so it is inf and inf/inf = NaN; use "
		    "e^{x\xe2\x88\x92m}/\xce\xa3" "e^{x_j\xe2\x88\x92m} with m = max(x)." },
		/* restating the proposal to refute it */
		{ "overflow", "The teammate wants to turn up GradScaler, but this inf is made in "
		    "the forward: 1e8 is above fp16's max. The scale only multiplies the loss "
		    "after the forward, so it cannot undo it; run the op in fp32." },
		/* what the scaler does, described */
		{ "overflow", "The product overflows fp16 in the forward pass, and raising the loss "
		    "scale cannot fix a forward inf; keep the op in fp32. After an overflow "
		    "scaler.step skips the update and scaler.update lowers the scale." },
		/* code names only, the reason before the list, no forward pass */
		{ "step-order", "Clipping needs the real magnitudes, so the gradients are divided "
		    "by the scale before you clip: scale(loss).backward \xe2\x86\x92 unscale_(opt) "
		    "\xe2\x86\x92 clip_grad_norm_ \xe2\x86\x92 scaler.step(opt) \xe2\x86\x92 update()." },
		/* British spelling and misspellings */
		{ "mock-underflow", "its an underflw: the gradeint rounds to zero. The scaler "
		    "multiplies the loss by S before backward and unscales it before the optimiser step." },
		{ "cmp-speedup", "It's not a real speedup: skipped steps waste time and update "
		    "nothing. Compare time to the same validation loss against fp32." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grade_rubric *r = grade_test_rubric(grade_test_top(), cases[i][0]);
		grade_result res;
		ck_assert(grade_answer(r, cases[i][1], strlen(cases[i][1]), &res));
		ck_assert_msg(res.pass, "%s fails (%s): %s", cases[i][0],
		    grade_verdict_text(res.verdict), cases[i][1]);
		grade_result_free(&res);
		grade_rubric_free(r);
	}
}
END_TEST


/* The later held-out sets, each written and labelled from the reference
 * article alone by someone who never saw the rubrics (doc/grader.md):
 * fresh-a to fresh-ac have been read and tuned on; fresh-ad arrived
 * unread (390/420, 14 right answers failed, 16 wrong answers passed, the
 * same with the graders of 9cf6a81 and 30b779f) and has been read since;
 * fresh-ae arrived unread (382/420, 17 right answers failed, 21 wrong
 * answers passed with 30b779f's grader) and has been read since; fresh-af
 * arrived unread (395/420, 14 right answers failed, 11 wrong answers
 * passed with 30b779f's grader, 398, 14, 8 with 20cfb76's, which had not
 * read it) and its reading has begun.  The floors are what the grader
 * reaches, so
 * a regression fails; they are not the goal (95% agreement, at most 3%
 * of right answers failed, no wrong answer passed). */
START_TEST(fresh_sets)
{
	static const struct {
		const char *dir;
		int agree_min, right_failed_max, wrong_passed_max;
	} sets[] = {
		{ "fresh-a", 148, 0, 0 }, { "fresh-b", 145, 1, 2 }, { "fresh-c", 290, 3, 3 },
		{ "fresh-d", 290, 3, 3 }, { "fresh-e", 290, 3, 3 },
		{ "fresh-f-tune", 200, 3, 7 }, { "fresh-f-report", 203, 2, 5 },
		{ "fresh-g", 414, 3, 3 }, { "fresh-h", 392, 13, 15 }, { "fresh-i", 398, 10, 12 },
		{ "fresh-j", 387, 11, 22 }, { "fresh-k", 405, 10, 5 }, { "fresh-l", 408, 6, 6 },
		{ "fresh-m", 411, 4, 5 }, { "fresh-n", 404, 8, 8 }, { "fresh-o", 405, 4, 11 },
		{ "fresh-p", 407, 5, 8 }, { "fresh-q", 396, 9, 15 }, { "fresh-r", 407, 8, 5 },
		{ "fresh-s", 414, 4, 2 },
		{ "fresh-t", 405, 7, 8 },
		{ "fresh-u", 401, 7, 12 },
		{ "fresh-v", 414, 2, 4 },
		{ "fresh-w", 418, 1, 1 },
		{ "fresh-x", 406, 3, 11 },
		{ "fresh-y", 410, 1, 9 },
		{ "fresh-z", 413, 2, 5 },
		{ "fresh-aa", 410, 7, 3 },
		{ "fresh-ab", 409, 6, 5 },
		{ "fresh-ac", 417, 1, 2 },
		{ "fresh-ad", 419, 1, 0 },
		{ "fresh-ae", 415, 3, 2 },
		{ "fresh-af", 407, 5, 8 },
	};
	static const char *const ids[] = { "overflow", "underflow", "softmax", "step-order",
		"bf16", "mock-overflow", "mock-underflow", "mock-softmax", "cmp-speedup" };
	grade_rubric *r[9];

	for (size_t q = 0; q < 9; q++)
		r[q] = grade_test_rubric(grade_test_top(), ids[q]);
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
		int agree = 0, total = 0, wp = 0, rf = 0;
		for (size_t q = 0; q < 9; q++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/tests/grade/%s/%s.answers", grade_test_top(),
			    sets[i].dir, ids[q]);
			grade_test_set(r[q], path, &agree, &total, &wp, &rf, false);
		}
		printf("%s: %d/%d (%.1f%%), %d right answers failed, %d wrong answers passed\n",
		    sets[i].dir, agree, total, total ? 100.0 * agree / total : 0, rf, wp);
		ck_assert_msg(total >= 148 || (total >= 100 && strstr(sets[i].dir, "-f-")),
		    "%s: only %d answers", sets[i].dir, total);
		ck_assert_msg(agree >= sets[i].agree_min, "%s: agreement %d below %d", sets[i].dir,
		    agree, sets[i].agree_min);
		ck_assert_msg(rf <= sets[i].right_failed_max, "%s: %d right answers failed (at most %d)",
		    sets[i].dir, rf, sets[i].right_failed_max);
		ck_assert_msg(wp <= sets[i].wrong_passed_max, "%s: %d wrong answers passed (at most %d)",
		    sets[i].dir, wp, sets[i].wrong_passed_max);
	}
	for (size_t q = 0; q < 9; q++)
		grade_rubric_free(r[q]);
}
END_TEST

/* Two grades of one answer, the same in every field the result has.  The
 * answer is named by its place, not its text: some sets are read only as
 * totals. */
static void
same_result(const grade_result *a, const grade_result *b, const char *file, int line)
{
	bool same = a->verdict == b->verdict && a->pass == b->pass && a->score == b->score &&
	    a->max == b->max && a->nconcepts == b->nconcepts && a->nmiscs == b->nmiscs &&
	    strcmp(a->contradiction, b->contradiction) == 0 &&
	    strcmp(a->order_found, b->order_found) == 0 && strcmp(a->inversion, b->inversion) == 0;
	for (size_t k = 0; same && k < a->nconcepts; k++)
		same = strcmp(a->concepts[k].id, b->concepts[k].id) == 0 &&
		    a->concepts[k].hit == b->concepts[k].hit &&
		    strcmp(a->concepts[k].text, b->concepts[k].text) == 0;
	for (size_t k = 0; same && k < a->nmiscs; k++)
		same = strcmp(a->miscs[k].id, b->miscs[k].id) == 0 &&
		    strcmp(a->miscs[k].text, b->miscs[k].text) == 0;
	ck_assert_msg(same, "the stem index changes the grade of %s, line %d", file, line);
}

/* The stem index (src/grade/index.c) only leaves out phrases that could
 * not match: every labelled answer of every set (tests/grade and each
 * directory in it) is graded the same with it and without it, field by
 * field. */
START_TEST(index_changes_nothing)
{
	static const char *const ids[] = { "overflow", "underflow", "softmax", "step-order",
		"bf16", "mock-overflow", "mock-underflow", "mock-softmax", "cmp-speedup" };
	static char line[1 << 16];
	char top[1024], dirs[64][64];
	size_t ndirs = 1, graded = 0;

	snprintf(top, sizeof top, "%s/tests/grade", grade_test_top());
	dirs[0][0] = '\0';
	DIR *dp = opendir(top);
	ck_assert_ptr_nonnull(dp);
	for (struct dirent *de; (de = readdir(dp)) != NULL && ndirs < 64;)
		if (de->d_name[0] != '.' && strchr(de->d_name, '.') == NULL &&
		    strlen(de->d_name) < sizeof dirs[0] - 1)
			snprintf(dirs[ndirs++], sizeof dirs[0], "%.62s/", de->d_name);
	closedir(dp);
	for (size_t q = 0; q < 9; q++) {
		grade_rubric *r = grade_test_rubric(grade_test_top(), ids[q]);
		ck_assert_msg(r->indexed, "%s: the rubric has no stem index", ids[q]);
		for (size_t d = 0; d < ndirs; d++) {
			char path[8192];
			snprintf(path, sizeof path, "%s/%s%s.answers", top, dirs[d], ids[q]);
			FILE *f = fopen(path, "r");
			for (int ln = 1; f && fgets(line, sizeof line, f); ln++) {
				line[strcspn(line, "\n")] = '\0';
				if (strncmp(line, "PASS:", 5) != 0 && strncmp(line, "FAIL:", 5) != 0)
					continue;
				grade_result a, b;
				ck_assert(grade_answer(r, line + 5, strlen(line + 5), &a));
				r->indexed = false;	/* every phrase tried, as before the index */
				ck_assert(grade_answer(r, line + 5, strlen(line + 5), &b));
				r->indexed = true;
				same_result(&a, &b, path, ln);
				grade_result_free(&a);
				grade_result_free(&b);
				graded++;
			}
			if (f)
				fclose(f);
		}
		grade_rubric_free(r);
	}
	ck_assert_uint_ge(graded, 4000);
}
END_TEST

TCase *
grade_sets_tcase(void)
{
	TCase *tc = tcase_create("corpus");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, shipped_misconceptions_fire);
	tcase_add_test(tc, corpus_agreement);
	tcase_add_test(tc, heldout_halves);
	tcase_add_test(tc, own_answers_pass);
	tcase_add_test(tc, article_concise_answers_pass);
	tcase_add_test(tc, right_however_written);
	tcase_add_test(tc, fresh_sets);
	tcase_add_test(tc, index_changes_nothing);
	return tc;
}

grade_result
grade_test_graded(grade_rubric **held, const char *id, const char *answer)
{
	grade_rubric_free(*held);
	*held = grade_test_rubric(grade_test_top(), id);
	grade_result res;
	ck_assert(grade_answer(*held, answer, strlen(answer), &res));
	return res;
}

bool
grade_test_has_misc(const grade_result *res, const char *id)
{
	for (size_t k = 0; k < res->nmiscs; k++)
		if (strcmp(res->miscs[k].id, id) == 0)
			return true;
	return false;
}
