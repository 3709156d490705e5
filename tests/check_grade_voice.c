/*
 * check_grade_voice.c — who says a claim and how: a pronoun for the
 * scaler that lowers its own scale, a step held up under a verdict label
 * ("Wrong 1: clip before unscale_"), a step named as a verb with its
 * consequence ("update before step and the scale wouldn't ..."), a
 * question that takes its step as done ("what comes after backward?"), a
 * reply with an adverb ("Normally no"), a removal denied, an opinion
 * denied ("I don't think that's a speedup"), a clause denied whole ("is
 * not possible that ..."), the same failure after a larger scale; and
 * figures read in lists (values after "≈", exp of a list), a ratio to
 * the largest value, a default named after "instead of".  Each case
 * comes with its contrary, which must still be read the other way.
 * Whole answers, with the shipped rubrics.
 */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "grade_test.h"

TCase *grade_voice_tcase(void);	/* added to the suite by check_grade.c */

static grade_rubric *held;

static grade_result
graded(const char *id, const char *answer)
{
	return grade_test_graded(&held, id, answer);
}

#define has_misc grade_test_has_misc

static bool
has_concept(const grade_result *res, const char *id)
{
	for (size_t k = 0; k < res->nconcepts; k++)
		if (strcmp(res->concepts[k].id, id) == 0)
			return res->concepts[k].hit;
	return false;
}

/* The answer passes (want) or does not. */
static void
expect(const char *id, bool want, const char *answer)
{
	grade_result res = graded(id, answer);
	ck_assert_msg(res.pass == want, "%s %s: %s — %s", id, want ? "fails" : "passes",
	    grade_verdict_text(res.verdict), answer);
	grade_result_free(&res);
}

/* The answer is (want) or is not charged with misconception misc. */
static void
charged(const char *id, const char *misc, bool want, const char *answer)
{
	grade_result res = graded(id, answer);
	ck_assert_msg(has_misc(&res, misc) == want, "%s: %s %s — %s", id, misc,
	    want ? "not charged" : "charged", answer);
	grade_result_free(&res);
}

/* Each bad answer is charged with its misconception, each good one not. */
typedef struct { const char *q, *misc, *bad, *good; } misc_pair;

static void
charged_pairs(const misc_pair *cases, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		charged(cases[k].q, cases[k].misc, true, cases[k].bad);
		charged(cases[k].q, cases[k].misc, false, cases[k].good);
	}
}

static void
made(const char *id, const char *concept, bool want, const char *answer)
{
	grade_result res = graded(id, answer);
	ck_assert_msg(has_concept(&res, concept) == want, "%s: %s %s — %s", id, concept,
	    want ? "not made" : "made", answer);
	grade_result_free(&res);
}

#define UNDERFLOW_CORE "1e-8 is below fp16's smallest subnormal, so it rounds to zero. " \
	"GradScaler multiplies the loss by S before backward so the gradients are S times " \
	"larger, and divides them by S before the optimizer step. "

START_TEST(who_speaks)
{
	/* "it" is the scaler the sentence before named */
	charged("mock-underflow", "lower-scale", false, UNDERFLOW_CORE
	    "If the scaled gradients overflow, it skips that step and reduces the scale.");
	charged("mock-underflow", "lower-scale", true, "1e-8 is below fp16's smallest "
	    "subnormal, so it rounds to zero. To keep it, reduce the scale.");
	/* the scaler kept as it is, the forward fixed */
	charged("overflow", "scale-fixes-forward", false, "1e8 is past fp16's 65504, so the "
	    "product is inf in the forward. I'd keep the scaler as it is and fix the forward: "
	    "run that op in fp32.");
	charged("overflow", "scale-fixes-forward", true, "1e8 is past fp16's 65504. Loss "
	    "scaling fixes the forward overflow.");
	/* a step named as a verb, and its consequence */
	charged("step-order", "update-first", false, "scaler.scale(loss).backward(), "
	    "scaler.unscale_(opt), clip_grad_norm_, scaler.step(opt), scaler.update(). Clip "
	    "needs real gradients and step skips on inf; update before step and the scale "
	    "wouldn't reflect this iteration's overflow.");
	charged("step-order", "update-first", true, "scaler.scale(loss).backward(), "
	    "unscale_, clip, then update before step, because update reads the inf flag.");
	/* a step as the subject of its verb is no imperative */
	expect("step-order", true, "backward on S·L gives S·∇L; unscale_ gives g = ĝ/S and a "
	    "flag f = any(¬isfinite(g)); clip: g ← g·min(1, c/‖g‖); step: θ ← opt(θ, g) only "
	    "if f = 0; update: S ← S/2 if f = 1. Clipping ĝ would use a threshold of c/S.");
	/* a verdict label holds up what follows it */
	expect("step-order", true, "Right: zero_grad → scaler.scale(loss).backward() → "
	    "scaler.unscale_(opt) → clip → scaler.step(opt) → scaler.update(). Wrong 1: clip "
	    "before unscale_ — the norm is S times too big. Wrong 2: update before step — the "
	    "scale changes without knowing whether this step overflowed.");
	charged("step-order", "clip-first", true, "Fine: clip before unscale_, then "
	    "scaler.step(opt) and scaler.update().");
	/* a question for the step after one takes that one as done */
	expect("step-order", true, "Q: what comes after backward on the scaled loss? A: "
	    "scaler.unscale_(opt), since the grads are still multiplied by S. Q: then? A: "
	    "clip_grad_norm_, on the real grads. Q: then? A: scaler.step(opt), which skips on "
	    "inf/NaN. Q: last? A: scaler.update(), which sets the next scale.");
}
END_TEST

#define BF16_CORE "bf16 has 8 exponent bits like fp32, so its range matches fp32; it " \
	"gives up precision, 7 mantissa bits against fp16's 10. "

START_TEST(replies_and_denials)
{
	made("bf16", "no-scaling", true, BF16_CORE "Is loss scaling still needed? Normally "
	    "no, since it was a workaround for fp16 underflow.");
	made("bf16", "no-scaling", false, BF16_CORE "Can you drop loss scaling? No, you "
	    "still need it.");
	made("bf16", "no-scaling", true, BF16_CORE "Hence no S·∇L trick is needed in bf16.");
	made("bf16", "no-scaling", true, BF16_CORE "That is why the loss scaler, which only "
	    "exists to lift backward gradients above fp16's floor, usually gets deleted.");
	made("cmp-speedup", "verdict", true, "I'd be careful, I don't think that's a speedup. "
	    "I'd compare the time to reach the same loss as fp32 and count the skipped steps.");
	made("cmp-speedup", "verdict", false, "I think that's a speedup. I'd compare the "
	    "time to reach the same loss as fp32 and count the skipped steps.");
	made("overflow", "scale-no-help", true, "1e8 is out of fp16's range, the max is "
	    "65504, so the multiplication gives inf in the forward. The scale is applied to "
	    "the loss after, so is not possible that a bigger scale repairs it.");
	charged("overflow", "raise-scale", false, "1e8 is past fp16's 65504. With a larger "
	    "scale you get the same inf.");
	charged("overflow", "raise-scale", true, "1e8 is past fp16's 65504. Raise the scale "
	    "to get the same result without inf.");
}
END_TEST

START_TEST(figures_in_lists)
{
	static const char *const right[] = {
		"Why NaN? e^20 and e^19 (≈4.85e8, ≈1.78e8) exceed 65504 → inf, and inf/inf = NaN. "
		    "Subtract the max logit: ≈[0.731, 0.269].",
		"exp([20, 19]) ≈ [4.85e8, 1.78e8], past fp16's 65504, so [inf, inf] and inf/inf = "
		    "NaN. Subtract the max logit: ≈[0.731, 0.269].",
		"exp([20, 19]) gives [4.85e8, 1.78e8], both inf in fp16, so inf/inf = NaN. "
		    "Subtract the max logit: ≈[0.731, 0.269].",
		"exp(20) overflows fp16's 65504, so inf/inf = NaN. Subtract the biggest logit, so "
		    "you do e^0 and e^−1, which is 1 and about 0.37, giving about 0.73 and 0.27.",
	};
	for (size_t k = 0; k < sizeof right / sizeof right[0]; k++)
		charged("softmax", "wrong-figure", false, right[k]);
	charged("softmax", "wrong-figure", true, "exp(20) overflows fp16's 65504, so inf/inf "
	    "= NaN. Subtract the max, so you do e^0 and e^−1, which is 1 and about 0.5.");
	charged("softmax", "wrong-figure", true, "e^20 and e^19 (≈4.85e8, ≈1.78e5) overflow, "
	    "so inf/inf = NaN; subtract the max logit.");
	/* a ratio to the largest value is not the value */
	charged("overflow", "wrong-figure", false, "10000² = 100,000,000, which is about 1527 "
	    "times the fp16 maximum of 65504, so the multiply returns inf.");
	charged("overflow", "wrong-figure", true, "10000 squared is 1e8, which is the fp16 "
	    "maximum.");
	charged("overflow", "wrong-figure", true, "The product overflows because fp16 can't "
	    "go above 65,536, which is exactly 2^16 and the largest value it stores.");
	/* a default named after "instead of" is the other value */
	charged("mock-overflow", "wrong-figure", false, "Forward overflow, so no: "
	    "GradScaler(init_scale=2**20) instead of the default 2**16 changes nothing, inf * "
	    "S = inf.");
	charged("mock-overflow", "wrong-figure", true, "Forward overflow, so no: the scale "
	    "multiplies after the forward. The default init_scale is 2**20.");
	charged("mock-overflow", "scale-in-forward", false, "Forward overflow, so no: the "
	    "scale multiplies after the forward.");
}
END_TEST

