/*
 * check_grade.c — the grader: normalisation, stemming, numbers, negation
 * scope, hypotheticals, exclusive claims, salad, order questions, rubric
 * diagnostics, hostile input, and the labelled answer corpora in
 * tests/grade graded with the rubrics of the shipped lessons
 * (check_grade_sets.c: the answer sets, the lessons' own answers and the
 * reference article's concise answers) and the figures an answer states
 * (check_grade_facts.c) and the shapes of answers (check_grade_reading.c).
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "lesson/lesson.h"
#include "lesson/grade_text.h"
#include "grade_test.h"

TCase *grade_sets_tcase(void);	/* check_grade_sets.c */
TCase *grade_facts_tcase(void);	/* check_grade_facts.c */
TCase *grade_claims_tcase(void);	/* check_grade_claims.c */
TCase *grade_reading_tcase(void);	/* check_grade_reading.c */
TCase *grade_voice_tcase(void);	/* check_grade_voice.c */
TCase *grade_claims_api_tcase(void);	/* check_grade_claims_api.c */

/* ---- helpers ------------------------------------------------------------- */

static grade_rubric *
rubric(const char *const *lines)
{
	grade_rubric *r = grade_rubric_new();
	grade_diag d;

	ck_assert_ptr_nonnull(r);
	for (; *lines; lines++)
		ck_assert_msg(grade_rubric_line(r, *lines, &d), "rubric line '%s': %s",
		    *lines, d.msg);
	ck_assert_msg(grade_rubric_finish(r, &d), "finish: %s", d.msg);
	return r;
}

/* The rubric error for these lines: the message of the first failing line
 * (or of finish), with its column. */
static const char *
rubric_error(const char *const *lines, size_t *col)
{
	static grade_diag d;
	grade_rubric *r = grade_rubric_new();

	for (; *lines; lines++)
		if (!grade_rubric_line(r, *lines, &d)) {
			grade_rubric_free(r);
			*col = d.col;
			return d.msg;
		}
	bool ok = grade_rubric_finish(r, &d);
	grade_rubric_free(r);
	*col = d.col;
	return ok ? NULL : d.msg;
}

static bool
passes(const grade_rubric *r, const char *answer)
{
	grade_result res;
	ck_assert(grade_answer(r, answer, strlen(answer), &res));
	bool p = res.pass;
	grade_result_free(&res);
	return p;
}

static grade_verdict
verdict(const grade_rubric *r, const char *answer)
{
	grade_result res;
	ck_assert(grade_answer(r, answer, strlen(answer), &res));
	grade_verdict v = res.verdict;
	grade_result_free(&res);
	return v;
}

/* ---- normalisation --------------------------------------------------- */

START_TEST(numbers_are_values)
{
	static const struct { const char *text; double v; } cases[] = {
		{ "65,504", 65504 }, { "6.55e4", 65500 }, { "2^-24", 0x1p-24 },
		{ "2^(-24)", 0x1p-24 }, { "2\xe2\x81\xbb\xc2\xb2\xe2\x81\xb4", 0x1p-24 },
		{ "10\xe2\x81\xb8", 1e8 }, { "1e-8", 1e-8 }, { "1e8", 1e8 },
		{ "100,000,000", 1e8 }, { "0.731", 0.731 }, { ".5", 0.5 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gtext tx = grade_test_tokens(cases[i].text);
		ck_assert_msg(tx.n == 1 && tx.t[0].isnum, "'%s': %zu tokens", cases[i].text, tx.n);
		ck_assert_msg(fabs(tx.t[0].num - cases[i].v) <= 1e-12 * fabs(cases[i].v),
		    "'%s' read as %g, want %g", cases[i].text, tx.t[0].num, cases[i].v);
		gtext_free(&tx);
	}
}
END_TEST

START_TEST(stems_meet)
{
	static const char *const groups[][4] = {
		{ "overflow", "overflows", "overflowed", "overflowing" },
		{ "scale", "scaled", "scaling", "scales" },
		{ "clip", "clipped", "clipping", "clips" },
		{ "underflow", "underflows", "underflowed", "underflowing" },
	};
	for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
		char a[GRADE_WORD], b[GRADE_WORD];
		grade_stem(groups[g][0], strlen(groups[g][0]), a);
		for (int k = 1; k < 4; k++) {
			grade_stem(groups[g][k], strlen(groups[g][k]), b);
			ck_assert_msg(strcmp(a, b) == 0, "%s -> %s but %s -> %s",
			    groups[g][0], a, groups[g][k], b);
		}
	}
	char x[GRADE_WORD], y[GRADE_WORD];
	grade_stem("unscale", 7, x);
	grade_stem("scale", 5, y);
	ck_assert_str_ne(x, y);
	/* note is no negator */
	grade_stem("note", 4, x);
	ck_assert_str_ne(x, "not");
}
END_TEST

