/*
 * check_grade_reading.c — how the grader reads the shape of an answer:
 * a numbered list written without punctuation, a word glossed in
 * parentheses, an imperative and its consequence, a question about "any
 * of them" that is no hedge, short words slipped, a GradScaler call
 * order in an answer that is no order question.  Tokens are checked directly; whole answers
 * with the shipped step-order rubric.
 */
#include <config.h>

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "grade_test.h"

TCase *grade_reading_tcase(void);	/* added to the suite by check_grade.c */

/* The token whose raw text is w (the first), or -1. */
static long
find(const gtext *tx, const char *w)
{
	for (size_t i = 0; i < tx->n; i++)
		if (strcmp(tx->t[i].raw, w) == 0)
			return (long)i;
	return -1;
}

/* The rubric of the answer last graded: a result's ids point into it, so
 * it lives until the result is done with (done()). */
static grade_rubric *held;

static grade_result
graded(const char *id, const char *answer)
{
	return grade_test_graded(&held, id, answer);
}

static void
done(grade_result *res)
{
	grade_result_free(res);
	grade_rubric_free(held);
	held = NULL;
}

/* Each (question, answer) of cases passes. */
static void
all_pass(const char *const (*cases)[2], size_t n)
{
	for (size_t k = 0; k < n; k++) {
		grade_result res = graded(cases[k][0], cases[k][1]);
		ck_assert_msg(res.pass, "%zu (%s): %s", k, cases[k][0], grade_verdict_text(res.verdict));
		done(&res);
	}
}

#define has_misc grade_test_has_misc

START_TEST(numbered_list_without_punctuation)
{
	/* "2", "3" ... one more than the item before them are markers: each
	 * ends its item, and is not a number of the answer */
	gtext tx = grade_test_tokens("1 run backward on the scaled loss 2 unscale them if "
	    "they grew 3 clip");
	long un = find(&tx, "unscale"), grew = find(&tx, "grew"), clip = find(&tx, "clip");
	ck_assert(un > 0 && grew > un && clip > grew);
	ck_assert_int_ne(tx.t[un].clause, tx.t[un - 1].clause);
	ck_assert_int_ne(tx.t[clip].clause, tx.t[grew].clause);
	ck_assert_int_ne(tx.t[clip].sent, tx.t[grew].sent);
	for (size_t i = 1; i < tx.n; i++)
		ck_assert_msg(!tx.t[i].isnum, "token %zu is a number", i);
	gtext_free(&tx);
	/* a 1 that starts no list leaves the figures after it alone */
	tx = grade_test_tokens("fp16 has 1 sign bit, 5 exponent bits and 10 mantissa bits");
	int nums = 0;
	for (size_t i = 0; i < tx.n; i++)
		nums += tx.t[i].isnum;
	ck_assert_int_eq(nums, 3);
	gtext_free(&tx);
	/* the last item is not swallowed by a condition in the one before */
	grade_result res = graded("step-order", "1 scaled backward 2 unscale the gradients "
	    "3 clip them 4 step through the scaler, which skips it if a gradient is inf "
	    "5 update the scale. Clip after unscaling so the threshold meets the true "
	    "gradients.");
	ck_assert_msg(res.pass, "numbered list: %s", res.inversion);
	done(&res);
}
END_TEST

START_TEST(parenthesised_gloss)
{
	/* a word or two in parentheses stays in its clause */
	gtext tx = grade_test_tokens("you measure the size (clip) after the scale is gone");
	ck_assert_int_eq(tx.t[find(&tx, "clip")].clause, tx.t[find(&tx, "size")].clause);
	ck_assert_int_eq(tx.t[find(&tx, "after")].clause, tx.t[find(&tx, "clip")].clause);
	gtext_free(&tx);
	/* a negator, a condition or a figure makes a remark of its own */
	static const char *const remarks[][2] = {
		{ "train in bf16 (not fp16) today", "not" },
		{ "call step (skipped if inf) then update", "skipped" },
		{ "it overflows fp16 (max 65504) to inf", "max" },
	};
	for (size_t i = 0; i < sizeof remarks / sizeof remarks[0]; i++) {
		tx = grade_test_tokens(remarks[i][0]);
		long w = find(&tx, remarks[i][1]);
		ck_assert(w > 0);
		ck_assert_msg(tx.t[w].clause != tx.t[w - 1].clause, "'%s' glossed", remarks[i][0]);
		gtext_free(&tx);
	}
	grade_result res = graded("step-order", "First the scaled backward. Before you judge "
	    "whether the gradients are too large (clip) you must take the scale out "
	    "(unscale_), or you judge S times the real size. Then the scaler steps unless "
	    "it saw an inf, and last it updates the scale (update).");
	ck_assert_msg(res.pass, "gloss: %s %s", grade_verdict_text(res.verdict), res.inversion);
	done(&res);
}
END_TEST

