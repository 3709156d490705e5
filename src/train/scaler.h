/*
 * scaler.h — loss scaling, the curses-free model behind `fptutor scaler`,
 * the scaler lab and the lessons' loss-scaling and step-order blocks.
 *
 * Owns four things:
 *   - the GradScaler state machine (scaler.c): PyTorch's dynamic rule,
 *     with the scale kept as an fp32 value as PyTorch keeps it;
 *   - the simulation (scaler.c): steps of that machine where overflow comes
 *     from a list of steps or from a largest gradient that stops being
 *     finite in the dtype, with gradient accumulation and the count of
 *     optimizer updates a step-based scheduler must follow;
 *   - the static walk (walk.c): one gradient times several scales, rounded
 *     once to the dtype, unscaled in fp32, with the error and a verdict;
 *   - the step-order model (steporder.c): the canonical AMP sequence with
 *     synonyms for the grader and the reason for each edge.
 *
 * Who calls what: src/cli/cmd_scaler.c reads options and calls scaler_walk()
 * per scale or scaler_sim_init()/scaler_sim_next() per step; the text
 * views (src/view/scaler_text.c, scaler_sim_text.c) take the same inputs and
 * run the model themselves; the toy training run (toy.c) drives a scaler
 * with scaler_init()/scaler_update(); lessons and the grader read
 * steporder_steps().  Rounding goes through fp_encode/fp_encode_real
 * (src/fp).  Nothing here prints, exits or allocates.
 */
#ifndef FPTUTOR_TRAIN_SCALER_H
#define FPTUTOR_TRAIN_SCALER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fp/fp.h"

/* ---- the GradScaler state machine (scaler.c) ------------------------- */

typedef struct scaler_params {
	double init_scale;	/* default 2^16 (rounded to fp32 by scaler_init) */
	double growth_factor;	/* default 2: finite, > 1 */
	double backoff_factor;	/* default 0.5: finite, > 0 and < 1 */
	long growth_interval;	/* default 2000: 1 .. SCALER_MAX_INTERVAL */
} scaler_params;
#define SCALER_MAX_INTERVAL 2147483647L	/* PyTorch keeps it in an int32 */

/* PyTorch's defaults. */
void scaler_params_default(scaler_params *p);
/* NULL when p is usable, else what is wrong ("growth_factor must be ..."). */
const char *scaler_params_check(const scaler_params *p);

typedef struct scaler {
	scaler_params p;
	double scale;		/* always an fp32 value */
	long tracker;		/* successful steps since the last change */
} scaler;

/* What scaler_update did to the scale. */
typedef enum scaler_event {
	SCALER_KEPT,		/* a good step, interval not reached */
	SCALER_GREW,		/* growth_interval good steps: scale x growth */
	SCALER_GROW_REFUSED,	/* scale x growth is inf in fp32: kept, tracker 0 */
	SCALER_BACKED_OFF,	/* inf/NaN found: step skipped, scale x backoff */
} scaler_event;
const char *scaler_event_name(scaler_event e);	/* "kept", "grew", ... */

/* p NULL: PyTorch's defaults.  The scale starts at init_scale rounded to
 * fp32, the tracker at 0. */
void scaler_init(scaler *s, const scaler_params *p);
/*
 * One scaler.update() after a step, exactly as PyTorch's kernel does it:
 * found_inf: scale = fp32(scale * backoff), tracker = 0; otherwise
 * tracker + 1, and when that reaches growth_interval, tracker = 0 and
 * scale = fp32(scale * growth) if that is finite (else the scale stays).
 * The products are double, rounded once to fp32 (C++ float(float*double)).
 */
scaler_event scaler_update(scaler *s, bool found_inf);

/* ---- the simulation (scaler.c) ---------------------------------------- */

/* Steps lo..hi (1-based, inclusive) on which the gradients hold inf/NaN. */
typedef struct scaler_range {
	long lo, hi;
} scaler_range;
/* Sort and merge in place; returns the new count. */
size_t scaler_ranges_normalize(scaler_range *r, size_t n);

#define SCALER_MAX_STEPS 10000000L
#define SCALER_MAX_ACCUMULATE 1048576L

