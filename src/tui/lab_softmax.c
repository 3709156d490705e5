/*
 * lab_softmax.c — the softmax lab: the logits in a field, softmax computed
 * the naive way, exp(x) / sum(exp(x)), and the stable way, with max(x)
 * subtracted first, both by the calc engine under one dtype policy (the
 * same expressions as a lesson's @softmax block).  Each side shows its
 * intermediates and one bar per probability; NaN is written out, and the
 * first nonfinite intermediate is marked '!' as well as highlighted.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc/calc.h"
#include "tui/lab_int.h"
#include "view/term.h"

#define MAXBARS 8

static const char *const policies[] = { "fp16", "bf16", "fp32", "autocast-fp16" };
#define NPOL (int)(sizeof policies / sizeof policies[0])

typedef struct softmax_lab {
	lab_field fld;
	int pol;
	calc_trace t[2];	/* naive, stable */
	bool have;
	char msg[300];
} softmax_lab;

static void
drop(softmax_lab *l)
{
	if (l->have) {
		calc_trace_free(&l->t[0]);
		calc_trace_free(&l->t[1]);
	}
	l->have = false;
}

static bool
eval_one(softmax_lab *l, const char *text, const calc_policy *p, calc_trace *t)
{
	calc_error err;
	calc_expr *e = calc_parse(text, &err);

	if (e == NULL || !calc_eval(e, p, t, &err)) {
		/* Positions are in the built expression, not in the field. */
		snprintf(l->msg, sizeof l->msg, "%s", err.msg);
		calc_free(e);
		return false;
	}
	calc_free(e);
	return true;
}

static void
evaluate(softmax_lab *l)
{
	const char *x = l->fld.ed.buf;
	size_t len = strlen(x), n = 4 * len + 64;
	calc_policy p;
	char *naive = malloc(n), *stable = malloc(n);

	drop(l);
	l->msg[0] = '\0';
	while (len > 0 && x[len - 1] == ' ')
		len--;
	if (x[strspn(x, " ")] != '[' || len == 0 || x[len - 1] != ']')
		snprintf(l->msg, sizeof l->msg, "the logits are a vector such as "
		    "[10, 11, 12]");
	else if (naive == NULL || stable == NULL)
		snprintf(l->msg, sizeof l->msg, "out of memory");
	else if (calc_policy_parse(policies[l->pol], &p)) {
		snprintf(naive, n, "exp(%s) / sum(exp(%s))", x, x);
		snprintf(stable, n, "exp(%s - max(%s)) / sum(exp(%s - max(%s)))",
		    x, x, x, x);
		if (eval_one(l, naive, &p, &l->t[0])) {
			if (eval_one(l, stable, &p, &l->t[1]))
				l->have = true;
			else
				calc_trace_free(&l->t[0]);
		}
	}
	free(naive);
	free(stable);
}

/* The first step of t whose op is op, or -1. */
static int
find_op(const calc_trace *t, const char *op)
{
	for (size_t i = 0; i < t->nsteps; i++)
		if (strcmp(t->steps[i].op, op) == 0)
			return (int)i;
	return -1;
}

static void
values(const calc_step *s, char *buf, size_t n)
{
	char v[40];

	snprintf(buf, n, "%s", s->vector ? "[" : "");
	for (size_t i = 0; i < s->n; i++) {
		size_t len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
		    fp_short_str(s->dtype, s->value[i], v, sizeof v));
	}
	if (s->vector)
		snprintf(buf + strlen(buf), n - strlen(buf), "]");
}

/* One intermediate: "label  values", '!' and highlighted when it is the
 * trace's first nonfinite step.  Returns the rows used. */
static int
row(WINDOW *w, int y, int x, int width, const calc_trace *t, int idx,
    const char *label)
{
	char buf[400];

	if (idx < 0)
		return 0;
	bool first = idx == t->first_nonfinite;
	values(&t->steps[idx], buf, sizeof buf);
	if (first)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " ! first inf/NaN");
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, y, x, 9, label);
	wattrset(w, tui_attr(first ? TR_BAD : TR_NORMAL));
	int r = tui_wrap(w, y, x + 9, width - 9, 2, buf);
	wattrset(w, A_NORMAL);
	return r;
}

static void
bars(WINDOW *w, int y, int x, int width, const calc_step *s)
{
	int bw = width - 16;
	char v[40], lab[16];

	for (size_t i = 0; i < s->n && i < MAXBARS; i++) {
		double p = s->value[i];
		snprintf(lab, sizeof lab, "p%zu", i + 1);
		wattrset(w, tui_attr(TR_DIM));
		tui_put(w, y + (int)i, x, 4, lab);
		if (p != p) {	/* NaN: no bar, the word says it */
			wattrset(w, tui_attr(TR_BAD));
			tui_put(w, y + (int)i, x + 4, bw + 12, "NaN: not a number");
			continue;
		}
		double len = p * bw + 0.5;
		int n = p > 1 ? bw : p < 0 ? 0 : (int)len;
		wattrset(w, tui_attr(TR_GOOD));
		for (int k = 0; k < n; k++)
			tui_put(w, y + (int)i, x + 4 + k, 1, view_tty.utf8 ? "\xe2\x96\x88" : "#");
		wattrset(w, tui_attr(TR_DIM));
		for (int k = n; k < bw; k++)
			tui_put(w, y + (int)i, x + 4 + k, 1, ".");
		wattrset(w, A_NORMAL);
		tui_put(w, y + (int)i, x + 5 + bw, 10,
		    fp_short_str(s->dtype, p, v, sizeof v));
	}
	if (s->n > MAXBARS) {
		snprintf(v, sizeof v, "(%zu more)", s->n - MAXBARS);
		tui_put(w, y + MAXBARS, x + 4, bw, v);
	}
}

