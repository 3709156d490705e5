/*
 * lab_calc.c — the calc lab: an expression typed in a field, evaluated by
 * the calc engine under several dtype policies, shown as `fptutor calc`
 * shows it (the same text views, src/view/calc_text.c): the traces side by
 * side, or one dtype in detail.  The first nonfinite row is marked '!' by
 * the view and also highlighted and labelled here.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "calc/calc.h"
#include "view/calc_text.h"
#include "tui/lab_int.h"
#include "view/term.h"

#define MAXPOL 3

static const char *const policy_sets[][MAXPOL] = {
	{ "fp16", "bf16", "fp32" },
	{ "autocast-fp16", "autocast-bf16", "fp32" },
	{ "fp16", "e4m3", "e5m2" },
};
#define NSETS (int)(sizeof policy_sets / sizeof policy_sets[0])

typedef struct calc_lab {
	lab_field fld;
	int set;
	int view;		/* 0: side by side; 1..n: one dtype in detail */
	calc_trace t[MAXPOL];
	int nt;
	lab_text text;
	int top;		/* first line shown */
	char msg[300];
} calc_lab;

static void
drop_traces(calc_lab *c)
{
	for (int i = 0; i < c->nt; i++)
		calc_trace_free(&c->t[i]);
	c->nt = 0;
}

static void
print_view(FILE *out, void *ctx)
{
	calc_lab *c = ctx;

	if (c->view == 0)
		view_calc_compare(out, c->t, (size_t)c->nt, 78);
	else
		view_calc_trace(out, &c->t[c->view - 1]);
}

static void
render(calc_lab *c)
{
	lab_text_free(&c->text);
	c->top = 0;
	if (c->nt > 0 && !lab_capture(&c->text, print_view, c))
		snprintf(c->msg, sizeof c->msg, "out of memory");
}

static void
evaluate(calc_lab *c)
{
	calc_error err;
	calc_expr *e = calc_parse(c->fld.ed.buf, &err);

	drop_traces(c);
	c->msg[0] = '\0';
	if (e == NULL) {
		snprintf(c->msg, sizeof c->msg, "at character %zu: %s", err.pos + 1,
		    err.msg);
		render(c);
		return;
	}
	for (int i = 0; i < MAXPOL; i++) {
		calc_policy p;
		if (!calc_policy_parse(policy_sets[c->set][i], &p))
			continue;
		if (!calc_eval(e, &p, &c->t[c->nt], &err)) {
			snprintf(c->msg, sizeof c->msg, "%s: at character %zu: %s",
			    p.name, err.pos + 1, err.msg);
			break;
		}
		c->nt++;
	}
	calc_free(e);
	if (c->msg[0])
		drop_traces(c);
	if (c->view > c->nt)
		c->view = 0;
	render(c);
}

static void
calc_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	calc_lab *c = s->data;
	char v[160];
	int y = 3;

	lab_field_draw(&c->fld, w, 0, 1, cols - 2, "expression");
	if (c->view == 0)
		snprintf(v, sizeof v, "dtypes %s, %s, %s (d: change)  side by side (v: detail)",
		    policy_sets[c->set][0], policy_sets[c->set][1], policy_sets[c->set][2]);
	else
		snprintf(v, sizeof v, "%s in detail (v: next)  (d: change dtypes)",
		    c->t[c->view - 1].policy.name);
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, 1, 1, cols - 2, v);
	if (c->msg[0]) {
		wattrset(w, tui_attr(TR_BAD));
		tui_put(w, 2, 1, cols - 2, "error ");
		wattrset(w, A_NORMAL);
		tui_wrap(w, 2, 7, cols - 8, 2, c->msg);
		return;
	}
	wattrset(w, A_NORMAL);
	/* The table's rows end at its first blank line. */
	int end = lab_text_find(&c->text, 1, "");
	for (int i = c->top; i < c->text.n && y < rows; i++, y++) {
		const char *l = c->text.line[i];
		bool table = c->view == 0 && i > 0 && (end < 0 || i < end);
		bool first = table ? strstr(l, " !") != NULL
		    : c->view > 0 && strstr(l, "first nonfinite") != NULL;
		if (i == 0 && c->view == 0)
			wattrset(w, tui_attr(TR_TITLE));
		else if (first)
			wattrset(w, tui_attr(TR_BAD));
		tui_put(w, y, 1, cols - 2, l);
		wattrset(w, A_NORMAL);
		if (first && table && (int)strlen(l) < cols - 22) {
			wattrset(w, tui_attr(TR_BAD));
			tui_put(w, y, cols - 21, 20, "<- first nonfinite");
			wattrset(w, A_NORMAL);
		}
	}
}

