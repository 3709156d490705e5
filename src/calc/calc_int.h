/*
 * calc_int.h — what the files of src/calc share and nobody else sees:
 * the AST, the function table, and the kernels eval.c calls.
 */
#ifndef FPTUTOR_CALC_INT_H
#define FPTUTOR_CALC_INT_H

#include "calc/calc.h"

/* How a function computes; eval.c has one routine per kind (the
 * reductions' and the softmax family's kernels are in reduce.c). */
typedef enum calc_kind {
	CK_MAP,		/* elementwise f(x): exp, log, sqrt, abs */
	CK_MAXMIN,	/* one vector: reduce; two args: elementwise */
	CK_SUM,
	CK_MEAN,
	CK_DOT,
	CK_SOFTMAX,
	CK_LOG_SOFTMAX,
	CK_LOGSUMEXP,
	CK_XENT,	/* cross_entropy(logits, class) */
	CK_XENT_GRAD,	/* softmax(logits) - onehot(class) */
	CK_CAST,	/* fp16(x), bf16(x), ...: round into a format */
	CK_LINSPACE,	/* linspace(a, b, n): n literals */
	CK_RANGE,	/* range(n): 0 .. n-1 */
} calc_kind;

/* Which dtype an op runs in under autocast: PyTorch's CUDA op lists. */
typedef enum calc_ac {
	AC_INPUT,	/* on no list: its inputs' dtype, by torch.result_type */
	AC_FP32,	/* the float32 list: exp, log, sum, softmax, ... */
	AC_LOW,		/* the lower-precision list: matmul */
	AC_PROMOTE,	/* the promote list: dot, in the widest input dtype */
	AC_NONE,	/* casts and generators: their own rule */
} calc_ac;

typedef struct calc_func {
	const char *name;
	int min_args, max_args;
	calc_kind kind;
	calc_ac ac;
	double (*map)(double);	/* CK_MAP, and the element op of max/min */
	fp_id cast;		/* CK_CAST */
} calc_func;

const calc_func *calc_func_find(const char *name, size_t len);
/* "exp, log, sqrt, ..." for messages. */
const char *calc_func_names(void);

typedef enum calc_ntype { NT_NUM, NT_VEC, NT_NEG, NT_BIN, NT_CALL } calc_ntype;

#define CALC_MAX_ARGS 3

typedef struct calc_node {
	calc_ntype type;
	size_t pos, end;	/* span in the text */
	char op;		/* NT_BIN: + - * / */
	size_t oppos;		/* NT_BIN: where the operator is */
	const calc_func *fn;	/* NT_CALL */
	int kid[CALC_MAX_ARGS];	/* children: NT_NEG 1, NT_BIN 2, NT_CALL nargs */
	int nkid;
	const fp_format *acc;	/* NT_CALL: acc=DTYPE, or NULL */
	size_t nvals;		/* NT_NUM 1, NT_VEC count */
	size_t first;		/* index of the first literal in calc_expr.lits */
} calc_node;

struct calc_expr {
	char *text;
	calc_node *nodes;
	size_t nnodes;
	int root;
	fp_real *lits;		/* every literal number, exactly as read */
	size_t nlits;
};

/* policy.c: the dtype an operation of autocast class ac runs in, over its
 * n data inputs; NULL when PyTorch's autocast would raise (a promote-list
 * op given a dtype that is neither fp32 nor the low one), with *why the
 * name of that dtype. */
const fp_format *calc_run_dtype(const calc_policy *p, calc_ac ac,
    const calc_step *const *in, int n, const char **why);
/* The dim of a result of these inputs (the highest of theirs, a number
 * becoming a 0-dim tensor when tensor is set). */
calc_dim calc_result_dim(const calc_step *const *in, int n, bool tensor);

/* accum.c: the reduction s (sum, mean, dot) over x (and y for dot) with
 * the running sum in s->acc, left to right; fills s->exact[0] and the
 * lost_* and presum fields. */
void calc_accumulate(calc_kind k, const calc_step *x, const calc_step *y,
    calc_step *s);

/* reduce.c: the reduction or softmax-family function k (CK_SUM, CK_MEAN,
 * CK_DOT, CK_SOFTMAX, CK_LOG_SOFTMAX, CK_LOGSUMEXP, CK_XENT, CK_XENT_GRAD)
 * of x's values (and y's for dot, cls the class of cross_entropy), not
 * yet rounded into a dtype: sum, mean and dot of finite terms exactly,
 * into *real (returns true; out[0] is real->lo, for the trace to show),
 * the rest computed in double into out[] (one element, or x->n for
 * softmax, log_softmax and the gradient). */
bool calc_reduce(calc_kind k, const calc_step *x, const calc_step *y,
    size_t cls, double *out, fp_real *real);

/* xsum.c: the exact sum of x's values (of x[i] y[i] for CK_DOT, a scalar
 * y broadcast), divided by their count for CK_MEAN, into *r as a
 * truncation and a sticky bit.  False when a term or product is not
 * finite (the double sum then gives the right inf or NaN).  An exact zero
 * is +0, or -0 when every term is a -0. */
bool calc_exact_sum(calc_kind k, const calc_step *x, const calc_step *y,
    fp_real *r);

#endif
