/*
 * lab_scaler.c — the scaler lab: a gradient g and the largest gradient M
 * times the loss scale S, placed on a log-scale number line of fp16 with
 * its zones (rounds to zero, subnormal, normal, overflow); Left/Right halve
 * or double S.  Under it, PyTorch's GradScaler started at S with M's
 * overflow as its only cause, as `fptutor scaler --simulate` draws it (the
 * same text view): the scale per step, the skipped steps marked.
 * The numbers come from the loss-scaling model (src/train/scaler.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/lab_int.h"
#include "train/scaler.h"
#include "view/scaler_text.h"
#include "view/term.h"

#define SIM_STEPS 6000

typedef struct scaler_lab {
	lab_field fld[2];	/* the gradient, the largest gradient */
	fp_real g, m;
	const fp_format *dtype;
	int k;			/* S = 2^k */
	lab_text sim;
	int top;
	char msg[200];
} scaler_lab;

static double
scale_of(const scaler_lab *l)
{
	return ldexp(1.0, l->k);
}

static void
print_sim(FILE *out, void *ctx)
{
	scaler_lab *l = ctx;
	scaler_sim_cfg cfg;

	scaler_sim_cfg_default(&cfg);
	cfg.params.init_scale = scale_of(l);
	cfg.steps = SIM_STEPS;
	cfg.dtype = l->dtype;
	cfg.grad_max = &l->m;
	view_scaler_sim_text(out, &cfg, l->fld[1].ed.buf);
}

static void
simulate(scaler_lab *l)
{
	if (!lab_capture(&l->sim, print_sim, l))
		snprintf(l->msg, sizeof l->msg, "out of memory");
	/* Start at the plot: its rows hold " |". */
	l->top = lab_text_find(&l->sim, 0, " |");
	if (l->top < 0)
		l->top = 0;
}

static bool
read_one(scaler_lab *l, int i, fp_real *out)
{
	static const char *const names[] = { "g", "M" };
	size_t at = 0;
	fp_real r;
	fp_read_err e = fp_read(l->fld[i].ed.buf, &r, &at);

	if (e == FP_READ_OK && (!isfinite(r.lo) || (r.lo == 0 && !r.sticky)))
		snprintf(l->msg, sizeof l->msg, "%s must be finite, not 0",
		    names[i]);
	else if (e == FP_READ_SYNTAX)
		snprintf(l->msg, sizeof l->msg, "%s: not a number at character %zu",
		    names[i], at + 1);
	else if (e != FP_READ_OK)
		snprintf(l->msg, sizeof l->msg, "%s: %s", names[i],
		    fp_read_errstr(e));
	else {
		*out = r;
		return true;
	}
	return false;
}

static void
apply(scaler_lab *l)
{
	fp_real g, m;

	l->msg[0] = '\0';
	if (!read_one(l, 0, &g) || !read_one(l, 1, &m))
		return;
	l->g = g;
	l->m = m;
	simulate(l);
}

/* ---- the number line ---------------------------------------------------------- */

typedef struct axis {
	double lo, hi;		/* log2 at the left and right ends */
	int x, n;
} axis;

static int
col_of(const axis *a, double lg)
{
	double at = floor((lg - a->lo) / (a->hi - a->lo) * a->n);
	int c = (int)at;

	return c < 0 ? 0 : c >= a->n ? a->n - 1 : c;
}

/* The column of a value on the line: zero at the left end, inf and NaN at
 * the right. */
static int
value_col(const axis *a, double v)
{
	if (v == 0)
		return 0;
	if (!isfinite(v))
		return a->n - 1;
	return col_of(a, log2(fabs(v)));
}

