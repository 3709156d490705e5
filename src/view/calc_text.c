/*
 * calc_text.c — the text views of calc traces: one dtype in detail (every
 * step with its dtype, inputs, exact and rounded results, bits and flags),
 * several dtypes side by side (one row per operation, so the first
 * divergence shows), and a number line of a format's range.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/calc_text.h"
#include "view/term.h"

#define SHOW_ELEMS 6	/* elements of a vector shown before "..." */

/* A short number: whole numbers below 10^6 in full, else 4 significant
 * digits with the exponent written without '+' or leading zeros. */
static const char *
compact(double x, char *buf, size_t n)
{
	char t[40], *e;

	if (isnan(x))
		return snprintf(buf, n, "nan"), buf;
	if (isinf(x))
		return snprintf(buf, n, x < 0 ? "-inf" : "inf"), buf;
	if (x == floor(x) && fabs(x) < 1e6)
		return snprintf(buf, n, "%.0f", x), buf;
	snprintf(t, sizeof t, "%.4g", x);
	if ((e = strchr(t, 'e')) != NULL) {
		char *d = e + 1;
		bool neg = *d == '-';
		if (*d == '+' || *d == '-')
			d++;
		while (*d == '0' && d[1] != '\0')
			d++;
		snprintf(buf, n, "%.*se%s%s", (int)(e - t), t, neg ? "-" : "", d);
	} else {
		snprintf(buf, n, "%s", t);
	}
	return buf;
}

typedef enum { V_COMPACT, V_EXACT, V_ROUNDED, V_BITS } vstyle;

/* Write n elements of a step (as [a, b, ...] for vectors) into buf. */
static char *
vec_str(const calc_step *s, vstyle st, size_t maxel, char *buf, size_t n)
{
	size_t len = 0;
	char e[48];

	buf[0] = '\0';
	if (s->vector)
		len += (size_t)snprintf(buf + len, n - len, "[");
	for (size_t i = 0; i < s->n && len < n; i++) {
		if (i == maxel) {
			len += (size_t)snprintf(buf + len, n - len, "%s (%zu elements)",
			    view_s(SYM_ELLIPSIS), s->n);
			break;
		}
		switch (st) {
		case V_COMPACT:	compact(s->value[i], e, sizeof e); break;
		case V_EXACT:	if (isnan(s->exact[i]))
					snprintf(e, sizeof e, "nan");
				else
					snprintf(e, sizeof e, "%.10g", s->exact[i]);
				break;
		case V_ROUNDED:	fp_value_str(s->value[i], e, sizeof e); break;
		case V_BITS:	snprintf(e, sizeof e, "0x%0*x", (s->dtype->width + 3) / 4,
				    s->bits[i]); break;
		}
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", e);
	}
	if (s->vector && len < n)
		snprintf(buf + len, n - len, "]");
	return buf;
}

static bool
exact_equals_value(const calc_step *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->eflags[i] != 0)
			return false;
	return true;
}

/* A reduction given acc=: which accumulator, where terms stopped counting
 * and, for mean, the sum as rounded before the divide. */
static void
show_acc(FILE *out, const calc_step *s, const calc_step *x)
{
	char a[40], b[40];

	fprintf(out, "       acc      %s: a running sum, rounded to %s after each "
	    "term\n", s->acc->name, s->acc->name);
	if (s->lost_first >= 0)
		fprintf(out, "       lost     term %ld (%s) was the first to add nothing: "
		    "the sum stayed %s\n                %zu of %zu terms added "
		    "nothing\n", s->lost_first + 1,
		    fp_value_str(x->value[s->lost_first], a, sizeof a),
		    fp_value_str(s->lost_at, b, sizeof b), s->lost, x->n);
	if (strcmp(s->op, "mean") == 0)
		fprintf(out, "       sum      %s in %s, rounded to %s before the divide "
		    "by %zu: %s\n", fp_value_str(s->total, a, sizeof a), s->acc->name,
		    s->dtype->name, x->n, fp_value_str(s->presum, b, sizeof b));
}