typedef struct scaler_sim_cfg {
	scaler_params params;
	long steps;			/* optimizer steps to simulate */
	const fp_format *dtype;		/* where the scaled gradients live (fp16) */
	const fp_real *grad_max;	/* NULL, or: a step overflows when
					 * grad_max / accumulate x scale is not
					 * finite in dtype */
	const scaler_range *inf;	/* normalized; may be NULL with ninf 0 */
	size_t ninf;
	long accumulate;		/* micro-batches per optimizer step (1) */
} scaler_sim_cfg;
void scaler_sim_cfg_default(scaler_sim_cfg *c);

/* Why a step found inf/NaN (a bit set). */
enum {
	SCALER_CAUSE_LISTED = 1u << 0,	/* in the inf ranges */
	SCALER_CAUSE_GRAD = 1u << 1,	/* grad_max x scale not finite */
};

typedef struct scaler_step {
	long step;		/* 1-based */
	double scale;		/* the scale used in this step */
	bool found_inf;
	bool skipped;		/* optimizer.step() skipped (= found_inf) */
	unsigned cause;		/* SCALER_CAUSE_* */
	scaler_event event;	/* what update() did */
	long growth_tracker;	/* after update() */
	double next_scale;	/* after update() */
	long updates;		/* optimizer steps taken so far, this one included:
				 * where a step-based scheduler must be */
} scaler_step;

typedef struct scaler_sim {
	scaler_sim_cfg cfg;
	scaler s;
	long step;		/* steps done */
	size_t next_inf;	/* index of the first range not yet passed */
	long updates;
	long skipped;
	double cached_scale;	/* grad_max test memo: the last scale seen */
	bool cached_over;
} scaler_sim;

/* cfg must outlive the simulation (its pointers are kept). */
void scaler_sim_init(scaler_sim *sim, const scaler_sim_cfg *cfg);
/* The next step, or false when cfg->steps are done.  scaler_sim_run
 * continues past cfg->steps (for a projection), up to step `until`. */
bool scaler_sim_next(scaler_sim *sim, scaler_step *out);
bool scaler_sim_run(scaler_sim *sim, long until, scaler_step *out);

/* Does grad x scale / accumulate round to inf or NaN in dtype? */
bool scaler_overflows(const fp_format *dtype, const fp_real *grad,
    double scale, long accumulate);

/* ---- gradient accumulation (scaler.c) --------------------------------- */

/* What runs in micro-batch m (1-based) of a window of k: forward and the
 * scaled backward always (loss / k, the scale held for the whole window);
 * unscale_, clip, step and update only at the boundary (m % k == 0). */
enum {
	SCALER_ACT_FORWARD = 1u << 0,
	SCALER_ACT_BACKWARD = 1u << 1,
	SCALER_ACT_UNSCALE = 1u << 2,
	SCALER_ACT_CLIP = 1u << 3,
	SCALER_ACT_STEP = 1u << 4,
	SCALER_ACT_UPDATE = 1u << 5,
};
unsigned scaler_accum_actions(long micro, long k);

/* ---- the static walk (walk.c) ----------------------------------------- */

typedef enum scaler_verdict {
	SCALER_LOST,		/* rounded to zero: the gradient is gone */
	SCALER_SUBNORMAL,	/* kept, with fewer significant bits */
	SCALER_NORMAL,		/* full precision */
	SCALER_OVERFLOW,	/* inf (or NaN in e4m3): the step is skipped */
} scaler_verdict;
/* "lost to zero", "subnormal, precision lost", "normal", "overflow" */
const char *scaler_verdict_name(scaler_verdict v);

typedef struct scaler_walk_row {
	double scale;		/* the scale, an fp32 value */
	uint32_t scaled_bits;	/* grad x scale rounded once to the dtype */
	double scaled;
	fp_class cls;
	unsigned flags;		/* FP_FLAG_* of that rounding */
	uint32_t unscaled_bits;	/* fp32(scaled / scale) */
	double unscaled;
	double rel_error;	/* |unscaled - grad| / |grad|; inf on overflow */
	scaler_verdict verdict;
} scaler_walk_row;