START_TEST(imperative_and_its_consequence)
{
	/* "Do X and max_norm gets ...": X is a condition, not advice */
	grade_result res = graded("step-order", "Scaled backward, unscale_, clip, step "
	    "(skipped on inf or NaN), update. Clip before unscaling and max_norm gets "
	    "measured against gradients 65536 times too big.");
	ck_assert_msg(res.pass && !has_misc(&res, "clip-first"), "consequence: %s",
	    grade_verdict_text(res.verdict));
	done(&res);
	/* advice with and between two imperatives still advises */
	res = graded("step-order", "Scaled backward, unscale_, clip, step (skipped on inf "
	    "or NaN), update. In practice clip before unscaling and step afterwards, "
	    "since clipping then sees the bigger values.");
	ck_assert(!res.pass && has_misc(&res, "clip-first"));
	done(&res);
}
END_TEST

START_TEST(any_of_them_asks_no_hedge)
{
	grade_result res = graded("step-order", "Backward on the scaled loss, then "
	    "unscale_, which divides every gradient by S and records whether any of them "
	    "is inf or NaN; then clip on the true norms, then scaler.step, then update.");
	ck_assert_msg(res.verdict != GRADE_HEDGE && res.pass, "%s",
	    grade_verdict_text(res.verdict));
	done(&res);
	res = graded("step-order", "Scale, backward, unscale, clip, step, update, or some "
	    "other order: any of them is fine really.");
	ck_assert_int_eq(res.verdict, GRADE_HEDGE);
	done(&res);
	/* openers after a conjunction or a pronoun still hedge */
	res = graded("softmax", "It might be overflow in exp, it could be the division, or "
	    "maybe the max subtraction is missing; I would try fp32 and see.");
	ck_assert_msg(res.verdict == GRADE_HEDGE, "%s", grade_verdict_text(res.verdict));
	done(&res);
}
END_TEST

/* Formulas for the steps: ℓ is the loss, ← an assignment, θ and η the
 * weights and the rate; and a right list beside the claim that the order
 * hardly matters fails. */
START_TEST(steps_in_formulas)
{
	grade_result res = graded("step-order", "ℓ ↦ S·ℓ, backward, g ← g/S, clip g to τ, "
	    "θ ← θ − η·g unless g holds an inf (then skip), S ← S/2 on overflow. Clipping "
	    "S·g would be off by the factor S.");
	ck_assert_msg(res.pass, "formulas: %s %s", grade_verdict_text(res.verdict), res.inversion);
	done(&res);
	res = graded("step-order", "Scaled backward, unscale_, clip, step (skipped on inf), "
	    "update. Clipping before unscale_ only shifts the norm by a small amount, so "
	    "unscaling first is just tidier.");
	ck_assert(!res.pass && has_misc(&res, "clip-order-minor"));
	done(&res);
	gtext tx = grade_test_tokens("θ ← θ − η·g");
	ck_assert_int_eq(find(&tx, "theta"), 0);
	ck_assert(find(&tx, "becomes") == 1 && find(&tx, "eta") > 1);
	gtext_free(&tx);
}
END_TEST

/* Short words: two letters swapped or one left out is the term; any
 * other edit, or a word of its own, is left alone. */
START_TEST(short_words_slipped)
{
	/* a decimal comma where no list or thousands reading fits; the SI
	 * thousands space */
	gtext nx = grade_test_tokens("0,368 and 4,85e8 and [20,19] and 65,504 and 65 504 and "
	    "100 000 000");
	double want[] = { 0.368, 4.85e8, 20, 19, 65504, 65504, 1e8 };
	size_t nn = 0;
	for (size_t k = 0; k < nx.n; k++)
		if (nx.t[k].isnum) {
			ck_assert_msg(nn < 7 && nx.t[k].num == want[nn], "number %zu is %g", nn,
			    nx.t[k].num);
			nn++;
		}
	ck_assert_int_eq(nn, 7);
	gtext_free(&nx);
	/* British -ise words are respelled, not lost */
	gtext tx = grade_test_tokens("normalise the optimiser");
	ck_assert(find(&tx, "normalize") == 0 && find(&tx, "optimizer") == 2);
	gtext_free(&tx);
	tx = grade_test_tokens("clpi then stpe and upadte, updte last; scaling sacle");
	ck_assert(find(&tx, "clip") >= 0 && find(&tx, "step") >= 0);
	ck_assert(find(&tx, "update") > find(&tx, "step"));
	ck_assert(find(&tx, "scale") >= 0 && find(&tx, "sacle") < 0);
	ck_assert(find(&tx, "updte") < 0);
	gtext_free(&tx);
	tx = grade_test_tokens("upset steep scalar stop spot clap stp skip");
	static const char *const kept[] = { "upset", "steep", "scalar", "stop", "spot",
		"clap", "stp", "skip", NULL };
	for (size_t k = 0; kept[k]; k++)
		ck_assert_msg(find(&tx, kept[k]) >= 0, "%s was respelled", kept[k]);
	gtext_free(&tx);
}
END_TEST

