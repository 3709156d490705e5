/*
 * reduce.c — the kernels of the reductions (sum, mean, dot) and of the
 * softmax family (softmax, log_softmax, logsumexp, cross_entropy and its
 * gradient) when no accumulator is chosen, over their input's rounded
 * values, for eval.c to round once at the end: sum, mean and dot exactly
 * (xsum.c), the softmax family in double, the stable way (everything
 * relative to max x), and that double rounded once.
 */
#include <config.h>

#include <math.h>

#include "calc/calc_int.h"

/* Softmax family over x[0..n-1], stable: everything relative to max x. */
static double
vmax(const double *x, size_t n)
{
	double m = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (isnan(x[i]))
			return NAN;
		if (x[i] > m)
			m = x[i];
	}
	return m;
}

static double
sum_exp_shifted(const double *x, size_t n, double m)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += exp(x[i] - m);
	return s;
}

/* The element i of a step, broadcasting a scalar. */
static double
at(const calc_step *s, size_t i)
{
	return s->value[s->n == 1 ? 0 : i];
}

/* Reductions and the softmax family over the input's rounded values, for
 * the caller to round once: sum, mean and dot as their exact value in
 * *real (true returned; out[0] gets real's truncation, to be shown), the
 * others, and a sum with an inf or NaN in it, as doubles in out[]. */
bool
calc_reduce(calc_kind k, const calc_step *x, const calc_step *y, size_t cls,
    double *out, fp_real *real)
{
	const double *xv = x->value;
	size_t n = x->n;
	double m, s;

	switch (k) {
	case CK_SUM:
	case CK_MEAN:
	case CK_DOT:
		if (calc_exact_sum(k, x, y, real)) {
			out[0] = real->lo;
			return true;
		}
		s = 0;
		for (size_t i = 0; i < n; i++)
			s += k == CK_DOT ? xv[i] * at(y, i) : xv[i];
		out[0] = k == CK_MEAN ? s / (double)n : s;
		break;
	case CK_SOFTMAX:
	case CK_XENT_GRAD:
		m = vmax(xv, n);
		s = sum_exp_shifted(xv, n, m);
		for (size_t i = 0; i < n; i++)
			out[i] = exp(xv[i] - m) / s - (k == CK_XENT_GRAD && i == cls);
		break;
	case CK_LOG_SOFTMAX:
		m = vmax(xv, n);
		s = log(sum_exp_shifted(xv, n, m));
		for (size_t i = 0; i < n; i++)
			out[i] = xv[i] - m - s;
		break;
	case CK_LOGSUMEXP:
	case CK_XENT:
		m = vmax(xv, n);
		out[0] = m + log(sum_exp_shifted(xv, n, m));
		if (k == CK_XENT)
			out[0] -= xv[cls];
		break;
	default:
		break;
	}
	return false;
}