/* grad finite and nonzero; scale an fp32 value, finite and > 0. */
void scaler_walk(const fp_format *dtype, const fp_real *grad, double scale,
    scaler_walk_row *out);

/* The exact product x * s as a real (lo truncated toward zero, sticky
 * beyond).  Exact when s is a power of two; otherwise exact up to x's own
 * sticky bit (an x that is not a double and whose product lands within
 * 2^-77 of a rounding boundary may round as x's truncation would). */
fp_real scaler_real_mul(const fp_real *x, double s);
/* x / k, exact in the same sense. */
fp_real scaler_real_div(const fp_real *x, long k);

/* Powers of two 2^k with k in SCALER_KMIN..SCALER_KMAX (finite nonzero
 * fp32 scales).  The largest k that keeps x * 2^k finite in dtype, and the
 * smallest that makes it normal; false when there is none. */
#define SCALER_KMIN (-149)
#define SCALER_KMAX 127
bool scaler_max_pow2(const fp_format *dtype, const fp_real *x, int *k);
bool scaler_min_normal_pow2(const fp_format *dtype, const fp_real *x, int *k);

/* The window of power-of-two scales 2^lo .. 2^hi that make grad normal
 * and keep both grad_max and grad finite; has_lo/has_hi false when no
 * scale does the one or the other; open when the window is not empty. */
typedef struct scaler_window {
	bool has_lo, has_hi, open;
	int lo, hi;
} scaler_window;
void scaler_window_of(const fp_format *dtype, const fp_real *grad,
    const fp_real *grad_max, scaler_window *out);

/* The default scales of the walk: 1, 2^10, 2^16 and the largest power of
 * two keeping big finite (big is --grad-max, or the gradient itself).
 * Writes up to 4, sorted, without duplicates; returns the count. */
int scaler_default_scales(const fp_format *dtype, const fp_real *big,
    double out[4]);

/* ---- the step-order model (steporder.c) ------------------------------- */

typedef enum steporder_id {
	STEP_FORWARD,		/* autocast forward and loss */
	STEP_BACKWARD,		/* scaler.scale(loss).backward() */
	STEP_UNSCALE,		/* scaler.unscale_(optimizer) */
	STEP_CLIP,		/* clip_grad_norm_ */
	STEP_STEP,		/* scaler.step(optimizer) */
	STEP_UPDATE,		/* scaler.update() */
	STEP_NSTEPS
} steporder_id;

typedef struct steporder_step {
	steporder_id id;
	const char *key;	/* stable id: "forward", "backward", ... */
	const char *name;	/* "autocast forward and loss" */
	const char *code;	/* the PyTorch call */
	const char *what;	/* what it does, one sentence */
	const char *const *synonyms;	/* NULL-terminated phrasings, lower case */
} steporder_step;

/* A constraint "from must come before to", with why. */
typedef struct steporder_edge {
	steporder_id from, to;
	const char *reason;	/* why from comes first */
	const char *if_swapped;	/* what goes wrong the other way round */
} steporder_edge;

/* The canonical sequence, in order (STEP_NSTEPS entries). */
const steporder_step *steporder_steps(void);
const steporder_step *steporder_get(steporder_id id);
/* By key or synonym, case-insensitively; NULL if none. */
const steporder_step *steporder_find(const char *word);
/* The edges: each consecutive pair, then the non-adjacent constraints
 * (unscale before step, ...).  *n is set to their count. */
const steporder_edge *steporder_edges(size_t *n);
/* The edge from a to b, or NULL. */
const steporder_edge *steporder_find_edge(steporder_id a, steporder_id b);
/* The first inversion in a learner's order: `first` must come before
 * `second`, but the answer put `second` earlier.  edge explains it: the
 * edge first -> second when there is one, else the edge into `second`
 * from the nearest step before it (a link of the chain between them). */
typedef struct steporder_inversion {
	steporder_id first, second;
	const steporder_edge *edge;
} steporder_inversion;
/* order: n step ids as the answer gives them (each once).  True when they
 * are in canonical order; else false and *out is the inversion found at
 * the earliest position of the answer (with the step that most belongs
 * before it). */
bool steporder_check(const steporder_id *order, size_t n,
    steporder_inversion *out);

#endif
