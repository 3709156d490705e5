/*
 * check_grade_claims_api.c — false claims about the library, the
 * hardware and memory beside a right answer fail, naming the claim; the
 * true statements nearest each of them pass.  The cases of the shared
 * misconceptions here count for check_grade_claims.c's rule that every
 * one has a case (grade_claim_cases_api).  Figures of size (bytes), of
 * reach, of overflow past a figure, of a scaled value, of a power set
 * equal to a decimal, of a softmax worked from the exponentials named,
 * of a range of digits, of a default and of a figure set against a
 * format's quantity are checked against the engine.
 */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"
#include "grade_test.h"

TCase *grade_claims_api_tcase(void);	/* added by check_grade.c */

static const char *const core_under = "1e-8 is below fp16's smallest subnormal and rounds "
    "to zero; GradScaler multiplies the loss by S before backward and divides the "
    "gradients by S before the step, unless S times g overflows. ";
static const char *const core_over = "10000 x 10000 = 1e8 is past fp16's 65504, so the "
    "forward is inf and no loss scale can repair it; run that op in fp32 or bf16. ";

const char *const grade_claim_cases_api[][3] = {
	{ "underflow", "fp16's smallest subnormal is 2^-24, and 1e-8 gets rounded up to that. Scale "
	    "the loss by S before backward and unscale before the step; too large an S overflows.",
	    "rounds-up-to-subnormal" },
	{ "softmax", "The exps overflow fp16 so you get inf/inf = NaN. Centre the logits by "
	    "subtracting their mean, which works for any input.", "subtract-mean" },
	{ "softmax", "exp(20) and exp(19) overflow to inf in fp16. The NaN comes from the sum: "
	    "inf + inf is undefined, so the denominator is NaN. Subtract the max logit first.",
	    "inf-plus-inf-nan" },
	{ "underflow", "1e-8 is below fp16's smallest subnormal and rounds to 0. Scale the loss by "
	    "S before backward and unscale before the step. The limit is speed: scaling every "
	    "gradient costs about as much as a second backward pass.", "scale-slow" },
	{ "mock-softmax", "exp(20) overflows fp16, so you get NaN. Compute the softmax normally "
	    "and then subtract the max probability from each output.", "subtract-after-softmax" },
	{ "cmp-speedup", "Not a speedup: compare wall-clock time to the same loss as fp32 with the "
	    "same data and seed. The skipped steps themselves don't cost any time, since "
	    "GradScaler detects the overflow before the forward and backward run.",
	    "skip-costs-nothing" },
	{ "mock-softmax", "exp(20) is inf in fp16, so inf/inf = NaN. To fix it, take torch.log of "
	    "the naive softmax output, then exponentiate back.", "log-after-naive" },
	{ "underflow", "1e-8 is below fp16's smallest subnormal and rounds to 0. Scale the loss by "
	    "S before backward and unscale before the step. Clip the gradients right after "
	    "backward while they are still scaled, where they are safely in range.",
	    "clip-while-scaled" },
	{ "underflow", "1e-8 is below fp16's smallest subnormal and rounds to 0. Scale the loss by "
	    "S before backward and unscale before the step. A big S is safe: fp16 simply "
	    "clamps them to 65504.", "fp16-saturates" },
	{ "overflow", "10000 x 10000 produces NaN in fp16, and the loss shows it. The scale acts "
	    "after the forward, so compute the product in fp32.", "overflow-nan" },
	{ "underflow", "Under autocast the Adam moments are stored in fp16 too.", "state-in-half" },
	{ "underflow", "Before training, cast the model yourself: GradScaler needs the "
	    "parameters in half.", "scaler-needs-half" },
	{ "overflow", "Doing it in single costs four times the activation memory of bf16.",
	    "memory-ratio" },
	{ "underflow", "scaler.step runs update() itself, so you never write that call.",
	    "step-calls-update" },
	{ "underflow", "Clip after unscale_, because S shrinks the gradients to tiny values.",
	    "scale-shrinks-grads" },
	{ "underflow", "For that it saves a second copy of every gradient.", "scaler-keeps-copies" },
	{ "overflow", "On an H100 the tensor cores silently promote overflowing half values "
	    "to fp32 anyway.", "hw-auto-promote" },
	{ "underflow", "Mind that GradScaler only works on Ampere or newer cards.",
	    "scaler-needs-ampere" },
	{ "mock-underflow", "Really it rounds to zero because the scaler multiplies it.",
	    "scaler-causes-zero" },
	{ "overflow", "bf16 would not help, being 1 exponent field of 8 bits and 7 mantissa bits "
	    "with no sign bit at all.", "no-sign-bit" },
	{ "softmax", "Half precision has no way to encode infinity, so the overflow lands as NaN.",
	    "fp16-no-inf" },
	{ "softmax", "Summing the two overflowed terms computes inf - inf, hence NaN.", "inf-sum-nan" },
	{ "overflow", "The product is too large for the normal range, so it is stored as a "
	    "subnormal and then blows up.", "large-as-subnormal" },
	{ "cmp-speedup", "To stop the skips, use optimizer.step() directly instead of "
	    "scaler.step.", "bypass-scaler-step" },
	{ "underflow", "The scaler halves the scale after 2000 clean steps.", "scale-rule-reversed" },
	{ "underflow", "We scale the loss because fp16 maxes out at 65504.", "scale-for-overflow" },
	{ "underflow", "scaler.update() is only called when a step was skipped.",
	    "update-only-on-skip" },
	{ "underflow", "torch.autocast applies the loss scaling automatically in fp16.",
	    "autocast-scales" },
	{ "underflow", "On an A100 the tensor cores unscale the gradients themselves.",
	    "hw-unscales" },
	{ "underflow", "Loss scaling is unnecessary on modern Ampere GPUs, even in fp16.",
	    "hw-no-scaling" },
	{ "underflow", "The catch is that unscaling always happens in fp16, so it is lost again.",
	    "unscale-in-half" },
	{ "bf16", "A model trained in bf16 can always be served in fp16 without any risk.",
	    "bf16-to-fp16-safe" },
	{ "bf16", "With its range bf16 fixes NaN trouble across the whole model.", "bf16-fixes-all" },
	{ "softmax", "That works only when c is exactly the maximum logit.", "shift-only-max" },
	{ "underflow", "If S is too small the scaled gradients overflow.", "scale-small-overflows" },
	{ "underflow", "Accumulating, you must call unscale_ after each microbatch.",
	    "unscale-each-microbatch" },
	{ "bf16", "Any bf16 model can be served in fp16 with no risk at all.", "bf16-to-fp16-safe" },
	{ "mock-underflow", "When the scaler sees an inf it doubles S.", "scale-up-on-inf" },
	{ "overflow", "The product comes out as NaN straight away.", "overflow-gives-nan" },
	{ "overflow", "bf16 is 16 bits too and tops out around the same value.", "bf16-fp16-limit" },
	{ "underflow", "H100 tensor cores use an extended fp16 with a wider exponent.",
	    "hw-auto-promote" },
	{ "softmax", "Adding two infinities in the sum is what produces the NaN.", "inf-sum-nan" },
	{ "softmax", "GradScaler skips and keeps halving the scale until the softmax is finite.",
	    "scale-fixes-itself" },
	{ "step-order", "Scaled backward, then optimizer.zero_grad(), then unscale_, clip, step, "
	    "update.", "order-zero-late" },
	{ "step-order", "Note that unscale_ materialises a second, full copy of every gradient.",
	    "scaler-keeps-copies" },
	{ "mock-softmax", "Autocast automatically reruns any op in fp32 anyway.", "autocast-retries" },
	{ "bf16", "Call model.bfloat16() and then run it inside torch.autocast.",
	    "half-with-autocast" },
	{ "bf16", "Keep GradScaler: torch.autocast raises an error without a scaler.",
	    "autocast-needs-scaler" },
	{ "cmp-speedup", "The per-step gain is safe: fp16 is the same 2x speedup on any GPU.",
	    "speedup-guaranteed" },
	{ "mock-overflow", "GradScaler caps its scale at 65504 anyway.", "scale-capped-65504" },
	{ "mock-underflow", "GradScaler also runs the backward in fp32 for safety.",
	    "scaler-fp32-backward" },
	{ "softmax", "Call F.softmax(x, dim=-1, stable=True) instead.", "invented-api" },
	{ "step-order", "Clipping first would fail since clip_grad_norm_ changes the scaler's "
	    "internal scale.", "clip-changes-scale" },
	{ "step-order", "Here unscale_ converts the weights to fp32 masters.",
	    "unscale-converts-weights" },
	{ "underflow", "scaler.step() unscales and clips automatically, so order is moot.",
	    "step-clips" },
	{ "underflow", "Keep in mind it only works with SGD.", "scaler-sgd-only" },
	{ "softmax", "It is exact, because softmax is scale-invariant.", "softmax-scale-invariant" },
	{ "bf16", "Keep the scaler: torch.autocast raises an error if no scaler wraps the optimizer.",
	    "autocast-needs-scaler" },
	/* wordings met later, each worded apart from the answer it came from */
	{ "overflow", "Autocast always computes all matmuls in fp32, so only manual .half() code "
	    "overflows.", "autocast-all-fp32" },
	{ "softmax", "nn.CrossEntropyLoss expects probabilities, so feed it the softmax output.",
	    "cross-entropy-probs" },
	{ "softmax", "F.softmax runs the same naive exp-and-divide internally.",
	    "library-softmax-naive" },
	{ "underflow", "An fp16 matrix multiply accumulates its sums in fp16 on every GPU.",
	    "fp16-accumulate" },
	{ "bf16", "fp32 accumulators are not needed once you train in bf16.", "fp16-accumulate" },
	{ "bf16", "bf16 gets twice the throughput of fp16 on Ampere.", "bf16-faster" },
	{ "underflow", "unscale_ multiplies each .grad by the loss scale to bring it back.",
	    "unscale-multiplies" },
	{ "underflow", "scaler.scale multiplies the model weights by S for the backward.",
	    "scale-weights" },
	{ "underflow", "On an inf, scaler.step sets them to zero and applies the update anyway.",
	    "skip-zeroes-entries" },
	{ "underflow", "scaler.step caps overflowed gradients at 65504 and steps anyway.",
	    "skip-zeroes-entries" },
	{ "underflow", "On H100 the tensor cores apply loss scaling automatically.", "hw-no-scaling" },
	{ "softmax", "Softmax is invariant to scaling all the logits, so divide them by 10.",
	    "softmax-scale-invariant" },
	{ "underflow", "fp16 can't represent values below 6.1e-5.", "fp16-no-subnormals" },
	{ "underflow", "Run backward first, then multiply the .grad tensors by S.",
	    "grads-scaled-after-backward" },
	{ "underflow", "GradScaler scales the gradients by S after optimizer.step().",
	    "grads-scaled-after-backward" },
	{ "bf16", "PyTorch refuses to run backward on a bf16 loss, so keep a GradScaler.",
	    "bf16-needs-scaler" },
	{ "underflow", "scaler.step already adjusts its scale internally.", "step-calls-update" },
	{ "underflow", "After an inf, it halves the optimizer's learning rate and tries again.",
	    "scale-lr" },
	{ "underflow", "update() multiplies S by two after each step, so S keeps climbing.",
	    "scale-grows-each-step" },
	{ "mock-overflow", "Pick a scale below 1 so the forward product shrinks into range.",
	    "scale-multiplies-forward" },
	{ "mock-overflow", "It is a precision failure: the mantissa cannot hold 1e8.",
	    "precision-cause" },
	{ "softmax", "Infinity divided by infinity yields 0 under IEEE rules.", "inf-over-inf-one" },
	{ "overflow", "Use fp32 for it; fp32 and bf16 arrays occupy the same space in GPU memory.",
	    "half-saves-no-memory" },
	{ "bf16", "The hardware stores fp16 values padded to 32 bits, so nothing is saved.",
	    "half-saves-no-memory" },
	{ "bf16", "On CUDA, autocast defaults to bfloat16, so no dtype is needed.",
	    "autocast-default-bf16" },
	{ "bf16", "Never pair them: GradScaler and bf16 are incompatible.", "scaler-breaks-bf16" },
	{ "underflow", "Dividing by S later means gradients that had already become zero are "
	    "restored.", "zero-restored" },
	{ "underflow", "A too large S pushes the gradients down into the subnormal range.",
	    "big-scale-underflows" },
	{ "underflow", "After an inf the scaler rolls back the weights to the last good state.",
	    "skip-rolls-back" },
	{ "bf16", "A naive softmax is completely exact in bf16, so keep exp(x)/sum(exp(x)).",
	    "bf16-naive-softmax" },
	{ "cmp-speedup", "Those steps still count: GradScaler still applies a reduced update there.",
	    "inf-step-taken" },
	{ "cmp-speedup", "The skips are caused by gradients underflowing to zero.", "skip-wrong-cause" },
	{ "mock-overflow", "Even fp32 fails here; only fp64 can hold the product.",
	    "wide-overflows-1e8" },
	{ "softmax", "Note that autocast runs softmax in fp16 to save memory.",
	    "autocast-softmax-half" },
	{ "underflow", "Then call scaler.unscale_(optimizer) a second time, just to be sure.",
	    "unscale-twice" },
	{ "underflow", "With loss scaling you no longer need fp32 master weights.",
	    "scale-fixes-updates" },
	{ "underflow", "If some overflow, GradScaler clamps them to 65504 and goes on.",
	    "skip-zeroes-entries" },
	{ "mock-overflow", "It fails because of precision: fp16 keeps 3 digits and 1e8 has 9.",
	    "precision-cause" },
	{ "softmax", "Subtract the minimum logit: that is just as stable.", "subtract-min" },
	{ "step-order", "Unscale first: the catch is that clipping itself multiplies the gradients by S again.",
	    "clip-multiplies" },
	{ "underflow", "Past its smallest value an underflow gives NaN, not zero.", "underflow-nan" },
	{ "bf16", "bf16 needs twice as much memory as fp16 for its wider exponent.",
	    "half-saves-no-memory" },
	{ "mock-underflow", "The scale makes all intermediate tensors of the forward S times "
	    "larger too.", "scale-multiplies-forward" },
	{ "softmax", "exp(20) is inf in fp16 and in fp32 alike.", "wide-overflows-1e8" },
	{ "step-order", "When it found an inf, update() doubles the scale.", "scale-up-on-inf" },
	{ "step-order", "Should the gradients hold a NaN, scaler.step throws an exception.",
	    "step-raises" },
	{ "step-order", "The scaler only skips on NaN; inf values go to the optimizer as they are.",
	    "step-skips-nan-only" },
	{ "step-order", "Clipping scaled gradients is too permissive, which is the bug.",
	    "clip-too-lenient" },
	{ "overflow", "Under autocast every operation is cast to half anyway.", "autocast-all-fp16" },
	{ "overflow", "And autocast can't be switched off for one block.", "autocast-all-fp16" },
	{ "overflow", "Keeping an fp32 master copy prevents this overflow as well.",
	    "master-fixes-forward" },
	{ "underflow", "Bear in mind multiplication by S introduces rounding error in every "
	    "gradient.", "scale-adds-rounding" },
	{ "underflow", "Or use a bigger learning rate, which boosts those gradients as well.", "lr" },
	{ "step-order", "Then scaler.step divides the gradients by S a second time.", "unscale-twice" },
	{ "softmax", "A higher loss scale also stops the overflow of the exponentials.",
	    "scale-fixes-forward" },
	{ "underflow", "When a forward activation hits inf, raising the scale brings it back.",
	    "scale-fixes-forward" },
	{ "underflow", "It is equivalent to scaling the network's weights by the factor first.",
	    "scale-weights" },
	{ "underflow", "Keep S moderate: with the scale too high the small gradients vanish.",
	    "big-scale-underflows" },
	{ "underflow", "Numbers under fp16's epsilon cannot be stored at all.", "epsilon-floor" },
	{ "softmax", "Compute exp(x) and subtract the maximum from those values before dividing.",
	    "softmax-subtract-after" },
	{ "softmax", "A finite numerator over an infinite sum is undefined, hence the NaN.",
	    "finite-over-inf" },
	{ "softmax", "So you divide a finite number by infinity, which is undefined.",
	    "finite-over-inf" },
	{ "bf16", "Subtracting the largest logit is unnecessary in bf16, so drop it.",
	    "bf16-naive-softmax" },
	{ "step-order", "When scaler.step sees a NaN it simply skips the weights whose gradients "
	    "hold it.", "skip-still-updates" },
	{ "mock-underflow", "The scale doubles after each successful step.", "scale-grows-every-step" },
	{ "bf16", "bf16's range is even larger than fp32's, so nothing overflows.",
	    "bf16-wider-than-fp32" },
	{ "underflow", "And if the loss ever becomes inf, just turn the scale up further.",
	    "inf-raise-scale" },
	{ "mock-overflow", "1e8 is past fp16's range and also past what fp32 can hold.",
	    "wide-overflows-1e8" },
	{ "mock-softmax", "Then multiply the outputs by e^20 afterwards to undo the shift.",
	    "softmax-undo-shift" },
	{ "step-order", "You may call unscale_ as often as you like in one iteration.", "unscale-twice" },
	{ "bf16", "With bf16 the stable softmax and fp32 accumulation become unnecessary.",
	    "bf16-naive-softmax" },
	{ "cmp-speedup", "Switch to bf16, with fp32's range and the same precision too.",
	    "bf16-more-precise" },
	{ "softmax", "exp of large numbers underflows in fp16, so it is 0/0.", "exp-large-underflows" },
	{ "step-order", "clip_grad_norm_ needs fp32, and unscale_ is what casts the gradients to fp32.",
	    "unscale-casts" },
	{ "step-order", "No separate scaler.update() call is needed after that.", "step-calls-update" },
	{ "step-order", "scaler.unscale_(opt), clip_grad_norm_, opt.zero_grad(), scaler.step(opt).",
	    "order-zero-late" },
	{ "step-order", "GradScaler keeps S as an fp16 scalar next to the gradients.", "scale-in-fp16" },
	{ "step-order", "Clip before unscaling and the threshold is effectively 65536 times looser.",
	    "clip-too-lenient" },
	{ "underflow", "Loss scaling works by multiplying the inputs and activations by S.",
	    "scale-multiplies-forward" },
	{ "underflow", "It scales the forward too, so tiny activations stop underflowing.",
	    "scale-fixes-forward" },
	{ "overflow", "fp16 is squeezed at both ends: anything below its smallest normal, 6.1e-5, "
	    "is flushed to zero.", "fp16-no-subnormals" },
	{ "mock-overflow", "Then clipping caps the inf gradients at max_norm.", "clip-caps-inf" },
	{ "cmp-speedup", "With many skipped steps the fix is to set init_scale higher.",
	    "raise-scale-skips" },
	{ "overflow", "bf16 is the more precise of the two halves.", "bf16-more-precise" },
	{ "mock-softmax", "bf16 has the range of fp32 and the precision of fp16.", "bf16-more-precise" },
	{ "bf16", "In bf16 the naive exp(x)/sum(exp(x)) softmax becomes safe in bf16 too.",
	    "bf16-naive-softmax" },
	{ "overflow", "You subtract the max, which slightly approximates the softmax.",
	    "max-changes-softmax" },
	{ "softmax", "Loss scaling is for stopping tiny weight updates from vanishing.",
	    "scale-fixes-updates" },
	{ "overflow", "fp32 would overflow as well; you'd need float64 for 1e8.", "wide-overflows-1e8" },
	{ "step-order", "When step found an inf it doubles the scale.", "scale-up-on-inf" },
	{ "step-order", "2) scaler.scale(loss).backward() 3) optimizer.zero_grad() 4) "
	    "scaler.unscale_(opt).", "order-zero-late" },
	{ "mock-underflow", "Scaling the loss also scales the activations in the forward pass.",
	    "scale-multiplies-forward" },
	{ "overflow", "Call clip_grad_norm_ before scaler.unscale_ so the clip sees the scaled "
	    "gradients and the threshold stays fixed.", "order-clip-first" },
	{ "step-order", "After a skipped step, do not call scaler.update() at all.", "skip-no-update" },
	{ "underflow", "0.00000001 has too many decimal places for three digits.", "decimal-places" },
	{ "underflow", "Or let gradient clipping boost the small gradients up to a floor.",
	    "clip-raises-small" },
	{ "underflow", "fp16 cannot store any nonzero value below the smallest normal.",
	    "fp16-no-subnormals" },
	{ "mock-underflow", "Note that GradScaler holds its scale as an fp16 number.", "scale-in-fp16" },
	{ "overflow", "Loss scaling is what keeps tiny weight updates from vanishing in fp16 weights.",
	    "scale-fixes-updates" },
	{ "softmax", "The shift costs a slight bias, which is acceptable.", "max-changes-softmax" },
	{ "bf16", "In bf16 subtracting the largest logit becomes unnecessary.", "bf16-naive-softmax" },
	{ "underflow", "The scaler covers both ends: forward overflow is handled too.",
	    "scale-fixes-forward" },
	{ "softmax", "A lower loss scale reduces the forward logits as well.", "scale-multiplies-forward" },
	{ "cmp-speedup", "On a skipped step the optimizer still steps with momentum.",
	    "skip-still-updates" },
	{ "underflow", "The scaler saturates each overflowing gradient to 65504.",
	    "skip-zeroes-entries" },
	{ "underflow", "There is no real downside to a huge scale.", "scale-no-limit" },
	{ "softmax", "exp returns NaN for 20 in fp16, which then spreads.", "overflow-gives-nan" },
	{ "softmax", "In fp32 the range is practically unlimited, so naive is fine there.",
	    "fp32-naive-softmax" },
	/* fresh-z's false claims, worded apart */
	{ "step-order", "Once the run has been clean for 2000 iterations, update() halves the scale.",
	    "scale-rule-reversed" },
	{ "softmax", "Dividing infinity by any number at all yields NaN.", "inf-div-any-nan" },
	{ "step-order", "You may leave out clip_grad_norm_: GradScaler performs clipping "
	    "automatically.", "step-clips" },
	{ "overflow", "Keeping fp32 master weights prevents that forward overflow.",
	    "master-fixes-forward" },
	{ "softmax", "The max subtraction only works when all the logits are positive.",
	    "max-needs-positive" },
	{ "softmax", "Even after the shift all the exps can underflow to 0, so you get 0/0.",
	    "shift-gives-nan" },
	{ "underflow", "bf16 has a narrower exponent range, so gradients underflow even sooner.",
	    "bf16-narrow-exponent" },
	{ "bf16", "Tensor cores only accelerate bf16 matmuls.", "fp16-no-tensor-cores" },
	{ "underflow", "A value like 1e-8 needs too many digits for a 16-bit float.",
	    "decimal-places" },
	{ "mock-overflow", "Gradient clipping will remove the inf.", "clip-caps-inf" },
	{ "mock-overflow", "It cannot exceed 65504 anyway: the scaler keeps it in fp16.",
	    "scale-in-fp16" },
	{ "softmax", "A big loss scale also shields the logits from overflowing.",
	    "scale-fixes-forward" },
	{ "bf16", "Converting fp32 tensors to bf16 and back is lossless in range.", "cast-lossless" },
	{ "softmax", "Autocast runs softmax in fp16 just like the matmuls.", "autocast-softmax-half" },
	{ "bf16", "Older GPUs are fine, but fp16 cannot run on the tensor cores of an A100.",
	    "fp16-no-tensor-cores" },
	{ "step-order", "GradScaler divides the loss so the gradients stay small in backward.",
	    "scale-divides-loss" },
	{ "softmax", "Shift by the max, but only after the exponentials are taken.",
	    "subtract-after-softmax" },
	/* fresh-i's false claims, worded apart */
	{ "bf16", "Loss scaling is what keeps the gradient norm small enough to be safe.",
	    "scale-bounds-norms" },
	{ "cmp-speedup", "On an inf the scaler reruns the same batch at a lower scale.",
	    "skip-replays" },
	{ "mock-underflow", "Inside scaler.step the learning rate is divided by S.", "scale-lr" },
	{ "overflow", "An fp16 overflow wraps around, giving large negative numbers.", "overflow-wraps" },
	{ "overflow", "fp16 represents values beyond 65504 as subnormals.", "large-as-subnormal" },
	{ "step-order", "Value clipping is scale invariant, so order does not matter for it.",
	    "value-clip-invariant" },
	{ "underflow", "A shorter mantissa makes gradients underflow.",
	    "bf16-underflows-sooner" },
	{ "step-order", "After an inf, update() resets the scale to init_scale.", "scale-reset" },
	{ "step-order", "unscale_ recomputes backward at the true scale.", "unscale-reruns-backward" },
	{ "underflow", "The scaler can never grow above its initial 65536.", "scale-never-grows" },
	{ "underflow", "1e-8 is below fp16's smallest subnormal and rounds to 0. Scale the loss by "
	    "S before backward and unscale before the step. Since the whole graph is scaled, "
	    "it also stops tiny forward activations from flushing.", "scale-fixes-forward" },
	{ "mock-overflow", "1e8 is past 65504, so the forward is inf and no scale repairs it. The "
	    "scale earns its keep elsewhere: it stops small updates from being lost when "
	    "they are added to half-precision weights.", "scale-fixes-updates" },
	{ "underflow", "1e-8 is below fp16's smallest subnormal and rounds to 0. Scale the loss by "
	    "S before backward and unscale before the step. The scaler holds S as a half value, "
	    "an fp16 number and so at most 65504.", "scale-in-fp16" },
	{ "bf16", "bf16 keeps fp32's exponent range at 7 mantissa bits, so loss scaling is "
	    "usually unnecessary. And bf16 cannot give NaN or inf at all, whatever you compute.",
	    "bf16-no-inf" },
	{ "bf16", "bf16 keeps fp32's exponent range at 7 mantissa bits, so loss scaling is "
	    "usually unnecessary for range. Keep it for precision though: multiplying by the "
	    "scale gives the gradients more mantissa bits.", "scale-adds-precision" },
	{ NULL, NULL, NULL }
};