static tui_key_result
calc_key(tui_screen *s, int is_key, wint_t ch)
{
	calc_lab *c = s->data;
	tui_edit_result r = lab_field_key(&c->fld, is_key, ch);

	if (r == TUI_EDIT_SUBMIT) {
		evaluate(c);
		return TUI_KEY_HANDLED;
	}
	if (r != TUI_EDIT_NONE)
		return TUI_KEY_HANDLED;
	if (lab_scroll(&c->top, c->text.n, is_key, ch))
		return TUI_KEY_HANDLED;
	if (c->fld.focus)
		return TUI_KEY_UNHANDLED;
	if (!is_key && ch == 'd') {
		c->set = (c->set + 1) % NSETS;
		evaluate(c);
	} else if (!is_key && ch == 'v') {
		c->view = c->nt ? (c->view + 1) % (c->nt + 1) : 0;
		render(c);
	} else {
		return TUI_KEY_UNHANDLED;
	}
	return TUI_KEY_HANDLED;
}

static const char *const *
calc_keys(tui_screen *s)
{
	static const char *const editing[] = {
		"Enter", "evaluate", "Esc", "done", "Ctrl-U", "clear",
		"PgUp/PgDn", "scroll", NULL
	};
	static const char *const browsing[] = {
		"e", "edit", "d", "dtypes", "v", "detail", "PgUp/PgDn", "scroll",
		"?", "help", "q", "quit", NULL
	};
	calc_lab *c = s->data;

	return c->fld.focus ? editing : browsing;
}

static const char *const *
calc_help(tui_screen *s)
{
	static const char *const lines[] = {
		"The calc lab: an expression evaluated operation by operation.",
		"",
		"Type an expression and press Enter: numbers, vectors [1, 2, 3],",
		"+ - * / and functions such as exp, log, sqrt, sum, mean, max,",
		"softmax, logsumexp (see fptutor(1), the calc command).  Every",
		"operation rounds its result once to the dtype it runs in.",
		"",
		"Esc         leave the field (then q quits); e or Tab edits again",
		"d           the dtypes: fp16, bf16, fp32; autocast; fp16 and fp8",
		"v           side by side, or one dtype in detail (exact and",
		"            rounded values, bits, flags)",
		"PgUp/PgDn   scroll (also Up/Down outside the field)",
		"",
		"'!' and '<- first nonfinite' mark the first operation whose",
		"result is inf or NaN; the lines under the table say why.",
		NULL
	};
	(void)s;
	return lines;
}

static bool
calc_cursor(tui_screen *s, int *y, int *x)
{
	calc_lab *c = s->data;

	return lab_field_cursor(&c->fld, y, x);
}

static void
calc_free_screen(tui_screen *s)
{
	calc_lab *c = s->data;

	drop_traces(c);
	lab_text_free(&c->text);
	tui_edit_free(&c->fld.ed);
	lab_screen_free(s);
}

tui_screen *
lab_calc_new(void)
{
	tui_screen *s = lab_screen_new("Lab: calc", sizeof(calc_lab));
	calc_lab *c;

	if (s == NULL)
		return NULL;
	c = s->data;
	if (!tui_edit_init(&c->fld.ed, CALC_MAX_TEXT)) {
		lab_screen_free(s);
		return NULL;
	}
	s->draw = calc_draw;
	s->key = calc_key;
	s->keys = calc_keys;
	s->help = calc_help;
	s->cursor = calc_cursor;
	s->free = calc_free_screen;
	tui_edit_set(&c->fld.ed, "exp([11, 12]) / sum(exp([11, 12]))");
	c->fld.focus = true;
	evaluate(c);
	return s;
}