void
view_calc_trace(FILE *out, const calc_trace *t)
{
	char buf[512], fl[96], why[400];

	fprintf(out, "%s%s%s\n", view_c(COL_BOLD), t->policy.name, view_c(COL_RESET));
	for (size_t k = 0; k < t->nsteps; k++) {
		const calc_step *s = &t->steps[k];
		bool first = (int)k == t->first_nonfinite;

		fprintf(out, "%s%3zu  %-10s %-5s %s%s\n", first ? view_c(COL_WARN) : "",
		    k + 1, s->op, s->dtype->name, s->label, first ? view_c(COL_RESET) : "");
		if (s->args[0] >= 0)
			fprintf(out, "       inputs   #%d%s", s->args[0] + 1, s->args[1] >= 0 ? "" : "\n");
		if (s->args[1] >= 0)
			fprintf(out, ", #%d\n", s->args[1] + 1);
		if (s->acc != NULL)
			show_acc(out, s, &t->steps[s->args[0]]);
		if (!exact_equals_value(s) || strcmp(s->op, "literal") != 0)
			fprintf(out, "       exact    %s\n",
			    vec_str(s, V_EXACT, SHOW_ELEMS, buf, sizeof buf));
		fprintf(out, "       %-8s %s\n", s->dtype->name,
		    vec_str(s, V_ROUNDED, SHOW_ELEMS, buf, sizeof buf));
		fprintf(out, "       bits     %s\n",
		    vec_str(s, V_BITS, SHOW_ELEMS, buf, sizeof buf));
		if (s->flags)
			fprintf(out, "       flags    %s\n",
			    fp_flags_str(s->flags, ", ", fl, sizeof fl));
		if (first)
			fprintf(out, "       %s%s first nonfinite value (%s)%s\n",
			    view_c(COL_WARN), view_s(SYM_ARROW), calc_cause_name(s->cause),
			    view_c(COL_RESET));
	}
	fputc('\n', out);
	view_wrap(out, calc_explain(t, why, sizeof why), 0, 78);
	const calc_step *r = calc_result(t);
	if (r && r->n == 1) {
		fputc('\n', out);
		view_number_line(out, r->dtype, r->value[0]);
	}
}

/* Rows of the side-by-side view are AST nodes, in first-seen order. */
static size_t
collect_rows(const calc_trace *ts, size_t nt, int *rows, const char **labels,
    size_t max)
{
	size_t nr = 0;

	for (size_t a = 0; a < nt; a++)
		for (size_t k = 0; k < ts[a].nsteps; k++) {
			const calc_step *s = &ts[a].steps[k];
			size_t r;
			/* A subexpression written twice (x in exp(x) / sum(exp(x)))
			 * has one value: one row, the first. */
			for (r = 0; r < nr && rows[r] != s->node &&
			    strcmp(labels[r], s->label) != 0; r++)
				;
			if (r == nr && nr < max) {
				rows[nr] = s->node;
				labels[nr++] = s->label;
			}
		}
	return nr;
}

static const calc_step *
step_for(const calc_trace *t, int node, int *idx)
{
	for (size_t k = 0; k < t->nsteps; k++)
		if (t->steps[k].node == node) {
			*idx = (int)k;
			return &t->steps[k];
		}
	return NULL;
}