static const char *
core_of(const char *id)
{
	return strstr(id, "overflow") ? core_over : core_under;
}

static bool
charged(const char *id, const char *extra, const char *misc, grade_result *res)
{
	char a[1200];
	snprintf(a, sizeof a, "%s%s", core_of(id), extra);
	grade_rubric *r = grade_test_rubric(grade_test_top(), id);
	ck_assert(grade_answer(r, a, strlen(a), res));
	bool named = false;
	for (size_t k = 0; k < res->nmiscs; k++)
		named |= misc == NULL || strcmp(res->miscs[k].id, misc) == 0;
	named = named && (misc != NULL || res->nmiscs > 0);
	bool pass = res->pass;
	grade_result_free(res);
	grade_rubric_free(r);
	return misc ? named && !pass : named;
}

START_TEST(library_hardware_memory_claims)
{
	grade_result res;
	for (size_t i = 0; grade_claim_cases_api[i][0]; i++)
		ck_assert_msg(charged(grade_claim_cases_api[i][0], grade_claim_cases_api[i][1],
		    grade_claim_cases_api[i][2], &res), "'%s' is not charged with %s",
		    grade_claim_cases_api[i][1], grade_claim_cases_api[i][2]);
	/* the true statements beside them charge nothing */
	static const char *const fine[][2] = {
		{ "underflow", "Autocast keeps the master weights and Adam state in fp32; only "
		    "the ops' inputs are fp16." },
		{ "overflow", "In bf16 the product 1e8 never gives inf: it is finite, just coarse." },
		{ "bf16", "A power-of-two scale changes no mantissa bit, so it buys no precision." },
		{ "underflow", "Never call model.half() with GradScaler: it wants fp32 parameters." },
		{ "overflow", "fp32 takes twice the memory of bf16 for the values it holds." },
		{ "underflow", "scaler.step does not call update(), so call scaler.update() after it." },
		{ "underflow", "The scaled gradients are S times larger, which is why clipping "
		    "them needs unscale_ first." },
		{ "mock-underflow", "Without the scaler it rounds to zero; scaling keeps it." },
		{ "overflow", "fp16 is the same IEEE binary16 format on every GPU." },
		{ "overflow", "bf16 keeps a sign bit, 8 exponent bits and 7 mantissa bits." },
		{ "softmax", "fp16 encodes inf with an all-ones exponent, so the overflow is inf and "
		    "inf/inf is NaN; the sum of two infs is inf." },
		{ "underflow", "Values below 2^-14 are stored as subnormals, down to 2^-24." },
		{ "underflow", "The scaler doubles the scale after 2000 clean steps and halves it "
		    "on an inf." },
		{ "underflow", "scaler.update() is called on every iteration, skipped or not." },
		{ "underflow", "Unscaling happens in fp32 on the fp32 gradients, so 1e-8 comes back." },
		{ "bf16", "Serving a bf16 model in fp16 is risky: values past 65504 overflow." },
		{ "softmax", "Any constant works for the shift; the max is chosen so exponents stay at "
		    "most 0." },
		{ "underflow", "If S is too large the scaled gradients overflow; too small and they "
		    "still underflow." },
		{ "underflow", "Accumulating, call unscale_ once, after the last microbatch." },
		{ "overflow", "Autocast runs matmuls in fp16 and keeps reductions such as softmax in "
		    "fp32." },
		{ "softmax", "F.cross_entropy expects logits rather than probabilities and applies "
		    "log_softmax itself." },
		{ "underflow", "Tensor cores multiply fp16 inputs but accumulate in fp32." },
		{ "underflow", "fp16's normal values stop at 6.1e-5; below that come subnormals." },
		{ "bf16", "With fp16 you are always tuning GradScaler; bf16 mostly lets you drop it." },
		{ "mock-underflow", "It can't do anything about a forward inf, though." },
		{ "softmax", "inf divided by inf is NaN, not 0, and 0 divided by 0 is NaN too." },
		{ "overflow", "fp32 takes twice the memory of fp16, so widen only that op." },
		{ "bf16", "On the CPU autocast defaults to bfloat16; on CUDA pass dtype=torch.bfloat16." },
		{ "bf16", "GradScaler still works with bf16; it is simply unnecessary there." },
		{ "underflow", "A gradient that already became zero cannot be restored by dividing by S." },
		{ "underflow", "If S is too small the gradients still underflow; too large and they "
		    "overflow." },
		{ "cmp-speedup", "A skipped step applies no update: the weights stay as they were." },
		{ "mock-overflow", "It is range, not precision: 1e8 is past fp16's 65504." },
		{ "softmax", "Subtract the max, not the minimum: then every exponent is at most 0." },
		{ "step-order", "Clipping scales the gradients down to max_norm; it never multiplies by S." },
		{ "underflow", "An underflow gives zero, not NaN; NaN comes from inf/inf." },
		{ "step-order", "When it found an inf, update() halves the scale." },
		{ "underflow", "GradScaler(backoff_factor=0.25) quarters the scale on an overflow." },
		{ "step-order", "scaler.step skips the step on an inf or NaN; calling unscale_ twice "
		    "raises a RuntimeError." },
		{ "step-order", "Clipping the scaled gradients clips far too hard: the threshold is "
		    "met by gradients S times too small." },
		{ "overflow", "Autocast runs this matmul in fp16; autocast(enabled=False) turns it off "
		    "for the block." },
		{ "overflow", "fp32 master weights do not stop the forward overflow." },
		{ "underflow", "Multiplying by S, a power of two, adds no rounding error." },
		{ "underflow", "A larger learning rate cannot revive a zero gradient." },
		{ "step-order", "scaler.step does not divide by S again once you called unscale_." },
		{ "underflow", "A larger scale brings the small gradients into range." },
		{ "underflow", "If the scale is too high the gradients overflow, too low and they "
		    "underflow." },
		{ "softmax", "Subtract the largest logit before taking exp." },
		{ "softmax", "A finite number divided by inf is 0; the NaN is inf/inf." },
		{ "step-order", "Call scaler.update() after every step, skipped or not." },
		{ "underflow", "The leading zeros cost nothing: 1e-8 is simply below fp16's range." },
		{ "step-order", "Clipping only scales large gradients down; it never raises small ones." },
		{ "underflow", "Below the smallest normal fp16 still stores subnormals, down to 2^-24." },
		{ "underflow", "GradScaler holds its scale as an fp32 number, 65536 by default." },
		{ "underflow", "fp32 master weights keep tiny updates from vanishing; loss scaling does not." },
		{ "softmax", "The shift is exact: no bias at all." },
		{ "bf16", "Even in bf16, subtracting the largest logit is still the right softmax." },
		{ "underflow", "A smaller scale avoids gradient overflow; it does nothing to the forward." },
		{ "cmp-speedup", "On a skipped step the optimizer does not step at all." },
		{ "step-order", "scaler.update() doubles the scale after 2000 successful steps in a "
		    "row." },
		{ "step-order", "When scaler.step sees an inf it just skips the whole optimizer step." },
		{ "bf16", "bf16 has the same range as fp32, no larger, with fewer mantissa bits." },
		{ "underflow", "If the loss becomes inf, do not turn the scale up: GradScaler lowers it." },
		{ "step-order", "scaler.update() is a separate call you still need after scaler.step()." },
		{ "step-order", "optimizer.zero_grad(), then backward, unscale_, clip_grad_norm_, step." },
		{ "softmax", "Autocast runs matmuls in fp16 but keeps softmax and exp in fp32." },
		{ "step-order", "Call unscale_ only once per optimizer per step." },
		{ "softmax", "exp of large negative numbers underflows to 0; exp of large ones overflows." },
		{ "overflow", "The inf is in the forward, so raising it would just mean every step is "
		    "skipped." },
		{ "underflow", "Below its smallest normal, 6.1e-5, fp16 keeps subnormals down to 6e-8." },
		{ "step-order", "Clipping cannot tame an inf: scaler.step skips such a step." },
		{ "cmp-speedup", "Many skipped steps: find what overflows rather than raising the scale." },
		{ "step-order", "Call optimizer.zero_grad() first, then backward, unscale_, clip, step." },
		/* correct descriptions of the scaler's rule and of what it will do */
		{ "step-order", "scaler.update() lowers S after a skip or raises it after 2000 clean "
		    "steps." },
		{ "overflow", "With an inf loss GradScaler will just skip the step and halve the scale." },
		{ "cmp-speedup", "If the scale keeps backing off, find the overflowing tensor rather than "
		    "raising the scale." },
		{ "underflow", "Another suggests raising the learning rate, but that does nothing: "
		    "lr times 0 is still 0." },
		/* fresh-z's right answers that were charged, worded apart */
		{ "bf16", "Master weights stay fp32, which matters more with bf16, since it is less "
		    "precise than fp16." },
		{ "mock-underflow", "With S = 65536 the 1e-8 is more like 6.5e-4, which fp16 holds." },
		{ "overflow", "What went wrong: 10000 × 10000 = 1e8 overflows fp16." },
		{ "overflow", "A product of two values above 256 overflows fp16." },
		{ "softmax", "A gauge that tops out at 100 degrees reads the same for 200 and 250." },
		{ "overflow", "So raising the scale gives nothing, only more skipped steps." },
		{ "mock-softmax", "Divide both exponentials by e^20 first, which is subtracting the max." },
		{ "mock-softmax", "bf16's machine epsilon is 2^-7." },
		{ "step-order", "What breaks: zero_grad between backward and step and you throw away "
		    "the gradients." },
		{ "step-order", "A second unscale_ before update() raises an error." },
		{ "step-order", "update() uses that same result to lower or raise the scale." },
		/* fresh-aa's */
		{ "softmax", "softmax(x) = softmax(x - c) for any c, so we can shift without changing "
		    "the answer." },
		{ "underflow", "GradScaler defaults to init_scale=2.**16 and growth_interval=2000." },
		{ "overflow", "GradScaler only multiply the loss by S, so with bigger S the inf stay inf." },
		{ "bf16", "fp16: scaler.scale(loss).backward(); scaler.unscale_(opt); "
		    "scaler.step(opt); scaler.update(), while bf16 is just loss.backward(), "
		    "opt.step()." },
	};
	for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++)
		ck_assert_msg(!charged(fine[i][0], fine[i][1], NULL, &res), "'%s' is charged",
		    fine[i][1]);
}
END_TEST

