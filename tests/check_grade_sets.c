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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "lesson/lesson.h"
#include "lesson/grade_text.h"

TCase *grade_sets_tcase(void);

static void run_set(const grade_rubric *r, const char *file, int *agree, int *total,
    int *false_pass, int *fail_right, bool show);

/* Floors of heldout_halves: tune agreement %, report agreement %, right
 * report answers failed at most, wrong report answers passed at most. */
#define TUNE_OVERFLOW	97, 78, 4, 4
#define TUNE_UNDERFLOW	92, 86, 1, 4
#define TUNE_SOFTMAX	100, 76, 3, 6
#define TUNE_STEP	92, 82, 5, 2
#define TUNE_BF16	100, 70, 7, 4
#define TUNE_MOCKO	95, 78, 3, 2
#define TUNE_MOCKU	100, 90, 1, 1
#define TUNE_MOCKS	100, 86, 0, 3
#define TUNE_CMP	95, 81, 4, 0

static const char *
top_dir(void)
{
	const char *top = getenv("top_srcdir");
	return top ? top : ".";
}

/* The rubric of question id, as the lesson that asks it holds it: the
 * five required questions live in the lessons of their topics
 * (lessons/overflow, underflow, softmax, amp-step, range-precision), the
 * mock-* probes in lessons/interview and cmp-speedup in comparison.
 * Exactly one shipped lesson may ask it: the id is global. */
static grade_rubric *
load_rubric(const char *top, const char *id)
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
	run_set(r, file, agree, total, false_pass, NULL, true);
}

/* The same, counting the right answers failed too (*fail_right, when not
 * NULL); show: print each disagreement (never for the report halves). */
static void
run_set(const grade_rubric *r, const char *file, int *agree, int *total,
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
	const char *top = top_dir();

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grade_rubric *r = load_rubric(top, cases[i].id);
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
		grade_rubric *r = load_rubric(top, id);
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
		grade_rubric *r = load_rubric(top_dir(), q[i].id);
		int ta = 0, tt = 0, tfp = 0, tfr = 0, a = 0, t = 0, fp = 0, fr = 0;
		snprintf(path, sizeof path, "%s/tests/grade/tune/%s.answers", top_dir(), q[i].id);
		run_set(r, path, &ta, &tt, &tfp, &tfr, true);
		snprintf(path, sizeof path, "%s/tests/grade/report/%s.answers", top_dir(), q[i].id);
		run_set(r, path, &a, &t, &fp, &fr, false);
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

	snprintf(dir, sizeof dir, "%s/lessons", top_dir());
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
			grade_rubric *r = load_rubric(top_dir(), cases[i].ids[k]);
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
		grade_rubric *r = load_rubric(top_dir(), cases[i][0]);
		grade_result res;
		ck_assert(grade_answer(r, cases[i][1], strlen(cases[i][1]), &res));
		ck_assert_msg(res.pass, "%s fails (%s): %s", cases[i][0],
		    grade_verdict_text(res.verdict), cases[i][1]);
		grade_result_free(&res);
		grade_rubric_free(r);
	}
}
END_TEST