static void
number_line(scaler_lab *l, WINDOW *w, int y, int width, double gs, double ms)
{
	const fp_format *f = l->dtype;
	double sub = log2(fp_min_subnormal(f)), nrm = log2(fp_min_normal(f));
	double top = log2(fp_max_finite(f));
	axis a = { sub - 5, top + 5, 1, width - 2 };
	int csub = col_of(&a, sub - 1), cnrm = col_of(&a, nrm);
	int cover = col_of(&a, top) + 1;
	char s[64];

	/* Zone names over the band; a band char per zone so no colour is needed. */
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, y, a.x, csub, "zero");
	tui_put(w, y, a.x + csub, cnrm - csub, "subnormal");
	tui_put(w, y, a.x + cnrm + (cover - cnrm) / 2 - 3, 8, "normal");
	tui_put(w, y, a.x + cover, a.n - cover, a.n - cover >= 8 ? "overflow" : "inf");
	for (int c = 0; c < a.n; c++) {
		const char *ch = c < csub ? "." : c < cnrm ? ":" : c < cover ? "=" : "#";
		wattrset(w, tui_attr(c < csub ? TR_DIM : c < cnrm ? TR_WARN
		    : c < cover ? TR_GOOD : TR_BAD));
		tui_put(w, y + 1, a.x + c, 1, ch);
	}
	/* The markers: g, g x S, M x S (M first, so g x S wins a tie). */
	wattrset(w, tui_attr(TR_LIT));
	tui_put(w, y + 2, a.x + value_col(&a, ms), 1, "M");
	tui_put(w, y + 2, a.x + value_col(&a, l->g.lo), 1, "g");
	tui_put(w, y + 2, a.x + value_col(&a, gs), 1, "x");
	wattrset(w, tui_attr(TR_DIM));
	snprintf(s, sizeof s, "2^%d", (int)sub);
	tui_put(w, y + 3, a.x + col_of(&a, sub), 8, s);
	snprintf(s, sizeof s, "2^%d", (int)nrm);
	tui_put(w, y + 3, a.x + cnrm, 8, s);
	snprintf(s, sizeof s, "%s", fp_value_str(fp_max_finite(f), s + 32, 32));
	tui_put(w, y + 3, a.x + cover - (int)strlen(s), 8, s);
	tui_put(w, y + 3, a.x + col_of(&a, 0), 3, "1");
	wattrset(w, A_NORMAL);
}

static void
scaler_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	scaler_lab *l = s->data;
	scaler_walk_row g, m;
	scaler_window win;
	char t[240], a[40], b[40], c[40];
	double S = scale_of(l);

	lab_field_draw(&l->fld[0], w, 0, 1, 30, "gradient g");
	lab_field_draw(&l->fld[1], w, 0, 33, 30, "largest M");
	scaler_walk(l->dtype, &l->g, S, &g);
	scaler_walk(l->dtype, &l->m, S, &m);
	snprintf(t, sizeof t, "loss scale S = %s", view_scaler_scale_long(S, a, sizeof a));
	wattrset(w, tui_attr(TR_TITLE));
	tui_put(w, 1, 1, cols - 2, t);
	wattrset(w, tui_attr(l->msg[0] ? TR_BAD : TR_DIM));
	tui_put(w, 1, 40, cols - 41, l->msg[0] ? l->msg
	    : view_tty.utf8 ? "\xe2\x86\x90 halves S, \xe2\x86\x92 doubles it" : "<- halves S, -> doubles it");
	wattrset(w, A_NORMAL);
	number_line(l, w, 2, cols, g.scaled, m.scaled);

	snprintf(t, sizeof t, "x = g %s S = %s in %s: %s; unscaled %s, error %.3g%%",
	    view_s(SYM_TIMES), fp_short_str(l->dtype, g.scaled, a, sizeof a),
	    l->dtype->name, scaler_verdict_name(g.verdict),
	    fp_short_str(fp_format_get(FP_FP32), g.unscaled, b, sizeof b),
	    g.rel_error * 100);
	wattrset(w, tui_attr(g.verdict == SCALER_NORMAL ? TR_GOOD : TR_WARN));
	tui_put(w, 6, 1, cols - 2, t);
	snprintf(t, sizeof t, "M %s S = %s: %s", view_s(SYM_TIMES),
	    fp_short_str(l->dtype, m.scaled, a, sizeof a),
	    m.verdict == SCALER_OVERFLOW ? "overflow, so the step is skipped and S halves"
	    : "finite, the step is taken");
	wattrset(w, tui_attr(m.verdict == SCALER_OVERFLOW ? TR_BAD : TR_NORMAL));
	tui_put(w, 7, 1, cols - 2, t);
	scaler_window_of(l->dtype, &l->g, &l->m, &win);
	if (win.open)
		snprintf(t, sizeof t, "scales that make g normal and keep M finite: "
		    "2^%d %s 2^%d", win.lo, view_s(SYM_ELLIPSIS), win.hi);
	else
		snprintf(t, sizeof t, "no power of two makes g normal and keeps M "
		    "finite in %s", l->dtype->name);
	wattrset(w, tui_attr(TR_NORMAL));
	tui_put(w, 8, 1, cols - 2, t);
	snprintf(t, sizeof t, " GradScaler started at S = %s, %d steps; "
	    "M %s S decides overflow ", view_scaler_scale_str(S, c, sizeof c),
	    SIM_STEPS, view_s(SYM_TIMES));
	wattrset(w, tui_attr(TR_TITLE));
	tui_hline(w, 9, 1, cols - 2);
	tui_put(w, 9, 3, cols - 6, t);
	wattrset(w, A_NORMAL);
	lab_text_draw(w, 10, 1, rows - 10, cols - 2, &l->sim, l->top);
}

