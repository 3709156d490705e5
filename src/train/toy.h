/*
 * toy.h — the controlled comparison: one small model trained on the same
 * data from the same initial weights in five precision modes, with every
 * operation's dtype emulated through the format core (src/fp).  The model
 * behind `fptutor train`, the train lab and the comparison lesson.
 *
 * The model: a two-layer MLP, x (inputs) -> h = tanh(x W1 + b1) (hidden)
 * -> z = h W2 + b2 (outputs), mean squared error against targets made by
 * a random "teacher" MLP of the same shape plus noise.  Full-batch SGD
 * with momentum, the learning rate decaying linearly to zero.  Data,
 * teacher and initial weights come from one seed through splitmix64, and
 * exp, log and tanh are computed here from + - x / alone, so the same seed
 * gives the same bits on every IEEE 754 machine.
 *
 * Where each tensor lives and where the rounding happens.  L is the mode's
 * low dtype: fp32 in fp32 mode, bf16 in bf16, fp16 in the three fp16 modes.
 * "Rounded to L" means computed in double and rounded once (fp_encode).
 *
 *   forward   the weights are cast to L (a working copy; fp16-params has no
 *             other copy), the inputs once to L; layer 1 and layer 2 are
 *             matmuls with bias that accumulate wide (double stands for a
 *             tensor core's fp32 accumulator) and round once to L; tanh
 *             rounds to L;
 *   loss      in fp32, as autocast runs mse_loss: the output widens
 *             exactly, the error z - y and each square round to fp32, the
 *             mean is accumulated wide and rounded to fp32;
 *   backward  the loss is multiplied by the scale S first (S = 1 without a
 *             scaler): the output gradient S 2 (z - y) / (N outputs) is
 *             formed in fp32 and rounded to L; every later gradient (layer
 *             2 weights and bias, hidden activations, through tanh, layer
 *             1 weights and bias) is computed wide and rounded once to L;
 *   unscale   in fp32, fused into the optimizer: g = fp32(g_L / S); with a
 *             scaler, a step whose L gradients hold inf or NaN is skipped
 *             and the scale backs off (scaler_update: PyTorch's rule);
 *   optimizer SGD with momentum, state in fp32: v = fp32(mu v + g),
 *             u = fp32(lr v), w = fp32(w - u) on fp32 master weights; in
 *             fp16-params the update is stored in fp16 and applied to the
 *             fp16 weights, w = fp16(w - fp16(u)), so an update below half
 *             an ulp of w is swallowed.
 *
 *   mode          L     scaler  weights (bytes)         grads     optimizer
 *   fp32          fp32  no      fp32 (4)                fp32 (4)  fp32 (4)
 *   fp16          fp16  yes     fp16 + fp32 master (6)  fp16 (2)  fp32 (4)
 *   fp16-noscale  fp16  no      fp16 + fp32 master (6)  fp16 (2)  fp32 (4)
 *   bf16          bf16  no      bf16 + fp32 master (6)  bf16 (2)  fp32 (4)
 *   fp16-params   fp16  yes     fp16 (2)                fp16 (2)  fp32 (4)
 *
 * Two settings of the data exist only to make the phenomena happen, and
 * neither changes a bit of the fp32 run's meaning:
 *   - copies_log2: each of the `batch` examples stands for 2^copies_log2
 *     identical copies, so the loss is a mean over a virtual batch of
 *     batch x 2^copies_log2 examples, like a language model's mean over
 *     millions of tokens.  Each example's gradient is then as small as a
 *     large model's (fp16 flushes most of them to zero without scaling),
 *     while a weight gradient, a sum over the whole virtual batch, is not.
 *     The copies are never materialised: a weight gradient's accumulated
 *     sum is multiplied by 2^copies_log2, which is exact.
 *   - target_mean: the targets sit far from zero (raw units, not
 *     standardised), so the first gradients, the output bias's above all,
 *     are large: times 2^16 they overflow fp16, and the scaler backs off.
 *
 * Who calls what: a front end fills a toy_config (toy_config_default, then
 * its options), checks it with toy_config_check, and per mode calls
 * toy_run_new(), toy_run_step() once per step (cheap to call from a UI's
 * event loop; each returns that step's record), toy_run_summary() at any
 * point, and toy_run_free().  Nothing here prints or exits; toy_run_new
 * allocates and returns NULL when memory runs out.
 */
