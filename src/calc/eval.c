/*
 * eval.c — evaluating a parsed expression under a dtype policy into a
 * trace: one step per operation, each computed in double and rounded once
 * into the dtype the operation runs in (see calc.h for the rules), with
 * the flags of that rounding and, for nonfinite results, their cause.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc/calc_int.h"

typedef struct ev {
	const calc_expr *e;
	const calc_policy *pol;
	calc_trace *t;
	size_t cap;
	long values;		/* held by the trace so far: CALC_MAX_VALUES */
	calc_error *err;
	bool failed;
} ev;

static void
ev_fail(ev *v, size_t pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
ev_fail(ev *v, size_t pos, const char *fmt, ...)
{
	va_list ap;

	if (v->failed)
		return;
	v->failed = true;
	v->err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(v->err->msg, sizeof v->err->msg, fmt, ap);
	va_end(ap);
}

static calc_step *
S(ev *v, int i)
{
	return &v->t->steps[i];
}

static void
set_label(ev *v, calc_step *s, int node)
{
	const calc_node *n = &v->e->nodes[node];
	size_t len = n->end - n->pos;

	if (len < sizeof s->label) {
		memcpy(s->label, v->e->text + n->pos, len);
		s->label[len] = '\0';
	} else {
		/* cut on a character boundary: never half a UTF-8 sequence */
		size_t k = sizeof s->label - 4;
		while (k > 0 && ((unsigned char)v->e->text[n->pos + k] & 0xc0) == 0x80)
			k--;
		memcpy(s->label, v->e->text + n->pos, k);
		strcpy(s->label + k, "...");
	}
}

/* A new step of n elements; its exact[] is for the caller to fill. */
static int
new_step(ev *v, int node, int labelnode, const char *op, const fp_format *dt,
    size_t n, bool vector, int a0, int a1)
{
	calc_trace *t = v->t;
	size_t pos = v->e->nodes[labelnode].pos;

	if (v->failed)
		return -1;
	if (n > CALC_MAX_VEC) {
		ev_fail(v, pos, "vector too long (at most %d elements)", CALC_MAX_VEC);
		return -1;
	}
	v->values += (long)n;
	if (v->values > CALC_MAX_VALUES) {
		ev_fail(v, pos, "the expression computes too many values (at most "
		    "%ld over all its steps)", CALC_MAX_VALUES);
		return -1;
	}
	if (t->nsteps == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 16;
		calc_step *s = realloc(t->steps, cap * sizeof *s);
		if (s == NULL) {
			ev_fail(v, pos, "out of memory");
			return -1;
		}
		t->steps = s;
		v->cap = cap;
	}
	calc_step *s = &t->steps[t->nsteps];
	memset(s, 0, sizeof *s);
	s->exact = calloc(n, sizeof *s->exact);
	s->value = calloc(n, sizeof *s->value);
	s->bits = calloc(n, sizeof *s->bits);
	s->eflags = calloc(n, sizeof *s->eflags);
	t->nsteps++;
	if (!s->exact || !s->value || !s->bits || !s->eflags) {
		ev_fail(v, pos, "out of memory");
		return -1;
	}
	s->node = node;
	s->op = op;
	s->dtype = dt;
	s->n = n;
	s->vector = vector;
	s->args[0] = a0;
	s->args[1] = a1;
	set_label(v, s, labelnode);
	return (int)t->nsteps - 1;
}

static bool
all_finite(const calc_step *s, bool *has_nan)
{
	bool fin = true;

	for (size_t i = 0; i < s->n; i++) {
		fin &= isfinite(s->value[i]) != 0;
		*has_nan |= isnan(s->value[i]) != 0;
	}
	return fin;
}

/* Is element i of s an infinity made exactly, at a pole: x / 0 with x
 * finite and nonzero, or log(0)? */
static bool
pole(ev *v, const calc_step *s, size_t i)
{
	const calc_step *a = s->args[0] >= 0 ? S(v, s->args[0]) : NULL;
	const calc_step *b = s->args[1] >= 0 ? S(v, s->args[1]) : NULL;

	if (strcmp(s->op, "/") == 0 && b)
		return b->value[b->n == 1 ? 0 : i] == 0;
	if (strcmp(s->op, "log") == 0 && a)
		return a->value[a->n == 1 ? 0 : i] == 0;
	return false;
}

/* Round exact[] into the dtype, set flags and the cause of a nonfinite
 * result.  reals, when not NULL, are the exact values to round instead:
 * of literals as read (literal true), or the exact sum of a reduction. */
static void
finish(ev *v, int idx, const fp_real *reals, bool literal)
{
	const fp_real *lits = literal ? reals : NULL;
	calc_step *s = S(v, idx);
	bool in_nan = false, in_fin = true, divzero = false;

	for (int k = 0; k < 2; k++)
		if (s->args[k] >= 0)
			in_fin &= all_finite(S(v, s->args[k]), &in_nan);
	for (size_t i = 0; i < s->n; i++) {
		unsigned fl = 0;
		double x = s->exact[i];
		s->bits[i] = reals ? fp_encode_real(s->dtype, &reals[i], &fl)
				   : fp_encode(s->dtype, x, &fl);
		s->value[i] = fp_decode(s->dtype, s->bits[i]);
		/* Beyond double itself: the exact result overflowed while the
		 * inputs were finite (unless it is a pole, x/0 or log 0, whose
		 * infinity is exact); it underflowed below every double; or a
		 * NaN was made, not carried in. */
		if (isinf(x) && in_fin && !lits) {
			if (pole(v, s, i))
				divzero = true;
			else
				fl |= FP_FLAG_OVERFLOW | FP_FLAG_INEXACT;
		}
		if (x == 0 && in_fin && strcmp(s->op, "exp") == 0)
			fl |= FP_FLAG_UNDERFLOW | FP_FLAG_INEXACT;
		if (isnan(x) && !in_nan && !(lits && isnan(lits[i].lo)))
			fl |= FP_FLAG_INVALID;
		s->eflags[i] = fl;
		s->flags |= fl;
		if (!isfinite(s->value[i]))
			s->nonfinite = true;
	}
	if (!s->nonfinite)
		return;
	if (s->flags & FP_FLAG_INVALID && !(lits && s->flags == FP_FLAG_INVALID))
		s->cause = CALC_CAUSE_INVALID;
	else if (!in_fin)
		s->cause = CALC_CAUSE_PROPAGATED;
	else if (s->flags & FP_FLAG_OVERFLOW)
		s->cause = CALC_CAUSE_OVERFLOW;
	else if (divzero)
		s->cause = CALC_CAUSE_DIVZERO;
	else
		s->cause = CALC_CAUSE_INPUT;
	if (v->t->first_nonfinite < 0)
		v->t->first_nonfinite = idx;
}

static const fp_format *
literal_dtype(const ev *v)
{
	return v->pol->autocast ? fp_format_get(FP_FP32) : v->pol->fmt;
}

/* The dtype an op of class ac runs in over inputs args[0..n-1]; NULL (the
 * evaluation failed at pos) where PyTorch's autocast would raise. */
static const fp_format *
run_dtype(ev *v, calc_ac ac, const int *args, int n, const char *op, size_t pos)
{
	const calc_step *in[CALC_MAX_ARGS];
	const char *why;

	for (int k = 0; k < n; k++)
		in[k] = S(v, args[k]);
	const fp_format *dt = calc_run_dtype(v->pol, ac, in, n, &why);
	if (dt == NULL)
		ev_fail(v, pos, "%s under %s takes fp32 and %s inputs only, not %s "
		    "(PyTorch's autocast raises \"Unexpected floating ScalarType\")",
		    op, v->pol->name, v->pol->fmt->name, why);
	return dt;
}

static calc_dim
result_dim(ev *v, const int *args, int n, bool tensor)
{
	const calc_step *in[CALC_MAX_ARGS];

	for (int k = 0; k < n; k++)
		in[k] = S(v, args[k]);
	return calc_result_dim(in, n, tensor);
}

/* Under autocast, an input of another dtype is cast first; widening is
 * exact and needs no step, narrowing rounds and is shown. */
static int
autocast_to(ev *v, int node, int argi, int arg, const fp_format *dt)
{
	calc_step *a = S(v, arg);

	if (a->dtype == dt)
		return arg;
	int id = new_step(v, (int)v->e->nnodes + 2 * node + argi,
	    v->e->nodes[node].kid[argi], "autocast", dt, a->n, a->vector, arg, -1);
	if (id < 0)
		return -1;
	a = S(v, arg);
	S(v, id)->dim = a->dim;
	memcpy(S(v, id)->exact, a->value, a->n * sizeof *a->value);
	finish(v, id, NULL, false);
	return id;
}

static int eval_node(ev *v, int node);

static bool
need_scalar(ev *v, int step, int node, const char *what)
{
	if (S(v, step)->n != 1) {
		ev_fail(v, v->e->nodes[node].pos, "%s must be a single number", what);
		return false;
	}
	return true;
}

/* Elementwise binary operation with a scalar broadcast over a vector. */
static int
eval_binary(ev *v, int node, char op, int a, int b, const char *opname)
{
	calc_step *sa = S(v, a), *sb = S(v, b);
	size_t n = sa->n > sb->n ? sa->n : sb->n;

	if (sa->n != sb->n && sa->n != 1 && sb->n != 1) {
		const calc_node *nd = &v->e->nodes[node];
		ev_fail(v, nd->type == NT_BIN ? nd->oppos : nd->pos,
		    "vectors of different lengths (%zu and %zu)", sa->n, sb->n);
		return -1;
	}
	/* A number divided by a tensor is torch's __rtruediv__, which is
	 * tensor.reciprocal() * number: two roundings, and reciprocal is on
	 * autocast's float32 list.  Every other binary op is on no list. */
	int ab[2] = { a, b };
	bool rdiv = op == '/' && sa->dim == CALC_DIM_SCALAR &&
	    sb->dim != CALC_DIM_SCALAR;
	calc_ac ac = rdiv ? AC_FP32 : AC_INPUT;
	const fp_format *dt = run_dtype(v, ac, ab, 2, opname, v->e->nodes[node].pos);
	if (dt == NULL)
		return -1;
	int id = new_step(v, node, node, opname, dt, n, sa->vector || sb->vector, a, b);
	if (id < 0)
		return -1;
	S(v, id)->dim = result_dim(v, ab, 2, false);
	sa = S(v, a);
	sb = S(v, b);
	for (size_t i = 0; i < n; i++) {
		double x = sa->value[sa->n == 1 ? 0 : i];
		double y = sb->value[sb->n == 1 ? 0 : i];
		double r;
		switch (op) {
		case '+': r = x + y; break;
		case '-': r = x - y; break;
		case '*': r = x * y; break;
		case 'M': r = isnan(x) || isnan(y) ? NAN : x > y ? x : y; break;
		case 'm': r = isnan(x) || isnan(y) ? NAN : x < y ? x : y; break;
		default:  r = rdiv ? x * fp_decode(dt, fp_encode(dt, 1 / y, NULL))
			      : x / y;
			  break;
		}
		S(v, id)->exact[i] = r;
	}
	finish(v, id, NULL, false);
	return id;
}

/* linspace(a, b, n) and range(n): literals made by a rule.  Their
 * parameters are read exactly (before any rounding), then each element is
 * rounded once like a typed literal. */
static int
eval_generator(ev *v, int node, const calc_func *fn, const int *args)
{
	const calc_node *n = &v->e->nodes[node];
	int ni = fn->kind == CK_RANGE ? 0 : 2;

	for (int k = 0; k < n->nkid; k++)
		if (!need_scalar(v, args[k], n->kid[k], "each argument"))
			return -1;
	double cnt = S(v, args[ni])->exact[0];
	if (!(cnt >= 1 && cnt <= CALC_MAX_VEC && cnt == floor(cnt))) {
		ev_fail(v, v->e->nodes[n->kid[ni]].pos,
		    "the count must be a whole number from 1 to %d", CALC_MAX_VEC);
		return -1;
	}
	size_t len = (size_t)cnt;
	int id = new_step(v, node, node, fn->name, literal_dtype(v), len, true, -1, -1);
	if (id < 0)
		return -1;
	S(v, id)->dim = CALC_DIM_TENSOR;
	double a = fn->kind == CK_RANGE ? 0 : S(v, args[0])->exact[0];
	double b = fn->kind == CK_RANGE ? cnt - 1 : S(v, args[1])->exact[0];
	for (size_t i = 0; i < len; i++)
		S(v, id)->exact[i] = len == 1 ? a : a + (b - a) * (double)i / (double)(len - 1);
	finish(v, id, NULL, false);
	return id;
}

/* The class argument of cross_entropy: a whole number in [0, n). */
static bool
class_index(ev *v, int node, int step, size_t n, size_t *out)
{
	const calc_node *cn = &v->e->nodes[v->e->nodes[node].kid[1]];
	double c = S(v, step)->exact[0];

	if (S(v, step)->n != 1 || !(c >= 0 && c < (double)n && c == floor(c))) {
		ev_fail(v, cn->pos, "the class must be a whole number from 0 to %zu", n - 1);
		return false;
	}
	*out = (size_t)c;
	return true;
}

static int
eval_call(ev *v, int node)
{
	const calc_node *n = &v->e->nodes[node];
	const calc_func *fn = n->fn;
	int args[CALC_MAX_ARGS] = { -1, -1, -1 };

	for (int k = 0; k < n->nkid; k++)
		if ((args[k] = eval_node(v, n->kid[k])) < 0)
			return -1;
	if (fn->kind == CK_LINSPACE || fn->kind == CK_RANGE)
		return eval_generator(v, node, fn, args);
	if (fn->kind == CK_MAXMIN && n->nkid == 2)
		return eval_binary(v, node, fn->name[1] == 'a' ? 'M' : 'm',
		    args[0], args[1], fn->name);

	calc_step *x = S(v, args[0]);
	/* the data inputs: a class index is not one */
	int ndata = fn->kind == CK_XENT || fn->kind == CK_XENT_GRAD ? 1 : n->nkid;
	const fp_format *dt = fn->kind == CK_CAST ? fp_format_get(fn->cast)
	    : run_dtype(v, fn->ac, args, ndata, fn->name, n->pos);
	size_t len = x->n, cls = 0;
	bool vec = x->vector;
	calc_dim dim = result_dim(v, args, ndata, true);

	if (dt == NULL)
		return -1;
	if (fn->ac == AC_LOW && v->pol->autocast)
		for (int k = 0; k < n->nkid; k++)
			if ((args[k] = autocast_to(v, node, k, args[k], dt)) < 0)
				return -1;
	x = S(v, args[0]);	/* new steps may have moved the array */
	switch (fn->kind) {
	case CK_MAXMIN: case CK_SUM: case CK_MEAN: case CK_LOGSUMEXP:
		len = 1, vec = false, dim = CALC_DIM_ZERO;
		break;
	case CK_DOT:
		if (fn->ac == AC_LOW && (!x->vector || !S(v, args[1])->vector)) {
			ev_fail(v, n->pos, "matmul needs vectors (torch.matmul of a "
			    "number is an error)");
			return -1;
		}
		if (S(v, args[1])->n != x->n) {
			ev_fail(v, n->pos, "%s of vectors of different lengths (%zu and "
			    "%zu)", fn->name, x->n, S(v, args[1])->n);
			return -1;
		}
		len = 1, vec = false, dim = CALC_DIM_ZERO;
		break;
	case CK_XENT:
	case CK_XENT_GRAD:
		if (!class_index(v, node, args[1], x->n, &cls))
			return -1;
		if (fn->kind == CK_XENT)
			len = 1, vec = false, dim = CALC_DIM_ZERO;
		break;
	default:
		break;
	}
	int id = new_step(v, node, node, fn->name, dt, len, vec, args[0],
	    fn->kind == CK_XENT || fn->kind == CK_XENT_GRAD ? -1 : args[1]);
	if (id < 0)
		return -1;
	calc_step *s = S(v, id);
	fp_real sum;
	x = S(v, args[0]);
	s->dim = dim;
	s->acc = n->acc;
	s->lost_first = -1;
	if (n->acc != NULL) {
		calc_accumulate(fn->kind, x, args[1] >= 0 ? S(v, args[1]) : NULL, s);
	} else if (fn->kind == CK_MAP) {
		for (size_t i = 0; i < len; i++)
			s->exact[i] = fn->map(x->value[i]);
	} else if (fn->kind == CK_CAST) {
		memcpy(s->exact, x->value, len * sizeof *s->exact);
	} else if (fn->kind == CK_MAXMIN) {
		double r = x->value[0];
		for (size_t i = 1; i < x->n && !isnan(r); i++)
			r = isnan(x->value[i]) ? NAN : fn->name[1] == 'a'
			    ? fmax(r, x->value[i]) : fmin(r, x->value[i]);
		s->exact[0] = r;
	} else if (calc_reduce(fn->kind, x, args[1] >= 0 ? S(v, args[1]) : NULL,
	    cls, s->exact, &sum)) {
		finish(v, id, &sum, false);
		return id;
	}
	finish(v, id, NULL, false);
	return id;
}

static int
eval_node(ev *v, int node)
{
	const calc_node *n = &v->e->nodes[node];
	int id, a, b;

	switch (n->type) {
	case NT_NUM:
	case NT_VEC:
		id = new_step(v, node, node, "literal", literal_dtype(v), n->nvals,
		    n->type == NT_VEC, -1, -1);
		if (id < 0)
			return -1;
		S(v, id)->dim = n->type == NT_VEC ? CALC_DIM_TENSOR : CALC_DIM_SCALAR;
		for (size_t i = 0; i < n->nvals; i++)
			S(v, id)->exact[i] = v->e->lits[n->first + i].lo;
		finish(v, id, &v->e->lits[n->first], true);
		return id;
	case NT_NEG:
		if ((a = eval_node(v, n->kid[0])) < 0)
			return -1;
		id = new_step(v, node, node, "neg", S(v, a)->dtype, S(v, a)->n,
		    S(v, a)->vector, a, -1);
		if (id < 0)
			return -1;
		S(v, id)->dim = S(v, a)->dim;
		for (size_t i = 0; i < S(v, id)->n; i++)
			S(v, id)->exact[i] = -S(v, a)->value[i];
		finish(v, id, NULL, false);
		return id;
	case NT_BIN:
		if ((a = eval_node(v, n->kid[0])) < 0 || (b = eval_node(v, n->kid[1])) < 0)
			return -1;
		return eval_binary(v, node, n->op, a, b,
		    n->op == '+' ? "+" : n->op == '-' ? "-" : n->op == '*' ? "*" : "/");
	case NT_CALL:
		return eval_call(v, node);
	}
	return -1;
}

bool
calc_eval(const calc_expr *e, const calc_policy *p, calc_trace *out,
    calc_error *err)
{
	calc_error dummy;
	ev v = { .e = e, .pol = p, .t = out, .err = err ? err : &dummy };

	memset(out, 0, sizeof *out);
	out->policy = *p;
	out->first_nonfinite = -1;
	v.err->pos = 0;
	v.err->msg[0] = '\0';
	if (eval_node(&v, e->root) < 0 || v.failed) {
		calc_trace_free(out);
		return false;
	}
	return true;
}

void
calc_trace_free(calc_trace *t)
{
	for (size_t i = 0; i < t->nsteps; i++) {
		free(t->steps[i].exact);
		free(t->steps[i].value);
		free(t->steps[i].bits);
		free(t->steps[i].eflags);
	}
	free(t->steps);
	t->steps = NULL;
	t->nsteps = 0;
}