/* False claims beside a right core, in wordings of their own, and their
 * true contraries. */
START_TEST(false_claims_beside_right_ones)
{
	static const char *const softmax_core = "exp(20) ≈ 4.85e8 and exp(19) ≈ 1.78e8 are "
	    "past fp16's 65504, so inf/inf = NaN; the fix is to subtract the max logit, giving "
	    "≈[0.731, 0.269]. ";
	char a[512];
	snprintf(a, sizeof a, "%sbf16 would hit exactly the same overflow, since it's also a "
	    "16-bit format with the same maximum.", softmax_core);
	charged("mock-softmax", "bf16-fp16-limit", true, a);
	snprintf(a, sizeof a, "%sbf16 would not hit the same overflow, since it has fp32's "
	    "range, but the shift is still right.", softmax_core);
	expect("mock-softmax", true, a);
	charged("bf16", "bf16-naive-softmax", true, BF16_CORE "Loss scaling can go, and you "
	    "don't need the max-subtracted softmax either: a plain exp(x)/sum(exp(x)) is safe "
	    "in bf16.");
	charged("bf16", "bf16-naive-softmax", false, BF16_CORE "Loss scaling is usually "
	    "unnecessary. A plain exp(x)/sum(exp(x)) is still not safe in bf16.");
	charged("bf16", "bf16-no-master", true, BF16_CORE "So you no longer need loss scaling "
	    "or fp32 master weights; the weights and optimizer state can just live in bf16.");
	charged("bf16", "bf16-no-master", false, BF16_CORE "Loss scaling is usually "
	    "unnecessary, but the master weights stay in fp32.");
	charged("bf16", "scale-divides-loss", true, BF16_CORE "In fp16, loss scaling handles "
	    "overflow by dividing the loss by a big factor before backward; bf16 doesn't need "
	    "that.");
	/* a result said to be exact, in the format the sentence is about */
	charged("mock-overflow", "wrong-figure", true, "Overflow to inf in fp16; the scale "
	    "doesn't help since it is applied after the forward. In bf16 it would give exactly "
	    "1e8.");
	charged("bf16", "wrong-figure", true, "bf16 has fp32's exponent, so 10000 × 10000 "
	    "comes out as exactly 100,000,000 instead of inf; the cost is 7 mantissa bits, and "
	    "loss scaling is usually unnecessary.");
	charged("mock-overflow", "wrong-figure", false, "Overflow to inf in fp16; the scale "
	    "doesn't help since it is applied after the forward. In fp32 it gives exactly 1e8, "
	    "and bf16 would not give exactly 1e8.");
	/* a power of ten is an order of magnitude, not a decade either way */
	charged("bf16", "wrong-figure", true, BF16_CORE "Loss scaling is usually unnecessary. "
	    "fp16's epsilon is about 1e-4.");
	charged("bf16", "wrong-figure", false, BF16_CORE "Loss scaling is usually unnecessary. "
	    "fp16's epsilon is about 1e-3 and bf16 reaches about 1e38.");
}
END_TEST

/* Shapes that read as a hedge or a salad though they are neither, and code
 * written with "|" between its lines. */
START_TEST(not_hedges_not_salads)
{
	expect("softmax", true, "Think of a speedometer needle pegged at its maximum: once two "
	    "readings are both pegged you can't tell their ratio. fp16 pegs at 65504, and exp(20) "
	    "≈ 4.85e8 goes straight to inf, so the softmax is inf/inf = NaN. Subtract the largest "
	    "logit first: exp(x − 20) = [1, 0.368] gives ≈[0.731, 0.269].");
	expect("softmax", false, "exp(20) might be inf, I can't tell which one overflows, maybe "
	    "subtract something.");
	expect("step-order", true, "Order: scaler.scale(loss).backward(), scaler.unscale_(opt), "
	    "clip_grad_norm_, scaler.step(opt), scaler.update(). Clip needs the unscaled "
	    "gradients; step must come after the inf check it depends on (it skips on inf/NaN), "
	    "and update comes last.");
	expect("step-order", false, "scale, backward, unscale, clip, step, update. Honestly, it "
	    "depends.");
	expect("step-order", true, "opt.zero_grad() | scaler.scale(loss).backward()  # grads = "
	    "S·∇L | scaler.unscale_(opt)  # grads /= S, inf recorded | clip_grad_norm_(params, c)  "
	    "# true grads | scaler.step(opt)  # skipped if inf/NaN was recorded | scaler.update()  "
	    "# halve S after a skip. Each line relies on the one before.");
	expect("softmax", true, "Naive: exp → [inf, inf] | sum → inf | divide → [NaN, NaN] (fp16 "
	    "ceiling 65504 ≪ e^20 ≈ 4.85e8). Stable: x − 20 → [0, −1] | exp → [1, 0.368] | sum → "
	    "1.368 | divide → [0.731, 0.269].");
	expect("softmax", false, "fp16 overflow underflow, NaN propagation, GradScaler, "
	    "log-sum-exp, bf16, autocast, numerical stability, normalise the logits.");
}
END_TEST

