/*
 * toy_model.c — the toy's forward and backward passes with every tensor
 * rounded where a mixed-precision kernel would round it (the dtype map is
 * in toy.h).  Sums accumulate in double, standing for a tensor core's wide
 * accumulator, and each output element is rounded once.
 */
#include <config.h>

#include <math.h>

#include "train/toy_int.h"

/* No fused multiply-adds: they would change the bits between machines
 * (GCC does not contract under -std=c11; clang needs the pragma). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* Note the first op that made a value nonfinite. */
static inline void
mark(toy_op *bad, toy_op op, double v)
{
	if (*bad == TOY_OP_NONE && !isfinite(v))
		*bad = op;
}

double
toy_forward(toy_run *r, toy_op *bad)
{
	const toy_layout *L = &r->lay;
	const fp_format *lo = r->low, *f32 = r->f32;
	const int D = L->inputs, H = L->hidden, K = L->outputs, B = L->batch;
	const double *w1 = r->wl + L->w1, *b1 = r->wl + L->b1;
	const double *w2 = r->wl + L->w2, *b2 = r->wl + L->b2;

	/* The working copy.  With master weights it is a cast; in
	 * fp16-params the weights are already fp16 and it is a copy. */
	for (long i = 0; i < L->n; i++) {
		r->wl[i] = toy_round(r, lo, r->w[i]);
		mark(bad, TOY_OP_CAST_WEIGHTS, r->wl[i]);
	}
	for (int b = 0; b < B; b++) {
		const double *x = r->xl + (long)b * D;
		double *a = r->a + (long)b * H, *h = r->h + (long)b * H;
		for (int j = 0; j < H; j++) {
			double s = b1[j];
			for (int i = 0; i < D; i++)
				s += x[i] * w1[(long)i * H + j];
			a[j] = toy_round(r, lo, s);
			mark(bad, TOY_OP_LAYER1, a[j]);
		}
		for (int j = 0; j < H; j++) {
			h[j] = toy_round(r, lo, toy_tanh(a[j]));
			mark(bad, TOY_OP_TANH, h[j]);
		}
	}
	double total = 0;
	for (int b = 0; b < B; b++) {
		const double *h = r->h + (long)b * H, *y = r->y + (long)b * K;
		double *z = r->z + (long)b * K, *e = r->e + (long)b * K;
		for (int k = 0; k < K; k++) {
			double s = b2[k];
			for (int j = 0; j < H; j++)
				s += h[j] * w2[(long)j * K + k];
			z[k] = toy_round(r, lo, s);
			mark(bad, TOY_OP_LAYER2, z[k]);
			/* Autocast runs mse_loss in fp32: the output widens
			 * exactly, the error and its square round to fp32. */
			e[k] = toy_round(r, f32, z[k] - y[k]);
			mark(bad, TOY_OP_LOSS, e[k]);
			total += toy_round(r, f32, e[k] * e[k]);
		}
	}
	double loss = toy_round(r, f32, total / ((double)B * K));
	mark(bad, TOY_OP_LOSS, loss);
	return loss;
}

long
toy_backward(toy_run *r, double scale, toy_op *bad)
{
	const toy_layout *L = &r->lay;
	const fp_format *lo = r->low, *f32 = r->f32;
	const int D = L->inputs, H = L->hidden, K = L->outputs, B = L->batch;
	const double *w2 = r->wl + L->w2;
	double *gw1 = r->gl + L->w1, *gb1 = r->gl + L->b1;
	double *gw2 = r->gl + L->w2, *gb2 = r->gl + L->b2;
	/* The virtual batch: N = B 2^c examples, each of the B standing for
	 * 2^c copies whose contributions to a weight gradient are equal. */
	const double copies = ldexp(1.0, r->cfg.copies_log2);
	const double n = (double)B * copies;

	/* d(S loss)/dz = S 2 (z - y) / (N K), formed in fp32, then stored
	 * in L: the backward of autocast's cast of the output to fp32. */
	const double c = 2.0 * scale / (n * K);
	for (long i = 0; i < (long)B * K; i++) {
		r->dz[i] = toy_round(r, lo, toy_round(r, f32, r->e[i] * c));
		mark(bad, TOY_OP_GRAD_OUT, r->dz[i]);
	}
	/* Layer 2: weight gradient h^T dz and bias gradient sum(dz). */
	for (int j = 0; j < H; j++) {
		for (int k = 0; k < K; k++) {
			double s = 0;
			for (int b = 0; b < B; b++)
				s += r->h[(long)b * H + j] * r->dz[(long)b * K + k];
			gw2[(long)j * K + k] = toy_round(r, lo, s * copies);
			mark(bad, TOY_OP_GRAD_W2, gw2[(long)j * K + k]);
		}
	}
	for (int k = 0; k < K; k++) {
		double s = 0;
		for (int b = 0; b < B; b++)
			s += r->dz[(long)b * K + k];
		gb2[k] = toy_round(r, lo, s * copies);
		mark(bad, TOY_OP_GRAD_B2, gb2[k]);
	}
	/* The hidden activations' gradient dz W2^T, then through tanh:
	 * dh (1 - h^2), one rounding each (the backward kernels compute in
	 * fp32 and store L). */
	for (int b = 0; b < B; b++) {
		const double *dz = r->dz + (long)b * K;
		double *dh = r->dh + (long)b * H;
		for (int j = 0; j < H; j++) {
			double s = 0;
			for (int k = 0; k < K; k++)
				s += dz[k] * w2[(long)j * K + k];
			dh[j] = toy_round(r, lo, s);
			mark(bad, TOY_OP_GRAD_HIDDEN, dh[j]);
		}
		const double *h = r->h + (long)b * H;
		for (int j = 0; j < H; j++) {
			dh[j] = toy_round(r, lo, dh[j] * (1.0 - h[j] * h[j]));
			mark(bad, TOY_OP_GRAD_TANH, dh[j]);
		}
	}
	/* Layer 1: x^T da and sum(da). */
	for (int i = 0; i < D; i++) {
		for (int j = 0; j < H; j++) {
			double s = 0;
			for (int b = 0; b < B; b++)
				s += r->xl[(long)b * D + i] * r->dh[(long)b * H + j];
			gw1[(long)i * H + j] = toy_round(r, lo, s * copies);
			mark(bad, TOY_OP_GRAD_W1, gw1[(long)i * H + j]);
		}
	}
	for (int j = 0; j < H; j++) {
		double s = 0;
		for (int b = 0; b < B; b++)
			s += r->dh[(long)b * H + j];
		gb1[j] = toy_round(r, lo, s * copies);
		mark(bad, TOY_OP_GRAD_B1, gb1[j]);
	}
	long nonfinite = 0;
	for (long i = 0; i < L->n; i++)
		nonfinite += !isfinite(r->gl[i]);
	return nonfinite;
}
