/*
 * scaler_text.c — the text views of the static loss-scaling walk (one
 * gradient times several scales) and of the AMP step order, and the
 * helpers the simulation view (scaler_sim_text.c) shares.  The model does
 * the numbers (src/train); this file only lays them out.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/scaler_text.h"
#include "view/term.h"

#define WIDTH 78		/* wrap prose here: fits 80 columns */

/* ---- small helpers ---------------------------------------------------- */

/* Display columns of n bytes of UTF-8 (continuation bytes take none). */
static int
columns(const char *p, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)p[i] & 0xc0) != 0x80;
	return c;
}

void
view_scaler_wrap(FILE *out, int col, int ind, const char *text)
{
	const char *p = text;
	bool start = true;	/* nothing written on this line yet */

	while (*p) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		size_t n = strcspn(p, " ");
		int w = columns(p, n);
		if (!start && col + 1 + w > WIDTH) {
			fprintf(out, "\n%*s", ind, "");
			col = ind;
		} else if (!start) {
			fputc(' ', out);
			col++;
		}
		fwrite(p, 1, n, out);
		col += w;
		p += n;
		start = false;
	}
	fputc('\n', out);
}

static bool
pow2_of(double s, int *k)
{
	int e;

	if (!(s > 0) || !isfinite(s) || frexp(s, &e) != 0.5)
		return false;
	*k = e - 1;
	return true;
}

char *
view_scaler_scale_str(double scale, char *buf, size_t n)
{
	int k;

	if (pow2_of(scale, &k))
		snprintf(buf, n, "2^%d", k);
	else
		fp_short_str(fp_format_get(FP_FP32), scale, buf, n);
	return buf;
}

char *
view_scaler_scale_long(double scale, char *buf, size_t n)
{
	int k;
	char v[40];

	if (pow2_of(scale, &k) && k >= 0 && k <= 30)
		snprintf(buf, n, "%s (2^%d)", fp_value_str(scale, v, sizeof v), k);
	else
		view_scaler_scale_str(scale, buf, n);
	return buf;
}

static char *
rel_str(double r, char *buf, size_t n)
{
	if (!isfinite(r))
		snprintf(buf, n, "-");
	else if (r == 0)
		snprintf(buf, n, "exact");
	else
		snprintf(buf, n, "%.3g%%", r * 100);
	return buf;
}

static bool
nonfinite(const fp_format *f, uint32_t bits)
{
	fp_class c = fp_classify(f, bits);
	return c == FP_CLASS_INF || c == FP_CLASS_NAN;
}

/* ---- the static walk ------------------------------------------------ */

typedef struct walk_cells {
	char scale[40], scaled[40], bits[16], unscaled[40], err[24];
} walk_cells;

static void
walk_cells_of(const fp_format *f, const scaler_walk_row *r, walk_cells *c)
{
	view_scaler_scale_str(r->scale, c->scale, sizeof c->scale);
	fp_short_str(f, r->scaled, c->scaled, sizeof c->scaled);
	snprintf(c->bits, sizeof c->bits, "0x%0*x", (f->width + 3) / 4,
	    r->scaled_bits);
	if (isfinite(r->unscaled))
		snprintf(c->unscaled, sizeof c->unscaled, "%.6g", r->unscaled);
	else
		fp_value_str(r->unscaled, c->unscaled, sizeof c->unscaled);
	rel_str(r->rel_error, c->err, sizeof c->err);
}

int
view_scaler_imax(int a, int b)
{
	return a > b ? a : b;
}

static void
walk_range_note(FILE *out, const fp_format *f)
{
	int emin = 1 - f->bias;

	fprintf(out, "  %s: normal, %d significant bits, from %.5g = 2^%d up to %.5g;\n",
	    f->name, f->man_bits + 1, fp_min_normal(f), emin, fp_max_finite(f));
	fprintf(out, "  subnormal, fewer bits, down to %.5g = 2^%d; 0 below half of that.\n",
	    fp_min_subnormal(f), emin - f->man_bits);
}

/* Significant bits a subnormal pattern keeps. */
static int
subnormal_bits(const fp_format *f, uint32_t bits)
{
	uint32_t m = bits & ((1u << f->man_bits) - 1);
	int n = 0;

	while (m) {
		n++;
		m >>= 1;
	}
	return n;
}