/* The readings added for notation and for what an answer does not claim
 * as its own: TeX folds to the words and numbers the rubrics read, a
 * vector of numbers is one clause, "then" after "is" opens none, single
 * quotes quote, and a rule stated with "when" is asserted while a
 * counterfactual is not. */
START_TEST(notation_and_held_up_claims)
{
	gtext tx = grade_test_tokens("$2^{-24} \\approx 5.96\\times10^{-8}$ and \\mathrm{fl}_{16}(g)");
	ck_assert(tx.t[0].isnum && tx.t[0].num == ldexp(1, -24));
	ck_assert_str_eq(tx.t[1].raw, "approx");
	/* a mantissa times a power of ten is one number */
	ck_assert(tx.t[2].isnum && fabs(tx.t[2].num - 5.96e-8) < 1e-20);
	ck_assert_str_eq(tx.t[3].raw, "and");
	ck_assert_str_eq(tx.t[4].raw, "fl16");
	gtext_free(&tx);
	tx = grade_test_tokens("the result is about [0.731, 0.269] here");
	ck_assert_int_eq(tx.t[0].clause, tx.t[tx.n - 1].clause);
	gtext_free(&tx);
	tx = grade_test_tokens("log_softmax is then just as stable");
	ck_assert_int_eq(tx.t[0].clause, tx.t[tx.n - 1].clause);
	gtext_free(&tx);

	static const char *const lines[] = {
		"concept x 1: zzzq",
		"misconception up: seq: raise* scale ~4",
		"  why: the scale is not the fix",
		"misconception cast: seq: autocast cast* weights fp16 ~8",
		"  why: autocast casts per op",
		NULL
	};
	grade_rubric *r = rubric(lines);
	static const struct { const char *a; bool charged; } cases[] = {
		{ "'Raise the scale' is what the teammate said.", false },
		{ "Raise the scale.", true },
		{ "Autocast casts the weights to fp16 when it is entered.", true },
		{ "Autocast would cast the weights to fp16 if it were asked to.", false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grade_result res;
		ck_assert(grade_answer(r, cases[i].a, strlen(cases[i].a), &res));
		ck_assert_msg((res.nmiscs > 0) == cases[i].charged, "'%s': %zu misconceptions",
		    cases[i].a, res.nmiscs);
		grade_result_free(&res);
	}
	grade_rubric_free(r);
}
END_TEST

/* One edit from a word of the subject is that word (spell.c); a word the
 * subject uses in another form, a short word and an everyday word one edit
 * from an everyday one are left alone. */
START_TEST(misspellings_read_as_meant)
{
	static const char *const typo[][2] = {
		{ "multply", "multiply" }, { "gradinet", "gradient" },
		{ "represntable", "representable" }, { "optimzer", "optimizer" },
		{ "subnormla", "subnormal" }, { "thresold", "threshold" },
		{ "mantisssa", "mantissa" }, { "exponnet", "exponent" },
	};
	for (size_t i = 0; i < sizeof typo / sizeof typo[0]; i++) {
		const char *got = grade_spell(typo[i][0]);
		ck_assert_msg(got && strcmp(got, typo[i][1]) == 0, "%s read as %s, not %s",
		    typo[i][0], got ? got : "itself", typo[i][1]);
	}
	static const char *const keep[] = { "scaled", "scalar", "though", "matter",
		"produce", "multiplies", "gradients", "overflowing", "divider", "forwards",
		"flush", "clip", NULL };
	for (size_t i = 0; keep[i]; i++)
		ck_assert_msg(grade_spell(keep[i]) == NULL, "%s read as %s", keep[i],
		    grade_spell(keep[i]));
	/* and an answer written so is graded as meant */
	gtext tx;
	const char *a = "loss scaling multplies the loss";
	ck_assert(gtext_build(a, strlen(a), &tx));
	ck_assert_str_eq(tx.t[2].raw, "multiplies");
	gtext_free(&tx);
}
END_TEST

START_TEST(word_boundaries_and_code_names)
{
	static const char *const r_sql[] = { "concept sql 1: sql", NULL };
	grade_rubric *r = rubric(r_sql);
	ck_assert(!passes(r, "we used nosql for this, it is the best choice"));
	ck_assert(passes(r, "we used SQL for this, it is the best choice"));
	grade_rubric_free(r);

	static const char *const r_code[] = {
		"concept step 1: \"scaler step\"", "concept unscale 1: unscale", NULL
	};
	r = rubric(r_code);
	ck_assert(passes(r, "then call scaler.step(optimizer) after scaler.unscale_(optimizer) is done"));
	grade_rubric_free(r);

	gtext tx = grade_test_tokens("can't won't doesn't cannot");
	const char *want[] = { "can", "not", "will", "not", "does", "not", "can", "not" };
	ck_assert_uint_eq(tx.n, 8);
	for (int i = 0; i < 8; i++) {
		char st[GRADE_WORD];
		grade_stem(want[i], strlen(want[i]), st);
		ck_assert_str_eq(tx.t[i].stem, st);
	}
	gtext_free(&tx);
}
END_TEST

/* ---- negation, hypotheticals, claims ---------------------------------- */

static const char *const scale_rubric[] = {
	"synonym raise: increase | raise | bump | bigger | larger | higher",
	"synonym scale: scale | scaler | gradscaler | \"loss scale\"",
	"concept overflow 1: overflow*",
	"claim underflow: underflow*",
	"exclusive: overflow underflow",
	"misconception raise: @raise @scale",
	"  why: the inf is made in the forward pass",
	"pass: 1",
	NULL
};

START_TEST(negation_before_and_after)
{
	grade_rubric *r = rubric(scale_rubric);
	/* the misconception stated: fails */
	ck_assert_int_eq(verdict(r, "It overflows in the product, so increase the loss scale."),
	    GRADE_MISCONCEPTION);
	ck_assert_int_eq(verdict(r, "It overflows and the fix is that the scale should be increased."),
	    GRADE_MISCONCEPTION);
	/* negated before or after the phrase, in its own clause: passes */
	ck_assert(passes(r, "It overflows. Raising the loss scale would not help."));
	ck_assert(passes(r, "It overflows; increasing the scale is the wrong fix."));
	ck_assert(passes(r, "It overflows, so don't just increase the loss scale."));
	ck_assert(passes(r, "It overflows. A larger GradScaler scale would not change anything."));
	ck_assert(passes(r, "It overflows; rather than raising the scale, keep the op in fp32."));
	ck_assert(passes(r, "It overflows, and increasing the loss scale fixes nothing."));
	/* a verdict after a list of fixes clears each of them */
	ck_assert(passes(r, "It overflows; a bigger scale or a clamp is not the fix."));
	/* "not X but Y": X negated, Y asserted */
	ck_assert(passes(r, "This is not underflow but overflow in the forward pass."));
	/* negation does not reach across a clause or over a verb */
	ck_assert_int_eq(verdict(r, "Scaling cannot fix it, so raise the scale anyway."),
	    GRADE_MISCONCEPTION);
	ck_assert_int_eq(verdict(r, "It overflows, so increase the scale; fp32 is not the fix."),
	    GRADE_MISCONCEPTION);
	ck_assert(passes(r, "The scale cannot repair overflow in the forward pass."));
	grade_rubric_free(r);
}
END_TEST

START_TEST(hypothetical_is_not_asserted)
{
	grade_rubric *r = rubric(scale_rubric);
	ck_assert(passes(r, "It overflows in the forward pass; if you raise the scale, the gradients overflow too."));
	ck_assert(passes(r, "It overflows. Raise the scale only if the gradients underflow."));
	ck_assert_int_eq(verdict(r, "It overflows. Raise the scale. That fixes it."),
	    GRADE_MISCONCEPTION);
	/* A condition without its comma ends where its main clause begins:
	 * at an imperative once the condition has its verb, or at "you" +
	 * a modal; the main clause asserts, as it does after a comma. */
	static const char *const stated[] = {
		"It overflows. When the loss becomes inf, raise the scale.",
		"It overflows. When the loss becomes inf raise the scale.",
		"It overflows. When the loss is inf you should raise the scale.",
		"It overflows. If it overflowed increase the scale.",
	};
	for (size_t i = 0; i < sizeof stated / sizeof stated[0]; i++)
		ck_assert_msg(verdict(r, stated[i]) == GRADE_MISCONCEPTION, "%s", stated[i]);
	/* ... and not before the condition has its verb, nor at the
	 * condition's own verb after its subject */
	ck_assert(passes(r, "It overflows in the forward pass; if you raise the scale the gradients overflow too."));
	ck_assert(passes(r, "It overflows; when gradients increase the scale grows."));
	ck_assert(passes(r, "It overflows; when you raise the scale it is too late."));
	grade_rubric_free(r);
}
END_TEST

START_TEST(contradiction_and_salad)
{
	grade_rubric *r = rubric(scale_rubric);
	ck_assert_int_eq(verdict(r, "The product overflows, and it underflows as well, so both happen."),
	    GRADE_CONTRADICTION);
	ck_assert_int_eq(verdict(r, "overflow fp16 inf forward loss scaling bf16 fp32 autocast"),
	    GRADE_SALAD);
	/* a list of bare key words inside a frame is a salad too; the same
	 * words with their relations are an answer */
	ck_assert_int_eq(verdict(r, "Key words: overflow, inf, forward, loss scaling, bf16, fp32, "
	    "autocast, GradScaler. Mixed precision handles it."), GRADE_SALAD);
	ck_assert_int_ne(verdict(r, "Overflow, in the forward: the product is inf, loss scaling "
	    "cannot fix it, so run it in fp32 or bf16."), GRADE_SALAD);
	/* a long run of bare terms with one sentence of frame after it */
	ck_assert_int_eq(verdict(r, "fp16, overflow, inf, NaN, forward, GradScaler, loss scaling, "
	    "bf16, fp32, autocast, mantissa, exponent: all of these interact in mixed precision, "
	    "so the inf is a numerical issue in the pipeline."), GRADE_SALAD);
	ck_assert_int_ne(verdict(r, "It overflows: fp16, unlike fp32 or bf16, stops at 65504, and "
	    "the product is 1e8, so the forward pass gives inf; loss scaling multiplies the loss "
	    "after the forward pass, so raising it cannot fix a forward inf, and the fix is to run "
	    "that multiply in fp32, or bf16, or to rescale the inputs."), GRADE_SALAD);
	ck_assert_int_eq(verdict(r, ""), GRADE_EMPTY);
	ck_assert_int_eq(verdict(r, " \t\n "), GRADE_EMPTY);
	grade_rubric_free(r);
}
END_TEST

START_TEST(seq_and_window)
{
	static const char *const lines[] = {
		"concept gain 1: range",
		"misconception more: seq: bf16 more precise",
		"  why: bf16 is less precise than fp16",
		"concept far 1: alpha omega ~3",
		"pass: 1",
		NULL
	};
	grade_rubric *r = rubric(lines);
	ck_assert(passes(r, "fp16 is more precise than bf16, which has the range."));
	ck_assert_int_eq(verdict(r, "bf16 is more precise and has the range too."), GRADE_MISCONCEPTION);
	grade_result res;
	const char *a = "alpha one two three four five omega, for the range";
	ck_assert(grade_answer(r, a, strlen(a), &res));
	ck_assert(!res.concepts[1].hit);	/* beyond the window of 3 */
	grade_result_free(&res);
	a = "alpha omega, for the range";
	ck_assert(grade_answer(r, a, strlen(a), &res));
	ck_assert(res.concepts[1].hit);
	grade_result_free(&res);
	grade_rubric_free(r);
}
END_TEST

/* ---- order questions ---------------------------------------------------- */

static const char *const order_rubric[] = {
	"step scale: \"scale the loss\" | scale",
	"step backward: backward",
	"step unscale: unscale*",
	"step clip: clip*",
	"step step: \"optimizer step\" | step",
	"step update: update",
	"because unscale clip: clipping first applies the threshold to scaled gradients",
	NULL
};

START_TEST(order_names_first_inversion)
{
	grade_rubric *r = rubric(order_rubric);
	grade_result res;
	const char *a = "scale, backward, clip, unscale, step, update";

	ck_assert(grade_rubric_is_order(r));
	ck_assert(grade_answer(r, a, strlen(a), &res));
	ck_assert(!res.pass);
	ck_assert_int_eq(res.verdict, GRADE_BAD_ORDER);
	ck_assert_msg(strstr(res.inversion, "clip comes before unscale") != NULL, "%s", res.inversion);
	ck_assert_msg(strstr(res.inversion, "scaled gradients") != NULL, "%s", res.inversion);
	grade_result_free(&res);
	a = "Scale the loss, then backward, then unscale_, clip_grad_norm_, optimizer step, and update.";
	ck_assert(grade_answer(r, a, strlen(a), &res));
	ck_assert_msg(res.pass, "%s", res.inversion);
	ck_assert_int_eq(res.score, res.max);
	grade_result_free(&res);
	ck_assert(!passes(r, "scale, backward, unscale, clip, step"));	/* update missing */
	/* told from the end, read the other way; the same order told wrongly
	 * from the end still inverts */
	ck_assert(passes(r, "Working backwards: update is last. Before that, step. Before that, "
	    "clip. Before that, unscale. Before that, the scaled backward."));
	ck_assert(!passes(r, "Working backwards: update is last. Before that, step. Before that, "
	    "unscale. Before that, clip. Before that, the scaled backward."));
	/* "A after B" puts B first */
	ck_assert(passes(r, "scale the loss and run backward, unscale, then clip after "
	    "unscaling, step, update"));
	grade_rubric_free(r);
}
END_TEST

/* ---- rubric diagnostics --------------------------------------------------- */

START_TEST(rubric_errors_are_located)
{
	static const struct { const char *lines[5]; const char *msg; size_t col; } cases[] = {
		{ { "concpt a 1: x", NULL }, "unknown rubric line", 0 },
		{ { "concept a: x", NULL }, "weight", 9 },
		{ { "concept a 1 x", NULL }, "expected ':'", 12 },
		{ { "concept a 1: @nope", NULL }, "unknown synonym @nope", 13 },
		{ { "concept a 1: \"open", NULL }, "unterminated quote", 13 },
		{ { "concept a 1: x", "concept a 2: y", NULL }, "defined twice", 8 },
		{ { "concept a 1: x", "misconception m: y", NULL }, "needs a 'why:'", 0 },
		{ { "concept a 1: x", "exclusive: a b", NULL }, "'b', which is not defined", 0 },
		{ { "concept a 1: x", "pass: 5", NULL }, "more than the 1 points", 0 },
		{ { "step a: x", "step b: y", "because b a: z", NULL }, "does not come before", 0 },
		{ { "why: orphan", NULL }, "must follow", 0 },
		{ { "concept a 1: x ~99", NULL }, "window", 15 },
		{ { "concept a 1: 5~x%", NULL }, "tolerance", 14 },
		{ { "concept a 1: x", "shared: no-such", NULL },
		    "no shared misconception 'no-such' (there are: bf16-more-precise ", 8 },
		{ { "concept a 1: x", "shared: scaling", NULL },	/* a synonym's name */
		    "no shared misconception 'scaling'", 8 },
		{ { "concept a 1: x", "shared: bf16-more-precise  bf16-more-precise", NULL },
		    "'bf16-more-precise' is defined twice", 27 },
		{ { "concept a 1: x", "misconception exp20-fits: y", "  why: z",
		    "shared: bf16-more-precise exp20-fits", NULL },
		    "'exp20-fits' is defined twice", 26 },
		{ { "concept a 1: x", "shared:", NULL }, "needs at least one id", 7 },
		{ { "concept a 1: x", "shared: exp20-fits !", NULL },
		    "expected a shared misconception id", 19 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t col;
		const char *m = rubric_error(cases[i].lines, &col);
		ck_assert_msg(m != NULL, "case %zu: no error", i);
		ck_assert_msg(strstr(m, cases[i].msg) != NULL, "case %zu: '%s'", i, m);
		ck_assert_msg(col == cases[i].col, "case %zu: col %zu, want %zu (%s)", i, col,
		    cases[i].col, m);
	}
}
END_TEST

/* A `shared:` line gives what the same lines of shared.c written in the
 * rubric give (their synonyms with them): the same misconceptions, with
 * the same reasons, on every answer.  The oracle is the rubric language
 * itself, not the code that moves the shared entries. */
START_TEST(shared_entries_as_if_written)
{
	static const char *const answers[] = {
		"bf16 is more precise than fp16.",
		"bf16 is not more precise than fp16: it has fewer fraction bits.",
		"bf16 tops out at 65504, the same max as fp16.",
		"fp16 tops out at 60000.",
		"Loss scaling fixes the forward pass activations that overflow.",
		"If loss scaling fixed the forward pass, the activations would be safe.",
		"Loss scaling also rescues tiny weight updates in fp16.",
		"exp(20) fits below 65504 so it is finite in fp16.",
		"Subtracting the max changes the softmax result.",
		"Add 1e-8 epsilon to the softmax denominator.",
		"A skipped step still updates the weights.",
		"bf16 makes the naive softmax safe.",
		"The scale itself is stored in fp16, so it stays below 65504.",
		"None of that: the answer.",
	};
	/* "shared: all" names every one (a line of ids would pass the rubric
	 * line's 1024 bytes) */
	const char *with[4] = { "concept c 1: answer", "shared: all", NULL };
	static const char *as[1024] = { "concept c 1: answer" };
	size_t n = 1, nids = 0, fired = 0;

	for (size_t i = 0; grade_shared_lines[i]; i++) {
		const char *ln = grade_shared_lines[i];
		ck_assert(n + 1 < sizeof as / sizeof as[0]);
		as[n++] = ln;
		nids += strncmp(ln, "misconception ", 14) == 0;
	}
	as[n] = NULL;
	ck_assert_uint_ge(nids, 10);
	grade_rubric *a = rubric(with), *b = rubric(as);
	for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++) {
		grade_result ra, rb;
		ck_assert(grade_answer(a, answers[i], strlen(answers[i]), &ra));
		ck_assert(grade_answer(b, answers[i], strlen(answers[i]), &rb));
		ck_assert_msg(ra.pass == rb.pass && ra.verdict == rb.verdict &&
		    ra.score == rb.score && ra.nmiscs == rb.nmiscs,
		    "'%s': shared: %d misconceptions, written: %d", answers[i],
		    (int)ra.nmiscs, (int)rb.nmiscs);
		for (size_t k = 0; k < ra.nmiscs; k++) {
			ck_assert_str_eq(ra.miscs[k].id, rb.miscs[k].id);
			ck_assert_str_eq(ra.miscs[k].text, rb.miscs[k].text);
		}
		fired += ra.nmiscs > 0;
		grade_result_free(&ra);
		grade_result_free(&rb);
	}
	ck_assert_uint_ge(fired, 8);	/* the answers do meet the entries */
	grade_rubric_free(a);
	grade_rubric_free(b);
}
END_TEST

/* ---- hostile input ---------------------------------------------------------- */

START_TEST(hostile_answers)
{
	grade_rubric *r = rubric(scale_rubric);
	size_t n = 8u << 20;
	char *big = malloc(n);
	ck_assert_ptr_nonnull(big);
	static const char pat[] = "overflow \xff\xfe\x01\0 not ";
	for (size_t i = 0; i < n; i++)
		big[i] = pat[i % (sizeof pat - 1)];	/* NUL bytes included */
	grade_result res;
	ck_assert(grade_answer(r, big, n, &res));	/* capped, graded, no crash */
	grade_result_free(&res);
	static const char weird[] = "\xc3\x28 overflow \xe2\x82 \xf0\x9f\x98\x80\x01\x02 in fp16.";
	ck_assert(passes(r, weird));
	free(big);
	grade_rubric_free(r);
}
END_TEST

static Suite *
grade_suite(void)
{
	Suite *s = suite_create("grade");
	TCase *tc = tcase_create("text");
	tcase_add_test(tc, numbers_are_values);
	tcase_add_test(tc, stems_meet);
	tcase_add_test(tc, misspellings_read_as_meant);
	tcase_add_test(tc, notation_and_held_up_claims);
	tcase_add_test(tc, word_boundaries_and_code_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("meaning");
	tcase_add_test(tc, negation_before_and_after);
	tcase_add_test(tc, hypothetical_is_not_asserted);
	tcase_add_test(tc, contradiction_and_salad);
	tcase_add_test(tc, seq_and_window);
	tcase_add_test(tc, order_names_first_inversion);
	suite_add_tcase(s, tc);
	tc = tcase_create("input");
	tcase_add_test(tc, rubric_errors_are_located);
	tcase_add_test(tc, shared_entries_as_if_written);
	tcase_add_test(tc, hostile_answers);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, grade_sets_tcase());
	suite_add_tcase(s, grade_facts_tcase());
	suite_add_tcase(s, grade_claims_tcase());
	suite_add_tcase(s, grade_reading_tcase());
	suite_add_tcase(s, grade_voice_tcase());
	suite_add_tcase(s, grade_claims_api_tcase());
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(grade_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
