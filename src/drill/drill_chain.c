/*
 * drill_chain.c — the overflow drill: is a product, a sum or an exp
 * finite in a format, and at levels 2 and 3 a chain of them (two steps;
 * three or four), each step rounded to the format: is every step finite,
 * and if not, which step is the first that is not.  The operands are
 * drawn near the edge of the range (each step is steered to the answer
 * drawn for it, so "yes" and every step come up alike), but the answer is
 * src/calc's: the chain is written as an expression and evaluated in the
 * format, and a miss is explained with that trace, step by step, and the
 * rounding walk of the first step that is not finite.
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "calc/calc.h"
#include "drill/drill_int.h"

static const fp_id formats[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };

#define TRIES 64	/* draws of a step before its answer is left to chance */

static bool
finite_val(const fp_format *f, double v)
{
	unsigned fl;
	fp_class c = fp_classify(f, fp_encode(f, v, &fl));

	return c != FP_CLASS_INF && c != FP_CLASS_NAN;
}

/* v rounded to f, as a double (inf or NaN past the range). */
static double
rounded(const fp_format *f, double v)
{
	unsigned fl;

	return fp_decode(f, fp_encode(f, v, &fl));
}

/* (1 + q/4) x 2^k: at most three significant bits. */
static double
operand(drill_rng *r, int k)
{
	return ldexp(1 + drill_below(r, 4) / 4.0, k);
}

/* Whether exp's double result lies so near a rounding boundary of f that
 * another libm's last bit could move it across: such a chain is drawn
 * again, so its answer is the same on every machine. */
static bool
near_boundary(const fp_format *f, double e)
{
	unsigned fl;
	uint32_t b = fp_encode(f, e, &fl), n;
	double v = fp_decode(f, b);

	if (!isfinite(v)) {	/* the boundary is half an ulp past the max */
		double edge = fp_max_finite(f) + fp_ulp(f, f->max_bits) / 2;
		return fabs(e - edge) < edge * 1e-9;
	}
	if (fp_next_up(f, b, &n) && isfinite(fp_decode(f, n)) &&
	    fabs(e - (v + fp_decode(f, n)) / 2) < e * 1e-9)
		return true;
	return fp_next_down(f, b, &n) &&
	    fabs(e - (v + fp_decode(f, n)) / 2) < e * 1e-9;
}

static bool
representable(const fp_format *f, double v)
{
	return finite_val(f, v) && rounded(f, v) == v;
}

/* The first step, from x0: a product or a sum near the largest finite,
 * or exp near its log.  chain: more steps follow, so start lower.  x0 and
 * the operand are values of f (6.25 is not an e4m3 value: drawn again). */
static void
first_step(drill_rng *r, const fp_format *f, bool chain, drill_item *it)
{
	double max = fp_max_finite(f);
	int emax = ilogb(max), h = emax / 2;
	static const char ops[] = { '*', '+', 'e' };

	do {
		it->ops[0] = ops[drill_below(r, 3)];
		if (it->ops[0] == '*') {
			it->x0 = operand(r, h - 2 - 2 * chain +
			    (int)drill_below(r, 5));
			it->by[0] = operand(r, h - 2 + (int)drill_below(r, 5));
		} else if (it->ops[0] == '+') {
			it->x0 = operand(r, emax - chain - (int)drill_below(r, 2));
			it->by[0] = operand(r, emax - chain -
			    (int)drill_below(r, 2));
		} else {
			/* quarter steps around ln(max) */
			it->x0 = floor(log(max) * 4) / 4 + ((int)drill_below(r,
			    17) - 8 - 4 * chain) / 4.0;
			it->by[0] = 1;
		}
	} while (!representable(f, it->x0) || !representable(f, it->by[0]));
}

/* A later step from v (rounded): a product or a sum that lands near the
 * largest finite, whatever v is, by a value of f. */
static void
next_step(drill_rng *r, const fp_format *f, double v, int i, drill_item *it)
{
	int emax = ilogb(fp_max_finite(f));

	for (int t = 0; t < TRIES; t++) {
		it->ops[i] = drill_below(r, 2) ? '*' : '+';
		if (it->ops[i] == '*') {
			int k = isfinite(v) && v != 0 ? emax - ilogb(v) : 0;
			it->by[i] = operand(r, k - 2 + (int)drill_below(r, 4));
		} else {
			it->by[i] = operand(r, emax - 1 - (int)drill_below(r, 2));
		}
		if (representable(f, it->by[i]))
			return;
	}
	it->ops[i] = '*';
	it->by[i] = 2;		/* never: a value of every format */
}

static double
apply(const fp_format *f, char op, double v, double by)
{
	return rounded(f, op == '*' ? v * by : op == '+' ? v + by : exp(v));
}

/* Draw the chain, each step steered to the finiteness drawn for the
 * answer (target: the first step not finite, 0 for none). */