static void
walk_notes(FILE *out, const view_scaler_walk *w)
{
	const fp_format *f = w->dtype;
	bool seen[4] = { false, false, false, false };
	char a[80], b[80], t[400];
	int emin = 1 - f->bias;

	fputc('\n', out);
	for (int i = 0; i < w->nscales; i++) {
		scaler_walk_row row;
		const scaler_walk_row *r = &row;
		scaler_walk(f, w->grad, w->scales[i], &row);
		if (seen[r->verdict])
			continue;
		seen[r->verdict] = true;
		switch (r->verdict) {
		case SCALER_LOST:
			snprintf(t, sizeof t, "lost to zero: %s %s scale is not above "
			    "half the smallest subnormal (2^%d), so it rounds to 0 "
			    "and the update is gone.", w->grad_text, view_s(SYM_TIMES),
			    emin - f->man_bits - 1);
			break;
		case SCALER_SUBNORMAL:
			snprintf(t, sizeof t, "subnormal, precision lost: below 2^%d "
			    "the leading bit moves into the fraction; at scale %s "
			    "only %d of %d significant bits are left.", emin,
			    view_scaler_scale_str(r->scale, a, sizeof a),
			    subnormal_bits(f, r->scaled_bits), f->man_bits + 1);
			break;
		case SCALER_NORMAL:
			snprintf(t, sizeof t, "normal: all %d significant bits; what "
			    "is left is one rounding to %s, at most 2^%d relative.",
			    f->man_bits + 1, f->name, -(f->man_bits + 1));
			break;
		case SCALER_OVERFLOW: {
			double top = fp_max_finite(f) + fp_ulp(f, f->max_bits) / 2;
			bool tie_over = nonfinite(f, fp_encode(f, top, NULL));
			snprintf(t, sizeof t, "overflow: %s %s scale is %s %s, so it "
			    "rounds to %s: unscale_ finds it, the step is skipped "
			    "and the scale backs off.", w->grad_text, view_s(SYM_TIMES),
			    tie_over ? "at least" : "above",
			    fp_value_str(top, b, sizeof b),
			    f->has_inf ? "inf" : "NaN");
			break;
		}
		}
		fputs("  ", out);
		view_scaler_wrap(out, 2, 4, t);
	}
}

static void
walk_window(FILE *out, const view_scaler_walk *w)
{
	const fp_format *f = w->dtype;
	char a[40], b[40], t[400], gm[40];
	scaler_window win;
	/* A caller may give the gradient without its text: show its value. */
	const char *gmt = w->grad_max_text ? w->grad_max_text
	    : fp_value_str(w->grad_max->lo, gm, sizeof gm);

	scaler_window_of(f, w->grad, w->grad_max, &win);
	int lo = win.lo, hi = win.hi;
	fprintf(out, "\n%sA largest gradient of %s must stay finite:%s\n",
	    view_c(COL_BOLD), gmt, view_c(COL_RESET));
	int ws = 5;
	for (int i = 0; i < w->nscales; i++)
		ws = view_scaler_imax(ws, (int)strlen(view_scaler_scale_str(w->scales[i], a, sizeof a)));
	fprintf(out, "  %-*s  %s %s scale in %s\n", ws, "scale", gmt,
	    view_s(SYM_TIMES), f->name);
	for (int i = 0; i < w->nscales; i++) {
		fp_real p = scaler_real_mul(w->grad_max, w->scales[i]);
		uint32_t bits = fp_encode_real(f, &p, NULL);
		bool over = nonfinite(f, bits);
		fprintf(out, "  %-*s  %-12s %s%s%s\n", ws,
		    view_scaler_scale_str(w->scales[i], a, sizeof a),
		    fp_short_str(f, fp_decode(f, bits), b, sizeof b),
		    over ? view_c(COL_WARN) : "", over ? "overflow" : "finite",
		    over ? view_c(COL_RESET) : "");
	}
	if (!win.has_lo) {
		snprintf(t, sizeof t, "No window: %s %s scale never becomes normal "
		    "in %s with an fp32 scale.", w->grad_text, view_s(SYM_TIMES),
		    f->name);
	} else if (!win.has_hi) {
		snprintf(t, sizeof t, "No window: %s overflows %s even at the "
		    "smallest fp32 scale.", gmt, f->name);
	} else if (!win.open) {
		snprintf(t, sizeof t, "No window: %s %s scale is normal only from "
		    "2^%d, but %s %s scale overflows from 2^%d: the two gradients "
		    "are further apart than %s's normal range.", w->grad_text,
		    view_s(SYM_TIMES), lo, gmt, view_s(SYM_TIMES), hi + 1,
		    f->name);
	} else {
		snprintf(t, sizeof t, "%s %s scale is normal from 2^%d up; %s %s "
		    "scale stays finite up to 2^%d.  Window: 2^%d %s S %s 2^%d, "
		    "%d power%s of two.", w->grad_text, view_s(SYM_TIMES), lo,
		    gmt, view_s(SYM_TIMES), hi, lo, view_s(SYM_LE),
		    view_s(SYM_LE), hi, hi - lo + 1, hi > lo ? "s" : "");
	}
	fputs("  ", out);
	view_scaler_wrap(out, 2, 2, t);
}