static void
side(WINDOW *w, int y, int x, int width, const calc_trace *t, bool stable,
    int rows)
{
	const calc_step *res = calc_result(t);
	char why[300];
	int r = y;

	if (res == NULL)
		return;
	wattrset(w, tui_attr(TR_TITLE));
	tui_put(w, r++, x, width, stable ? "Stable: exp(x - max(x)) / sum(...)"
	    : "Naive: exp(x) / sum(exp(x))");
	wattrset(w, A_NORMAL);
	if (stable) {
		r += row(w, r, x, width, t, find_op(t, "max"), "max(x)");
		r += row(w, r, x, width, t, find_op(t, "-"), "x - max");
	}
	r += row(w, r, x, width, t, find_op(t, "exp"), "exp");
	r += row(w, r, x, width, t, find_op(t, "sum"), "sum");
	r += row(w, r, x, width, t, (int)t->nsteps - 1, "softmax");
	r++;
	bars(w, r, x, width, res);
	r += (int)(res->n < MAXBARS ? res->n : MAXBARS + 1) + 1;
	wattrset(w, tui_attr(t->first_nonfinite >= 0 ? TR_BAD : TR_GOOD));
	tui_wrap(w, r, x, width, rows - r, calc_explain(t, why, sizeof why));
	wattrset(w, A_NORMAL);
}

static void
softmax_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	softmax_lab *l = s->data;
	int half = (cols - 3) / 2;
	char t[80];

	lab_field_draw(&l->fld, w, 0, 1, half, "logits x");
	snprintf(t, sizeof t, "dtype %s (d: change)", policies[l->pol]);
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, 0, half + 3, cols - half - 4, t);
	wattrset(w, A_NORMAL);
	if (!l->have) {
		wattrset(w, tui_attr(TR_BAD));
		tui_put(w, 2, 1, 6, "error");
		wattrset(w, A_NORMAL);
		tui_wrap(w, 2, 8, cols - 9, 3, l->msg);
		return;
	}
	side(w, 2, 1, half, &l->t[0], false, rows);
	side(w, 2, half + 2, half, &l->t[1], true, rows);
}

static tui_key_result
softmax_key(tui_screen *s, int is_key, wint_t ch)
{
	softmax_lab *l = s->data;
	tui_edit_result r = lab_field_key(&l->fld, is_key, ch);

	if (r == TUI_EDIT_SUBMIT) {
		evaluate(l);
		if (l->have)
			l->fld.focus = false;
	}
	if (r != TUI_EDIT_NONE)
		return TUI_KEY_HANDLED;
	if (!l->fld.focus && !is_key && ch == 'd') {
		l->pol = (l->pol + 1) % NPOL;
		evaluate(l);
		return TUI_KEY_HANDLED;
	}
	return TUI_KEY_UNHANDLED;
}

static const char *const *
softmax_keys(tui_screen *s)
{
	static const char *const editing[] = {
		"Enter", "compute", "Esc", "done", "Ctrl-U", "clear", NULL
	};
	static const char *const browsing[] = {
		"e", "edit logits", "d", "dtype", "?", "help", "q", "quit", NULL
	};
	softmax_lab *l = s->data;

	return l->fld.focus ? editing : browsing;
}

static const char *const *
softmax_help(tui_screen *s)
{
	static const char *const lines[] = {
		"The softmax lab: why softmax subtracts the maximum first.",
		"",
		"Naive softmax computes exp(x) directly: in fp16 exp(12) is already",
		"above the largest finite value, so it becomes inf, the sum is",
		"inf, and inf / inf is NaN.  The stable form subtracts max(x)",
		"first; every exponent is then at most 0, exp at most 1, and the",
		"result is the same softmax without overflow.",
		"",
		"e or Tab    edit the logits, a vector such as [10, 11, 12];",
		"            Enter computes, Esc leaves the field",
		"d           the dtype: fp16, bf16, fp32, autocast-fp16",
		"",
		"'!' marks the first inf or NaN; NaN probabilities have no bar.",
		NULL
	};
	(void)s;
	return lines;
}

static bool
softmax_cursor(tui_screen *s, int *y, int *x)
{
	softmax_lab *l = s->data;

	return lab_field_cursor(&l->fld, y, x);
}

static void
softmax_free(tui_screen *s)
{
	softmax_lab *l = s->data;

	drop(l);
	tui_edit_free(&l->fld.ed);
	lab_screen_free(s);
}

tui_screen *
lab_softmax_new(void)
{
	tui_screen *s = lab_screen_new("Lab: softmax", sizeof(softmax_lab));
	softmax_lab *l;

	if (s == NULL)
		return NULL;
	l = s->data;
	if (!tui_edit_init(&l->fld.ed, 256)) {
		lab_screen_free(s);
		return NULL;
	}
	s->draw = softmax_draw;
	s->key = softmax_key;
	s->keys = softmax_keys;
	s->help = softmax_help;
	s->cursor = softmax_cursor;
	s->free = softmax_free;
	tui_edit_set(&l->fld.ed, "[10, 11, 12]");
	evaluate(l);
	return s;
}
