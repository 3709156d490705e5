/*
 * inspect_text.c — the text view of a tensor's statistics (see
 * inspect_text.h): the header lines, the histogram with the target
 * formats' zones and limits, the cast table and the loss-scale window.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "train/scaler.h"
#include "view/inspect_text.h"
#include "view/term.h"

#define BAR 28		/* the longest bar */
#define MAXROWS 48	/* longer histograms skip runs of empty binades */

const char *
view_inspect_name(const char *s, char *buf, size_t n)
{
	size_t o = 0;

	for (; *s && o + 5 < n; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c >= 0x7f)
			o += (size_t)snprintf(buf + o, n - o, "\\x%02x", c);
		else
			buf[o++] = (char)c;
	}
	buf[o] = '\0';
	return buf;
}

const char *
view_inspect_shape(const tensor_info *t, char *buf, size_t n)
{
	size_t o = (size_t)snprintf(buf, n, "[");
	for (int i = 0; i < t->ndim && o < n; i++)
		o += (size_t)snprintf(buf + o, n - o, "%s%llu", i ? ", " : "",
		    (unsigned long long)t->shape[i]);
	if (o < n)
		snprintf(buf + o, n - o, "]");
	return buf;
}

static int
emax_of(const fp_format *f)
{
	int e;
	frexp(fp_max_finite(f), &e);
	return e - 1;
}

char
view_inspect_zone(const fp_format *f, int k)
{
	int emin = 1 - f->bias;

	if (k > emax_of(f))
		return '!';
	if (k >= emin)
		return 'n';
	if (k >= emin - f->man_bits - 1)
		return 's';
	return '0';
}

static void
pct(char *buf, size_t n, uint64_t c, uint64_t of)
{
	if (c == 0 || of == 0)
		snprintf(buf, n, "%llu", (unsigned long long)c);
	else
		snprintf(buf, n, "%llu (%.3g%%)", (unsigned long long)c,
		    100.0 * (double)c / (double)of);
}

/* A magnitude as the source dtype would print it. */
static const char *
mag(const tensor_info *t, double v, char *buf, size_t n)
{
	const fp_format *f = tensor_dtype_format(t->dtype);

	if (isnan(v))
		return "-";
	if (f)
		return fp_short_str(f, v, buf, n);
	snprintf(buf, n, "%.17g", v);
	return buf;
}

/* The limit lines that fall between binade k and k - 1 (above row k - 1). */
static void
limits_below(FILE *out, const tensor_stats *st, int k)
{
	char b[40];

	for (int i = 0; i < st->nfmt; i++) {
		const fp_format *f = st->fmts[i];
		int emin = 1 - f->bias;
		const char *what = NULL;
		double v = 0;
		if (k == emin) {
			what = "smallest normal";
			v = fp_min_normal(f);
		} else if (k == emin - f->man_bits) {
			what = "smallest subnormal";
			v = fp_min_subnormal(f);
		}
		if (what)
			fprintf(out, "  %8s -- %s %s %s\n", "", f->name, what,
			    fp_short_str(f, v, b, sizeof b));
	}
}

static void
limits_above(FILE *out, const tensor_stats *st, int k)
{
	char b[40];

	for (int i = 0; i < st->nfmt; i++) {
		const fp_format *f = st->fmts[i];
		if (k == emax_of(f))
			fprintf(out, "  %8s -- %s largest %s\n", "", f->name,
			    fp_short_str(f, fp_max_finite(f), b, sizeof b));
	}
}

static void
row(FILE *out, const tensor_stats *st, int k, uint64_t c, uint64_t top)
{
	int len = c == 0 ? 0 : (int)((c * BAR + top - 1) / top);
	char bar[BAR + 1];

	memset(bar, '#', (size_t)len);
	bar[len] = '\0';
	fprintf(out, "  %8d %9llu  %-*s", k, (unsigned long long)c, BAR, bar);
	for (int i = 0; i < st->nfmt; i++)
		fprintf(out, " %*c", (int)strlen(st->fmts[i]->name) > 4 ?
		    (int)strlen(st->fmts[i]->name) : 4, view_inspect_zone(st->fmts[i], k));
	fputc('\n', out);
}

static void
histogram(FILE *out, const tensor_stats *st)
{
	uint64_t top = 0;

	if (st->lo > st->hi)
		return;
	for (int b = st->lo; b <= st->hi; b++)
		if (st->hist[b] > top)
			top = st->hist[b];
	fprintf(out, "\n  %8s %9s  %-*s", "log2|x|", "values", BAR, "");
	for (int i = 0; i < st->nfmt; i++)
		fprintf(out, " %4s", st->fmts[i]->name);
	fputc('\n', out);
	int hi = st->hi + TENSOR_LOG2_MIN, lo = st->lo + TENSOR_LOG2_MIN;
	bool sparse = hi - lo + 1 > MAXROWS;
	for (int k = hi; k >= lo; k--) {
		uint64_t c = st->hist[k - TENSOR_LOG2_MIN];
		if (sparse && c == 0) {
			int j = k;
			while (j > lo && st->hist[j - 1 - TENSOR_LOG2_MIN] == 0)
				j--;
			if (k - j >= 2) {
				fprintf(out, "  %8s %9s  (%d empty binades, %d to %d)\n",
				    "...", "", k - j + 1, k, j);
				k = j;
				continue;
			}
		}
		limits_above(out, st, k);
		row(out, st, k, c, top);
		limits_below(out, st, k);
	}
	fprintf(out, "  zones: n normal, s subnormal, 0 flushed to zero, ! overflow"
	    "\n");
}