/* Sizes, reach and thresholds are figures the engine checks. */
START_TEST(size_reach_and_threshold_figures)
{
	grade_result res;
	static const char *const wrong[][2] = {
		{ "overflow", "Keep it in fp32; fp32 and fp16 both take 4 bytes a value anyway." },
		{ "mock-overflow", "The scaler then doubles S, because backoff_factor is 2." },
		{ "step-order", "update() moves the scale, which by default starts at 65504." },
		{ "bf16", "bf16 keeps 8 exponent bits. Its smallest subnormal is 2^-24, the same as "
		    "fp16." },
		{ "bf16", "Prefer fp32, which has fewer exponent bits than bf16." },
		{ "overflow", "Move it to bf16. It has both a wider range and more mantissa bits than "
		    "fp16." },
		{ "overflow", "bf16 is smaller, at 1 byte per element." },
		{ "softmax", "exp(20) is inf because fp16 can only reach 2048; subtract the max "
		    "logit and you get [0.731, 0.269]." },
		{ "softmax", "In fp16 anything above 2^12 = 4096 overflows, exp(20) included, so "
		    "inf/inf is NaN; subtract the max logit and you get [0.731, 0.269]." },
		{ "underflow", "In fp16, subnormals go down to 1e-12, but not far enough here." },
		{ "underflow", "With S = 4096, multiplying by 4096 gives 4.1e-9, which fits." },
		{ "overflow", "10k x 10k is 10mil, far past 65504." },
		{ "softmax", "exp(20) and exp(19) are inf in fp16; subtract the max and you "
		    "exponentiate e^0 and e^-1, which gives probabilities of about [0.6, 0.4]." },
		{ "underflow", "Its floor is 2^-24 ≈ 6e-9, far under the gradient." },
		{ "bf16", "bf16 keeps roughly 5-6 significant decimal digits." },
		{ "mock-underflow", "The scaler's scale, which defaults to 2^12, is what lifts it." },
		{ "softmax", "Even then 0.5 is below fp16's smallest normal value, so use fp32." },
		{ "overflow", "fp16 can represent values up to about 1e6." },
		{ "bf16", "fp16 having just 7 mantissa bits is why bf16 is better." },
		{ "underflow", "fp16 can't represent anything smaller than about 1e-6." },
		{ "mock-underflow", "By default it starts at 4096, which lifts the gradient." },
		{ "mock-underflow", "GradScaler already starts at 2^20 by default." },
		{ "step-order", "On an overflow update() cuts the scale to a tenth of its value." },
		{ "step-order", "On an overflow, update cuts the scale to a fifth and regrows it." },
		{ "overflow", "fp16 can't go above 65,536, which is the largest value it stores." },
		{ "softmax", "exp(19) sits just under fp16's largest finite value." },
		{ "underflow", "fp16's smallest positive value is 1e-9." },
		{ "bf16", "bf16 still keeps about 7 significant decimal digits." },
		{ "underflow", "Scaled by 4096 it becomes 4.1e-5, which is a normal fp16 number." },
		{ "softmax", "Shifted, the terms are exp(0) and exp(-1), which is below fp16's smallest "
		    "normal value." },
		{ "step-order", "update() cuts the scale by 4x whenever a step is skipped for an "
		    "overflow." },
		{ "underflow", "Above S·g = 65,520, which is exactly the largest finite fp16 value, it "
		    "overflows." },
		{ "softmax", "In fp16, exp(x) overflows once x gets past about 13." },
		{ "softmax", "Shifted you get exp(0) and exp(-1), so the softmax output is [1, 0.37]." },
		{ "softmax", "Shifted you get exp(0) and exp(-1), which normalise to about [0.6, 0.4]." },
		{ "underflow", "The smallest positive value fp16 can hold is about 6.1e-5." },
		{ "overflow", "Use bf16: it has the same range as fp32 and represents 1e8 exactly." },
		{ "overflow", "Use bf16: it has the same range as fp32 and more precision than fp16." },
		{ "bf16", "bf16 is 1 sign bit, 8 exponent bits and 8 mantissa bits." },
		{ "bf16", "bf16 moves bits to the exponent, 8 exponent bits and 10 mantissa bits "
		    "against fp16's 5 and 10." },
		{ "overflow", "Use bf16 - it has the fp32 exponent range, so 1e8 comes out exactly "
		    "as 100,000,000." },
		{ "softmax", "fp16 tops out at 65504. Try bf16: its largest value is also 65504." },
		{ "bf16", "fp16 stops at 65504; bf16 keeps more bits, and its epsilon is 2^-10 "
		    "like fp16's." },
		{ "softmax", "fp16 tops out at 65504. bf16 is no way out, since bf16 has the same "
		    "maximum of 65504." },
		{ "bf16", "The cost is small: bf16's machine epsilon is 2^-7 against fp16's 0.0098." },
		{ "bf16", "bf16's epsilon is 0.0078 vs fp16's about 0.0098." },
	};
	for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++)
		ck_assert_msg(charged(wrong[i][0], wrong[i][1], "wrong-figure", &res),
		    "'%s' is not a false figure", wrong[i][1]);
	static const char *const right[][2] = {
		{ "bf16", "bf16 keeps fp32's exponent. Downside: it is less precise than fp16." },
		{ "bf16", "bf16 has the same range as fp32 and less precision than fp16." },
		{ "softmax", "Prefer bf16, which has a far wider range than fp16." },
		{ "overflow", "fp16 takes 2 bytes per value and fp32 takes 4 bytes." },
		{ "overflow", "Mixed precision with Adam costs about 16 bytes per parameter." },
		{ "softmax", "fp16 can only reach 65504, so exp(20) is inf; subtract the max "
		    "logit and you get [0.731, 0.269]." },
		{ "softmax", "exp of anything above 11.1 is inf in fp16, so subtract the max "
		    "logit and you get [0.731, 0.269]." },
		{ "softmax", "In fp16 anything above 65520 overflows, so exp(20) is inf; subtract "
		    "the max logit and you get [0.731, 0.269]." },
		{ "underflow", "The scaled gradients reach 6.6e-4, well inside fp16." },
		{ "underflow", "Scaling by 2^12 = 4096 gives about 4.1e-5, and dividing by 4096 "
		    "gives the 1e-8 back." },
		{ "overflow", "10k x 10k is 100mil; exp(20) is some 7,400 times that limit." },
		{ "softmax", "exp(20) and exp(19) are inf in fp16; subtract the max and you "
		    "exponentiate e^0 and e^-1, which gives probabilities of about [0.731, 0.269]." },
		{ "softmax", "Each term lies in (0, 1] after the shift, and the probabilities "
		    "come out near [0.731, 0.269]." },
		{ "underflow", "Its floor is 2^-24 ≈ 5.96e-8; 2^10 = 1024; fl16(1 + 2^-11) = 1; "
		    "2^-7 ≈ 0.8% spacing." },
		{ "bf16", "bf16 keeps roughly 2-3 significant decimal digits." },
		{ "mock-underflow", "The scaler's scale, which defaults to 65536, is what lifts it." },
		{ "underflow", "1e-8 is below fp16's smallest subnormal, and exp(20) is far above "
		    "fp16's max; anything above 11.1 exceeds fp16's max once exponentiated." },
		{ "overflow", "fp16 can represent values up to about 65504." },
		{ "underflow", "The smallest positive value fp16 can hold is about 6e-8." },
		{ "underflow", "At ≈5.96e-8 (the smallest subnormal) fp16 stops; 1e-8 rounds to 0." },
		{ "step-order", "On an overflow update() cuts the scale to a half of its value." },
		{ "underflow", "Scaled by 4096 it becomes 4.1e-5, which is a subnormal fp16 number." },
		{ "softmax", "Shifted, exp(-1) is 0.37, which is far above fp16's smallest normal value." },
		{ "step-order", "update() cuts the scale by 2x whenever a step is skipped for an "
		    "overflow." },
		{ "underflow", "Above 65504, which is exactly the largest finite fp16 value, it "
		    "overflows." },
		{ "softmax", "In fp16, exp(x) overflows once x gets past about 11." },
		{ "softmax", "Shifted you get exp(0) and exp(-1), so the softmax output is [0.73, 0.27]." },
		{ "bf16", "bf16 is fp32 with the bottom 16 mantissa bits chopped off." },
		{ "softmax", "fp16 tops out at 65504. Try bf16: its largest value is about 3.4e38." },
		{ "bf16", "bf16 has fp32's range, so what overflows in fp16 fits, but its epsilon "
		    "is 2^-7." },
		{ "bf16", "fp16 overflows at 65504, while bf16 reaches 3.4e38 thanks to its 8-bit "
		    "exponent." },
		{ "bf16", "The cost: bf16's machine epsilon is 2^-7 against fp16's 2^-10." },
		{ "bf16", "bf16's epsilon is 2^-7 ≈ 0.0078 vs fp16's about 0.00098." },
		{ "bf16", "bf16 has 7 mantissa bits (epsilon 2^-7) against fp16's 10." },
		{ "mock-underflow", "If a scaled gradient exceeds 65504 it becomes inf and the step "
		    "is skipped." },
		{ "softmax", "Clamping [20, 19] to [11, 11] would give [0.5, 0.5], which is wrong; "
		    "subtracting the max keeps the gaps and yields [0.731, 0.269]." },
		{ "softmax", "exp(20) ≈ 2^28.9 is far past 65504, so inf/inf is NaN; subtract the "
		    "max and you get about [0.731, 0.269]." },
		{ "bf16", "bf16 holds integers exactly only up to 256, fp16 up to 2048." },
		{ "softmax", "It runs in fp32 only because fp32 reaches 3.4e38 and e^20 ≈ 4.85e8 "
		    "fits there; in fp16 it is inf." },
		{ "mock-underflow", "It flushes to 0, since it is below 2^-24. GradScaler multiplies "
		    "the loss by S and unscales before the step." },
		{ "mock-overflow", "The product is inf; backward then gives inf/NaN grads and the "
		    "step is skipped." },
	};
	for (size_t i = 0; i < sizeof right / sizeof right[0]; i++)
		ck_assert_msg(!charged(right[i][0], right[i][1], NULL, &res), "'%s' is charged",
		    right[i][1]);
}
END_TEST

TCase *
grade_claims_api_tcase(void)
{
	TCase *tc = tcase_create("claims-api");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, library_hardware_memory_claims);
	tcase_add_test(tc, size_reach_and_threshold_figures);
	return tc;
}