/* A step named inside the list stands where it is named: a later
 * mention does not move it; a step named before the list may. */
START_TEST(list_names_a_step_in_place)
{
	grade_result res = graded("step-order", "Scaled backward, unscale_, clip, "
	    "update, step: the division comes first so clipping judges the true norm, then "
	    "we update the scale and take the step.");
	ck_assert_msg(!res.pass && res.verdict == GRADE_BAD_ORDER, "%s",
	    grade_verdict_text(res.verdict));
	done(&res);
	/* "Before touching the gradients I call unscale_": the main clause
	 * begins at its own subject, so unscale_ is not moved past the clip */
	res = graded("step-order", "First the scaled backward. Before touching the gradients I "
	    "call unscale_ on the optimizer, which divides them by S in place; only then do I clip "
	    "the norm, since max_norm means true units. Then step, skipped on inf, and finally "
	    "update.");
	ck_assert_msg(res.pass, "before-clause with a subject: %s %s",
	    grade_verdict_text(res.verdict), res.inversion);
	done(&res);
	res = graded("step-order", "With clipping in the loop the order is: autocast forward, "
	    "scaled backward, unscale_, clip, scaler.step, scaler.update; the clip must see "
	    "unscaled gradients and update reacts to what step found.");
	ck_assert_msg(res.pass, "%s %s", grade_verdict_text(res.verdict), res.inversion);
	done(&res);
}
END_TEST

/* Outside an order question, the GradScaler calls written as code in one
 * sentence must still come in the article's order. */
START_TEST(call_order_in_any_answer)
{
	static const char *const core = "1e-8 is under fp16's smallest subnormal so it "
	    "flushes to zero; multiply the loss by S before backward and divide the "
	    "gradients by S before the optimizer step, until S times g overflows. ";
	static const struct {
		const char *code;
		bool wrong;
	} cases[] = {
		{ "In code: scaler.step(opt), then scaler.scale(loss).backward(), then "
		  "scaler.unscale_(opt).", true },
		{ "Call scaler.scale(loss).backward(), scaler.unscale_(opt), "
		  "torch.nn.utils.clip_grad_value_(p, 1), scaler.update(), scaler.step(opt).", true },
		{ "In code: scaler.scale(loss).backward(); scaler.unscale_(opt) -> "
		  "clip_grad_norm_(p, 1) -> scaler.step(opt) -> scaler.update().", false },
		{ "Never run scaler.update() ahead of scaler.step(opt) or unscale_.", false },
		{ "scaler.unscale_(opt), scaler.step(opt), scaler.update(), "
		  "lr_scheduler.step().", false },
		/* a condition closed by a comma frames the calls; one that
		 * runs into them doubts them */
		{ "If you stay on fp16, the loop is scaler.scale(loss).backward(), "
		  "clip_grad_norm_(p, 1), scaler.unscale_(opt), scaler.step(opt), scaler.update().", true },
		{ "If you stay on fp16, the loop is scaler.scale(loss).backward(), "
		  "scaler.unscale_(opt), clip_grad_norm_(p, 1), scaler.step(opt), scaler.update().", false },
		{ "If you wrote scaler.step(opt), scaler.scale(loss).backward(), scaler.update(), it "
		  "would break.", false },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char a[600];
		snprintf(a, sizeof a, "%s%s", core, cases[k].code);
		grade_result res = graded("underflow", a);
		ck_assert_msg(has_misc(&res, "call-order") == cases[k].wrong, "case %zu: %s", k,
		    res.call_why);
		done(&res);
	}
}
END_TEST

/* A refusal is the speaker's; a view named by its noun, its reasons and a
 * free choice assert nothing. */