static void
casts(FILE *out, const tensor_stats *st)
{
	char a[40], b[40], c[40];

	fprintf(out, "\n  %-6s %-14s %-14s %-14s %-7s %-10s %s\n", "cast",
	    "flushed", "subnormal", "overflow", "exact", "err median", "err max");
	for (int i = 0; i < st->nfmt; i++) {
		const tensor_cast *x = &st->cast[i];
		pct(a, sizeof a, x->flushed, st->finite_nonzero);
		pct(b, sizeof b, x->subnormal, st->finite_nonzero);
		pct(c, sizeof c, x->overflow, st->finite_nonzero);
		fprintf(out, "  %-6s %-14s %-14s %-14s %-7llu", st->fmts[i]->name, a,
		    b, c, (unsigned long long)x->exact);
		if (isnan(x->err_median))
			fprintf(out, " -\n");
		else
			fprintf(out, " %-10.3g %.3g\n", x->err_median, x->err_max);
	}
	fprintf(out, "  Of the %llu finite nonzero values.  The error is |cast - x| / |x|"
	    " (1 when\n  flushed), over the values that do not overflow.\n",
	    (unsigned long long)st->finite_nonzero);
}

static void
window(FILE *out, const tensor_stats *st, const view_inspect_opts *o)
{
	const fp_format *f = st->fmts[o->grad_fmt];
	scaler_params sp;
	int lo, hi, init;
	char share[24];

	scaler_params_default(&sp);
	frexp(sp.init_scale, &init);
	init -= 1;
	snprintf(share, sizeof share, "%.4g%%", o->share_ppm / 1e4);
	fprintf(out, "\n  loss scale for %s: at least %s of the %llu finite nonzero "
	    "values normal,\n  none overflowing: ", f->name, share,
	    (unsigned long long)st->finite_nonzero);
	if (!tensor_grad_window(st, o->grad_fmt, o->share_ppm, &lo, &hi)) {
		fprintf(out, "no power of two does it.\n");
		return;
	}
	fprintf(out, "2^%d to 2^%d.\n", lo, hi);
	tensor_scale_counts c;
	tensor_stats_at_scale(st, o->grad_fmt, init, &c);
	fprintf(out, "  GradScaler starts at 2^%d: %llu normal, %llu subnormal, "
	    "%llu flushed, %llu overflow.\n", init, (unsigned long long)c.normal,
	    (unsigned long long)c.subnormal, (unsigned long long)c.flushed,
	    (unsigned long long)c.overflow);
	if (init > hi)
		fprintf(out, "  It overflows: each such step is skipped and the scale "
		    "halved, %d times, to 2^%d.\n", init - hi, hi);
	else if (init < lo)
		fprintf(out, "  Too small: the scale doubles after every %ld good "
		    "steps, %d times, to 2^%d.\n", sp.growth_interval, lo - init, lo);
	else
		fprintf(out, "  That is inside the window.\n");
	fprintf(out, "  'fptutor scaler --simulate' shows the rule step by step.\n");
}

void
view_inspect_text(FILE *out, const char *file, const tensor_info *t,
    const tensor_stats *st, const view_inspect_opts *o)
{
	char nm[400], fn[400], sh[400], a[40], b[40];

	fprintf(out, "%s: tensor %s\n", view_inspect_name(file, fn, sizeof fn),
	    view_inspect_name(t->name, nm, sizeof nm));
	fprintf(out, "  %s, shape %s, %llu values%s\n", tensor_dtype_name(t->dtype),
	    view_inspect_shape(t, sh, sizeof sh), (unsigned long long)st->count,
	    t->fortran ? ", Fortran order" : "");
	fprintf(out, "  zeros %llu, subnormals %llu, infinities %llu, NaNs %llu\n",
	    (unsigned long long)st->zeros, (unsigned long long)st->subnormals,
	    (unsigned long long)st->infs, (unsigned long long)st->nans);
	if (st->finite_nonzero)
		fprintf(out, "  |x| from %s to %s (finite nonzero)\n",
		    mag(t, st->min_mag, a, sizeof a), mag(t, st->max_mag, b, sizeof b));
	histogram(out, st);
	if (st->finite_nonzero)
		casts(out, st);
	if (o->grad && st->has_scaled)
		window(out, st, o);
}

void
view_inspect_skipped(FILE *out, const char *file, const tensor_info *t)
{
	char nm[400], fn[400], sh[400];

	fprintf(out, "%s: tensor %s\n  %s, shape %s: not floating point, skipped\n",
	    view_inspect_name(file, fn, sizeof fn), view_inspect_name(t->name, nm,
	    sizeof nm), t->other,
	    view_inspect_shape(t, sh, sizeof sh));
}