#ifndef FPTUTOR_TRAIN_TOY_H
#define FPTUTOR_TRAIN_TOY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fp/fp.h"
#include "train/scaler.h"

/* ---- modes ------------------------------------------------------------ */

typedef enum toy_mode {
	TOY_FP32, TOY_FP16, TOY_FP16_NOSCALE, TOY_BF16, TOY_FP16_PARAMS,
	TOY_NMODES
} toy_mode;

typedef struct toy_mode_info {
	toy_mode id;
	const char *name;	/* "fp16-noscale": the command-line name */
	const char *title;	/* one line: what is stored where */
	fp_id low;		/* L: forward activations and backward gradients */
	fp_id weights;		/* where the weights that get updated live */
	bool scaler;		/* PyTorch's dynamic GradScaler */
	bool master;		/* an fp32 master copy behind an L working copy */
	int weight_bytes;	/* per parameter: working copy + master */
	int grad_bytes;
	int optim_bytes;	/* the momentum buffer */
} toy_mode_info;

const toy_mode_info *toy_mode_get(toy_mode m);
/* By name, case-insensitively; NULL if unknown. */
const toy_mode_info *toy_mode_find(const char *name);
/* "fp32, fp16, fp16-noscale, bf16, fp16-params": for usage messages. */
const char *toy_mode_names(void);

/* ---- configuration ---------------------------------------------------- */

#define TOY_MAX_STEPS 20000L
#define TOY_MAX_INPUTS 64
#define TOY_MAX_HIDDEN 256
#define TOY_MAX_OUTPUTS 16
#define TOY_MAX_BATCH 4096
#define TOY_MAX_COPIES_LOG2 40

typedef struct toy_config {
	uint64_t seed;		/* data, teacher and initial weights */
	long steps;		/* steps per mode: 0 .. TOY_MAX_STEPS; also the
				 * length of the learning-rate decay */
	int inputs, hidden, outputs;
	int batch;		/* examples, all used in every step */
	int copies_log2;	/* each example stands for 2^this copies */
	double input_std;	/* standard deviation of the inputs */
	double target_mean;	/* added to the teacher's outputs */
	double target_std;	/* of the teacher's outputs */
	double noise_std;	/* of the noise added to the targets */
	double lr, momentum;	/* SGD */
	scaler_params scaler;	/* the fp16 and fp16-params modes */
} toy_config;

/* The defaults, chosen so that the phenomena the lessons teach occur:
 * seed 1, 300 steps, 8 inputs, 16 hidden, 4 outputs, 128 examples each
 * standing for 2^16, inputs N(0, 1), targets mean 8, spread 1, noise 0.1,
 * lr 0.3, momentum 0.5, PyTorch's GradScaler defaults. */
void toy_config_default(toy_config *c);
/* NULL when c is usable, else what is wrong. */
const char *toy_config_check(const toy_config *c);

/* ---- a run ------------------------------------------------------------ */

/* The operations in the order one step runs them, for first_nonfinite. */
typedef enum toy_op {
	TOY_OP_NONE = -1,
	TOY_OP_CAST_WEIGHTS, TOY_OP_LAYER1, TOY_OP_TANH, TOY_OP_LAYER2,
	TOY_OP_LOSS,
	TOY_OP_GRAD_OUT, TOY_OP_GRAD_W2, TOY_OP_GRAD_B2, TOY_OP_GRAD_HIDDEN,
	TOY_OP_GRAD_TANH, TOY_OP_GRAD_W1, TOY_OP_GRAD_B1,
	TOY_OP_UNSCALE, TOY_OP_UPDATE,
	TOY_NOPS
} toy_op;
/* "backward: grad of layer 1 weights" */
const char *toy_op_name(toy_op op);