START_TEST(who_refuses_and_what_is_held)
{
	grade_result res = graded("step-order", "Scaled backward, unscale_, clip, step, update. "
	    "The clipping function does not know about the scale and has no idea S exists, "
	    "so it must get unscaled gradients.");
	ck_assert_msg(res.verdict != GRADE_HEDGE, "%s", grade_verdict_text(res.verdict));
	done(&res);
	res = graded("underflow", "No idea, honestly. It goes to zero, I think, and the scale "
	    "multiplies the loss by S.");
	ck_assert(res.verdict == GRADE_HEDGE);
	done(&res);
	res = graded("cmp-speedup", "People might claim the run is fine because the scaler "
	    "handles them all. It is no speedup: each skipped step throws its update away; "
	    "compare wall-clock time to the fp32 run's validation loss.");
	ck_assert_msg(!has_misc(&res, "skips-harmless"), "reason of a reported view asserted");
	done(&res);
	res = graded("softmax", "Someone will suggest raising the GradScaler scale, the wrong "
	    "tool: exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max logit to get "
	    "[0.731, 0.269].");
	ck_assert_msg(res.pass, "someone will suggest: %s", grade_verdict_text(res.verdict));
	done(&res);
	res = graded("bf16", "The notion that bf16 still requires GradScaler misreads it: bf16 "
	    "has fp32's exponent range, so gradients rarely underflow and loss scaling is "
	    "usually unnecessary; the cost is precision, 7 mantissa bits against 10.");
	ck_assert_msg(res.pass, "named view: %s", grade_verdict_text(res.verdict));
	done(&res);
	gtext tx = grade_test_tokens("inf/inf stays NaN whatever constant you add");
	long w = find(&tx, "whatever");
	ck_assert(w > 0 && tx.hypo[tx.t[w].clause] != 0 && tx.hypo[tx.t[0].clause] == 0);
	gtext_free(&tx);
}
END_TEST

/* The max shift, the loss scale, a scaler dropped, a verdict and a scale
 * that cannot help, in the words people use for them. */
START_TEST(shift_and_scale_in_other_words)
{
	static const char *const shifts[] = {
		"exp(20) overflows fp16 to inf and inf/inf is NaN. Recenter the scores around "
		    "their maximum first; the probabilities, about 0.731 and 0.269, do not change.",
		"exp(20) overflows fp16 to inf and inf/inf is NaN. Deduct the largest logit from "
		    "each one before exp; the probabilities, about 0.731 and 0.269, do not change.",
	};
	for (size_t k = 0; k < sizeof shifts / sizeof shifts[0]; k++) {
		grade_result res = graded("mock-softmax", shifts[k]);
		ck_assert_msg(res.pass, "shift %zu: %s", k, grade_verdict_text(res.verdict));
		done(&res);
	}
	grade_result res = graded("mock-underflow", "It is below fp16's smallest subnormal and "
	    "becomes 0. GradScaler scales by 2^10 during backward, so it lands near 1e-5, and "
	    "divides by 1024 again before the optimizer step.");
	ck_assert_msg(res.pass, "scale by: %s", grade_verdict_text(res.verdict));
	done(&res);
	static const char *const more[][2] = {
		{ "bf16", "bf16 has the exponent width of fp32, so its range is fp32's; what "
		    "you lose is a smaller mantissa, 7 bits. The GradScaler can go: tiny gradients "
		    "no longer flush." },
		{ "cmp-speedup", "It mixes up per-step latency with training speed. Compare the "
		    "time to the same validation loss against the fp32 run, counting skipped steps." },
		{ "mock-overflow", "1e8 is past fp16's 65504, so the forward is inf; a larger "
		    "scale could even overflow the gradients." },
		{ "bf16", "bf16: 8 exponent bits as in fp32, so fp32's range; 7 mantissa bits, so "
		    "less precision. Underflow was why fp16 needed loss scaling, so bf16 generally "
		    "doesn't." },
		{ "overflow", "10000 x 10000 = 1e8 is past fp16's 65504, so the forward is inf. The "
		    "scale is a backward knob; widen that op to fp32 instead." },
		{ "mock-softmax", "exp(20) overflows fp16 and inf/inf is NaN; compute exp(z_i − z_max) "
		    "over its sum, which gives about [0.731, 0.269]." },
		{ "step-order", "Autocast forward, backward on the loss times S, unscale_, clip, "
		    "step (skipped on inf), update; unscale first so the clip sees true norms." },
		{ "step-order", "fwd, (S*loss).backward(), g /= S [unscale_], clip(g, c), step "
		    "if finite else skip, S = S/2 on overflow; clip(S·g) ≠ S·clip(g) for fixed c." },
		{ "overflow", "This is the opposite of an underflow problem: 1e8 is past fp16's "
		    "65504, so the forward is inf and no loss scale can repair it; use fp32." },
		{ "mock-underflow", "1e-8 < 6e-8 so it becomes 0. ×65536 → 6.6e-4, representable; "
		    "divide by 65536 before the step." },
		{ "bf16", "bf16 has fp32's 8 exponent bits, so fp32's range; it keeps 7 mantissa "
		    "bits, less precision than fp16. The scaler buys nothing and can go." },
		{ "cmp-speedup", "Faster steps alone prove nothing: count only updates the optimizer "
		    "actually made, and compare time to fp32's validation loss." },
		{ "softmax", "e^20 ≈ 4.85e8 is way past 65504, so inf/inf is NaN. Take 20 off both "
		    "logits before exp and you get [0.731, 0.269]." },
		{ "overflow", "Forward inf from 1e4 x 1e4, not a gradient issue; the scale can't "
		    "fix it, so compute that product in fp32." },
		{ "step-order", "autocast forward -> multiply loss by S and backprop -> divide grads by "
		    "S -> clip in real units -> step (dropped on inf) -> rescale S for next time." },
		{ "bf16", "bf16 widens the range to fp32's with an 8-bit exponent; the mantissa is 7 "
		    "bits, less precise than fp16, and bf16 runs normally go without it, the scaler." },
	};
	for (size_t k = 0; k < sizeof more / sizeof more[0]; k++) {
		res = graded(more[k][0], more[k][1]);
		ck_assert_msg(res.pass, "%s: %s", more[k][0], grade_verdict_text(res.verdict));
		done(&res);
	}
}
END_TEST

