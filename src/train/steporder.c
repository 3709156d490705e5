/*
 * steporder.c — the canonical AMP step order as data: the six steps of one
 * iteration with GradScaler, the phrasings a learner may use for each (for
 * the grader's order question), and why each step must come before the
 * next.  Lessons print it; the grader matches answers against it.
 */
#include <config.h>

#include <strings.h>

#include "train/scaler.h"

static const char *const syn_forward[] = {
	"forward", "forward pass", "autocast", "autocast forward",
	"compute the loss", "loss", "model(inputs)", NULL
};
static const char *const syn_backward[] = {
	"scale(loss).backward()", "scaler.scale", "scale the loss",
	"scaled backward", "scaled loss", "backward", "backward pass",
	"backprop", "backpropagate", NULL
};
static const char *const syn_unscale[] = {
	"unscale_", "scaler.unscale_", "unscale", "unscaling",
	"unscale the gradients", "divide the gradients by the scale", NULL
};
static const char *const syn_clip[] = {
	"clip_grad_norm_", "clip", "clipping", "gradient clipping",
	"clip the gradients", NULL
};
static const char *const syn_step[] = {
	"scaler.step", "scaler.step(optimizer)", "optimizer.step",
	"optimizer step", "step the optimizer", "step", NULL
};
static const char *const syn_update[] = {
	"scaler.update", "scaler.update()", "update the scale",
	"scale update", "update", NULL
};

static const steporder_step steps[STEP_NSTEPS] = {
	{ STEP_FORWARD, "forward", "autocast forward and loss",
	  "with torch.autocast(\"cuda\"): loss = loss_fn(model(x), y)",
	  "runs eligible ops in fp16 and the sensitive ones in fp32, and "
	  "computes the loss", syn_forward },
	{ STEP_BACKWARD, "backward", "scale(loss).backward()",
	  "scaler.scale(loss).backward()",
	  "multiplies the loss by the scale S before backward, so every "
	  "gradient comes out S times larger", syn_backward },
	{ STEP_UNSCALE, "unscale", "unscale_",
	  "scaler.unscale_(optimizer)",
	  "divides the gradients by S in fp32 and records whether any is inf "
	  "or NaN", syn_unscale },
	{ STEP_CLIP, "clip", "clip",
	  "torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)",
	  "limits the norm of the true, unscaled gradients", syn_clip },
	{ STEP_STEP, "step", "step (skipped on inf/NaN)",
	  "scaler.step(optimizer)",
	  "calls optimizer.step() only if unscale_ found no inf or NaN",
	  syn_step },
	{ STEP_UPDATE, "update", "update",
	  "scaler.update()",
	  "backs the scale off after an inf/NaN step, or grows it after "
	  "growth_interval good steps", syn_update },
};

static const steporder_edge edges[] = {
	/* consecutive steps */
	{ STEP_FORWARD, STEP_BACKWARD,
	  "backward differentiates the loss the forward pass just computed; "
	  "scaling that loss first makes every gradient S times larger, "
	  "lifting small ones above fp16's underflow",
	  "there is no loss of this batch to differentiate yet" },
	{ STEP_BACKWARD, STEP_UNSCALE,
	  "unscale_ divides the gradients backward produced; they exist only "
	  "after backward",
	  "unscale_ sees last iteration's gradients (or none), and this "
	  "iteration's stay multiplied by S" },
	{ STEP_UNSCALE, STEP_CLIP,
	  "the clipping threshold is meant for the true gradients, which "
	  "exist only after unscale_",
	  "clipping before unscale_ applies the threshold to scaled "
	  "gradients, S times too large, so it clips by the wrong amount" },
	{ STEP_CLIP, STEP_STEP,
	  "the optimizer must apply the clipped gradients",
	  "step applies the unclipped gradients; clipping afterwards changes "
	  "nothing this iteration" },
	{ STEP_STEP, STEP_UPDATE,
	  "step uses the scale the gradients were computed with and the "
	  "inf/NaN check of this iteration; update then sets the next scale",
	  "update resets the inf/NaN record and changes the scale, so step "
	  "unscales again by the new scale and no longer knows to skip" },
	/* constraints between steps further apart */
	{ STEP_UNSCALE, STEP_STEP,
	  "step decides whether to skip from the inf/NaN check unscale_ makes "
	  "(scaler.step runs unscale_ itself when it was not called)",
	  "the optimizer would apply gradients still multiplied by S, or "
	  "inf and NaN ones" },
	{ STEP_UNSCALE, STEP_UPDATE,
	  "update backs off or grows the scale from the inf/NaN unscale_ "
	  "recorded",
	  "update would not know whether this iteration overflowed" },
	{ STEP_BACKWARD, STEP_STEP,
	  "the optimizer applies the gradients backward produced",
	  "step would apply last iteration's gradients" },
	{ STEP_BACKWARD, STEP_CLIP,
	  "clipping needs this iteration's gradients",
	  "clipping would act on last iteration's gradients" },
	{ STEP_FORWARD, STEP_UPDATE,
	  "one scale serves a whole iteration, from the scaled loss to the "
	  "step",
	  "the scale would change between scaling the loss and unscaling "
	  "its gradients, so they would be divided by the wrong S" },
};
#define NEDGES (sizeof edges / sizeof edges[0])

const steporder_step *
steporder_steps(void)
{
	return steps;
}

const steporder_step *
steporder_get(steporder_id id)
{
	if ((unsigned)id >= STEP_NSTEPS)
		return NULL;
	return &steps[id];
}

const steporder_step *
steporder_find(const char *word)
{
	if (word == NULL)
		return NULL;
	for (int i = 0; i < STEP_NSTEPS; i++) {
		if (strcasecmp(steps[i].key, word) == 0)
			return &steps[i];
		for (const char *const *s = steps[i].synonyms; *s; s++)
			if (strcasecmp(*s, word) == 0)
				return &steps[i];
	}
	return NULL;
}

const steporder_edge *
steporder_edges(size_t *n)
{
	*n = NEDGES;
	return edges;
}

const steporder_edge *
steporder_find_edge(steporder_id a, steporder_id b)
{
	for (size_t i = 0; i < NEDGES; i++)
		if (edges[i].from == a && edges[i].to == b)
			return &edges[i];
	return NULL;
}

bool
steporder_check(const steporder_id *order, size_t n, steporder_inversion *out)
{
	for (size_t i = 0; i < n; i++) {
		size_t best = n;
		for (size_t j = i + 1; j < n; j++)
			if (order[j] < order[i] && (best == n || order[j] < order[best]))
				best = j;
		if (best < n) {
			out->first = order[best];
			out->second = order[i];
			out->edge = steporder_find_edge(order[best], order[i]);
			if (out->edge == NULL)	/* the last link of the chain */
				for (int k = (int)order[i] - 1; k >= 0 && !out->edge; k--)
					out->edge = steporder_find_edge((steporder_id)k, order[i]);
			return false;
		}
	}
	return true;
}