/* One step's record. */
typedef struct toy_step {
	long step;		/* 1-based */
	double loss;		/* the fp32 loss of this step's forward */
	double scale;		/* the loss scale used (1 without a scaler) */
	bool skipped;		/* the scaler found inf/NaN: no update */
	double grad_norm;	/* L2 norm of the unscaled gradient (inf/NaN
				 * when it holds such values) */
	long nonfinite;		/* gradient entries that are inf or NaN */
	long zero_grads;	/* gradient entries that are exactly 0 */
	long swallowed;		/* weights whose gradient and update were not
				 * zero, yet the update left them as they were */
	toy_op first_nonfinite;	/* the first op of this step that produced
				 * inf/NaN (forward or backward), or NONE */
} toy_step;

typedef struct toy_summary {
	toy_mode mode;
	long steps;		/* steps run so far */
	long params;		/* number of parameters */
	double initial_loss;	/* before any step */
	double final_loss;	/* the current weights, the mode's own forward */
	long skipped_steps;
	double zero_grad_fraction;	/* zero gradient entries / (params x steps) */
	double swallowed_update_fraction;	/* swallowed / (params x steps taken) */
	double final_scale;	/* the scale for the next step (1: no scaler) */
	long first_nonfinite_step;	/* 0 when none */
	toy_op first_nonfinite_op;	/* TOY_OP_NONE when none */
	int weight_bytes, grad_bytes, optim_bytes;	/* per parameter */
} toy_summary;

typedef struct toy_run toy_run;

/* cfg must pass toy_config_check; it is copied.  NULL on out of memory. */
toy_run *toy_run_new(toy_mode mode, const toy_config *cfg);
void toy_run_free(toy_run *r);
/* Run the next step; false (and out untouched) when cfg->steps are done. */
bool toy_run_step(toy_run *r, toy_step *out);
/* The summary so far: runs one forward pass for final_loss. */
void toy_run_summary(toy_run *r, toy_summary *out);

/* Run all steps, calling each(step, ctx) after every one (may be NULL);
 * each may return false to stop early.  Returns false on out of memory. */
typedef bool toy_step_fn(const toy_step *st, void *ctx);
bool toy_run_all(toy_mode mode, const toy_config *cfg, toy_step_fn *each,
    void *ctx, toy_summary *out);

/* ---- the tensors, for tests and views --------------------------------- */

/* The parameters in one flat array: W1 (inputs x hidden, row-major by
 * input), b1 (hidden), W2 (hidden x outputs, row-major by hidden unit),
 * b2 (outputs).  Offsets into it: */
typedef struct toy_layout {
	int inputs, hidden, outputs, batch;
	long w1, b1, w2, b2, n;
} toy_layout;
void toy_layout_of(const toy_config *c, toy_layout *out);

typedef struct toy_view {
	toy_layout lay;
	const double *x;	/* batch x inputs, fp32 values */
	const double *y;	/* batch x outputs, fp32 values */
	const double *weights;	/* the stored weights (fp32 master, or fp16) */
	const double *grad;	/* the last step's unscaled gradient (fp32) */
	/* The last backward's per-example gradients, in the low dtype L and
	 * times that step's loss scale, as the backward stored them (what
	 * `fptutor train --dump` writes): batch x outputs for the output,
	 * batch x hidden for the hidden activations after tanh. */
	const double *grad_out, *grad_hidden;
	fp_id low;		/* L */
	fp_id weights_fmt;	/* where the stored weights live */
} toy_view;
/* Pointers into the run, valid until the next call on it. */
void toy_run_view(const toy_run *r, toy_view *out);

#endif