/* A question the speaker answers ("Would a larger S help here? No.",
 * "The scaler? Unnecessary in bf16."), a question after a semicolon, a
 * possessive format, "e.g." inside a sentence, an analogy, a view someone
 * "called" by a name, and a keyword argument set against a default
 * stated. */
START_TEST(answers_the_speaker_gives)
{
	static const char *const pass[][2] = {
		{ "mock-overflow", "The product, 1e8, is past fp16's 65504, so the forward is inf. "
		    "Would a larger S help here? No. Compute the product in fp32 instead." },
		{ "bf16", "bf16 keeps fp32's 8-bit exponent, so its range matches fp32; the price is "
		    "precision, 7 mantissa bits to fp16's 10. Loss scaling? Not normally needed with "
		    "bf16." },
		{ "bf16", "bf16 = fp32's range with fewer mantissa bits than fp16; gradients keep "
		    "their magnitude, so loss scaling is usually unnecessary." },
		{ "softmax", "fp16 tops out at 65504, so e.g. exp(20) ≈ 4.85e8 becomes inf, while "
		    "in fp32 it is finite; inf/inf is NaN. Subtract the max logit first: about "
		    "[0.731, 0.269]." },
		{ "overflow", "It's like buying a bigger frame to fix a clipped photo: the damage "
		    "came first. 1e8 is past fp16's 65504, so the forward product is inf; the loss scale "
		    "only acts in backward. Run that matmul in fp32." },
		{ "underflow", "My manager called it a precision problem; it is not, it is range: "
		    "1e-8 is below fp16's smallest subnormal, 2^-24, so it flushes to 0. Scale the "
		    "loss by S before backward and divide the gradients by S before the step; too "
		    "large an S overflows the gradients." },
	};
	all_pass(pass, sizeof pass / sizeof pass[0]);
	/* the reply asserts: a yes makes the question's claim the speaker's */
	grade_result res = graded("mock-overflow", "1e8 is past fp16's 65504, so the product "
	    "is inf. Does a bigger loss scale make the product finite again? Yes.");
	ck_assert_msg(!res.pass, "a yes asserts the question");
	done(&res);
	/* a wh-question is not joined to its answer */
	gtext tx = grade_test_tokens("Why bf16? Because fp16's exponent is narrow.");
	ck_assert(tx.t[find(&tx, "because")].clause != tx.t[find(&tx, "bf16")].clause);
	gtext_free(&tx);
	tx = grade_test_tokens("bf16 has fp32's range; does it need a scaler?");
	ck_assert(tx.hypo[tx.t[0].clause] == 0 && tx.hypo[tx.t[find(&tx, "need")].clause] != 0);
	gtext_free(&tx);
	/* a default stated is held to GradScaler's; a keyword argument set is not */
	res = graded("mock-underflow", "1e-8 is below fp16's smallest subnormal, so it becomes 0. "
	    "GradScaler multiplies the loss by S before backward and divides the gradients by S "
	    "before the step; on an overflow it shrinks S, since growth_factor is 0.5.");
	ck_assert_msg(has_misc(&res, "wrong-figure"), "a stated default not held");
	done(&res);
	res = graded("mock-underflow", "1e-8 is below fp16's smallest subnormal, so it becomes 0. "
	    "GradScaler(init_scale=256) multiplies the loss by 256 before backward and divides the "
	    "gradients by 256 before the step.");
	ck_assert_msg(!has_misc(&res, "wrong-figure"), "a keyword argument read as a default");
	done(&res);
}
END_TEST

