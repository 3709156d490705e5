/*
 * check_grade_claims.c — a right answer beside one false claim fails,
 * naming the claim: one case for every shared misconception (the test
 * fails when one has none) and for the false figure; a hedge that never
 * commits fails; a point the answer denies is not made.
 */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "grade_test.h"

TCase *grade_claims_tcase(void);

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
		{ "softmax", "exp(20) overflows and inf/inf is NaN; divide the logits by the max "
		    "logit first.", "softmax-divide-max" },
		{ "mock-softmax", "exp(20) overflows fp16 and inf/inf is NaN; clamp the logits to "
		    "[-10, 10] before exp.", "clip-logits-fix" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "it; convert the result to fp32 afterwards.", "cast-after" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "it; reduce the learning rate instead.", "lr-fix" },
		{ "softmax", "exp(20) overflows fp16 and inf/inf is NaN; temperature scaling "
		    "fixes it.", "softmax-temperature" },
		{ "overflow", "The product overflows fp16 in the forward and the scale cannot fix "
		    "it; extra mantissa bits would prevent the overflow.",
		    "precision-fixes-overflow" },
		{ "mock-underflow", "It underflows in fp16. GradScaler multiplies the loss by S "
		    "before backward; it also scales the weights.", "scale-weights" },
		{ "underflow", "1e-8 underflows in fp16. Multiply the loss by S before backward and "
		    "unscale before the step; GradScaler doubles the scale whenever gradients "
		    "underflow.", "scale-up-on-zero" },
		{ "mock-overflow", "It overflows fp16 in the forward and a bigger scale cannot fix "
		    "that; gradient clipping prevents the forward overflow.", "clip-fixes-forward" },
		{ "cmp-speedup", "Not a speedup until it reaches fp32's validation loss sooner; "
		    "compare time to that loss. Skipped steps cost nothing.", "skip-free" },
		{ "cmp-speedup", "Not a speedup yet: compare time to fp32's validation loss. The "
		    "lag is harmless.", "lag-harmless" },
		/* a false figure, checked by the engine (check_grade_facts.c) */
		{ "overflow", "The product overflows in the forward pass, since fp16's maximum is "
		    "65535; the scale cannot fix a forward inf, so run it in fp32.", "wrong-figure" },
		/* the lesson layer gives the rubric the GradScaler model's defaults */
		{ "underflow", "1e-8 underflows in fp16. Multiply the loss by S before backward and "
		    "unscale before the step; by default S starts at 2^24.", "wrong-figure" },		/* classes of false claims about the software and the hardware
		 * (shared_runtime.def) and about softmax, worded apart from the
		 * held-out answers they came from */
		{ "overflow", "It overflows in the forward pass: 1e8 is above fp16's 65504, so it "
		    "is inf, and raising the loss scale cannot fix a forward inf; run "
		    "the multiply in fp32 or bf16. In fp16 an overflow throws an "
		    "exception, so you see it at once.",
		    "overflow-raises" },
		{ "mock-overflow", "1e8 overflows fp16's 65504 in the forward, so it is inf; turning "
		    "up the scale does not help, since it only multiplies gradients in "
		    "backward. Past 65504 the value wraps around to a negative number.",
		    "overflow-wraps" },
		{ "overflow", "It overflows in the forward pass: 1e8 is above fp16's 65504, so it "
		    "is inf, and raising the loss scale cannot fix a forward inf; run "
		    "the multiply in fp32 or bf16. Under autocast PyTorch notices the "
		    "inf and falls back to fp32 for that op.",
		    "autocast-retries" },
		{ "softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. Note that autocast "
		    "runs softmax in half precision like every other op.",
		    "autocast-softmax-half" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling multiplies the loss by S before backward and divides "
		    "the gradients by S before the step; too large an S overflows. With "
		    "autocast the entire backward pass runs in fp32 anyway.",
		    "autocast-backward-fp32" },
		{ "overflow", "It overflows in the forward pass: 1e8 is above fp16's 65504, so it "
		    "is inf, and raising the loss scale cannot fix a forward inf; run "
		    "the multiply in fp32 or bf16. Tensor core matmuls accumulate in "
		    "fp16, so big sums overflow too.",
		    "fp16-accumulate" },
		{ "overflow", "It overflows in the forward pass: 1e8 is above fp16's 65504, so it "
		    "is inf, and raising the loss scale cannot fix a forward inf; run "
		    "the multiply in fp32 or bf16. The docs recommend model.half() "
		    "together with autocast.",
		    "half-with-autocast" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward so the gradient survives, then unscales before the "
		    "step. In fact loss.backward() itself divides the gradients by S.",
		    "backward-unscales" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. scaler.update() is what divides the gradients by "
		    "S.",
		    "update-unscales" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. On an inf, scaler.step zeroes the inf entries and "
		    "applies the update with the rest.",
		    "skip-zeroes-entries" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling multiplies the loss by S before backward and divides "
		    "the gradients by S before the step; too large an S overflows. S "
		    "has to be a power of two, otherwise dividing corrupts the "
		    "gradients.",
		    "scale-power-of-two-required" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. It also runs about twice as "
		    "fast as fp16.",
		    "bf16-faster" },
		{ "cmp-speedup", "Not a speedup yet: skipped steps cost time and update nothing. "
		    "Compare the time to reach fp32's validation loss on the same data "
		    "and seed. fp16 has the same throughput as fp32 on tensor cores "
		    "anyway.",
		    "fp16-no-speedup" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. The A100 does not support "
		    "bf16, though.",
		    "bf16-gpu-missing" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. Switching to bf16 just "
		    "means setting allow_tf32.",
		    "bf16-is-tf32" },
		{ "mock-softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. The biggest logit "
		    "then gets probability exactly 1.",
		    "softmax-top-one" },
		{ "softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. F.softmax is naive "
		    "too, so it also overflows in fp16.",
		    "library-softmax-naive" },
		{ "softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. Then feed the "
		    "softmax output into F.cross_entropy.",
		    "cross-entropy-probs" },
		{ "softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. For the loss, "
		    "log(softmax(x)) is just as stable as log_softmax.",
		    "log-softmax-equal" },
		{ "cmp-speedup", "Not a speedup yet: skipped steps cost time and update nothing. "
		    "Compare the time to reach fp32's validation loss on the same data "
		    "and seed. The scaler also holds the learning-rate scheduler still "
		    "on every skipped step.",
		    "scaler-pauses-scheduler" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. clip_grad_norm_ caps every individual gradient "
		    "element at max_norm.",
		    "clip-norm-elementwise" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling multiplies the loss by S before backward and divides "
		    "the gradients by S before the step; too large an S overflows. "
		    "GradScaler keeps an individual scale factor for every layer.",
		    "scale-per-tensor" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling multiplies the loss by S before backward and divides "
		    "the gradients by S before the step; too large an S overflows. A "
		    "different S shifts the optimum the model converges to.",
		    "scale-changes-optimum" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward so the gradient survives, then unscales before the "
		    "step. In unscale_ it multiplies the gradients by S a second time.",
		    "unscale-multiplies" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward so the gradient survives, then unscales before the "
		    "step. It rounds to zero because it is smaller than fp16's machine "
		    "epsilon.",
		    "epsilon-floor" },
		{ "softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first. The two classes then get equal probabilities, since "
		    "the logits are close.",
		    "softmax-uniform" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward so the gradient survives, then unscales before the "
		    "step. Strictly, fp16 rounds the value up to the smallest "
		    "subnormal.",
		    "round-up-subnormal" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. update() resets the scale to init_scale every "
		    "iteration.",
		    "scale-reset" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. When accumulating, call scaler.update() after "
		    "every micro-batch.",
		    "update-per-microbatch" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling multiplies the loss by S before backward and divides "
		    "the gradients by S before the step; too large an S overflows. "
		    "scaler.step checks the loss value itself, not the gradients.",
		    "step-checks-loss" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward so the gradient survives, then unscales before the "
		    "step. Run scaler.scale(loss).backward(), then clip_grad_norm_, "
		    "then unscale_, then step and update.",
		    "order-clip-first" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling multiplies the loss by S before backward and divides "
		    "the gradients by S before the step; too large an S overflows. A "
		    "bare optimizer.step() automatically divides the scale out anyway.",
		    "step-knows-scale" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. unscale_ converts the gradients to fp16 for a "
		    "half-precision optimizer.",
		    "unscale-casts" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward so the gradient survives, then unscales before the "
		    "step. Put differently, scaler.scale divides the loss by a large "
		    "number.",
		    "scale-divides-loss" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. You can also remove "
		    "gradient clipping with bf16.",
		    "clip-is-for-fp16" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. bf16 is the IEEE 754 half "
		    "standard format.",
		    "bf16-ieee-half" },
		{ "overflow", "It overflows in the forward pass: 1e8 is above fp16's 65504, so it "
		    "is inf, and raising the loss scale cannot fix a forward inf; run "
		    "the multiply in fp32 or bf16. Better, keep master weights in fp32 "
		    "so that all activations are automatically fp32.",
		    "fp32-weights-fp32-acts" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. Best run scaler.unscale_(optimizer), then "
		    "optimizer.zero_grad(), then clip and step.",
		    "order-zero-late" },
		/* shared_claims.def: the scaler's rule, casts, kernels and
		 * formats, worded apart from the held-out answers they came from */
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Loss scaling helps by boosting the gradients by S after backward "
		    "is done, then dividing before the step; too large an S overflows.",
		    "grads-scaled-after-backward" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step, update: "
		    "unscale before clipping so the threshold sees real gradients. The "
		    "nan values get zeroed out and the step goes ahead.",
		    "inf-step-taken" },
		{ "cmp-speedup", "Not a speedup yet: compare the time to reach fp32's validation "
		    "loss on the same data and seed. Each skipped step is cheap because "
		    "the scaler skips the backward entirely.",
		    "skip-skips-backward" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, scaler.step, "
		    "update: unscale before clipping so the threshold sees real "
		    "gradients. After scaler.step you still need optimizer.step() to "
		    "apply the update.",
		    "double-step" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward and unscales before the step; it doubles the scale "
		    "whenever it detects an overflow.",
		    "scale-up-on-inf" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Multiply the loss by S before backward and divide the gradients by "
		    "S before the step; the scale doubles after each successful step, "
		    "and too large an S overflows.",
		    "scale-grows-each-step" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Multiply the loss by S before backward and divide the gradients by "
		    "S before the step. The only limit is compute time.",
		    "scale-always-fits" },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, so it flushes to zero. "
		    "Multiply the loss by S before backward and divide the gradients by "
		    "S before the step, though the two factors cancel out so scaling is "
		    "useless; too large an S overflows.",
		    "scale-no-op" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. Casting fp32 weights into "
		    "bf16 is exact.",
		    "cast-lossless" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. The hardware uses "
		    "stochastic rounding for every bf16 op.",
		    "hw-stochastic-rounding" },
		{ "overflow", "It overflows in the forward pass: 1e8 is above fp16's 65504, so it "
		    "is inf, and raising the loss scale cannot fix a forward inf. TF32 "
		    "replaces fp16 once you turn it on, so that fixes it.",
		    "tf32-replaces-fp16" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. Likewise e5m2 needs no "
		    "scaling at all.",
		    "fp8-needs-no-scale" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary. bf16 retains fp16 "
		    "precision as well.",
		    "bf16-keeps-precision" },
		{ "mock-underflow", "It flushes to zero in fp16. GradScaler multiplies the loss by S "
		    "before backward and unscales before the step. bf16 would flush "
		    "sooner still.",
		    "bf16-underflows-sooner" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. Keep the scaler off, since "
		    "a scale of 65536 sends gradients over bf16's range.",
		    "bf16-scale-overflows" },
		{ "bf16", "bf16 keeps fp32's exponent range, so overflow and underflow are "
		    "rare and loss scaling is usually unnecessary; it gives up "
		    "precision, 7 mantissa bits against 10. Autocast only supports "
		    "float16, so cast the model yourself.",
		    "autocast-no-bf16" },
		{ "step-order", "Autocast forward, scaled backward, unscale_, clip, step (skipped "
		    "on inf), update: unscale before clipping so the threshold sees "
		    "real gradients. Skipping the step repairs the overflow for good.",
		    "skip-repairs-inf" },
		{ "softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. Also add a tiny "
		    "epsilon to the denominator for safety.",
		    "softmax-denominator-zero" },
		{ "mock-softmax", "exp(20) overflows fp16 to inf and inf/inf is NaN; subtract the max "
		    "logit first, which gives about [0.731, 0.269]. In fp32 you can "
		    "drop the shift.",
		    "drop-max-shift" },
		{ "mock-underflow", "1e-8 flushes to zero in fp16; GradScaler multiplies the loss by "
		    "S before backward and divides the gradients by S before the step. In the "
		    "loop call update() first and then step(), so the new scale is used at once.",
		    "order-step-first" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		grade_rubric *r = grade_test_rubric(grade_test_top(), cases[i][0]);
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
		for (size_t k = 0; grade_claim_cases_api[k][0]; k++)
			tested |= strcmp(grade_claim_cases_api[k][2], id) == 0;
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
		grade_rubric *r = grade_test_rubric(grade_test_top(), hedges[i][0]);
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
		grade_rubric *r = grade_test_rubric(grade_test_top(), denied[i][0]);
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
grade_claims_tcase(void)
{
	TCase *tc = tcase_create("claims");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, false_claim_beside_right_fails);
	return tc;
}
