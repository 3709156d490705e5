/*
 * walk.c — the static loss-scaling walk: one gradient G times a scale S,
 * rounded once to the dtype (what the scaled backward stores), divided by
 * S again in fp32 (what unscale_ hands the optimizer), with the error and
 * a verdict; and the powers of two that bound the useful window of scales.
 */
#include <config.h>

#include <float.h>
#include <math.h>

#include "train/scaler.h"

/* Far below every format's smallest subnormal (fp32: 2^-149), yet far
 * enough above double's underflow that fma error terms stay exact. */
#define TINY 0x1p-900

const char *
scaler_verdict_name(scaler_verdict v)
{
	switch (v) {
	case SCALER_LOST:	return "lost to zero";
	case SCALER_SUBNORMAL:	return "subnormal, precision lost";
	case SCALER_NORMAL:	return "normal";
	case SCALER_OVERFLOW:	return "overflow";
	}
	return "?";
}

/*
 * Turn "the exact value is v + err" (v the rounded double, err the exact
 * remainder, same scale) into truncation plus sticky.  sticky_in is the
 * operand's own sticky bit, which lies beyond v in v's direction.
 */
static fp_real
truncate_sum(double v, double err, bool sticky_in)
{
	fp_real r = { v, sticky_in };

	if (err == 0)
		return r;
	r.sticky = true;
	if ((err > 0) != (v > 0))	/* the exact value is below |v| */
		r.lo = nextafter(v, 0.0);
	return r;
}

/* Results beyond double's range, both ways, rounded as the exact value
 * would be in every format here. */
static bool
out_of_range(double v, bool nonzero, fp_real *r)
{
	if (isinf(v)) {
		r->lo = copysign(DBL_MAX, v);
		r->sticky = true;
		return true;
	}
	if (nonzero && fabs(v) < TINY) {
		r->lo = copysign(TINY, v);
		r->sticky = true;
		return true;
	}
	return false;
}

fp_real
scaler_real_mul(const fp_real *x, double s)
{
	fp_real r = { x->lo * s, x->sticky && s != 0 };

	if (!isfinite(x->lo) || !isfinite(s) || x->lo == 0 || s == 0)
		return r;
	if (out_of_range(r.lo, true, &r))
		return r;
	return truncate_sum(r.lo, fma(x->lo, s, -r.lo), x->sticky);
}

fp_real
scaler_real_div(const fp_real *x, long k)
{
	double dk = (double)k;
	fp_real r = { x->lo / dk, x->sticky };

	if (!isfinite(x->lo) || x->lo == 0 || k == 1)
		return r;
	if (out_of_range(r.lo, true, &r))
		return r;
	/* x - q*k is exact (a division remainder), and x/k = q + rem/k. */
	double rem = fma(-r.lo, dk, x->lo);
	return truncate_sum(r.lo, rem, x->sticky);
}

void
scaler_walk(const fp_format *dtype, const fp_real *grad, double scale,
    scaler_walk_row *out)
{
	const fp_format *f32 = fp_format_get(FP_FP32);
	fp_real p = scaler_real_mul(grad, scale);
	unsigned fl = 0;

	out->scale = scale;
	out->scaled_bits = fp_encode_real(dtype, &p, &fl);
	out->flags = fl;
	out->scaled = fp_decode(dtype, out->scaled_bits);
	out->cls = fp_classify(dtype, out->scaled_bits);
	out->unscaled_bits = fp_encode(f32, out->scaled / scale, NULL);
	out->unscaled = fp_decode(f32, out->unscaled_bits);
	out->rel_error = isfinite(out->unscaled)
	    ? fabs(out->unscaled - grad->lo) / fabs(grad->lo) : INFINITY;
	switch (out->cls) {
	case FP_CLASS_ZERO:	 out->verdict = SCALER_LOST; break;
	case FP_CLASS_SUBNORMAL: out->verdict = SCALER_SUBNORMAL; break;
	case FP_CLASS_NORMAL:	 out->verdict = SCALER_NORMAL; break;
	case FP_CLASS_INF:
	case FP_CLASS_NAN:	 out->verdict = SCALER_OVERFLOW; break;
	}
}

static fp_class
class_at(const fp_format *dtype, const fp_real *x, int k)
{
	fp_real p = scaler_real_mul(x, ldexp(1.0, k));
	return fp_classify(dtype, fp_encode_real(dtype, &p, NULL));
}

bool
scaler_max_pow2(const fp_format *dtype, const fp_real *x, int *k)
{
	for (int e = SCALER_KMAX; e >= SCALER_KMIN; e--) {
		fp_class c = class_at(dtype, x, e);
		if (c != FP_CLASS_INF && c != FP_CLASS_NAN) {
			*k = e;
			return true;
		}
	}
	return false;
}

bool
scaler_min_normal_pow2(const fp_format *dtype, const fp_real *x, int *k)
{
	for (int e = SCALER_KMIN; e <= SCALER_KMAX; e++) {
		fp_class c = class_at(dtype, x, e);
		if (c == FP_CLASS_NORMAL) {
			*k = e;
			return true;
		}
		if (c == FP_CLASS_INF || c == FP_CLASS_NAN)
			return false;
	}
	return false;
}

void
scaler_window_of(const fp_format *dtype, const fp_real *grad,
    const fp_real *grad_max, scaler_window *out)
{
	int k;

	out->has_lo = scaler_min_normal_pow2(dtype, grad, &out->lo);
	out->has_hi = scaler_max_pow2(dtype, grad_max, &out->hi);
	/* The gradient itself must stay finite too, if it is the larger. */
	if (scaler_max_pow2(dtype, grad, &k) && (!out->has_hi || k < out->hi)) {
		out->hi = k;
		out->has_hi = true;
	}
	out->open = out->has_lo && out->has_hi && out->lo <= out->hi;
}

int
scaler_default_scales(const fp_format *dtype, const fp_real *big, double out[4])
{
	int ks[4] = { 0, 10, 16, 0 }, n = 3, top;

	if (scaler_max_pow2(dtype, big, &top)) {
		/* Keep the list sorted and free of duplicates. */
		int i = n;
		while (i > 0 && ks[i - 1] > top)
			i--;
		if (i == 0 || ks[i - 1] != top) {
			for (int j = n; j > i; j--)
				ks[j] = ks[j - 1];
			ks[i] = top;
			n++;
		}
	}
	for (int i = 0; i < n; i++)
		out[i] = ldexp(1.0, ks[i]);
	return n;
}