/* Read from a second set: an alternative weighed with "would" (a
 * counterfactual: its misconceptions are not asserted), a dismissal with
 * its subject between ("the product stays inf"), a kludge judged, "exactly
 * that" as emphasis, "superfluous", pushing back as a verdict, a couple of
 * early skips called normal, a figure past a comma that is no apposition,
 * "of X" before a negator, "means more overflow", the scale said to protect
 * small gradients, and an ellipsis of arguments inside a list. */
START_TEST(alternatives_weighed_and_dismissed)
{
	static const char *const pass[][2] = {
		{ "softmax", "exp(20) overflows fp16's 65504 to inf and inf/inf is NaN; subtract the "
		    "max to get about [0.731, 0.269]. Clamping the logits to 11 would make exp finite "
		    "but would change the probabilities." },
		{ "overflow", "1e8 is past fp16's 65504, so the forward is inf. With a bigger scale the "
		    "product stays inf, since the scale only multiplies the loss for backward; compute "
		    "that matmul in fp32." },
		{ "mock-softmax", "Hard-clipping logits is a kludge that alters the distribution. "
		    "exp(20) is inf in fp16 and inf/inf is NaN; subtract the largest logit first, "
		    "giving about [0.731, 0.269]." },
		{ "bf16", "bf16 has fp32's 8 exponent bits, so its range is fp32's, and it cures "
		    "exactly the overflow trouble of fp16; the cost is precision, 7 mantissa bits "
		    "against 10. As for loss scaling, it is usually superfluous with bf16." },
		{ "cmp-speedup", "I'd push back: skipped steps update nothing and the loss curve lags, "
		    "so compare the time each run needs to reach the fp32 run's validation loss, "
		    "counting skipped steps." },
		{ "cmp-speedup", "Not a speedup yet. A couple of skipped steps are normal at the start "
		    "while the scale settles, but this many waste whole steps; compare time to the "
		    "same validation loss against fp32." },
		{ "bf16", "bf16 gives fp32's range (8 exponent bits) with 7 mantissa bits, coarser "
		    "than fp16's 10. Because 1e-8 >> min_bf16, S = 1 is enough: loss scaling is "
		    "usually unnecessary." },
		{ "overflow", "1e8 is past fp16's 65504, so the forward product is inf. To increase "
		    "the scale of the scaler is not useful here; run that multiply in fp32." },
		{ "overflow", "1e8 is past fp16's 65504, so the forward product is inf and stays inf "
		    "under any loss scale; more scale means more overflow in backward. Use fp32 for "
		    "that op." },
		{ "mock-overflow", "1e8 overflows fp16's 65504 in the forward, giving inf. Loss "
		    "scaling protects small gradients from underflow in backward, so no. Compute the "
		    "product in bf16." },
		/* "not as it stands" is a verdict; the log-space fix is the stable one;
		 * "has just checked" is no claim that step only checks */
		{ "cmp-speedup", "Not as it stands: skipped steps update nothing and the loss lags, so "
		    "compare the wall-clock time each run needs to reach fp32's validation loss." },
		{ "mock-softmax", "e^20 overflows fp16 (4.85e8 > 65504), so inf/inf = NaN. Work in log "
		    "space: lse = 20 + log(1 + e^-1), p = exp(x - lse), about [0.731, 0.269]." },
		{ "step-order", "Forward and loss under autocast, scaler.scale(loss).backward(), "
		    "scaler.unscale_(opt), clip_grad_norm_, scaler.step(opt), scaler.update(). Clip "
		    "after unscaling so the norm is real; update after step, since the scale change "
		    "depends on whether the gradients were finite, which scaler.step has just checked, "
		    "skipping the step on inf." },
		/* a list that goes on past a long aside, after an arrow; the
		 * refuted order quoted before it is no order */
		{ "step-order", "'Update first, then step' is backwards: update has to see whether "
		    "this step overflowed. The order: scaler.scale(loss).backward() -> "
		    "scaler.unscale_(opt) -> clip_grad_norm_ (working on the true magnitudes, which "
		    "is what you meant when you picked max_norm in the first place) -> "
		    "scaler.step(opt) (skipped on inf) -> scaler.update()." },
		/* the optional forward named after the list costs a point, not the
		 * order; "skipped steps shift the schedule" drops no max shift */
		{ "step-order", "ok so how I remember it is \"scale, unscale, clip, step, update\". "
		    "scale = scaler.scale(loss).backward(), which gives S-times gradients; unscale = "
		    "scaler.unscale_(opt), dividing them back; clip = clip_grad_norm_ on the real "
		    "values, otherwise the threshold is off by a factor of S; step = scaler.step(opt), "
		    "which quietly skips the optimizer on inf/NaN; update = scaler.update(), which "
		    "moves S depending on that skip. zero_grad goes before the forward." },
		{ "step-order", "scaler.scale(loss).backward(); scaler.unscale_(opt); clip_grad_norm_; "
		    "scaler.step(opt), which skips on inf; scaler.update(). Unscale before the clip, "
		    "which is in real units; advance the LR scheduler only when the optimizer "
		    "stepped, or skipped steps quietly shift the schedule." },
		/* "that ignores that ..." dismisses the team's claim; "no loss
		 * multiplier reaches it" says scaling cannot help */
		{ "cmp-speedup", "The team says each step is cheaper, so it's faster. That ignores that "
		    "a skipped step updates nothing: compare wall-clock time to the same validation "
		    "loss as fp32, with the same data and seed, and count the skips." },
		{ "overflow", "If you raise the scale, GradScaler will just undo it, skipping and "
		    "halving. The inf comes from the forward, 1e8 past fp16's 65504, and no loss "
		    "multiplier reaches it. Compute that op in fp32 or bf16." },
		/* "coming after X" puts X before the list; "because it depends
		 * on whether ..." is a reason, not a hedge */
		{ "step-order", "Unscale, then clip, then step, then update, coming after "
		    "scaler.scale(loss).backward(), with zero_grad at the top. Clipping needs unscaled "
		    "grads, step skips on inf/NaN, and the update goes last because it depends on "
		    "whether the step was skipped." },
		/* a past mistake told as the speaker's own story */
		{ "step-order", "zero grads, forward w/ autocast, scaler.scale(loss).backward(), "
		    "scaler.unscale_(opt), clip_grad_norm_, scaler.step(opt), scaler.update(). we once "
		    "had clip before unscale and training crawled, since the norm was S times too big. "
		    "step before update because step is where infs get skipped." },
		/* "a storage-precision problem" of the weights is no precision
		 * cause of the underflow; "the probabilities are 1/1.3679" are
		 * normalised */
		{ "underflow", "1e-8 is below fp16's smallest subnormal, about 5.96e-8, so it rounds "
		    "to 0. Multiply the loss by S = 65536 before backward, so the gradient is about "
		    "6.6e-4, and unscale before the step. Its limit: too large an S overflows, and "
		    "tiny updates lost in fp16 weights are a storage-precision problem for fp32 master "
		    "weights." },
		{ "softmax", "e^20 = 485,165,195 and e^19 = 178,482,301 exceed fp16's 65,504, so both "
		    "are inf and inf/inf = NaN. Shift by the max, 20: the logits become [0, -1], e^0 = "
		    "1, e^-1 = 0.3679, the sum is 1.3679, and the probabilities are 1/1.3679 = 0.731 and "
		    "0.3679/1.3679 = 0.269, the same softmax." },
		/* the loss scaled in plain words: made big on purpose, S times bigger */
		{ "underflow", "fp16 can't get closer to zero than about 6e-8, so a 1e-8 gradient is "
		    "rounded to nothing. Make the loss big on purpose, so every gradient computed "
		    "from it is 65536 times bigger and fits; divide that factor out before the "
		    "optimizer step. The catch: past 65504 the scaled gradients overflow." },
		/* an analogy's own figures ("65 kg") are no claims; a time clause
		 * opening the sentence ("before we bump the scale") proposes nothing */
		{ "mock-overflow", "It's like a kitchen scale that reads up to 65 kg: put a car on it "
		    "and it just shows 'over'. 1e8 is above fp16's 65504, so the forward is inf, and "
		    "the loss scale is applied after that, so turning it up doesn't help." },
		{ "overflow", "@sam before we bump the scale: the inf comes from the forward, since "
		    "1e8 is past fp16's 65504, and the scale only multiplies the loss afterwards. "
		    "Run that op in fp32." },
		/* a label that denies what follows it */
		{ "mock-underflow", "It rounds to zero: 1e-8 is below fp16's smallest subnormal. "
		    "GradScaler multiplies the loss by S before backward and divides the gradients "
		    "by S before the step. What it cannot do: repair forward activations that "
		    "already overflowed." },
		/* the alternative weighed on past "but would" and "(it would ...)" */
		{ "mock-softmax", "exp(20) and exp(19) are inf in fp16, and inf/inf is NaN. "
		    "Clipping the logits to 10 would make it finite but would flatten the output "
		    "(it would give [0.5, 0.5]); "
		    "subtract the max instead, for about [0.731, 0.269]." },
		/* a figure that is the limit, an arrow to what passes it */
		{ "mock-softmax", "e^20 ~ 4.85e8 and fp16 caps at 65504 -> inf, so inf/inf = NaN; "
		    "minus the max logit first, giving ~0.73 and 0.27." },
		{ "step-order", "Clipping needs true magnitudes, so it must come after unscaling. In "
		    "code: with autocast: loss = f(x); scaler.scale(loss).backward(); "
		    "scaler.unscale_(opt); clip_grad_norm_(params, ...); scaler.step(opt) (skipped on "
		    "inf); scaler.update()." },
	};
	all_pass(pass, sizeof pass / sizeof pass[0]);
	/* a "would" that says the alternative works is asserted */
	grade_result res = graded("overflow", "1e8 is past fp16's 65504, so the forward is inf. "
	    "Raising the loss scale would fix it.");
	ck_assert_msg(has_misc(&res, "raise-scale"), "a would that works is asserted");
	done(&res);
	res = graded("mock-underflow", "It rounds to zero: 1e-8 is below fp16's smallest "
	    "subnormal. GradScaler multiplies the loss by S before backward and divides the "
	    "gradients by S before the step. What it can also do: repair forward activations "
	    "that already overflowed.");
	ck_assert_msg(has_misc(&res, "scale-fixes-forward"), "a label that denies nothing "
	    "leaves what follows asserted");
	done(&res);

}
END_TEST