static void
draw_chain(drill_rng *r, drill_item *it)
{
	const fp_format *f = it->f;
	int target = (int)drill_below(r, (uint32_t)it->nsteps + 1);
	double v = 0;

	for (int i = 0; i < it->nsteps; i++) {
		bool want = target == 0 || i + 1 < target;	/* finite */
		for (int t = 0; t < TRIES; t++) {
			if (i == 0)
				first_step(r, f, it->nsteps > 1, it);
			else
				next_step(r, f, v, i, it);
			double in = i == 0 ? it->x0 : v;
			if (it->ops[i] == 'e' && near_boundary(f, exp(in)))
				continue;
			double got = apply(f, it->ops[i], in, it->by[i]);
			if (i + 1 > target && target != 0)
				break;		/* past the first: anything */
			if (finite_val(f, got) == want)
				break;
		}
		v = apply(f, it->ops[i], i == 0 ? it->x0 : v, it->by[i]);
	}
}

/* The chain as a calc expression, every step in parentheses:
 * "((exp(12)) * 3 + 50000)" is written as exp(, (, 12, ), * 3), + 50000). */
static void
expression(const drill_item *it, char *buf, size_t n)
{
	char num[48];

	buf[0] = '\0';
	for (int i = it->nsteps - 1; i >= 0; i--)
		drill_add(buf, n, "%s", it->ops[i] == 'e' ? "exp(" : "(");
	drill_add(buf, n, "%s", fp_value_str(it->x0, num, sizeof num));
	for (int i = 0; i < it->nsteps; i++)
		if (it->ops[i] == 'e')
			drill_add(buf, n, ")");
		else
			drill_add(buf, n, " %c %s)", it->ops[i], fp_value_str(
			    it->by[i], num, sizeof num));
}

/* Evaluate the chain with src/calc in f: each step's result before and
 * after rounding, and the first step not finite. */
static void
evaluate(drill_item *it)
{
	char text[300];
	calc_error ce;
	calc_policy pol;
	calc_trace t;

	expression(it, text, sizeof text);
	calc_expr *e = calc_parse(text, &ce);
	it->ans_step = 0;
	if (e == NULL || !calc_policy_parse(it->f->name, &pol) ||
	    !calc_eval(e, &pol, &t, &ce)) {
		calc_free(e);	/* never: the text is made here */
		return;
	}
	int i = 0;
	for (size_t s = 0; s < t.nsteps && i < it->nsteps; s++) {
		if (strcmp(t.steps[s].op, "literal") == 0)
			continue;
		it->exact[i] = t.steps[s].exact[0];
		it->got[i] = t.steps[s].value[0];
		if (t.steps[s].nonfinite && it->ans_step == 0)
			it->ans_step = i + 1;
		i++;
	}
	calc_trace_free(&t);
	calc_free(e);
}

/* A number of the chain as the prompt shows it: its shortest decimal
 * when that is short, else as m*2^k (bf16's 1.25*2^126, or 2^126). */
static char *
show(double v, char *buf, size_t n)
{
	fp_value_str(v, buf, n);
	if (strlen(buf) <= 9 || v == 0 || !isfinite(v))
		return buf;
	int k = ilogb(v);
	char m[24];
	fp_value_str(ldexp(v, -k), m, sizeof m);
	if (strcmp(m, "1") == 0)
		snprintf(buf, n, "2^%d", k);
	else
		snprintf(buf, n, "%s*2^%d", m, k);
	return buf;
}

static const char *
op_text(const drill_item *it, int i, char *buf, size_t n)
{
	char num[48];

	show(it->by[i], num, sizeof num);
	if (it->ops[i] == 'e')
		snprintf(buf, n, "exp(x)");
	else
		snprintf(buf, n, strchr(num, '*') ? "x %c (%s)" : "x %c %s",
		    it->ops[i], num);
	return buf;
}

static void
prompt(drill_item *it)
{
	char a[48], b[48], st[80];
	size_t len;

	show(it->x0, a, sizeof a);
	show(it->by[0], b, sizeof b);
	if (it->nsteps == 1 && it->ops[0] == 'e') {
		snprintf(it->prompt, sizeof it->prompt, "In %s, is exp(%s) "
		    "finite? (yes or no)", it->f->name, a);
		return;
	}
	if (it->nsteps == 1) {
		snprintf(it->prompt, sizeof it->prompt, "In %s, is %s %s %s "
		    "finite? (yes or no)", it->f->name, a, it->ops[0] == '*' ?
		    "x" : "+", b);
		return;
	}
	len = (size_t)snprintf(it->prompt, sizeof it->prompt, "In %s, start "
	    "from x = %s and round x to %s after each step:", it->f->name, a,
	    it->f->name);
	for (int i = 0; i < it->nsteps && len < sizeof it->prompt; i++)
		len += (size_t)snprintf(it->prompt + len, sizeof it->prompt - len,
		    " %d) x = %s;", i + 1, op_text(it, i, st, sizeof st));
	if (len < sizeof it->prompt)
		snprintf(it->prompt + len - 1, sizeof it->prompt - len + 1,
		    ". Is every step finite? (yes, or no and the first step "
		    "that is not: no 2)");
}