static tui_key_result
scaler_key(tui_screen *s, int is_key, wint_t ch)
{
	scaler_lab *l = s->data;
	int f = l->fld[0].focus ? 0 : l->fld[1].focus ? 1 : -1;

	if (f >= 0) {
		if (!is_key && ch == '\t') {	/* g, then M, then out */
			l->fld[f].focus = false;
			if (f == 0)
				l->fld[1].focus = true;
			return TUI_KEY_HANDLED;
		}
		tui_edit_result r = lab_field_key(&l->fld[f], is_key, ch);
		if (r == TUI_EDIT_SUBMIT) {
			apply(l);
			if (l->msg[0] == '\0')
				l->fld[f].focus = false;
		}
		if (r != TUI_EDIT_NONE)
			return TUI_KEY_HANDLED;
	} else if (!is_key && (ch == '\t' || ch == 'e')) {
		l->fld[0].focus = true;
		return TUI_KEY_HANDLED;
	} else if (!is_key && ch == 'm') {
		l->fld[1].focus = true;
		return TUI_KEY_HANDLED;
	}
	if (is_key && (ch == KEY_LEFT || ch == KEY_RIGHT) && f < 0) {
		int k = l->k + (ch == KEY_RIGHT ? 1 : -1);
		if (k >= SCALER_KMIN && k <= SCALER_KMAX) {
			l->k = k;
			simulate(l);
		}
		return TUI_KEY_HANDLED;
	}
	if (lab_scroll(&l->top, l->sim.n, is_key, ch))
		return TUI_KEY_HANDLED;
	return TUI_KEY_UNHANDLED;
}

static const char *const *
scaler_keys(tui_screen *s)
{
	static const char *const editing[] = {
		"Enter", "apply", "Tab", "next field", "Esc", "done", NULL
	};
	static const char *const browsing[] = {
		"\xe2\x86\x90\xe2\x86\x92", "halve/double S", "e", "gradient",
		"m", "largest", "PgUp/PgDn", "scroll", "?", "help", "q", "quit", NULL
	};
	static const char *const browsing_ascii[] = {
		"<- ->", "halve/double S", "e", "gradient",
		"m", "largest", "PgUp/PgDn", "scroll", "?", "help", "q", "quit", NULL
	};
	scaler_lab *l = s->data;

	if (l->fld[0].focus || l->fld[1].focus)
		return editing;
	return view_tty.utf8 ? browsing : browsing_ascii;
}

static const char *const *
scaler_help(tui_screen *s)
{
	static const char *const lines[] = {
		"The scaler lab: why the loss is multiplied by a scale S.",
		"",
		"A small gradient g underflows fp16: below its smallest subnormal it",
		"rounds to zero, between that and the smallest normal it keeps fewer",
		"bits.  Scaling the loss by S scales every gradient by S (x = g x S)",
		"and unscaling in fp32 brings it back.  Too large an S makes the",
		"largest gradient M overflow: that step is skipped and S halves.",
		"",
		"Left/Right  halve or double S",
		"e, m        edit g or M (Tab: next field, Enter: apply, Esc: leave)",
		"PgUp/PgDn   scroll the simulation",
		"",
		"On the line: '.' rounds to zero, ':' subnormal, '=' normal,",
		"'#' overflow; g the gradient, x = g x S, M = the largest x S.",
		"The simulation starts PyTorch's GradScaler at S; a step overflows",
		"when M x S is not finite in fp16.",
		NULL
	};
	(void)s;
	return lines;
}

static bool
scaler_cursor(tui_screen *s, int *y, int *x)
{
	scaler_lab *l = s->data;

	return lab_field_cursor(&l->fld[l->fld[1].focus], y, x);
}

static void
scaler_free(tui_screen *s)
{
	scaler_lab *l = s->data;

	lab_text_free(&l->sim);
	tui_edit_free(&l->fld[0].ed);
	tui_edit_free(&l->fld[1].ed);
	lab_screen_free(s);
}

tui_screen *
lab_scaler_new(void)
{
	tui_screen *s = lab_screen_new("Lab: loss scaling", sizeof(scaler_lab));
	scaler_lab *l;

	if (s == NULL)
		return NULL;
	l = s->data;
	if (!tui_edit_init(&l->fld[0].ed, 40) || !tui_edit_init(&l->fld[1].ed, 40)) {
		scaler_free(s);
		return NULL;
	}
	s->draw = scaler_draw;
	s->key = scaler_key;
	s->keys = scaler_keys;
	s->help = scaler_help;
	s->cursor = scaler_cursor;
	s->free = scaler_free;
	l->dtype = fp_format_get(FP_FP16);
	l->k = 16;
	tui_edit_set(&l->fld[0].ed, "1e-8");
	tui_edit_set(&l->fld[1].ed, "2");
	apply(l);
	return s;
}
