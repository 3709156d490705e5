/*
 * explain.c — dtype policies by name, and the sentence that says why the
 * first nonfinite value of a trace appeared.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "calc/calc_int.h"

bool
calc_policy_parse(const char *name, calc_policy *out)
{
	const char *fmt = name;
	bool ac = strncasecmp(name, "autocast-", 9) == 0;

	if (ac)
		fmt = name + 9;
	const fp_format *f = fp_format_find(fmt);
	if (f == NULL || strlen(name) >= sizeof out->name)
		return false;
	if (ac && f->id != FP_FP16 && f->id != FP_BF16)
		return false;	/* autocast's low dtypes are fp16 and bf16 */
	out->fmt = f;
	out->autocast = ac;
	snprintf(out->name, sizeof out->name, "%s%s", ac ? "autocast-" : "", f->name);
	return true;
}

const char *
calc_cause_name(calc_cause c)
{
	static const char *const names[] = {
		"none", "overflow", "invalid", "input", "propagated", "divide-by-zero"
	};
	return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

/* Index of the first element of s that is not finite. */
static size_t
first_bad(const calc_step *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (!isfinite(s->value[i]))
			return i;
	return 0;
}

static const char *
num(double x, char *buf, size_t n)
{
	if (isnan(x))
		snprintf(buf, n, "nan");
	else if (isinf(x))
		snprintf(buf, n, x < 0 ? "-inf" : "inf");
	else
		snprintf(buf, n, "%.5g", x);
	return buf;
}

/* "inf / inf", "exp(20)": the operands of element i, as text. */
static void
operands(const calc_trace *t, const calc_step *s, size_t i, char *buf, size_t n)
{
	char a[32], b[32];
	const calc_step *x = s->args[0] >= 0 ? &t->steps[s->args[0]] : NULL;
	const calc_step *y = s->args[1] >= 0 ? &t->steps[s->args[1]] : NULL;
	double xv = x ? x->value[x->n == 1 ? 0 : i] : 0;
	double yv = y ? y->value[y->n == 1 ? 0 : i] : 0;

	if (x && y && strlen(s->op) == 1)
		snprintf(buf, n, "%s %s %s", num(xv, a, sizeof a), s->op,
		    num(yv, b, sizeof b));
	else if (x && !s->vector && x->vector)
		snprintf(buf, n, "%s(...)", s->op);
	else if (x)
		snprintf(buf, n, "%s(%s)", strcmp(s->op, "neg") == 0 ? "-" : s->op,
		    num(xv, a, sizeof a));
	else
		snprintf(buf, n, "%s", s->label);
}

/* Append where the first accumulator that lost terms stopped counting. */
static void
lost_terms(const calc_trace *t, char *buf, size_t n, size_t len)
{
	char a[32];

	for (size_t k = 0; k < t->nsteps && len < n; k++) {
		const calc_step *s = &t->steps[k];
		if (s->acc == NULL || s->lost == 0)
			continue;
		snprintf(buf + len, n - len, "; in step %zu, %s, the %s accumulator "
		    "stopped counting at term %ld: the sum stayed %s, and %zu of %zu "
		    "terms added nothing", k + 1, s->label, s->acc->name,
		    s->lost_first + 1, num(s->lost_at, a, sizeof a), s->lost,
		    t->steps[s->args[0]].n);
		return;
	}
}

char *
calc_explain(const calc_trace *t, char *buf, size_t n)
{
	char ops[96], ex[32], mx[32];
	size_t len = 0;

	buf[0] = '\0';
	if (t->first_nonfinite < 0) {
		len = (size_t)snprintf(buf, n, "every value stays finite in %s",
		    t->policy.name);
		lost_terms(t, buf, n, len);
		return buf;
	}
	const calc_step *s = &t->steps[t->first_nonfinite];
	size_t i = first_bad(s);
	operands(t, s, i, ops, sizeof ops);
	const char *where = s->vector ? "element " : "";
	char idx[24] = "";
	if (s->vector)
		snprintf(idx, sizeof idx, "%zu ", i);

	switch (s->cause) {
	case CALC_CAUSE_OVERFLOW:
		if (s->acc != NULL && strcmp(s->op, "mean") == 0 && isfinite(s->total)) {
			len = (size_t)snprintf(buf, n, "overflow at step %d, %s: the "
			    "sum %s, held in %s, is beyond the largest finite %s, %s, "
			    "when it is rounded to %s before the divide, so the mean "
			    "is %s", t->first_nonfinite + 1, s->label,
			    num(s->total, ex, sizeof ex), s->acc->name, s->dtype->name,
			    num(fp_max_finite(s->dtype), mx, sizeof mx), s->dtype->name,
			    !s->dtype->has_inf ? "NaN" : s->value[i] < 0 ? "-inf" : "inf");
			break;
		}
		if (s->acc != NULL && !isfinite(s->total)) {
			len = (size_t)snprintf(buf, n, "overflow at step %d, %s: the "
			    "running sum in the %s accumulator went beyond its largest "
			    "finite value, %s, so it became %s", t->first_nonfinite + 1,
			    s->label, s->acc->name,
			    num(fp_max_finite(s->acc), mx, sizeof mx),
			    !s->acc->has_inf ? "NaN" : s->total < 0 ? "-inf" : "inf");
			break;
		}
		len = (size_t)snprintf(buf, n, "overflow at step %d, %s: %s%s%s = %s is "
		    "beyond the largest finite %s, %s, so it becomes %s",
		    t->first_nonfinite + 1, s->label, where, idx, ops,
		    num(s->exact[i], ex, sizeof ex), s->dtype->name,
		    num(fp_max_finite(s->dtype), mx, sizeof mx),
		    !s->dtype->has_inf ? "NaN" : s->value[i] < 0 ? "-inf" : "inf");
		break;
	case CALC_CAUSE_DIVZERO:
		len = (size_t)snprintf(buf, n, "division by zero at step %d, %s: "
		    "%s%s%s is exactly %s (a pole, not a rounding)",
		    t->first_nonfinite + 1, s->label, where, idx, ops,
		    num(s->value[i], ex, sizeof ex));
		break;
	case CALC_CAUSE_INVALID:
		len = (size_t)snprintf(buf, n, "invalid operation at step %d, %s: "
		    "%s%s%s has no meaningful value, so it is NaN",
		    t->first_nonfinite + 1, s->label, where, idx, ops);
		break;
	default:
		len = (size_t)snprintf(buf, n, "step %d, %s: the input itself is not "
		    "finite", t->first_nonfinite + 1, s->label);
		break;
	}
	/* A later NaN made from those infinities is the usual second act. */
	for (size_t k = (size_t)t->first_nonfinite + 1; k < t->nsteps && len < n; k++) {
		const calc_step *l = &t->steps[k];
		if (l->cause == CALC_CAUSE_INVALID && s->cause != CALC_CAUSE_INVALID) {
			operands(t, l, first_bad(l), ops, sizeof ops);
			snprintf(buf + len, n - len, "; then step %zu, %s: %s is NaN "
			    "(invalid)", k + 1, l->label, ops);
			break;
		}
	}
	return buf;
}