void
drill_make_overflow(drill_rng *r, int level, drill_item *it)
{
	char v[48];

	it->f = fp_format_get(formats[drill_below(r, 4)]);
	it->nsteps = level == 1 ? 1 : level == 2 ? 2 : 3 + (int)drill_below(r,
	    2);
	draw_chain(r, it);
	evaluate(it);
	prompt(it);
	it->ans_yes = it->ans_step == 0;
	it->ans_value = it->exact[it->nsteps - 1];
	fp_value_str(it->x0, it->value, sizeof it->value);
	const char *bad = it->f->has_inf ? "inf" : "NaN: e4m3 has no inf";
	show(it->got[it->nsteps - 1], v, sizeof v);
	if (it->nsteps == 1)
		snprintf(it->answer, sizeof it->answer, "%s (%s)", it->ans_yes ?
		    "yes" : "no", it->ans_yes ? v : bad);
	else if (it->ans_yes)
		snprintf(it->answer, sizeof it->answer, "yes (x ends at %s)", v);
	else
		snprintf(it->answer, sizeof it->answer, "no, step %d (%s)",
		    it->ans_step, bad);
}

/* ---- grading ------------------------------------------------------------ */

/* The claim of an answer: 0 "every step is finite" (yes, finite), K "step
 * K is the first that is not" (no K, no, step K, step K, K; a bare no for
 * one step); -1 when it says neither, or names no step of the chain.  A
 * gloss in parentheses at the end, as the answer is shown, is ignored. */
static int
read_claim(const char *text, int nsteps)
{
	char buf[200], w[12];
	size_t n = 0;
	int claim = -1;

	snprintf(buf, sizeof buf, "%s", text);
	char *gloss = strchr(buf, '(');
	if (gloss)
		*gloss = '\0';
	const char *s = buf;
	while (*s == ' ' || *s == '\t')
		s++;
	while (isalpha((unsigned char)*s) && n + 1 < sizeof w)
		w[n++] = (char)tolower((unsigned char)*s++);
	w[n] = '\0';
	if (!strcmp(w, "yes") || !strcmp(w, "y") || !strcmp(w, "true") ||
	    !strcmp(w, "finite"))
		claim = 0;
	else if (!strcmp(w, "no") || !strcmp(w, "n") || !strcmp(w, "false"))
		claim = nsteps == 1 ? 1 : -1;
	else if (n && strcmp(w, "step"))
		return -1;
	while (*s == ' ' || *s == '\t' || *s == ',' || *s == ':')
		s++;
	if (claim != 0 && strncasecmp(s, "step", 4) == 0) {
		s += 4;
		while (*s == ' ' || *s == '\t')
			s++;
	}
	if (claim != 0 && isdigit((unsigned char)*s)) {
		long k = 0;
		while (isdigit((unsigned char)*s) && k < 100)
			k = k * 10 + (*s++ - '0');
		claim = k >= 1 && k <= nsteps ? (int)k : -1;
	} else if (n == 0 || !strcmp(w, "step")) {
		return -1;	/* a step word with no number, or nothing */
	}
	while (*s == ' ' || *s == '\t' || *s == '.')
		s++;
	return *s == '\0' ? claim : -1;
}

void
drill_grade_chain(const drill_item *it, const char *a, drill_result *out)
{
	char x[48], ex[48], got[48], st[80];
	int claim = read_claim(a, it->nsteps);

	if (claim < 0) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, claim == it->ans_step, it);
	char *fb = out->feedback;
	size_t n = sizeof out->feedback;
	drill_add(fb, n, "In %s, from x = %s:", it->f->name,
	    show(it->x0, x, sizeof x));
	for (int i = 0; i < it->nsteps; i++) {
		snprintf(ex, sizeof ex, "%.7g", it->exact[i]);
		show(it->got[i], got, sizeof got);
		drill_add(fb, n, " %d) %s = %s%s%s", i + 1, op_text(it, i, st,
		    sizeof st), ex, it->got[i] == it->exact[i] ? "" : ", rounded "
		    "to ", it->got[i] == it->exact[i] ? "" : got);
		if (i + 1 == it->ans_step) {
			drill_add(fb, n, ", the first step not finite: %s's "
			    "largest finite is %s", it->f->name,
			    show(fp_max_finite(it->f), x, sizeof x));
			if (isfinite(it->exact[i])) {
				fp_real r = { it->exact[i], it->ops[i] == 'e' };
				drill_add(fb, n, " (");
				drill_walk_text(it->f, &r, fb + strlen(fb), n -
				    strlen(fb));
				drill_add(fb, n, ")");
			}
			drill_add(fb, n, ".");
			return;
		}
		drill_add(fb, n, ";");
	}
	fb[strlen(fb) - 1] = '.';
	drill_add(fb, n, " Every step stays finite.");
}
