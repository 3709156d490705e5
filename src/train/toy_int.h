/*
 * toy_int.h — what the toy's source files share and nobody else uses: the
 * run's state, the portable random numbers and functions (toy_math.c), and
 * the forward and backward passes (toy_model.c).  toy.c owns the modes,
 * the configuration, the optimizer and the run's life cycle.
 */
#ifndef FPTUTOR_TRAIN_TOY_INT_H
#define FPTUTOR_TRAIN_TOY_INT_H

#include "train/toy.h"

/* ---- toy_math.c: the same numbers on every IEEE 754 machine ------------ */

/* splitmix64: the whole state is one 64-bit counter. */
typedef struct toy_rng {
	uint64_t s;
} toy_rng;
void toy_rng_seed(toy_rng *g, uint64_t seed, uint64_t stream);
uint64_t toy_rng_next(toy_rng *g);
/* Uniform on [0, 1) with 53 random bits. */
double toy_rng_uniform(toy_rng *g);
/* About standard normal: the sum of four uniforms, centred and scaled to
 * variance 1 (Irwin-Hall), which needs no libm and stays within +-3.47. */
double toy_rng_normal(toy_rng *g);

/* exp, log and tanh from + - x / only, accurate to a few double ulps, so
 * their values do not depend on the C library; rounded once to fp32 or
 * narrower they are what a correctly rounded function would give except
 * in the rarest of cases. */
double toy_exp(double x);
double toy_log(double x);
double toy_tanh(double x);

/* ---- the run ----------------------------------------------------------- */

struct toy_run {
	toy_config cfg;
	toy_layout lay;
	const toy_mode_info *mi;
	const fp_format *low, *f32, *wfmt;

	double *x;		/* batch x inputs: the data, fp32 values */
	double *y;		/* batch x outputs: the targets, fp32 values */
	double *xl;		/* the inputs cast to L */
	double *w;		/* the stored weights, in wfmt */
	double *wl;		/* the working copy, in L */
	double *mom;		/* momentum, fp32 */
	double *gl;		/* the backward's gradient, in L (scaled) */
	double *g;		/* unscaled, fp32 (what the optimizer read) */
	double *a, *h;		/* batch x hidden: pre-activations, tanh */
	double *z, *e;		/* batch x outputs: output (L), error (fp32) */
	double *dz, *dh;	/* batch x outputs, batch x hidden */
	double *dec16;		/* every 16-bit pattern of L decoded (fp_decode),
				 * or NULL when L is fp32 */

	scaler sc;
	long step;
	double initial_loss;
	long skipped;
	long zero_total;	/* zero gradient entries, all steps */
	long swallowed_total;
	long taken;		/* steps whose update was applied */
	long first_bad_step;
	toy_op first_bad_op;
};

/* x rounded once into f (r->low, r->f32 or r->wfmt), as a double. */
static inline double
toy_round(const toy_run *r, const fp_format *f, double x)
{
	uint32_t b = fp_encode(f, x, NULL);
	return f == r->low && r->dec16 ? r->dec16[b] : fp_decode(f, b);
}

/* Forward pass with the current weights: the weights' cast, the output,
 * the error z - y in r->e, and the fp32 loss.  *bad is the first op to produce inf/NaN, if any
 * (left alone otherwise). */
double toy_forward(toy_run *r, toy_op *bad);
/* Backward pass from r->e with loss scale `scale`, into r->gl (in L).
 * Returns the number of nonfinite gradient entries. */
long toy_backward(toy_run *r, double scale, toy_op *bad);

#endif
