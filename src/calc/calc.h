/*
 * calc.h — the expression language of `fptutor calc`: parse once,
 * evaluate under a dtype policy, and keep a trace of every operation.
 *
 * Who calls what: a front end (the calc command, a lesson block) calls
 * calc_parse() on the text, then calc_eval() once per dtype policy it shows
 * (calc_policy_parse turns "fp16" or "autocast-bf16" into a policy), reads
 * the calc_trace, and frees both.  Steps carry their AST node id, so traces
 * of the same expression under different policies line up row by row.
 *
 * Numerics (doc/design.md, "What it teaches"): every operation computes
 * in double and rounds its result once to the dtype the operation runs
 * in.  Literals are rounded to their dtype first (a "literal" step, shown
 * when inexact).
 * Reductions (sum, mean, dot, matmul) and the library functions (softmax,
 * log_softmax, logsumexp, cross_entropy, cross_entropy_grad) accumulate in
 * double and round once, like a kernel with a wide accumulator; the library
 * functions use the max-subtracted, stable formulas.  A reduction given an
 * accumulator (sum(x, acc=fp16)) instead adds its terms left to right into
 * a running sum rounded to that dtype after every addition, and mean then
 * rounds that sum to its own dtype before dividing, as torch's CPU kernel
 * does (sum, then div_).  A number divided by a tensor is computed as
 * torch's __rtruediv__ does it, the tensor's reciprocal (rounded) times
 * the number.
 *
 * Nothing here prints or exits; the only allocation is the AST and traces.
 */
#ifndef FPTUTOR_CALC_H
#define FPTUTOR_CALC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fp/fp.h"

#define CALC_MAX_TEXT	4096	/* bytes of expression text */
#define CALC_MAX_DEPTH	64	/* nesting of parentheses and calls */
#define CALC_MAX_VEC	65536	/* elements of one vector */
#define CALC_MAX_NODES	4096	/* operations and literals in one expression */
#define CALC_MAX_VALUES	(1L << 21)	/* values held by one trace, all steps */

typedef struct calc_error {
	size_t pos;		/* byte offset in the text (parse errors) */
	char msg[256];
} calc_error;

typedef struct calc_expr calc_expr;	/* opaque: the parsed expression */

/* NULL on error, with err->pos at the offending byte and a message such as
 * "expected ')'" or "unknown function 'exq'". */
calc_expr *calc_parse(const char *text, calc_error *err);
void calc_free(calc_expr *e);
const char *calc_text(const calc_expr *e);	/* the text as parsed */

/* A dtype policy: a fixed format for literals and every op, or PyTorch's
 * CUDA autocast (literals fp32; matmul and @ on the lower-precision list,
 * run in the low dtype; exp, log, sum, softmax, log_softmax, logsumexp,
 * cross_entropy and a number divided by a tensor (__rtruediv__) on the
 * float32 list; dot on the promote list, run in the widest input dtype;
 * everything else, mean included, in its inputs' dtype).  Outside those
 * lists the dtype is torch.result_type's: a tensor with a dimension wins
 * over 0-dim tensors and plain numbers, a 0-dim tensor over plain numbers
 * (policy.c). */
typedef struct calc_policy {
	char name[24];		/* "fp16", "autocast-bf16" */
	const fp_format *fmt;	/* fixed: the dtype; autocast: the low dtype */
	bool autocast;
} calc_policy;
bool calc_policy_parse(const char *name, calc_policy *out);

/* Why a step is the first nonfinite one. */
typedef enum calc_cause {
	CALC_CAUSE_NONE,
	CALC_CAUSE_OVERFLOW,	/* finite inputs, a result beyond the range */
	CALC_CAUSE_INVALID,	/* inf/inf, inf-inf, 0*inf, log(-1), ...: NaN */
	CALC_CAUSE_INPUT,	/* a literal that is itself inf or NaN */
	CALC_CAUSE_PROPAGATED,	/* a nonfinite input carried through */
	CALC_CAUSE_DIVZERO,	/* x/0 or log(0): an exact infinity, no
				 * rounding (IEEE divideByZero; no flag of ours) */
} calc_cause;
const char *calc_cause_name(calc_cause c);	/* "overflow", ... */

/* What torch would hold: a plain (Python) number, a 0-dim tensor (a cast
 * of a number, a reduction, a function of a number) or a tensor with a
 * dimension (a vector).  torch.result_type ranks them in that order. */
typedef enum calc_dim {
	CALC_DIM_SCALAR,
	CALC_DIM_ZERO,
	CALC_DIM_TENSOR,
} calc_dim;

typedef struct calc_step {
	int node;		/* AST node id: equal across policies */
	const char *op;		/* "literal", "+", "exp", "sum", "fp16", ... */
	char label[64];		/* source text of this subexpression (cut with ...) */
	const fp_format *dtype;	/* the format the op ran in */
	int args[2];		/* steps this one read, -1 when unused */
	size_t n;		/* elements (1 for a scalar) */
	bool vector;
	double *exact;		/* n results before rounding to dtype */
	double *value;		/* n results after rounding (exact doubles) */
	uint32_t *bits;		/* n patterns of dtype */
	unsigned *eflags;	/* n FP_FLAG_* words */
	unsigned flags;		/* OR of eflags, plus FP_FLAG_INVALID for NaN made */
	bool nonfinite;		/* some element is inf or NaN */
	calc_cause cause;	/* set on every nonfinite step */
	calc_dim dim;
	/* Reductions given acc=: the accumulator's dtype (NULL: the exact
	 * sum rounded once), the first term that left the running sum
	 * unchanged (-1: none) and the running sum then, how many terms
	 * changed nothing, the accumulator's final value, and for mean that
	 * sum as rounded to the step's dtype before the divide. */
	const fp_format *acc;
	long lost_first;
	double lost_at;
	size_t lost;
	double total;
	double presum;
} calc_step;

typedef struct calc_trace {
	calc_policy policy;
	calc_step *steps;	/* in evaluation order; the last is the result */
	size_t nsteps;
	int first_nonfinite;	/* index into steps, or -1 */
} calc_trace;

/* Evaluate.  Returns false on an evaluation error (vector lengths that do
 * not match, a class index out of range, a vector too long), with err->pos
 * at the operation's position in the text.  On success *out owns memory
 * that calc_trace_free releases. */
bool calc_eval(const calc_expr *e, const calc_policy *p, calc_trace *out,
    calc_error *err);
void calc_trace_free(calc_trace *t);
static inline const calc_step *
calc_result(const calc_trace *t)
{
	return t->nsteps ? &t->steps[t->nsteps - 1] : NULL;
}

/* A sentence on why the first nonfinite step went nonfinite, e.g.
 * "exp(20) = 4.85e+08 is above fp16's largest finite value 65504". */
char *calc_explain(const calc_trace *t, char *buf, size_t n);

#endif