/* More false claims in wordings of their own, each beside a right core. */
START_TEST(false_claims_second_reading)
{
	static const misc_pair cases[] = {
		{ "mock-overflow", "scale-in-fp16", "1e8 is beyond fp16's 65504. Turning up the scale "
		    "won't help, and it can't go above 65504 anyway, since the scale itself has to be "
		    "representable in fp16.", "1e8 is beyond fp16's 65504. Turning up the scale won't "
		    "help: the scale multiplies after the forward." },
		{ "mock-underflow", "scale-up-on-zero", UNDERFLOW_CORE "When it sees gradients that "
		    "are exactly zero it raises the scale.", UNDERFLOW_CORE "It grows the scale after "
		    "2000 clean steps." },
		{ "mock-underflow", "bf16-more-precise", UNDERFLOW_CORE "Or switch to bf16, which has "
		    "the range of fp32 and also a longer mantissa than fp16.", UNDERFLOW_CORE "Or "
		    "switch to bf16, which has the range of fp32 and a shorter mantissa than fp16." },
		{ "mock-underflow", "scale-fixes-forward", UNDERFLOW_CORE "It works the same way for "
		    "forward overflow: the backoff lowers the scale until the activation is finite.",
		    UNDERFLOW_CORE "A forward overflow is out of its reach." },
		{ "underflow", "scale-fixes-forward", UNDERFLOW_CORE "The same scale also keeps small "
		    "forward activations from underflowing; too large an S overflows.", UNDERFLOW_CORE
		    "The scale cannot rescue forward activations; too large an S overflows." },
		{ "overflow", "scale-fixes-updates", "1e8 > 65504, a forward overflow, so raising the "
		    "scale won't fix it; compute it in fp32. Loss scaling is for updates too small to "
		    "change fp16 weights, which the scale keeps big enough to register.", "1e8 > "
		    "65504, a forward overflow, so raising the scale won't fix it; compute it in fp32. "
		    "Updates too small for fp16 weights need fp32 master weights." },
		{ "step-order", "scale-shrinks-grads", "scaler.scale(loss).backward(), "
		    "scaler.unscale_(opt), clip_grad_norm_, scaler.step(opt), scaler.update(). The "
		    "reason for unscaling first is that the scaled gradients are much smaller than the "
		    "real ones; step skips on inf.", "scaler.scale(loss).backward(), scaler.unscale_(opt), "
		    "clip_grad_norm_, scaler.step(opt), scaler.update(). Unscale first because the "
		    "real gradients are much smaller than the scaled ones; step skips on inf." },
		{ "step-order", "unscale-multiplies", "scaler.scale(loss).backward(), then "
		    "scaler.unscale_(opt), which multiplies the gradients by S again, then clip, "
		    "scaler.step(opt), scaler.update(). Clip needs real gradients; step skips on inf.",
		    "scaler.scale(loss).backward(), then scaler.unscale_(opt), which divides the "
		    "gradients by S, then clip, scaler.step(opt), scaler.update(). Clip needs real "
		    "gradients; step skips on inf." },
		{ "underflow", "epsilon-floor", "fp16's machine epsilon, roughly 1e-3, is the smallest "
		    "thing it can hold, so 1e-8 becomes 0. Scale the loss by S before backward and "
		    "divide by S before the step; too large an S overflows.", UNDERFLOW_CORE "Too "
		    "large an S overflows; epsilon, about 1e-3, is the gap above 1." },
		{ "softmax", "wrong-figure", "exp only overflows fp16 once its argument passes about "
		    "88.7, so it's the sum that overflows, and inf/inf = NaN. Subtract the max: "
		    "[0.731, 0.269].", "exp overflows fp16 once its argument passes about 11.1, so "
		    "exp(20) is inf and inf/inf = NaN. Subtract the max: [0.731, 0.269]." },
		{ "step-order", "wrong-figure", "scaler.scale(loss).backward(), unscale_, clip, step, "
		    "update. A 1e-8 gradient would flush to zero, but times 65536 it becomes about "
		    "6.5e-2; unscale_ divides it back before the clip, step skips on inf.",
		    "scaler.scale(loss).backward(), unscale_, clip, step, update. A 1e-8 gradient "
		    "would flush to zero, but times 65536 it becomes about 6.6e-4; unscale_ divides "
		    "it back before the clip, step skips on inf." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* Read from a third set (fresh-w): figures of a format's layout and its
 * sums, a word called as a function, "*" and "+" as signs, steps that are
 * part of a neighbour's call, elided verbs, replies, and more false
 * claims beside a right core. */
START_TEST(third_reading)
{
	static const misc_pair cases[] = {
		{ "bf16", "wrong-figure", BF16_CORE "Loss scaling is usually unnecessary. "
		    "1 + 0.001 is still 1.001 in bf16 to three digits.", BF16_CORE "Loss scaling "
		    "is usually unnecessary. 1 + 0.001 is 1.000977 in fp16 but 1 + 0.001 stays 1.0 "
		    "in bf16." },
		{ "bf16", "wrong-figure", "Teams switch because bf16 has fp32's exponent range, so "
		    "no loss scaling. The format is 1 sign bit, 8 exponent bits and 10 mantissa bits, "
		    "so you give up a little precision.", "Teams switch because bf16 has fp32's "
		    "exponent range, so no loss scaling. The format is 1 sign bit, 8 exponent bits "
		    "and 7 mantissa bits, so you give up precision." },
		{ "bf16", "wrong-figure", BF16_CORE "Loss scaling is usually unnecessary. fp16's "
		    "ceiling is 2^16 − 1 = 65,535.", BF16_CORE "Loss scaling is usually unnecessary. "
		    "fp16's ceiling is 2^16 - 32 = 65504." },
		{ "bf16", "wrong-figure", BF16_CORE "Loss scaling is usually unnecessary. bf16 is "
		    "a fine choice: its machine epsilon is 2^-10, identical to fp16's.", BF16_CORE
		    "Loss scaling is usually unnecessary. bf16 is coarser: its machine epsilon is "
		    "2^-7, versus fp16's 2^-10." },
		{ "overflow", "wrong-figure", "1e8 overflows fp16's 65504 in the forward, so the "
		    "scale can't help; compute it in fp32. Switch to bf16: its exponent covers 1e8 and "
		    "it stores 100,000,000 exactly.", "1e8 overflows fp16's 65504 in the forward, so "
		    "the scale can't help; compute it in fp32. Switch to bf16: its exponent covers 1e8 "
		    "and it stores about 1.0014e8." },
		{ "step-order", "wrong-figure", "scaler.scale(loss).backward(), scaler.unscale_(opt), "
		    "clip, scaler.step(opt), scaler.update(). Clip after unscale, step skips on inf. "
		    "The default init_scale is 65536 because that is exactly fp16's largest finite "
		    "value.", "scaler.scale(loss).backward(), scaler.unscale_(opt), clip, "
		    "scaler.step(opt), scaler.update(). Clip after unscale, step skips on inf. The "
		    "default init_scale is 65536, just above fp16's largest finite value." },
		{ "bf16", "bf16-more-precise", BF16_CORE "Loss scaling is usually unnecessary. bf16 "
		    "stores values exactly.", BF16_CORE "Loss scaling is usually unnecessary. Take "
		    "1 + 0.001: bf16 gives exactly 1.0." },
		{ "mock-softmax", "subtract-after-softmax", "exp(20) overflows fp16, so inf/inf = NaN. "
		    "Compute the softmax normally and then subtract the max probability from each "
		    "output.", "exp(20) overflows fp16, so inf/inf = NaN. Subtract the max logit from "
		    "each logit before exp: [0.731, 0.269]." },
		{ "cmp-speedup", "skip-costs-nothing", "Not a speedup: compare wall-clock time to "
		    "the same loss as fp32, same seed. Skipped steps don't cost any time.", "Not a "
		    "speedup: compare wall-clock time to the same loss as fp32, same seed. A skipped "
		    "step still costs the full forward and backward." },
		{ "softmax", "softmax-divide-max", "exp(20) overflows fp16, so inf/inf = NaN. Divide "
		    "the logits by a large constant like 100; softmax is invariant to that rescaling.",
		    "exp(20) overflows fp16, so inf/inf = NaN. Subtract the max; softmax is invariant "
		    "to that shift: [0.731, 0.269]." },
		{ "underflow", "call-order", UNDERFLOW_CORE "Too large an S overflows. The order is "
		    "scaler.scale(loss).backward(), then clip_grad_norm_, then scaler.step(opt), and "
		    "only after that scaler.unscale_(opt).", UNDERFLOW_CORE "Too large an S "
		    "overflows. The order is scaler.scale(loss).backward(), then scaler.unscale_(opt), "
		    "and only after that clip_grad_norm_, scaler.step(opt)." },
		{ "step-order", "clip-too-lenient", "scale→backward→unscale_→clip→step→update. If "
		    "you clipped the scaled gradients, the threshold would effectively be 65536 times "
		    "too large.", "scale→backward→unscale_→clip→step→update. If you clipped the "
		    "scaled gradients, their norm would be 65536 times too large." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	/* readings */
	expect("step-order", true, "Order: forward under autocast, scaler.scale(loss).backwards(), "
	    "scaler.unscale_(opt), clip_grad_norm_, scaler.step(opt), scaler.update(). Unscale "
	    "before clipping because otherwise the grads are still multiplied by the scale.");
	expect("step-order", true, "Q: What comes after backward? A: scaler.unscale_(opt), then "
	    "clipping. Q: Why not clip first? A: The grads are still multiplied by S. Q: Then? A: "
	    "scaler.step(opt), which skips on inf/NaN, and finally scaler.update(). Backward "
	    "itself is scaler.scale(loss).backward() after an autocast forward.");
	expect("underflow", true, "torch.tensor(1e-8).half() is 0, so it's underflow below "
	    "fp16's 2^-24 floor. Loss scaling: backward on loss * S, then divide grads by S "
	    "before step. Limit: 2.0 * 65536 is inf in fp16.");
	expect("bf16", true, "Why: fp16's narrow 5-bit exponent causes inf in the forward and "
	    "zero gradients in backward, and bf16's 8-bit exponent doesn't. Cost: about 2-3 "
	    "decimal digits instead of 3. Loss scaling: no longer needed.");
	expect("bf16", true, "Yes for loss scaling, no for everything else: bf16's fp32-sized "
	    "exponent means backward underflow stops, but with 7 mantissa bits it is less "
	    "precise than fp16.");
	expect("softmax", false, "Mixed precision numerics: fp16 range, bf16, autocast, "
	    "GradScaler dynamic scaling, log-sum-exp trick, fused kernels, fp32 master weights. "
	    "Overflow/underflow, inf, NaN. Use the stable path.");
	/* a sign between spaces or figures, never a mark */
	gtext tx = grade_test_tokens("loss * S; 1e-8*65536; *note*; 1 + 0.001; 2**16");
	int xs = 0, pluses = 0;
	for (size_t i = 0; i < tx.n; i++) {
		xs += strcmp(tx.t[i].raw, "x") == 0;
		pluses += strcmp(tx.t[i].raw, "plus") == 0;
	}
	ck_assert_int_eq(xs, 2);
	ck_assert_int_eq(pluses, 1);
	gtext_free(&tx);
}
END_TEST

/* Read from a fourth set (fresh-x). */
START_TEST(fourth_reading)
{
	static const misc_pair cases[] = {
		{ "bf16", "wrong-figure", "bf16 has 8 exponent bits, so its range is like fp32's and "
		    "loss scaling isn't needed. The cost is precision: its machine epsilon is 2^-23, "
		    "compared with fp16's 2^-10.", "bf16 has 8 exponent bits, so its range is like "
		    "fp32's and loss scaling isn't needed. The cost is precision: its machine epsilon "
		    "is 2^-7, compared with fp16's 2^-10." },
		{ "bf16", "wrong-figure", BF16_CORE "Loss scaling is usually unnecessary. Even so "
		    "10000 × 10000 still comes out as inf in bf16.", BF16_CORE "Loss scaling is "
		    "usually unnecessary. 10000 × 10000 comes out as inf in fp16." },
		{ "bf16", "wrong-figure", "bf16 is a 16-bit format with 8 exponent bits and 10 "
		    "mantissa bits, so you keep fp16's precision; loss scaling is usually unnecessary.",
		    "bf16 is a 16-bit format with 8 exponent bits and 7 mantissa bits, so you lose "
		    "fp16's precision; loss scaling is usually unnecessary." },
		{ "overflow", "wrong-figure", "fp16 overflows: its max is 65504 and the product is "
		    "1e8, so you get inf before any scaling; the scale can't help a forward value, use "
		    "fp32. fp16 also only has an epsilon of 2^-7.", "fp16 overflows: its max is 65504 "
		    "and the product is 1e8, so you get inf before any scaling; the scale can't help a "
		    "forward value, use fp32. fp16 also only has an epsilon of 2^-10." },
		{ "overflow", "wrong-figure", "fp16 can't represent anything above 32768, and 1e8 is "
		    "far past that, so the forward is inf; the scale can't fix it, use fp32.",
		    "fp16 can't represent anything above 65504, and 1e8 is far past that, so the "
		    "forward is inf; the scale can't fix it, use fp32." },
		{ "mock-overflow", "wrong-figure", "10000 × 10000 is 1e8, about 15 times fp16's max "
		    "of 65504, so it's inf. Turning up the scale doesn't help: it's applied after the "
		    "forward.", "10000 × 10000 is 1e8, about 1,500 times fp16's max of 65504, so it's "
		    "inf. Turning up the scale doesn't help: it's applied after the forward." },
		{ "underflow", "wrong-figure", UNDERFLOW_CORE "Too large an S overflows. With S = "
		    "65536 the gradient becomes 6.5e-2.", UNDERFLOW_CORE "Too large an S overflows. "
		    "With S = 65536 the gradient becomes 6.6e-4." },
		{ "underflow", "grad-fine", "The gradient itself is fine in fp16; the zero appears "
		    "when the optimizer adds it to a weight. Loss scaling multiplies the loss by S "
		    "before backward and divides by S before the step; too large an S overflows.",
		    UNDERFLOW_CORE "Too large an S overflows; the scaled gradient itself is fine in "
		    "fp16." },
		{ "underflow", "scale-slow", UNDERFLOW_CORE "The limit is speed: scaling every "
		    "gradient costs about as much as a second backward pass.", UNDERFLOW_CORE "The "
		    "limit is overflow: too large an S makes the gradients inf." },
		{ "softmax", "inf-plus-inf-nan", "exp(20) and exp(19) overflow to inf in fp16. The "
		    "NaN comes from the sum: inf + inf is undefined, so subtract the max first.",
		    "exp(20) and exp(19) overflow to inf in fp16; inf + inf is inf and inf/inf is "
		    "NaN, so subtract the max first: [0.731, 0.269]." },
		{ "cmp-speedup", "clip-while-scaled", "Not a speedup yet; compare time to target "
		    "against fp32. To cut the skips, clip the gradients before scaler.unscale_ so the "
		    "scaled gradients can't overflow.", "Not a speedup yet; compare time to target "
		    "against fp32. Clip the gradients after scaler.unscale_ so the threshold is "
		    "real." },
		{ "mock-underflow", "scale-fixes-forward", UNDERFLOW_CORE "As a bonus it also keeps "
		    "activations in the forward pass from underflowing.", UNDERFLOW_CORE "It does "
		    "nothing for activations in the forward pass." },
		{ "mock-underflow", "wrong-figure", "1e-8 is below half of fp16's smallest subnormal, "
		    "so it rounds to 0. GradScaler's default scale is 1024, and it divides by the "
		    "scale before the step.", "1e-8 is below half of fp16's smallest subnormal, so it "
		    "rounds to 0. GradScaler with its default scale: 1e-8 × 65536 = 6.5536e-4, "
		    "representable; it divides by the scale before the step." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	expect("mock-overflow", true, "Turning up the scale sounds like it should help with "
	    "range problems, but it doesn't: the scale multiplies the loss after the forward, and "
	    "1e8 is past fp16's 65504, so it's inf regardless of S.");
	expect("overflow", true, "The inf first appears in the multiply itself, because 1e8 is "
	    "beyond fp16's 65504 limit. The loss scale only enters after the forward, so there's "
	    "nothing for it to fix: bigger S, same inf. Compute that op in fp32.");
	expect("cmp-speedup", true, "Faster steps ≠ faster training. Skipped steps do nothing, "
	    "so compare wall-clock time to the target loss against fp32 with identical setups, "
	    "and count the skipped steps.");
	expect("mock-softmax", true, "softmax(x) = softmax(x − c·1) for any c. Naive: fl16(e^20) "
	    "= inf (4.85e8 > 6.55e4), inf/inf = NaN. With c = 20: [e^0, e^-1]/(1 + e^-1) ≈ "
	    "[0.731, 0.269].");
	expect("softmax", true, "1) exp(20) ≈ 4.85e8, exp(19) ≈ 1.78e8. 2) fp16's largest "
	    "finite value is 65504, so both round to inf. 3) inf/inf = NaN. 4) Subtract m = 20: "
	    "exp([0, −1]) = [1, 0.368]. 5) Normalise: [1, 0.368]/1.368 ≈ [0.731, 0.269].");
	expect("underflow", true, "1e-8 sits below fp16's subnormal floor of about 5.96e-8, so "
	    "it rounds to 0. Loss scaling exploits linearity: scaling L by S scales every "
	    "gradient by S; they are unscaled before the step. Too large an S overflows.");
	expect("underflow", true, UNDERFLOW_CORE "Before clipping and the optimizer step you "
	    "divide the gradients by S again. Too large an S overflows.");
	expect("step-order", true, "zero the gradients, run the forward under autocast, call "
	    "backward on the scaled loss, unscale, clip, then scaler.step and scaler.update. "
	    "Clipping must come after unscaling, otherwise the norm being measured has been "
	    "multiplied by the scale factor; step skips on inf and update comes last.");
}
END_TEST

/* Read from a fifth set (fresh-y). */
START_TEST(fifth_reading)
{
	static const misc_pair cases[] = {
		{ "cmp-speedup", "wrong-figure", "Not a speedup: compare wall-clock time to the same "
		    "loss as fp32, same seed. GradScaler halves the scale on every skip and doubles "
		    "it again after every 200 consecutive clean steps.", "Not a speedup: compare "
		    "wall-clock time to the same loss as fp32, same seed. GradScaler halves the scale "
		    "on every skip and doubles it again after every 2000 consecutive clean steps." },
		{ "mock-softmax", "wrong-figure", "exp(20) > 65504 so inf/inf = NaN; subtract the "
		    "max: [0.731, 0.269]. GradScaler's defaults (backoff 0.1, growth every 100 steps) "
		    "are too timid anyway.", "exp(20) > 65504 so inf/inf = NaN; subtract the max: "
		    "[0.731, 0.269]. GradScaler's defaults (backoff 0.5, growth every 2000 steps) do "
		    "not matter here." },
		{ "mock-underflow", "wrong-figure", "1e-8 is below half of fp16's smallest subnormal, "
		    "so it becomes 0. GradScaler multiplies the loss by its default scale of 65536 "
		    "before backward, so the gradient becomes about 0.0065, and divides it back before "
		    "the step.", "1e-8 is below half of fp16's smallest subnormal, so it becomes 0. "
		    "GradScaler multiplies the loss by its default scale of 65536 before backward, so "
		    "the gradient becomes about 6.6e-4, and divides it back before the step." },
		{ "underflow", "wrong-figure", "fp16 bottoms out around 6e-8, so 1e-8 flushes to zero. "
		    "Scaling the loss by 1024 turns that gradient into about 1e-3; divide by 1024 "
		    "before the step. Too large a scale overflows.", "fp16 bottoms out around 6e-8, so "
		    "1e-8 flushes to zero. Scaling the loss by 1024 turns that gradient into about "
		    "1e-5; divide by 1024 before the step. Too large a scale overflows." },
		{ "step-order", "wrong-figure", "scaler.scale(loss).backward() → unscale_ → clip → step "
		    "→ update: clip needs real gradients, step skips on inf. The initial scale of "
		    "65536 is chosen because it is exactly the largest finite fp16 value.",
		    "scaler.scale(loss).backward() → unscale_ → clip → step → update: clip needs real "
		    "gradients, step skips on inf. The initial scale is 65536, just past fp16's "
		    "largest finite value." },
		{ "mock-underflow", "skip-rolls-back", UNDERFLOW_CORE "When an inf appears, "
		    "GradScaler resets the scale to 1.", UNDERFLOW_CORE "When an inf appears, "
		    "GradScaler halves the scale." },
		{ "step-order", "clip-caps-inf", "Scaled backward, unscale_, clip, step, update: "
		    "unscale first so the threshold is real. Clipping also replaces any inf gradients "
		    "with finite values.", "Scaled backward, unscale_, clip, step, update: unscale "
		    "first so the threshold is real. Clipping cannot make an inf gradient finite." },
		{ "underflow", "unscale-underflows", UNDERFLOW_CORE "The limit is that after "
		    "unscaling you're back in fp16, so the 1e-8 just underflows again.",
		    UNDERFLOW_CORE "The limit is overflow: too large an S gives inf." },
		{ "bf16", "bf16-no-master", BF16_CORE "Loss scaling is no longer needed, and you can "
		    "keep the weights and Adam states in pure bf16 too.", BF16_CORE "Loss scaling is "
		    "no longer needed; the weights and Adam states stay in fp32." },
		{ "bf16", "bf16-no-cost", BF16_CORE "Loss scaling is not needed, and accuracy is "
		    "identical to fp32 in every case.", BF16_CORE "Loss scaling is not needed, though "
		    "accuracy can differ from fp32's." },
		{ "step-order", "update-unscales", "scaler.scale(loss).backward(), unscale_, clip, "
		    "step, update: clip needs real grads, step skips on inf. update divides the "
		    "weights by the old scale.", "scaler.scale(loss).backward(), unscale_, clip, step, "
		    "update: clip needs real grads, step skips on inf. update halves the scale after "
		    "an inf." },
		{ "mock-overflow", "scale-fixes-forward", "Overflow: 1e8 > 65504 → inf, and the scale "
		    "can't help with a forward overflow, though it would rescue forward underflow.",
		    "Overflow: 1e8 > 65504 → inf, and the scale can't help with a forward overflow, "
		    "nor with a forward underflow." },
		{ "mock-overflow", "scale-fixes-updates", "Overflow in fp16, so inf. Turning up the "
		    "scale won't help; the scale is for making tiny weight updates stick, not for the "
		    "forward.", "Overflow in fp16, so inf. Turning up the scale won't help; the scale "
		    "is for gradients in backward, not for the forward." },
		{ "bf16", "bf16-fp16-limit", "bf16 has a wider exponent, and you give up mantissa "
		    "precision, 7 bits instead of 10. But small gradients underflow exactly as they do "
		    "in fp16, so keep loss scaling.", BF16_CORE "Small gradients do not underflow as "
		    "they do in fp16, so loss scaling is usually unnecessary." },
		{ "step-order", "raise-scale-skips", "Scaled backward, unscale_, clip, step, update: "
		    "clip on unscaled grads, step skips on inf. If you see many skipped steps, just "
		    "pass a higher init_scale.", "Scaled backward, unscale_, clip, step, update: clip "
		    "on unscaled grads, step skips on inf. If you see many skipped steps, find what "
		    "overflows." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	expect("bf16", true, "fp16 has 11 significant bits, bf16 8: log10(2^11) ≈ 3.3 digits vs "
	    "log10(2^8) ≈ 2.4, so bf16 is less precise; its exponent is fp32's, so the range "
	    "matches fp32. Since loss scaling only lifts gradients out of underflow, bf16 usually "
	    "trains fine without it.");
	expect("mock-softmax", true, "Naive path: exp(20) = 485,165,195 → inf in fp16, so inf/inf "
	    "= NaN. Stable path: 20−20 = 0, 19−20 = −1; e^0 = 1, e^−1 = 0.3679; outputs 0.7311, "
	    "0.2689.");
	expect("step-order", true, "Each iteration: zero_grad, autocast forward, "
	    "scaler.scale(loss).backward(), then for every optimizer whose params you clip, "
	    "scaler.unscale_(that optimizer) before clip_grad_norm_, then scaler.step(opt) and "
	    "scaler.update(). Unscale before clip so the threshold is real; step skips on inf.");
	expect("step-order", true, "Unscale → clip → step → update, after the scaled backward. "
	    "Clipping needs true gradients, scaler.step skips on inf/NaN, and update adjusts S "
	    "from that.");
	expect("step-order", false, "Forward, scaler.scale(loss).backward(), scaler.unscale_(opt), "
	    "clip, scaler.step(opt), scaler.update(). Clip after unscaling, step skips on inf. "
	    "update multiplies the scale by 2 after every successful step.");
	expect("overflow", true, "1e4 · 1e4 = 1e8 is outside fp16's range (max 65504), so the "
	    "forward overflows. The loss scale multiplies the loss later and can't pull a forward "
	    "inf back, so leave it alone; compute that product in fp32.");
	expect("cmp-speedup", true, "Before believing it I'd log skipped steps: a skipped step "
	    "means optimizer.step() never ran, so the faster iteration bought nothing. Then compare "
	    "wall-clock time to a fixed val loss against fp32, same seed and data.");
}
END_TEST

/* A clause opened by "not" denied whole, a claim that "means" explains,
 * a fixing verb followed by its negator ("makes nothing finite"), "not
 * sure" said of a thing, a comparative that holds only up to the next
 * one ("more exponent and fewer mantissa bits"); the max value that is
 * subtracted is a logit, a value that becomes representable as it is
 * scaled is the scaled one. */
START_TEST(sixth_reading)
{
	static const misc_pair cases[] = {
		{ "cmp-speedup", "raise-scale", "Not a speedup yet: compare time to the same loss "
		    "against fp32, same seed, and count the skips. The skips mean the scale is too "
		    "small, so pick a larger scale, not a smaller one.", "Not a speedup yet: compare "
		    "time to the same loss against fp32, same seed, and count the skips. They are "
		    "overflows to track down, not a reason to pick a larger scale." },
		{ "step-order", "update-first", "scaler.scale(loss).backward(), unscale_, "
		    "clip_grad_norm_: clipping needs real gradients and step skips on inf. Then update "
		    "before step, so the new scale is used at once.", "scaler.scale(loss).backward(), "
		    "unscale_, clip_grad_norm_, scaler.step, scaler.update: clipping needs real "
		    "gradients and step skips on inf. Swapping the last two is wrong: update before "
		    "step means the scale reacts before the step it should follow." },
		{ "overflow", "raise-scale", "10000 × 10000 = 1e8 is past fp16's 65504, so the "
		    "forward overflows to inf. A larger scale makes it finite again; run that product "
		    "in fp32 too.", "10000 × 10000 = 1e8 is past fp16's 65504, so the forward "
		    "overflows to inf. A larger scale multiplies an inf and makes nothing finite; run "
		    "that product in fp32." },
		{ "softmax", "wrong-figure", "Both exps overflow fp16, whose max value is 20, so "
		    "inf/inf = NaN. Fix: minus the max logit from each logit, then exp and normalise: "
		    "[0.731, 0.269].", "Both exps overflow fp16 (65504 max), so inf/inf = NaN. Fix: "
		    "minus the max value (20) from each logit, then exp and normalise: [0.731, "
		    "0.269]." },
		{ "step-order", "wrong-figure", "scaler.scale(loss).backward(), then unscale_, clip, "
		    "step (skipped on inf), update. Clip needs the real norms. A gradient of 1e-8 "
		    "becomes representable in fp16 by itself.", "scaler.scale(loss).backward() "
		    "multiplies every gradient by S, so a gradient of 1e-8 becomes representable in "
		    "fp16; then unscale_, clip, step (skipped on inf), update. Clip needs the real "
		    "norms." },
		{ "overflow", "half-with-autocast", "1e8 > 65504, so the fp16 forward overflows to "
		    "inf; a bigger loss scale can't undo an inf. Call .half() on the model, which the "
		    "docs advise together with autocast; compute the product in fp32.", "1e8 > 65504, "
		    "so the fp16 forward overflows to inf; a bigger loss scale can't undo an inf. Also "
		    "check the model wasn't cast with .half(), which the docs advise against with "
		    "autocast; compute the product in fp32." },
		{ "mock-overflow", "wrong-figure", "Like a photo blown out when it was taken. The fp16 "
		    "product 1e4 clipped to inf in the forward; the scale only touches the backward, "
		    "so turning it up doesn't help. Do that multiply in fp32.", "Like a photo blown "
		    "out when it was taken. The fp16 product 1e8 clipped to inf in the forward; the "
		    "scale only touches the backward, so turning it up doesn't help. Do that multiply "
		    "in fp32." },
		{ "bf16", "no-tradeoff", "bf16 has 8 exponent bits for fp32's range and 7 mantissa "
		    "bits, yet it is the opposite of a trade-off: nothing is lost, and loss scaling is "
		    "usually unnecessary.", "Someone once told me bf16 is 'a better fp16'. It isn't; "
		    "it's the opposite trade: 8 exponent bits for fp32's range, 7 mantissa bits so "
		    "coarser precision, and loss scaling is usually unnecessary." },
		{ "bf16", "wrong-figure", "bf16 copies fp32's exponent, so no overflow at 65504 and "
		    "loss scaling is usually unnecessary. It costs precision: from about 7 significant "
		    "digits in fp16 down to 2 in bf16.", "bf16 copies fp32's exponent, so no overflow "
		    "at 65504 and loss scaling is usually unnecessary. It costs precision: from about 3 "
		    "significant digits in fp16 down to 2 in bf16." },
		{ "underflow", "inf-step-taken", UNDERFLOW_CORE "Too large an S overflows; when that "
		    "happens GradScaler clamps the inf gradients to 65504 and still steps.",
		    UNDERFLOW_CORE "Too large an S overflows; when that happens GradScaler skips the "
		    "step and halves S." },
		{ "mock-underflow", "inf-step-taken", UNDERFLOW_CORE "If a scaled gradient overflows, "
		    "the scaler replaces each inf with 65504.", UNDERFLOW_CORE "If a scaled gradient "
		    "overflows, the scaler skips that step." },
		{ "underflow", "scale-in-fp16", UNDERFLOW_CORE "S itself is kept in fp16, so it tops "
		    "out at 65504.", UNDERFLOW_CORE "The scale itself is kept in fp32; the scaled "
		    "gradients must stay under 65504." },
		{ "bf16", "more-precise", "bf16 has more exponent and more mantissa bits than fp16: "
		    "fp32's range, so loss scaling is usually unnecessary.", "bf16 is more exponent "
		    "and fewer mantissa bits than fp16: fp32's range, 7 bits of precision instead of "
		    "10, so loss scaling is usually unnecessary." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	expect("mock-overflow", true, "Like a photo blown out when it was taken. The fp16 product "
	    "1e8 clipped to inf in the forward; the scale only touches the backward, so turning it "
	    "up doesn't help. Do that multiply in fp32.");
	/* a step glossed with a negator is still a step: "clip (no-op here)" */
	expect("step-order", true, "Order: scaler.scale(loss).backward() → scaler.unscale_(opt) → "
	    "clip (no-op here) → scaler.step(opt), skipped on inf/NaN → scaler.update(). Clip after "
	    "unscaling, or the threshold sees S-times-larger norms.");
	expect("step-order", true, "Order: scaler.scale(loss).backward() → scaler.unscale_(opt) → "
	    "clip (nothing happens) → scaler.step(opt), skipped on inf/NaN → scaler.update(). Clip "
	    "after unscaling, or the threshold sees S-times-larger norms.");
	/* "it" for the scaler named four numbered items back */
	expect("mock-underflow", true, "1. 1e-8 is under fp16's smallest subnormal (≈6e-8) → it "
	    "rounds to 0, the update is lost. 2. GradScaler multiplies the loss by S before "
	    "backward. 3. The gradients come out S times larger, now in range. 4. It unscales "
	    "them before the step, and skips the step / lowers the scale if the scaled grads "
	    "overflowed.");
	/* "X not a Y" without a comma denies the Y */
	expect("overflow", true, "its a fwd overflow not a scaler bug. 1e4*1e4 = 1e8, fp16 max "
	    "65504, so inf b4 the scale even applies. bigger scale cant shrink the forwrd. do "
	    "that op in fp32");
	/* a point made by denying: dismissing the fix denies it; advice
	 * with "should just" dismisses nothing */
	expect("overflow", true, "10000 × 10000 = 1e8 is past 65504, so fp16 gives inf in the "
	    "forward. GradScaler's scale multiplies the loss after that; raising it merely burns "
	    "more skipped steps. Compute the product in fp32.");
	expect("overflow", false, "10000 × 10000 = 1e8 is past 65504, so fp16 gives inf in the "
	    "forward. GradScaler's scale multiplies the loss after that; raising it should help. "
	    "Compute the product in fp32.");
	made("bf16", "no-scaling", false, "bf16 has fp32's range and fewer mantissa bits than "
	    "fp16. The GradScaler should just be started at a lower scale.");
	expect("cmp-speedup", true, "The speedup is not sure: a skipped step updates nothing, so "
	    "compare wall-clock time to the same validation loss against fp32 with the same seed, "
	    "and count the skips.");
	expect("cmp-speedup", false, "I'm not sure. It might be a speedup or it might not; "
	    "compare wall-clock time to the same validation loss against fp32 with the same "
	    "seed.");
}
END_TEST

/* Readings from fresh-ad's failed right answers, each worded apart from
 * the set. */
START_TEST(seventh_reading)
{
	static const misc_pair cases[] = {
		/* a format that lends its exponent owns no mantissa figure */
		{ "bf16", "wrong-figure", "More range (the fp32 exponent), less precision (a 5-bit "
		    "mantissa); loss scaling is mostly unnecessary.", "More range (the fp32 "
		    "exponent), less precision (a 7-bit mantissa); loss scaling is mostly "
		    "unnecessary." },
		/* a bound past exp is on its argument */
		{ "softmax", "wrong-figure", "exp of a half-precision 20 is inf (so is anything "
		    "above about 30), and inf/inf is NaN; subtract the max logit first.", "exp of "
		    "a half-precision 20 is inf (so is anything above about 11), and inf/inf is "
		    "NaN; subtract the max logit first." },
		{ "softmax", "wrong-figure", "fp16 holds exp(x) only up to about x = 7, so exp(20) "
		    "overflows and inf/inf is NaN; subtract the max logit first.", "fp16 holds "
		    "exp(x) only up to about x = 11, so exp(20) overflows and inf/inf is NaN; "
		    "subtract the max logit first." },
		/* the NaN seen explained by inf/inf is no overflow giving NaN */
		{ "softmax", "overflow-gives-nan", "exp(20) overflows fp16 and gives NaN rather than "
		    "inf. Subtract the max logit first.", "exp(20) overflows fp16 to inf, the sum is "
		    "inf, and inf/inf is NaN, which is why the output shows NaN rather than inf. "
		    "Subtract the max logit first." },
		/* backward's ops run in the forward's dtypes: no backward
		 * inside the autocast block */
		{ "underflow", "backward-in-autocast", UNDERFLOW_CORE "Call backward inside the "
		    "autocast block too.", UNDERFLOW_CORE "That holds if the op's backward really "
		    "runs in fp16, which under autocast depends on the op." },
		/* the scale halves and grows back */
		{ "underflow", "scale-never-grows", UNDERFLOW_CORE "The limit: once halved, the scale "
		    "never climbs back up.", UNDERFLOW_CORE "The limit: S times the largest gradient "
		    "must stay under 65504; after an overflow the scale is halved, and it climbs "
		    "back up after a run of clean steps." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	/* code lines joined by " / ": the comment on one ends there */
	expect("step-order", true, "scaler.scale(loss).backward() / scaler.unscale_(opt) / "
	    "clip_grad_norm_(params, 1.0) / scaler.step(opt)  # skipped when a grad is inf / "
	    "scaler.update(). Unscale first: the clip threshold is meant for real gradients.");
	/* a question that starts from a step takes it as done */
	expect("step-order", true, "Q: once the scaled backward is done, what next? A: "
	    "scaler.unscale_(opt). Q: why? A: clipping must see the real gradients. Q: and then? "
	    "A: clip_grad_norm_, scaler.step(opt) (skipped on inf/NaN), scaler.update().");
	/* a ternary asks nothing */
	expect("step-order", true, "forward ⇒ S·loss ⇒ backward ⇒ unscale_ ⇒ clip ⇒ all finite? "
	    "step : skip ⇒ adjust S. Clip real gradients, or the threshold is off by S.");
	made("step-order", "why", true, "scaler.scale(loss).backward(), unscale_, clip, step "
	    "(skipped on inf), update. The order matters: otherwise the norm clip measures would "
	    "include S.");
	made("underflow", "underflow", true, "In fp16 a 1e-8 gradient comes out 0.");
	/* a gradient worked through the scale shows the loss is scaled */
	made("mock-underflow", "scale-loss", true, "It rounds to zero in fp16. With S = 4096 it "
	    "gives 4.096e-5, which fp16 holds; divide by S before the step.");
	made("mock-underflow", "scale-loss", false, "It rounds to zero in fp16. With S = 4096 it "
	    "gives 4.096e-3, which fp16 holds; divide by S before the step.");
	made("cmp-speedup", "verdict", true, "Skipped steps cost time and update nothing. The "
	    "measure that counts is wall-clock time to the fp32 run's validation loss, same seed, "
	    "skips counted.");
	made("cmp-speedup", "verdict", true, "Skipped steps cost time and update nothing; compare "
	    "time to fp32's validation loss with the same seed, and only that shows the gain.");
	made("bf16", "precision", true, "bf16 reaches fp32's range, so loss scaling is rarely "
	    "needed; but 1 + 2^-9 rounds back to 1 in it.");
}
END_TEST

#define OVERFLOW_CORE "10000 × 10000 = 1e8 overflows fp16 to inf in the forward; the loss " \
	"scale only multiplies the loss for backward, so raising it cannot help. Compute the " \
	"product in fp32. "
#define SOFTMAX_CORE "exp(20) overflows fp16 to inf, and inf/inf is NaN. Subtract the max " \
	"logit before exp. "

/* fresh-ad's passed wrong answers: the false claims beside a right core,
 * each class worded apart from the set. */
START_TEST(eighth_reading)
{
	static const misc_pair cases[] = {
		/* "a × 10^k" is one figure */
		{ "overflow", "fp16-limit-wrong", OVERFLOW_CORE "fp16's max is 6.5 × 10^6.",
		    OVERFLOW_CORE "fp16's max is 6.55 × 10^4." },
		{ "overflow", "wrong-figure", OVERFLOW_CORE "fp16 can represent up to about 2 × 10^5.",
		    OVERFLOW_CORE "fp16 can represent up to about 6.5 × 10^4." },
		/* the interval counts steps */
		{ "cmp-speedup", "wrong-figure", "Not a speedup yet: skipped steps update nothing. "
		    "Compare time to fp32's validation loss, same seed. The default growth_interval "
		    "is 50 steps.", "Not a speedup yet: skipped steps update nothing. Compare time "
		    "to fp32's validation loss, same seed. The default growth_interval is 2000 "
		    "steps." },
		{ "mock-overflow", "scale-fixes-forward", "1e8 is past fp16's 65504: inf. A scale "
		    "below 1 shrinks the values in the forward back into range.", "1e8 is past "
		    "fp16's 65504: inf. No loss scale can shrink the values in the forward back into "
		    "range; use fp32." },
		{ "mock-underflow", "grads-scaled-after-backward", "1e-8 rounds to zero in fp16. "
		    "After backward the scaler multiplies the gradients by S, then divides them "
		    "before the step.", "1e-8 rounds to zero in fp16. The scaler multiplies the loss "
		    "by S before backward, so after backward the gradients are S times larger; it "
		    "divides them before the step." },
		{ "overflow", "inf-step-taken", OVERFLOW_CORE "And scaler.step() will still apply "
		    "the inf gradients to the weights.", OVERFLOW_CORE "And scaler.step() skips the "
		    "step rather than apply the inf gradients to the weights." },
		{ "softmax", "fp32-naive-softmax", SOFTMAX_CORE "Casting to fp32 also works, since "
		    "exp can't overflow in fp32.", SOFTMAX_CORE "Casting to fp32 works here too, "
		    "since exp(20) can't overflow in fp32." },
		{ "bf16", "bf16-naive-softmax", "bf16 has fp32's range and a 7-bit mantissa, so loss "
		    "scaling is usually unnecessary; the naive softmax is fine in it because exp "
		    "can't overflow in bf16.", "bf16 has fp32's range and a 7-bit mantissa, so loss "
		    "scaling is usually unnecessary; exp(20) can't overflow in bf16." },
		/* "-0.731" excludes the figure, it is no negative term */
		{ "softmax", "max-changes-softmax", SOFTMAX_CORE "The shift gives only an "
		    "approximate result.", SOFTMAX_CORE "The result is approximately 0.731 and "
		    "0.269." },
		{ "bf16", "bf16-no-master", "bf16 has fp32's range and a 7-bit mantissa, so loss "
		    "scaling is usually unnecessary, and there's no reason to keep master weights.",
		    "bf16 has fp32's range and a 7-bit mantissa, so loss scaling is usually "
		    "unnecessary; keep fp32 master weights so small updates are not lost." },
		{ "underflow", "scale-no-limit", UNDERFLOW_CORE "There isn't really a limit; "
		    "GradScaler grows S until every gradient fits.", UNDERFLOW_CORE "The limit: S "
		    "times the largest gradient must stay below 65504." },
		{ "step-order", "skip-wrong-cause", "scaler.scale(loss).backward(), unscale_, clip, "
		    "step, update: clip needs real gradients. scaler.step skips the update when the "
		    "norm is above the threshold.", "scaler.scale(loss).backward(), unscale_, clip, "
		    "step, update: clip needs real gradients. Clipping rescales them when the norm "
		    "is above the threshold; scaler.step skips only on inf or NaN." },
		{ "step-order", "step-calls-update", "scaler.scale(loss).backward(), unscale_, clip, "
		    "scaler.step: clip needs real gradients, and step skips on inf. No need for "
		    "scaler.update(), since scaler.step adjusts the scale internally.",
		    "scaler.scale(loss).backward(), unscale_, clip, scaler.step, scaler.update(): "
		    "clip needs real gradients, step skips on inf, and update() then adjusts the "
		    "scale." },
		{ "underflow", "order-clip-first", UNDERFLOW_CORE "With clipping, clip the scaled "
		    "gradients and only afterwards call unscale_.", UNDERFLOW_CORE "With clipping, "
		    "call unscale_ first and clip only afterwards." },
		{ "step-order", "clip-while-scaled", "scaler.scale(loss).backward(), unscale_, "
		    "clip_grad_norm_ on the scaled gradients, step, update.", "scaler.scale(loss)."
		    "backward(), unscale_, clip_grad_norm_, step, update: unscale first, since "
		    "otherwise clip is on the scaled grads, not the real ones." },
		/* a worked softmax with no logits named is the fixture's */
		{ "softmax", "wrong-figure", SOFTMAX_CORE "The exponents become 0 and -1 and the "
		    "softmax comes out at roughly [0.88, 0.12].", SOFTMAX_CORE "Equal logits give "
		    "equal outputs ([0, 0] → [0.5, 0.5]), and here roughly [0.731, 0.269]." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* fresh-ac's leftovers: false claims and readings, worded apart from the
 * set. */
START_TEST(ninth_reading)
{
	static const misc_pair cases[] = {
		{ "cmp-speedup", "scale-rule-reversed", "Not a speedup yet: compare time to fp32's "
		    "validation loss, same seed. Each skipped step doubles the loss scale.", "Not a "
		    "speedup yet: compare time to fp32's validation loss, same seed. Each skipped "
		    "step halves the loss scale." },
		{ "mock-overflow", "scale-fixes-forward", "1e8 overflows fp16 to inf. A larger scale "
		    "at least reduces how often forward values hit inf.", "1e8 overflows fp16 to inf. "
		    "The scale acts on the loss after the forward; use fp32." },
		{ "mock-softmax", "skip-repairs-inf", SOFTMAX_CORE "In training, GradScaler would "
		    "catch and repair this too.", SOFTMAX_CORE "In training, GradScaler cannot catch "
		    "and repair this: it only sees gradients." },
		{ "overflow", "cast-after", "1e8 overflows fp16 in the forward and no loss scale "
		    "helps: just cast the product with (x * y).float().", "1e8 overflows fp16 in the "
		    "forward and no loss scale helps: cast x and y to fp32 before multiplying." },
		{ "overflow", "grads-scaled-after-backward", OVERFLOW_CORE "The scaler multiplies "
		    "the gradients only after optimizer.step().", OVERFLOW_CORE "The scaler divides "
		    "the gradients before optimizer.step()." },
		{ "softmax", "scale-fixes-forward", SOFTMAX_CORE "GradScaler's next iteration then "
		    "repairs the forward inf.", SOFTMAX_CORE "GradScaler's next iteration never "
		    "repairs the forward inf." },
		{ "softmax", "shift-only-max", SOFTMAX_CORE "It only works when the logits are within "
		    "about 10 of each other.", SOFTMAX_CORE "It works whatever the spread of the "
		    "logits." },
		{ "step-order", "scale-grows-every-step", "scaler.scale(loss).backward(), unscale_, "
		    "clip, step (skipped on inf), update: clip needs real gradients. After every "
		    "successful step update() doubles the scale.", "scaler.scale(loss).backward(), "
		    "unscale_, clip, step (skipped on inf), update: clip needs real gradients. After "
		    "2000 successful steps in a row update() doubles the scale." },
		{ "step-order", "skip-replays", "scaler.scale(loss).backward(), unscale_, clip, step, "
		    "update: clip needs real gradients. On inf the scaler halves the scale and reruns "
		    "the batch.", "scaler.scale(loss).backward(), unscale_, clip, step, update: clip "
		    "needs real gradients. On inf the scaler halves the scale and skips the batch." },
		{ "underflow", "big-scale-underflows", UNDERFLOW_CORE "The limit: a larger scale "
		    "makes the gradients underflow even more.", UNDERFLOW_CORE "The limit: a larger "
		    "scale makes the large gradients overflow." },
		{ "underflow", "grads-scaled-after-backward", "1e-8 rounds to zero in fp16. Call "
		    "backward on the ordinary loss and then scale the resulting gradients by S; "
		    "divide before the step.", "1e-8 rounds to zero in fp16. Call backward on the "
		    "loss times S, and then divide the resulting gradients by S before the step." },
		{ "softmax", "softmax-fp64", SOFTMAX_CORE "Or run the softmax in fp64.", SOFTMAX_CORE
		    "Don't run the softmax in fp64: that only moves the cliff." },
		{ "softmax", "wrong-figure", SOFTMAX_CORE "fp16 holds exp(x) for x up to about 6.",
		    SOFTMAX_CORE "fp16 holds exp(x) for x up to about 11." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	/* underflow named as the cause, 0/0, contradicts the overflow */
	expect("softmax", false, "exp(20) is far above fp16's 65504, but the NaN comes from "
	    "underflow, 0/0. Subtract the max logit; the result is [0.731, 0.269], the same "
	    "softmax.");
	expect("softmax", false, "exp(20) is far above fp16's 65504, but the NaN is 0/0. "
	    "Subtract the max logit; the result is [0.731, 0.269], the same softmax.");
	/* a bound said where the scale has a value is on the gradients */
	expect("underflow", true, UNDERFLOW_CORE "Limit: a gradient above 65504/S overflows; "
	    "with S = 65536 that's anything above about 1.");
	/* "[0, −1]" with the minus sign U+2212 is the shifted logits */
	made("mock-softmax", "stable", true, "exp(20) overflows fp16 and inf/inf is NaN. Shifted "
	    "logits [0, −1] give [0.731, 0.269].");
	made("overflow", "scale-no-help", true, "10000 × 10000 = 1e8 overflows fp16 in the "
	    "forward, so the loss is inf whatever S is. Compute it in fp32.");
	made("step-order", "why", true, "Backward on the scaled loss, unscale, clip, step (skips "
	    "on inf), update: the gradients out of backward are blown up by the scale factor.");
}
END_TEST

/* fresh-ae's failed right answers: readings worded apart from the set. */
START_TEST(tenth_reading)
{
	static const misc_pair cases[] = {
		/* a span's last term is not looked for past its sentence's
		 * quote: "... increase the loss scale" mixes up two failures */
		{ "overflow", "inf-raise-scale", "10000 × 10000 = 1e8 overflows fp16 in the forward. "
		    "The loss went inf, so I increased the scale.", "\"Loss is inf, so increase the "
		    "loss scale\" mixes up two failures. 10000 × 10000 = 1e8 overflows fp16 in the "
		    "forward, before any scale; compute it in fp32." },
		/* a harm it can do warns against it */
		{ "overflow", "raise-scale", "10000 × 10000 = 1e8 overflows fp16 to inf in the "
		    "forward. A larger S can fix it.", OVERFLOW_CORE "Turning it up is risky too, "
		    "since a larger S can overflow gradients that were fine." },
		{ "step-order", "scaled-step", "scaler.scale(loss).backward(), then scaler.step(opt); "
		    "you unscale after the step.", "scaler.scale(loss).backward(), unscale_, "
		    "clip_grad_norm_, scaler.step, scaler.update: clipping sees unscaled gradients, "
		    "and the scale update comes after the step decides whether to skip." },
		/* the rule, lowering on an inf, told as what the scaler does */
		{ "mock-underflow", "lower-scale", "1e-8 rounds to zero in fp16. What can GradScaler "
		    "do? Reduce the scale so the gradient fits.", "1e-8 rounds to zero in fp16. What "
		    "can GradScaler do? Multiply the loss by S before backward and unscale before the "
		    "step; if that causes infs, skip the step and reduce the scale." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
	/* telegraphic, not a salad: "over", "typically" relate the words */
	expect("bf16", true, "Range over precision: the fp32 exponent, a 7-bit mantissa; "
	    "GradScaler typically unnecessary.");
	made("overflow", "scale-no-help", true, "10000 × 10000 = 1e8 overflows fp16; S·L = inf "
	    "for any S. Compute it in fp32.");
	made("overflow", "scale-no-help", true, "Raising the scale is backwards: 1e8 overflows "
	    "fp16 in the forward.");
	made("overflow", "scale-no-help", true, "Since the scale is applied to the loss "
	    "afterwards, changing it can't matter: 1e8 overflows fp16.");
	made("bf16", "no-scaling", true, "bf16 has fp32's exponent, so gradients don't underflow "
	    "and scaling buys nothing; its mantissa is 7 bits.");
	made("bf16", "range", true, "Switch for no more inf at 65504; the price is a 7-bit "
	    "mantissa.");
	made("cmp-speedup", "verdict", true, "Step time measures iteration latency, not training "
	    "progress: compare time to fp32's loss.");
	made("step-order", "why", true, "scaler.scale(loss).backward(), unscale_, clip, step "
	    "(skipped on inf), update: before unscale_ the gradients carry the factor S.");
	/* a product of a gradient and a scale, worked and true */
	made("underflow", "scale-loss", true, "1e-8 rounds to zero in fp16. Take S = 2048: 1e-8 × "
	    "2048 ≈ 2.05e-5, representable; divide by S before the step.");
	made("underflow", "scale-loss", false, "1e-8 rounds to zero in fp16. Take S = 2048: 1e-8 × "
	    "2048 ≈ 2.05e-3, representable; divide by S before the step.");
}
END_TEST

#define BF16_BASE "bf16 has fp32's range and a 7-bit mantissa, so loss scaling is usually " \
	"unnecessary. "

/* fresh-ae's passed wrong answers: false claims beside a right core,
 * worded apart from the set. */
START_TEST(eleventh_reading)
{
	static const misc_pair cases[] = {
		/* said not to be exact, and exact */
		{ "overflow", "wrong-figure", OVERFLOW_CORE "10000 can't be stored exactly in fp16.",
		    OVERFLOW_CORE "10000 is stored exactly in fp16." },
		{ "bf16", "bf16-less-memory", BF16_BASE "bf16 tensors take twice the space of fp16 "
		    "ones.", BF16_BASE "bf16 tensors take the same space as fp16 ones." },
		{ "bf16", "bf16-naive-softmax", BF16_BASE "Nothing can overflow in bf16.", BF16_BASE
		    "Values past 3.4e38 still overflow in bf16." },
		{ "bf16", "scale-fixes-forward", "fp16 overflows in the forward, which is what loss "
		    "scaling is there to fix; bf16 has fp32's range and a 7-bit mantissa, so no "
		    "scaler.", "fp16 overflows in the forward, which loss scaling can't fix; bf16 has "
		    "fp32's range and a 7-bit mantissa, so no scaler." },
		{ "mock-overflow", "scale-fixes-forward", "1e8 overflows fp16. A smaller scale "
		    "shrinks the forward values.", "1e8 overflows fp16. No scale shrinks the forward "
		    "values; use fp32." },
		{ "bf16", "bf16-no-master", BF16_BASE "And there's no need for fp32 copies.",
		    BF16_BASE "But keep fp32 copies of the weights." },
		{ "softmax", "max-changes-softmax", SOFTMAX_CORE "The probabilities come out a little "
		    "different.", SOFTMAX_CORE "The probabilities come out the same." },
		{ "mock-overflow", "scale-capped-65504", "1e8 overflows fp16; scaling only affects "
		    "backward. GradScaler starts at its maximum allowed scale.", "1e8 overflows fp16; "
		    "scaling only affects backward. GradScaler starts at 65536 and can grow." },
		{ "overflow", "autocast-all-fp32", OVERFLOW_CORE "Autocast runs matmuls in fp32 "
		    "anyway.", OVERFLOW_CORE "Autocast runs matmuls in fp16, so cast this one." },
		{ "overflow", "bf16-keeps-precision", OVERFLOW_CORE "bf16 would give exactly the same "
		    "result as fp32.", OVERFLOW_CORE "bf16 would give a finite but coarser result "
		    "than fp32." },
		{ "softmax", "softmax-top-one", SOFTMAX_CORE "After the shift the largest logit "
		    "always takes all the probability.", SOFTMAX_CORE "After the shift the largest "
		    "logit takes about 73% of the probability." },
		{ "step-order", "order-zero-late", "scaler.scale(loss).backward(), "
		    "scaler.unscale_(opt), opt.zero_grad(), clip_grad_norm_, scaler.step(opt), "
		    "scaler.update(): clip needs real gradients.", "opt.zero_grad(), "
		    "scaler.scale(loss).backward(), scaler.unscale_(opt), clip_grad_norm_, "
		    "scaler.step(opt), scaler.update(): clip needs real gradients." },
		{ "step-order", "backward-in-autocast", "Everything goes in the autocast block, "
		    "including scaler.scale(loss).backward(); then unscale_, clip, step, update, so "
		    "clip sees real gradients.", "The forward goes in the autocast block, not "
		    "backward: scaler.scale(loss).backward(), unscale_, clip, step, update, so clip "
		    "sees real gradients." },
		{ "softmax", "scale-fixes-itself", SOFTMAX_CORE "In training the softmax overflow "
		    "gets corrected automatically.", SOFTMAX_CORE "In training the softmax overflow "
		    "never gets corrected automatically." },
		{ "underflow", "scaled-step", "1e-8 rounds to zero in fp16. Do "
		    "scaler.scale(loss).backward(), then scaler.step(opt), and after the step you "
		    "call scaler.unscale_(opt).", "1e-8 rounds to zero in fp16. Do "
		    "scaler.scale(loss).backward(), scaler.unscale_(opt), then scaler.step(opt)." },
		{ "overflow", "inf-step-taken", OVERFLOW_CORE "scaler.step() still applies those inf "
		    "gradients.", OVERFLOW_CORE "scaler.step() skips rather than applies those inf "
		    "gradients." },
	};
	charged_pairs(cases, sizeof cases / sizeof cases[0]);
}
END_TEST

/* fresh-af's readings, worded apart from the set: figures read in their
 * place, a ruled-out alternative, and points in other words. */
START_TEST(twelfth_reading)
{
	/* what normalising gives is no value of e^-1 */
	charged("mock-softmax", "wrong-figure", false, SOFTMAX_CORE "Here it gives 1 and e^-1, "
	    "normalised to roughly 0.731 and 0.269.");
	/* the second argument of "exp of 20 and 19" */
	charged("softmax", "wrong-figure", false, "exp of 20 and 19 are way above the fp16 max of "
	    "65504, so both are inf and inf/inf is nan. Subtract the max logit first.");
	/* the product as fp16 holds it is right too */
	charged("underflow", "wrong-figure", false, "1e-8 is below fp16's smallest subnormal, so "
	    "it rounds to zero. GradScaler multiplies the loss by S before backward, and divides "
	    "by S before the step. With S = 1024 the gradient is 1.0252e-5, still a subnormal.");
	made("mock-underflow", "scale-loss", true, "It rounds to 0 in fp16. With a scale of 1024 "
	    "the gradient is 1.024e-5 during backward; divide before the step.");
	/* a working verb, then the harm that rules it out */
	charged("softmax", "clip-logits-fix", false, SOFTMAX_CORE "Clamping the logits to, say, "
	    "11 would stop the inf but destroy the answer.");
	made("step-order", "skip", true, "scaler.scale(loss).backward(), unscale_, clip, then step "
	    "only if every gradient is finite, then update: clip needs real gradients.");
	made("bf16", "no-scaling", true, "bf16 has fp32's exponent and a 7-bit mantissa. Loss "
	    "scaling: in practice you turn it off.");
	made("bf16", "range", true, "Switch for range, pay in mantissa precision; bf16 generally "
	    "needs no loss scaling.");
	charged("bf16", "order-clip-first", true, BF16_BASE "If you keep GradScaler, call "
	    "clip_grad_norm_ first and then scaler.unscale_(optimizer).");
}
END_TEST

/* step-order asks why the order matters: a call's argument named
 * max_norm is no reason, a sentence about max_norm is one. */
START_TEST(reasons_are_prose)
{
	expect("step-order", false, "scaler.scale(loss).backward(), scaler.unscale_(opt), "
	    "clip_grad_norm_(params, max_norm), scaler.step(opt), scaler.update().");
	expect("step-order", true, "scaler.scale(loss).backward(), scaler.unscale_(opt), "
	    "clip_grad_norm_(params, max_norm), scaler.step(opt), scaler.update(): max_norm is "
	    "meant for the real gradients, and update() needs to know whether step skipped.");
}
END_TEST

TCase *
grade_voice_tcase(void)
{
	TCase *tc = tcase_create("voice");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, who_speaks);
	tcase_add_test(tc, replies_and_denials);
	tcase_add_test(tc, figures_in_lists);
	tcase_add_test(tc, false_claims_beside_right_ones);
	tcase_add_test(tc, not_hedges_not_salads);
	tcase_add_test(tc, false_claims_second_reading);
	tcase_add_test(tc, third_reading);
	tcase_add_test(tc, fourth_reading);
	tcase_add_test(tc, fifth_reading);
	tcase_add_test(tc, sixth_reading);
	tcase_add_test(tc, seventh_reading);
	tcase_add_test(tc, eighth_reading);
	tcase_add_test(tc, ninth_reading);
	tcase_add_test(tc, tenth_reading);
	tcase_add_test(tc, eleventh_reading);
	tcase_add_test(tc, twelfth_reading);
	tcase_add_test(tc, reasons_are_prose);
	return tc;
}
