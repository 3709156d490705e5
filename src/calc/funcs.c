/*
 * funcs.c — the calc function table: name, arity, how it computes and
 * which dtype autocast runs it in (the list of PyTorch's CUDA autocast op
 * reference it is on: matmul lower precision; exp, log, sum, softmax,
 * log_softmax, logsumexp, cross_entropy float32, and cross_entropy_grad,
 * its backward, with it; dot promote; the rest on none).  Adding a
 * function is a row here and, for a new kind, a routine in eval.c.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "calc/calc_int.h"

static double f_exp(double x) { return exp(x); }
static double f_log(double x) { return log(x); }
static double f_sqrt(double x) { return sqrt(x); }
static double f_abs(double x) { return fabs(x); }

static const calc_func funcs[] = {
	{ "exp",		1, 1, CK_MAP,		AC_FP32,   f_exp,  FP_FP32 },
	{ "log",		1, 1, CK_MAP,		AC_FP32,   f_log,  FP_FP32 },
	{ "sqrt",		1, 1, CK_MAP,		AC_INPUT, f_sqrt, FP_FP32 },
	{ "abs",		1, 1, CK_MAP,		AC_INPUT, f_abs,  FP_FP32 },
	{ "max",		1, 2, CK_MAXMIN,	AC_INPUT, NULL,   FP_FP32 },
	{ "min",		1, 2, CK_MAXMIN,	AC_INPUT, NULL,   FP_FP32 },
	{ "sum",		1, 1, CK_SUM,		AC_FP32,   NULL,   FP_FP32 },
	{ "mean",		1, 1, CK_MEAN,		AC_INPUT,  NULL,   FP_FP32 },
	{ "dot",		2, 2, CK_DOT,		AC_PROMOTE, NULL,  FP_FP32 },
	{ "matmul",		2, 2, CK_DOT,		AC_LOW,    NULL,   FP_FP32 },
	{ "softmax",		1, 1, CK_SOFTMAX,	AC_FP32,   NULL,   FP_FP32 },
	{ "log_softmax",	1, 1, CK_LOG_SOFTMAX,	AC_FP32,   NULL,   FP_FP32 },
	{ "logsumexp",		1, 1, CK_LOGSUMEXP,	AC_FP32,   NULL,   FP_FP32 },
	{ "cross_entropy",	2, 2, CK_XENT,		AC_FP32,   NULL,   FP_FP32 },
	{ "cross_entropy_grad",	2, 2, CK_XENT_GRAD,	AC_FP32,   NULL,   FP_FP32 },
	{ "fp16",		1, 1, CK_CAST,		AC_NONE,   NULL,   FP_FP16 },
	{ "bf16",		1, 1, CK_CAST,		AC_NONE,   NULL,   FP_BF16 },
	{ "fp32",		1, 1, CK_CAST,		AC_NONE,   NULL,   FP_FP32 },
	{ "tf32",		1, 1, CK_CAST,		AC_NONE,   NULL,   FP_TF32 },
	{ "e4m3",		1, 1, CK_CAST,		AC_NONE,   NULL,   FP_E4M3 },
	{ "e5m2",		1, 1, CK_CAST,		AC_NONE,   NULL,   FP_E5M2 },
	{ "linspace",		3, 3, CK_LINSPACE,	AC_NONE,   NULL,   FP_FP32 },
	{ "range",		1, 1, CK_RANGE,		AC_NONE,   NULL,   FP_FP32 },
};

const calc_func *
calc_func_find(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
		if (strlen(funcs[i].name) == len &&
		    strncmp(funcs[i].name, name, len) == 0)
			return &funcs[i];
	return NULL;
}

const char *
calc_func_names(void)
{
	return "exp, log, sqrt, abs, max, min, sum, mean, dot, matmul, softmax, "
	    "log_softmax, logsumexp, cross_entropy, cross_entropy_grad, "
	    "linspace, range, and the casts fp16, bf16, fp32, tf32, e4m3, e5m2";
}