/* What a word reads as is worked out once and remembered (lexicon.c): a
 * word read again, after thousands of others have passed through the
 * cache, reads as it did the first time and as the steps themselves make
 * it (respelt or mended, then stemmed), whatever its case. */
static void
expect_word(const char *w)
{
	char low[GRADE_WORD], fixed[GRADE_WORD], stem[GRADE_WORD];
	size_t n = strlen(w) < GRADE_WORD - 1 ? strlen(w) : GRADE_WORD - 1;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)w[i]);
	low[n] = '\0';
	const char *meant = grade_respell(low, fixed, sizeof fixed);
	if (meant == low && (meant = grade_spell(low)) == NULL)
		meant = low;
	if (meant != low)
		grade_stem(meant, strlen(meant), stem);
	else
		grade_stem(w, strlen(w), stem);
	gtext tx = grade_test_tokens(w);
	ck_assert_int_eq(tx.n, 1);
	ck_assert_msg(strcmp(tx.t[0].raw, meant) == 0 && strcmp(tx.t[0].stem, stem) == 0,
	    "'%s' read as %s/%s, want %s/%s", w, tx.t[0].raw, tx.t[0].stem, meant, stem);
	ck_assert_uint_eq(tx.t[0].hash, grade_hash(stem));
	ck_assert_uint_eq(tx.t[0].cls, grade_word_class(meant));
	gtext_free(&tx);
}