void
view_scaler_walk_text(FILE *out, const view_scaler_walk *w)
{
	const fp_format *f = w->dtype;
	scaler_walk_row r;
	walk_cells c;
	int ws = 5, wv = 6, wb = 4, wu = 8;
	char head[40];

	fprintf(out, "%sLoss scaling of a gradient of %s in %s, unscaled in fp32%s\n",
	    view_c(COL_BOLD), w->grad_text, f->name, view_c(COL_RESET));
	walk_range_note(out, f);

	/* First pass: column widths. */
	for (int i = 0; i < w->nscales; i++) {
		scaler_walk(f, w->grad, w->scales[i], &r);
		walk_cells_of(f, &r, &c);
		ws = view_scaler_imax(ws, (int)strlen(c.scale));
		wv = view_scaler_imax(wv, (int)strlen(c.scaled));
		wb = view_scaler_imax(wb, (int)strlen(c.bits));
		wu = view_scaler_imax(wu, (int)strlen(c.unscaled));
	}
	/* The widest verdict is 25 columns: drop the bits (in the JSON too)
	 * rather than pass 80 columns. */
	bool show_bits = 2 + ws + 2 + wv + 2 + wb + 2 + wu + 2 + 9 + 1 + 25 <= 80;
	snprintf(head, sizeof head, "scaled in %s", f->name);
	fprintf(out, "\n  %-*s  %-*s  %-*s  %-9s %s\n", ws, "scale",
	    show_bits ? wv + wb + 2 : wv, head, wu, "unscaled", "rel.error",
	    "verdict");
	for (int i = 0; i < w->nscales; i++) {
		scaler_walk(f, w->grad, w->scales[i], &r);
		walk_cells_of(f, &r, &c);
		bool warn = r.verdict == SCALER_LOST || r.verdict == SCALER_OVERFLOW;
		fprintf(out, "  %-*s  %-*s  ", ws, c.scale, wv, c.scaled);
		if (show_bits)
			fprintf(out, "%-*s  ", wb, c.bits);
		fprintf(out, "%-*s  %-9s %s%s%s\n", wu, c.unscaled, c.err,
		    warn ? view_c(COL_WARN) : "", scaler_verdict_name(r.verdict),
		    warn ? view_c(COL_RESET) : "");
	}
	walk_notes(out, w);

	int k;
	if (w->grad_max) {
		walk_window(out, w);
	} else if (scaler_max_pow2(f, w->grad, &k)) {
		bool listed = false;
		for (int i = 0; i < w->nscales; i++)
			listed |= w->scales[i] == ldexp(1.0, k);
		if (listed) {
			char t[300];
			snprintf(t, sizeof t, "2^%d is the largest power of two that "
			    "keeps %s itself finite in %s; --grad-max G shows the "
			    "window for a larger gradient G.", k, w->grad_text,
			    f->name);
			fputs("  ", out);
			view_scaler_wrap(out, 2, 4, t);
		}
	}
}

/* ---- the step order ------------------------------------------------ */

void
view_steporder_text(FILE *out)
{
	const steporder_step *st = steporder_steps();
	size_t ne;
	const steporder_edge *e = steporder_edges(&ne);
	char t[600];

	fprintf(out, "%sOne AMP training iteration with GradScaler, in order%s\n",
	    view_c(COL_BOLD), view_c(COL_RESET));
	for (int i = 0; i < STEP_NSTEPS; i++) {
		fprintf(out, "\n  %d. %s%s%s\n", i + 1, view_c(COL_BOLD), st[i].name,
		    view_c(COL_RESET));
		fprintf(out, "     %s\n", st[i].code);
		snprintf(t, sizeof t, "It %s.", st[i].what);
		fputs("     ", out);
		view_scaler_wrap(out, 5, 5, t);
		if (i + 1 < STEP_NSTEPS) {
			const steporder_edge *x = steporder_find_edge((steporder_id)i,
			    (steporder_id)(i + 1));
			snprintf(t, sizeof t, "%s then %s: %s.  The other way round, "
			    "%s.", view_s(SYM_ARROW), st[i + 1].name, x->reason,
			    x->if_swapped);
			fputs("     ", out);
			view_scaler_wrap(out, 5, 8, t);
		}
	}
	fprintf(out, "\n%sAlso, between steps further apart:%s\n",
	    view_c(COL_BOLD), view_c(COL_RESET));
	for (size_t i = 0; i < ne; i++) {
		if (e[i].to == e[i].from + 1)
			continue;
		snprintf(t, sizeof t, "%s before %s: %s.  Otherwise %s.",
		    st[e[i].from].name, st[e[i].to].name, e[i].reason,
		    e[i].if_swapped);
		fputs("  - ", out);
		view_scaler_wrap(out, 4, 4, t);
	}
	fputs("\nWith gradient accumulation over K micro-batches, steps 1 and 2 "
	    "run for each\nmicro-batch (loss / K, one scale for all K) and steps "
	    "3 to 6 once, at the end.\n", out);
}
