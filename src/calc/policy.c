/*
 * policy.c — which dtype an operation runs in: torch.result_type's
 * promotion, and PyTorch's CUDA autocast op lists on top of it.
 *
 * result_type (c10's ResultTypeState): the inputs fall into three groups,
 * tensors with a dimension, 0-dim tensors and plain numbers; within a
 * group the dtypes promote (fp16 with bf16 gives fp32), and across groups
 * a group of a higher category wins over the groups before it, else the
 * first group present wins.  Every calc value is floating point, so the
 * category never differs and the first present group decides:
 * fp16([1,2]) * 3 is fp16, and bf16(2) * fp16([1,2]) is fp16.
 *
 * Autocast (at::autocast, CastPolicy): lower_precision_fp casts every
 * floating input to the low dtype; fp32 casts to float32; promote runs in
 * the widest input dtype by at::autocast::prioritize, which starts from
 * the low dtype, lets float32 win, and raises on any other mix.
 */
#include <config.h>

#include "calc/calc_int.h"

/* torch.promote_types on floating dtypes: the one that holds both, or
 * fp32 for a mix like fp16 and bf16. */
static const fp_format *
promote(const fp_format *a, const fp_format *b)
{
	if (a == b)
		return a;
	if (a->exp_bits >= b->exp_bits && a->man_bits >= b->man_bits)
		return a;
	if (b->exp_bits >= a->exp_bits && b->man_bits >= a->man_bits)
		return b;
	return fp_format_get(FP_FP32);
}

static const fp_format *
result_type(const calc_step *const *in, int n)
{
	for (int g = CALC_DIM_TENSOR; g >= CALC_DIM_SCALAR; g--) {
		const fp_format *dt = NULL;
		for (int k = 0; k < n; k++)
			if ((int)in[k]->dim == g)
				dt = dt ? promote(dt, in[k]->dtype) : in[k]->dtype;
		if (dt)
			return dt;
	}
	return in[0]->dtype;
}

const fp_format *
calc_run_dtype(const calc_policy *p, calc_ac ac, const calc_step *const *in,
    int n, const char **why)
{
	const fp_format *f32 = fp_format_get(FP_FP32);

	*why = NULL;
	if (!p->autocast || ac == AC_INPUT || ac == AC_NONE)
		return result_type(in, n);
	if (ac == AC_FP32)
		return f32;
	if (ac == AC_LOW)
		return p->fmt;
	const fp_format *cur = p->fmt;		/* AC_PROMOTE: prioritize */
	for (int k = 0; k < n; k++) {
		if (cur == f32 || in[k]->dtype == f32)
			cur = f32;
		else if (in[k]->dtype != p->fmt) {
			*why = in[k]->dtype->name;	/* the dtype it refuses */
			return NULL;
		}
	}
	return cur;
}

calc_dim
calc_result_dim(const calc_step *const *in, int n, bool tensor)
{
	calc_dim d = tensor ? CALC_DIM_ZERO : CALC_DIM_SCALAR;

	for (int k = 0; k < n; k++)
		if (in[k]->dim > d)
			d = in[k]->dim;
	return d;
}