START_TEST(words_read_alike_every_time)
{
	static const char *const words[] = { "normalise", "Normalised", "gradinet",
		"foward", "Overflowing", "scaler", "unscale", "isn", "the",
		"underflowingunderflowingly", "internationalisations", NULL };
	char w[32];

	for (int round = 0; round < 2; round++) {
		for (size_t i = 0; words[i]; i++)
			expect_word(words[i]);
		for (int k = 0; k < 20000; k++) {	/* past every slot, many times */
			snprintf(w, sizeof w, "zzq%c%c%c%c", 'a' + k % 26, 'a' + k / 26 % 26,
			    'a' + k / 676 % 26, 'a' + k / 17576 % 26);
			gtext tx = grade_test_tokens(w);
			ck_assert_msg(tx.n == 1 && strcmp(tx.t[0].raw, w) == 0,
			    "'%s' read as '%s'", w, tx.n ? tx.t[0].raw : "");
			gtext_free(&tx);
		}
	}
}
END_TEST

TCase *
grade_reading_tcase(void)
{
	TCase *tc = tcase_create("reading");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, numbered_list_without_punctuation);
	tcase_add_test(tc, words_read_alike_every_time);
	tcase_add_test(tc, parenthesised_gloss);
	tcase_add_test(tc, imperative_and_its_consequence);
	tcase_add_test(tc, any_of_them_asks_no_hedge);
	tcase_add_test(tc, steps_in_formulas);
	tcase_add_test(tc, short_words_slipped);
	tcase_add_test(tc, list_names_a_step_in_place);
	tcase_add_test(tc, call_order_in_any_answer);
	tcase_add_test(tc, who_refuses_and_what_is_held);
	tcase_add_test(tc, shift_and_scale_in_other_words);
	tcase_add_test(tc, answers_the_speaker_gives);
	tcase_add_test(tc, alternatives_weighed_and_dismissed);
	return tc;
}