START_TEST(false_claim_beside_right_fails)
{
	static const char *const cases[][3] = {
		{ "bf16", "bf16 has both more range and more precision than fp16, and loss "
		    "scaling is usually unnecessary.", "bf16-more-precise" },
		{ "overflow", "It overflows in the forward; the loss scale cannot fix a forward "
		    "inf. Use bf16, which is more precise than fp16.", "bf16-more-precise" },
		{ "underflow", "1e-8 underflows to zero. Loss scaling multiplies the loss by S and "
		    "unscales before the step. It also rescues forward activations that "
		    "underflowed.", "scale-fixes-forward" },
		{ "mock-underflow", "It underflows; loss scaling multiplies the loss by S and "
		    "unscales before the step. Loss scaling also fixes tiny updates to fp16 "
		    "weights.", "scale-fixes-updates" },
		{ "softmax", "exp(20) overflows to inf and inf/inf is NaN; subtract the max, "
		    "although subtracting the max changes the probabilities slightly.",
		    "max-changes-softmax" },
		{ "underflow", "1e-8 underflows to zero. Loss scaling multiplies the loss by S and "
		    "unscales before the step; the scale must stay below 65504 because it is "
		    "stored in fp16.", "scale-in-fp16" },
		{ "mock-softmax", "exp(20) overflows and inf/inf is NaN; subtract the max. Better "
		    "still, bf16 makes a naive softmax safe.", "bf16-naive-softmax" },
		{ "step-order", "Scaled backward, unscale, clip, step, update: clip after unscale "
		    "so the threshold sees real gradients. When a step is skipped the scaler "
		    "raises the scale.", "scale-up-on-overflow" },
		/* one right answer beside one false claim of each later class,
		 * worded apart from the held-out answers they came from */
		{ "bf16", "bf16 keeps fp32's exponent, so overflow is rare, loses mantissa "
		    "precision, and loss scaling is usually unnecessary. It also needs less "
		    "memory than fp16.", "bf16-less-memory" },
		{ "underflow", "1e-8 underflows to zero in fp16. Multiply the loss by S before "
		    "backward and unscale before the step; S can grow without any limit.",
		    "scale-no-limit" },
		{ "mock-underflow", "It underflows to zero. GradScaler multiplies the loss by S "
		    "before backward, and the optimizer then steps with the scaled gradients.",
		    "scaled-step" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step, update, "
		    "so clipping sees true gradients. Calling unscale_ twice is harmless.",
		    "unscale-twice" },
		{ "underflow", "1e-8 underflows in fp16. Scale the loss by S before backward, "
		    "unscale before the step; on overflow the scaler replays the batch.",
		    "skip-replays" },
		{ "underflow", "1e-8 flushes to zero in fp16. Scaling the loss by S keeps it, and "
		    "it is unscaled before the step, where dividing makes it underflow to zero "
		    "again.", "unscale-underflows" },
		{ "overflow", "The product overflows fp16 in the forward; the scale cannot fix "
		    "a forward inf. Fix it by calling model.half() on the whole network.",
		    "half-everything" },
		{ "softmax", "exp(20) overflows and inf/inf is NaN. Subtract the max, then "
		    "multiply by exp(max) afterwards to undo the shift.", "softmax-undo-shift" },
		{ "mock-softmax", "exp(20) overflows and inf/inf is NaN. Subtract the max; then "
		    "drop the normalization, since it is no longer needed.",
		    "softmax-no-normalize" },
		{ "bf16", "bf16 has fp32's range, coarser precision than fp16, and loss scaling "
		    "is usually unnecessary; clipping becomes unnecessary too.", "no-clip-needed" },
		{ "mock-underflow", "It underflows: fp16 has no subnormals at all. Loss scaling "
		    "multiplies the loss by S and unscales before the step.",
		    "fp16-no-subnormals" },
		{ "step-order", "Forward, scaled backward, unscale_, clip, step, update; unscale "
		    "before clipping so the threshold sees real gradients. The step is skipped "
		    "whenever the loss rises.", "skip-wrong-cause" },
		{ "underflow", "1e-8 underflows. Scale the loss by S before backward and unscale "
		    "before the step; GradScaler never changes S on its own.", "scale-static" },
		{ "softmax", "exp(20) overflows to inf and inf/inf is NaN; subtract the max. "
		    "Under autocast this cannot happen, since autocast runs everything in fp32.",
		    "autocast-all-fp32" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step, update: "
		    "clipping must see true gradients. Put backward inside autocast as well.",
		    "backward-in-autocast" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step, update, "
		    "so clipping sees true gradients; otherwise multiply the clip threshold by the "
		    "scale.", "clip-threshold-scaled" },
		{ "mock-softmax", "exp(20) overflows fp16 and inf/inf is defined as 1, so the NaN "
		    "is elsewhere; subtract the max.", "inf-over-inf-one" },
		{ "bf16", "bf16 has fp32's range and less precision than fp16; gradients never "
		    "underflow in bf16, so loss scaling is never needed.", "bf16-never-underflows" },
		{ "bf16", "bf16 has fp32's range, fewer mantissa bits than fp16, and usually "
		    "needs no loss scaling; you give up nothing.", "bf16-no-cost" },
		{ "softmax", "exp(20) overflows fp16 and inf/inf is NaN; add the max logit "
		    "before exp to normalise.", "softmax-add-max" },
		{ "bf16", "bf16 has fp32's exponent, coarser precision, and usually no loss "
		    "scaling; it has the same 65504 ceiling as fp16.", "bf16-fp16-limit" },
		{ "bf16", "bf16 has fp32's range and coarser precision, usually needs no loss "
		    "scaling, and removes the need for fp32 master weights.", "bf16-no-master" },
		{ "mock-overflow", "It is a forward overflow: fp16 tops out at 32000, so 1e8 is "
		    "inf, and turning up the scale cannot help; run it in fp32.", "fp16-limit-wrong" },
		{ "mock-underflow", "It underflows: the smallest positive fp16 value is 6.1e-5. "
		    "Loss scaling multiplies the loss by S before backward.", "fp16-floor-wrong" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "a forward inf; bf16 would overflow at 1e8 too, so use fp32.",
		    "wide-overflows-1e8" },
		{ "softmax", "The value 4.85e8 is below the fp16 limit, but the sum overflows and inf/inf is "
		    "NaN; subtract the max.", "exp20-fits" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step, update, "
		    "so clipping sees true gradients; the scaler skips steps with tiny "
		    "gradients.", "skip-on-small" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step, update, "
		    "so clipping sees true gradients; a skipped step still updates the weights.",
		    "skip-still-updates" },
		{ "mock-softmax", "exp(20) overflows and inf/inf is NaN; subtract the mean of the "
		    "logits before exp.", "softmax-mean" },
		{ "softmax", "exp(20) overflows and inf/inf is NaN; subtract the max, as the "
		    "library softmax does, though it also computes in fp64 internally.",
		    "softmax-fp64" },
		{ "softmax", "exp(20) overflows fp16 and inf/inf is NaN; subtract the max, or cast "
		    "to fp32, where the naive formula is always safe.", "fp32-naive-softmax" },
		{ "mock-softmax", "exp(20) overflows and the result is NaN; subtract the max and "
		    "add an epsilon to the denominator.", "softmax-eps" },
		{ "overflow", "It overflows in the forward and the scale cannot fix a forward inf; "
		    "bf16 does not help, since it has fewer exponent bits than fp16.",
		    "bf16-narrow-exponent" },
		{ "softmax", "exp(20) is too big for fp16, and an overflow in fp16 produces NaN "
		    "directly; subtract the max first.", "overflow-gives-nan" },
		{ "mock-softmax", "exp(20) overflows to inf and inf/inf is NaN; exponentiate first, "
		    "then subtract the largest exponential.", "softmax-subtract-after" },
		{ "mock-overflow", "It overflows fp16 in the forward and a bigger scale cannot "
		    "fix that, but the problem resolves itself once GradScaler adapts.",
		    "scale-fixes-itself" },
		{ "overflow", "The product overflows fp16 in the forward; the scale cannot fix an "
		    "inf, because GradScaler multiplies each activation by the scale.",
		    "scale-multiplies-forward" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "it; cast to fp32 afterwards and the inf turns back into the finite product.",
		    "inf-recovered" },
		{ "bf16", "bf16 has fp32's range and coarser precision, so loss scaling is "
		    "usually unnecessary; every GPU runs bf16 natively.", "bf16-all-hardware" },
		{ "cmp-speedup", "Not a speedup until it reaches fp32's validation loss sooner; "
		    "compare time to that loss. The skipped steps happen by design.",
		    "skip-by-design" },
		{ "underflow", "1e-8 underflows in fp16; scale the loss by S before backward and "
		    "unscale before the step. A larger S is slower, since it costs compute.",
		    "scale-costs-compute" },
		{ "mock-underflow", "It underflows; GradScaler multiplies the loss by S before "
		    "backward, though the factor fades at each layer.", "scale-fades" },
		{ "softmax", "exp(20) overflows and inf/inf is NaN; subtracting the max works, but "
		    "the trick only works for positive logits.", "softmax-limited" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "it; run it in fp8 instead, since e5m2 has a wider range than fp16.",
		    "fp8-more-range" },
		{ "bf16", "bf16 keeps fp32's range, gives up precision and usually needs no loss "
		    "scaling; the older T4 runs bf16 natively.", "bf16-hardware-wrong" },
		{ "mock-underflow", "It underflows in fp16; GradScaler multiplies the loss by S "
		    "before backward, and with bf16 you must always use GradScaler too.",
		    "bf16-needs-scaler" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "it; autocast stores the weights in fp16, so use fp32 for that layer.",
		    "autocast-casts-params" },
		{ "underflow", "1e-8 underflows in fp16. Scale the loss by S before backward and "
		    "unscale before the step; the scaler also divides the learning rate.",
		    "scale-lr" },
		{ "mock-underflow", "It underflows in fp16; GradScaler multiplies the loss by S "
		    "before backward and doubles the scale at each iteration.",
		    "scale-grows-every-step" },
		{ "softmax", "exp(20) overflows and inf/inf is NaN; subtract the max, although "
		    "after subtracting the max large negative logits underflow into NaN.",
		    "shift-gives-nan" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "and you unscale the gradients before backward runs.",
		    "unscale-before-backward" },
		{ "mock-underflow", "It underflows in fp16; GradScaler multiplies the gradients by "
		    "S after backward so they survive.", "loss-scaled-late" },
		/* a false figure, checked by the engine (check_grade_facts.c) */
		{ "overflow", "The product overflows in the forward pass, since fp16's maximum is "
		    "65535; the scale cannot fix a forward inf, so run it in fp32.", "wrong-figure" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grade_rubric *r = load_rubric(top_dir(), cases[i][0]);
		grade_result res;
		ck_assert(grade_answer(r, cases[i][1], strlen(cases[i][1]), &res));
		bool named = false;
		for (size_t k = 0; k < res.nmiscs; k++)
			named |= strcmp(res.miscs[k].id, cases[i][2]) == 0;
		ck_assert_msg(!res.pass && named, "%s: '%s' is not charged with %s (%s)",
		    cases[i][0], cases[i][1], cases[i][2], grade_verdict_text(res.verdict));
		grade_result_free(&res);
		grade_rubric_free(r);
	}
	/* every shared misconception is charged somewhere above */
	for (size_t i = 0; grade_shared_lines[i]; i++) {
		const char *ln = grade_shared_lines[i];
		if (strncmp(ln, "misconception ", 14) != 0)
			continue;
		char id[48];
		size_t n = strcspn(ln + 14, ":");
		snprintf(id, sizeof id, "%.*s", (int)n, ln + 14);
		bool tested = false;
		for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
			tested |= strcmp(cases[k][2], id) == 0;
		ck_assert_msg(tested, "shared misconception %s has no case here", id);
	}
	/* a hedge that never commits fails, whatever it mentions */
	static const char *const hedges[][2] = {
		{ "overflow", "Might be overflow, might be underflow, hard to say. Maybe the "
		    "scale doesn't help here? I'd perhaps try fp32, not sure." },
		{ "underflow", "It may underflow, I'm not sure. Loss scaling perhaps multiplies "
		    "the loss by S and maybe divides it back before the step." },
	};
	for (size_t i = 0; i < sizeof hedges / sizeof hedges[0]; i++) {
		grade_rubric *r = load_rubric(top_dir(), hedges[i][0]);
		grade_result res;
		ck_assert(grade_answer(r, hedges[i][1], strlen(hedges[i][1]), &res));
		ck_assert_msg(res.verdict == GRADE_HEDGE, "%s: '%s' is not a hedge (%s)",
		    hedges[i][0], hedges[i][1], grade_verdict_text(res.verdict));
		grade_result_free(&res);
		grade_rubric_free(r);
	}
	/* a point the answer says is not needed is not made */
	static const char *const denied[][3] = {
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it underflows. "
		    "GradScaler stores that gradient in fp32; no scaling of the loss is "
		    "involved, and the gradient is divided by S before the step.", "scale-loss" },
		{ "cmp-speedup", "No, not a speedup: skipped steps waste time. Also there is no "
		    "need to compare against fp32 quality.", "compare" },
	};
	for (size_t i = 0; i < sizeof denied / sizeof denied[0]; i++) {
		grade_rubric *r = load_rubric(top_dir(), denied[i][0]);
		grade_result res;
		ck_assert(grade_answer(r, denied[i][1], strlen(denied[i][1]), &res));
		for (size_t k = 0; k < res.nconcepts; k++)
			if (strcmp(res.concepts[k].id, denied[i][2]) == 0)
				ck_assert_msg(!res.concepts[k].hit, "%s: %s is credited in '%s'",
				    denied[i][0], denied[i][2], denied[i][1]);
		ck_assert(!res.pass);
		grade_result_free(&res);
		grade_rubric_free(r);
	}
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
	tcase_add_test(tc, false_claim_beside_right_fails);
	return tc;
}