void
view_calc_compare(FILE *out, const calc_trace *ts, size_t nt, int width)
{
	enum { MAXROWS = 256 };
	int rows[MAXROWS];
	const char *labels[MAXROWS];
	size_t nr = collect_rows(ts, nt, rows, labels, MAXROWS);
	int lw = 8, cw;
	char buf[512], why[400];

	/* The value columns as wide as their widest value (with its " !" or
	 * dtype; the last column is not padded), the label column as wide
	 * as the longest label in the rest of the width; a label longer
	 * still gets a row of its own above its values, whole, never cut. */
	int vw = 8, last = 8;
	for (size_t r = 0; r < nr; r++)
		for (size_t a = 0; a < nt; a++) {
			int idx;
			const calc_step *s = step_for(&ts[a], rows[r], &idx);
			if (s == NULL)
				continue;
			vec_str(s, V_COMPACT, 3, buf, sizeof buf);
			int k = (int)strlen(buf) + 2 + (nt > 1 && ts[a].policy.autocast ?
			    1 + (int)strlen(s->dtype->name) : 0);
			if (a + 1 < nt)
				vw = k > vw ? k : vw;
			else
				last = k > last ? k : last;
		}
	int lmax = width - 2 - (int)(nt > 1 ? nt - 1 : 0) * (vw + 1) - last - 1;
	if (lmax < 8)
		lmax = 8;
	for (size_t r = 0; r < nr; r++)
		if ((int)strlen(labels[r]) > lw)
			lw = (int)strlen(labels[r]);
	if (lw > lmax)
		lw = lmax;
	cw = (width - 2 - lw) / (int)(nt ? nt : 1) - 1;
	if (cw < vw)
		cw = vw;

	fprintf(out, "  %s%-*s", view_c(COL_BOLD), lw, "step");
	for (size_t a = 0; a < nt; a++)
		fprintf(out, " %-*s", a + 1 < nt ? cw : 0, ts[a].policy.name);
	fprintf(out, "%s\n", view_c(COL_RESET));
	for (size_t r = 0; r < nr; r++) {
		int lab = (int)strlen(labels[r]);
		if (lab > lw)
			fprintf(out, "  %s\n  %-*s", labels[r], lw, "");
		else
			fprintf(out, "  %-*s", lw, labels[r]);
		for (size_t a = 0; a < nt; a++) {
			int idx = -1;
			const calc_step *s = step_for(&ts[a], rows[r], &idx);
			if (s == NULL) {
				fprintf(out, " %-*s", a + 1 < nt ? cw : 0, "");
				continue;
			}
			bool first = idx == ts[a].first_nonfinite;
			vec_str(s, V_COMPACT, 3, buf, sizeof buf);
			if (nt > 1 && ts[a].policy.autocast)
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
				    " %s", s->dtype->name);
			if (first)
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " !");
			fprintf(out, " %s%-*s%s", first ? view_c(COL_WARN) : "",
			    a + 1 < nt ? cw : 0, buf, first ? view_c(COL_RESET) : "");
		}
		fputc('\n', out);
	}
	bool any = false;
	for (size_t a = 0; a < nt; a++)
		any |= ts[a].first_nonfinite >= 0;
	fputc('\n', out);
	if (any)
		fprintf(out, "  ! marks the first nonfinite value\n");
	for (size_t a = 0; a < nt; a++) {
		fprintf(out, "  %-14s ", ts[a].policy.name);
		view_wrap(out, calc_explain(&ts[a], why, sizeof why), 17, width - 2);
	}
}

/* Where v sits among a format's zones.  Each zone gets a fixed share of
 * the bar (a true log scale would squeeze fp32's subnormals into one
 * character); within a zone the position is linear in log2. */
void
view_number_line(FILE *out, const fp_format *f, double v)
{
	enum { WZ = 8, WS = 14, WN = 38, WO = 8, W = WZ + WS + WN + WO };
	double sub = log2(fp_min_subnormal(f)) - 1;	/* at most this: zero */
	double nrm = log2(fp_min_normal(f));
	double top = log2(fp_max_finite(f));
	char bar[W + 1], a[40], b[40], legend[160];
	int col;

	memset(bar, '-', WZ);
	memset(bar + WZ, ':', WS);
	memset(bar + WZ + WS, '=', WN);
	memset(bar + WZ + WS + WN, '+', WO);
	bar[W] = '\0';
	fprintf(out, "  %-*s%-*s%-*s%s\n", WZ, "zero", WS, "subnormal", WN,
	    "normal", "overflow");
	fprintf(out, "  %s\n", bar);
	if (isnan(v)) {
		fprintf(out, "  (NaN has no place on the line)\n");
	} else {
		double x = v == 0 ? -INFINITY : log2(fabs(v));
		if (x <= sub)
			col = isinf(x) ? 0 : WZ - 1;
		else if (x < nrm)
			col = WZ + (int)((x - sub) / (nrm - sub) * WS);
		else if (x <= top)
			col = WZ + WS + (int)((x - nrm) / (top - nrm) * (WN - 1));
		else
			col = WZ + WS + WN + (isinf(x) ? WO - 1 : 1);
		fprintf(out, "  %*s^ %s in %s\n", col, "", fp_value_str(v, a, sizeof a),
		    f->name);
	}
	snprintf(legend, sizeof legend, "zero: up to 2^%d, half the smallest "
	    "subnormal; normal from 2^%d; largest finite %s", (int)sub, (int)nrm,
	    fp_value_str(fp_max_finite(f), b, sizeof b));
	fputs("  ", out);
	view_wrap(out, legend, 2, 78);
}
