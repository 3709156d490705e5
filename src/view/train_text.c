/*
 * train_text.c — the text view of `fptutor train`: a loss chart of every
 * mode, the scale trend, selected steps and the summary (train_text.h).
 * Every number comes from the toy's records; this file only lays them out.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fp/fp.h"
#include "view/term.h"
#include "view/train_text.h"

#define PLOT_MAXW 64
#define PLOT_MAXH 20

char *
view_train_num(double v, char *buf, size_t n)
{
	const fp_format *f32 = fp_format_get(FP_FP32);

	if (isnan(v))
		snprintf(buf, n, "nan");
	else if (isinf(v))
		snprintf(buf, n, v < 0 ? "-inf" : "inf");
	else
		for (int p = 1; p <= 17; p++) {
			snprintf(buf, n, "%.*g", p, v);
			double back = strtod(buf, NULL);
			if (fp_decode(f32, fp_encode(f32, back, NULL)) == v || back == v)
				break;
		}
	return buf;
}

/* A loss for a table: four significant digits. */
static char *
short_num(double v, char *buf, size_t n)
{
	if (!isfinite(v))
		return view_train_num(v, buf, n);
	snprintf(buf, n, "%.4g", v);
	return buf;
}

/* A scale: "2^13" for a power of two, else %g. */
static char *
scale_str(double s, char *buf, size_t n)
{
	int e;
	if (isfinite(s) && s > 0 && frexp(s, &e) == 0.5)
		snprintf(buf, n, "2^%d", e - 1);
	else
		snprintf(buf, n, "%g", s);
	return buf;
}

static char *
pct(double frac, char *buf, size_t n)
{
	snprintf(buf, n, "%.1f%%", 100.0 * frac);
	return buf;
}

/* The change of a against b, "+0.7%", "+136%", "-0.3%". */
static char *
rel(double a, double b, char *buf, size_t n)
{
	if (!isfinite(a) || !isfinite(b) || b == 0) {
		snprintf(buf, n, "-");
		return buf;
	}
	double r = 100.0 * (a - b) / b;
	snprintf(buf, n, fabs(r) < 10 ? "%+.1f%%" : "%+.0f%%", r);
	return buf;
}

/* The marker of a mode in the chart: a shape, never a colour alone. */
static const char *
marker(toy_mode m)
{
	static const char *const utf8[TOY_NMODES] = {
		"\xe2\x97\x8f", "\xe2\x97\x8b", "\xc3\x97", "+", "\xe2\x96\xa0",
	};
	static const char *const ascii[TOY_NMODES] = { "*", "o", "x", "+", "#" };
	if ((unsigned)m >= TOY_NMODES)
		return "?";
	return view_tty.utf8 ? utf8[m] : ascii[m];
}

void
view_train_header(FILE *out, const toy_config *c, int nmodes)
{
	toy_layout L;

	toy_layout_of(c, &L);
	fprintf(out, "%sControlled comparison%s: %d mode%s, %ld step%s, seed %llu%s\n",
	    view_c(COL_BOLD), view_c(COL_RESET), nmodes, nmodes == 1 ? "" : "s",
	    c->steps, c->steps == 1 ? "" : "s", (unsigned long long)c->seed,
	    nmodes > 1 ? "; the same data and\ninitial weights in every mode." : ".");
	fprintf(out, "Model: MLP %d-%d-%d (tanh), %ld parameters, mean squared "
	    "error on %d examples,\neach standing for 2^%d copies; SGD with "
	    "momentum %g, lr %g decaying to 0.\n\n", c->inputs, c->hidden,
	    c->outputs, L.n, c->batch, c->copies_log2, c->momentum, c->lr);
}

/* The step shown in column x of cols, over maxsteps steps: evenly spaced
 * from the first step to the last (0-based index). */
static long
column_step(int x, int cols, long maxsteps)
{
	if (cols < 2)
		return maxsteps - 1;
	return lround((double)x * (double)(maxsteps - 1) / (cols - 1));
}

/* That step's loss if it is finite and positive (log scale), else NAN. */
static double
column_loss(const view_train_run *r, int x, int cols, long maxsteps)
{
	long i = column_step(x, cols, maxsteps);

	if (i >= r->nsteps || !isfinite(r->steps[i].loss) || !(r->steps[i].loss > 0))
		return NAN;
	return r->steps[i].loss;
}

void
view_train_plot(FILE *out, const view_train_run *runs, int n, int width,
    int height)
{
	const char *grid[PLOT_MAXH][PLOT_MAXW];
	signed char who[PLOT_MAXH][PLOT_MAXW];	/* the run drawn there, -1 none */
	int shown[PLOT_MAXW] = { 0 }, points[PLOT_MAXW] = { 0 };	/* per run */
	int under[PLOT_MAXW][PLOT_MAXW];	/* [k][j]: k's cells that j covers */
	long maxsteps = 0;
	double lo = HUGE_VAL, hi = -HUGE_VAL;
	char b1[32];

	if (width > PLOT_MAXW)
		width = PLOT_MAXW;
	if (height > PLOT_MAXH)
		height = PLOT_MAXH;
	if (width < 2 || height < 2)
		return;
	for (int k = 0; k < n; k++)
		if (runs[k].nsteps > maxsteps)
			maxsteps = runs[k].nsteps;
	int cols = maxsteps < width ? (int)maxsteps : width;
	/* The range of what is drawn. */
	for (int k = 0; k < n; k++)
		for (int x = 0; x < cols; x++) {
			double v = column_loss(&runs[k], x, cols, maxsteps);
			if (isfinite(v)) {
				lo = v < lo ? v : lo;
				hi = v > hi ? v : hi;
			}
		}
	fprintf(out, "%sLoss per step%s (log scale)\n", view_c(COL_BOLD), view_c(COL_RESET));
	if (maxsteps == 0 || !(lo <= hi)) {
		fprintf(out, "  (%s)\n\n", maxsteps ? "no finite loss to plot" :
		    "no steps");
		return;
	}
	double span = log(hi) - log(lo);
	for (int y = 0; y < height; y++)
		for (int x = 0; x < cols; x++)
			grid[y][x] = " ", who[y][x] = -1;
	if (n > PLOT_MAXW)
		n = PLOT_MAXW;
	memset(under, 0, sizeof under);
	/* The first mode last, so it is on top. */
	for (int k = n - 1; k >= 0; k--) {
		const view_train_run *r = &runs[k];
		for (int x = 0; x < cols; x++) {
			double v = column_loss(r, x, cols, maxsteps);
			if (!isfinite(v))
				continue;
			int y = span > 0 ? (int)lround((log(hi) - log(v)) / span *
			    (height - 1)) : height / 2;
			grid[y][x] = marker(r->mode->id);
			who[y][x] = (signed char)k;
		}
	}
	/* Which runs the drawing hides: a run whose every point lies under
	 * another's marker cannot be seen (bf16 and fp16-params under fp32 in
	 * the comparison), so the chart says where it is. */
	for (int k = 0; k < n; k++)
		for (int x = 0; x < cols; x++) {
			double v = column_loss(&runs[k], x, cols, maxsteps);
			if (!isfinite(v))
				continue;
			int y = span > 0 ? (int)lround((log(hi) - log(v)) / span *
			    (height - 1)) : height / 2;
			points[k]++;
			if (who[y][x] == k)
				shown[k]++;
			else if (who[y][x] >= 0)
				under[k][who[y][x]]++;
		}
	const char *vbar = view_tty.utf8 ? "\xe2\x94\x82" : "|";
	const char *tick = view_tty.utf8 ? "\xe2\x94\xa4" : "|";
	for (int y = 0; y < height; y++) {
		const char *label = "";
		if (y == 0 || y == height - 1 || y == (height - 1) / 2)
			label = short_num(exp(log(hi) - span * y / (height - 1)),
			    b1, sizeof b1);
		fprintf(out, "%9s %s", label, label[0] ? tick : vbar);
		for (int x = 0; x < cols; x++)
			fputs(grid[y][x], out);
		fputc('\n', out);
	}
	fprintf(out, "%9s %s", "", view_tty.utf8 ? "\xe2\x94\x94" : "+");
	for (int x = 0; x < cols; x++)
		fputs(view_tty.utf8 ? "\xe2\x94\x80" : "-", out);
	snprintf(b1, sizeof b1, "%ld", maxsteps);
	fprintf(out, "\n%10s 1%*s  step\n", "", cols - 1, b1);
	fprintf(out, "%10s", "");
	for (int k = 0; k < n; k++)
		fprintf(out, " %s %s", marker(runs[k].mode->id), runs[k].mode->name);
	fputc('\n', out);
	if (n > 1)
		fprintf(out, "%10s where curves meet, the mode listed first is "
		    "drawn\n", "");
	for (int k = 0; k < n; k++) {
		if (points[k] == 0 || shown[k] > 0)
			continue;	/* seen somewhere: the legend finds it */
		int j = -1;
		for (int i = 0; i < n; i++)
			if (under[k][i] && (j < 0 || under[k][i] > under[k][j]))
				j = i;
		if (j >= 0)
			fprintf(out, "%10s %s %s hidden under %s %s in %d of %d "
			    "columns\n", "",
			    marker(runs[k].mode->id), runs[k].mode->name,
			    marker(runs[j].mode->id), runs[j].mode->name,
			    points[k] - shown[k], points[k]);
	}
	fputc('\n', out);
}

/* "2^16 at 1, 2^15 at 2, 2^14 at 3, 2^13 at 4-300": the scale's
 * segments, the first four and the last three when there are more. */
static void
scale_changes(FILE *out, const view_train_run *r)
{
	char text[512], b[32];
	size_t o = 0;
	long total = 0, idx = 0, from = 1;
	bool dots = false;

	for (long i = 0; i < r->nsteps; i++)
		total += i == 0 || r->steps[i].scale != r->steps[i - 1].scale;
	text[0] = '\0';
	for (long i = 0; i < r->nsteps; i++) {
		if (i + 1 < r->nsteps && r->steps[i + 1].scale == r->steps[i].scale)
			continue;
		if (total <= 8 || idx < 4 || idx >= total - 3) {
			o += (size_t)snprintf(text + o, sizeof text - o, "%s%s at %ld",
			    idx ? ", " : "", scale_str(r->steps[i].scale, b, sizeof b),
			    from);
			if (i + 1 > from)
				o += (size_t)snprintf(text + o, sizeof text - o, "-%ld", i + 1);
		} else if (!dots) {
			o += (size_t)snprintf(text + o, sizeof text - o,
			    ", ... (%ld changes) ...", total - 7);
			dots = true;
		}
		idx++;
		from = i + 2;
	}
	fprintf(out, "%15s", "");
	view_wrap(out, text, 15, 79);
}

void
view_train_scales(FILE *out, const view_train_run *runs, int n, int width)
{
	static const char *const blocks[8] = {
		"\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
		"\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88",
	};
	static const char ramp[] = "_.-~=+*#";
	int any = 0;
	char b1[32], b2[32];

	for (int k = 0; k < n; k++) {
		const view_train_run *r = &runs[k];
		if (!r->mode->scaler || r->nsteps == 0)
			continue;
		if (!any++)
			fprintf(out, "%sLoss scale per step%s (log2; a step whose "
			    "gradients overflow is skipped)\n",
			    view_c(COL_BOLD), view_c(COL_RESET));
		double lo = HUGE_VAL, hi = -HUGE_VAL;
		for (long i = 0; i < r->nsteps; i++) {
			double e = log2(r->steps[i].scale);
			lo = e < lo ? e : lo;
			hi = e > hi ? e : hi;
		}
		int cols = r->nsteps < width ? (int)r->nsteps : width;
		fprintf(out, "  %-12s %s ", r->mode->name,
		    scale_str(r->steps[0].scale, b1, sizeof b1));
		for (int x = 0; x < cols; x++) {
			long i = column_step(x, cols, r->nsteps);
			double e = log2(r->steps[i].scale);
			int lvl = hi > lo ? (int)lround((e - lo) / (hi - lo) * 7) : 7;
			if (view_tty.utf8)
				fputs(blocks[lvl], out);
			else
				fputc(ramp[lvl], out);
		}
		fprintf(out, " %s\n", scale_str(r->steps[r->nsteps - 1].scale,
		    b2, sizeof b2));
		scale_changes(out, r);
	}
	if (any)
		fputc('\n', out);
}

static int
cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

void
view_train_steps(FILE *out, const view_train_run *r)
{
	long pick[16];
	int np = 0, nskip = 0;
	char l[32], s[32], g[32];

	fprintf(out, "  %s%s%s: %s\n", view_c(COL_BOLD), r->mode->name,
	    view_c(COL_RESET), r->mode->title);
	if (r->nsteps == 0) {
		fprintf(out, "    (no steps)\n");
		return;
	}
	pick[np++] = 1;
	for (long i = 0; i < r->nsteps && nskip < 5; i++)
		if (r->steps[i].skipped) {
			pick[np++] = i + 1;
			nskip++;
		}
	if (r->sum.first_nonfinite_step > 0)
		pick[np++] = r->sum.first_nonfinite_step;
	for (int k = 1; k <= 5; k++)
		pick[np++] = (r->nsteps * k + 4) / 5;
	qsort(pick, (size_t)np, sizeof pick[0], cmp_long);
	fprintf(out, "    %6s %10s %7s %7s %10s %9s %6s %9s\n", "step", "loss",
	    "scale", "skipped", "grad norm", "nonfinite", "zero", "swallowed");
	for (int k = 0; k < np; k++) {
		if (k > 0 && pick[k] == pick[k - 1])
			continue;
		const toy_step *st = &r->steps[pick[k] - 1];
		fprintf(out, "    %6ld %10s %7s %7s %10s %9ld %6ld %9ld\n",
		    st->step, short_num(st->loss, l, sizeof l),
		    r->mode->scaler ? scale_str(st->scale, s, sizeof s) : "-",
		    st->skipped ? "yes" : "no",
		    short_num(st->grad_norm, g, sizeof g), st->nonfinite,
		    st->zero_grads, st->swallowed);
	}
}

/* The run of a mode, or NULL. */
static const view_train_run *
find_run(const view_train_run *runs, int n, toy_mode m)
{
	for (int k = 0; k < n; k++)
		if (runs[k].mode->id == m)
			return &runs[k];
	return NULL;
}

/* One note, wrapped to 79 columns with a hanging indent. */
static void
note(FILE *out, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	fputs("  ", out);
	view_wrap(out, text, 4, 79);
}

static void
notes(FILE *out, const view_train_run *runs, int n)
{
	const view_train_run *f32 = find_run(runs, n, TOY_FP32);
	const view_train_run *f16 = find_run(runs, n, TOY_FP16);
	char a[32], b[32];

	for (int k = 0; k < n; k++) {
		const view_train_run *r = &runs[k];
		const toy_summary *s = &r->sum;
		const char *name = r->mode->name;
		if (s->first_nonfinite_step > 0)
			note(out, "%s: first inf/NaN at step %ld, in %s.", name,
			    s->first_nonfinite_step, toy_op_name(s->first_nonfinite_op));
		if (r->mode->scaler && s->skipped_steps > 0)
			note(out, "%s: %ld step%s skipped; the scale went from %s to "
			    "%s.", name, s->skipped_steps,
			    s->skipped_steps == 1 ? "" : "s",
			    scale_str(r->steps[0].scale, a, sizeof a),
			    scale_str(s->final_scale, b, sizeof b));
		if (s->zero_grad_fraction >= 0.01)
			note(out, "%s: %s of the gradient entries the optimizer "
			    "received were zero.", name,
			    pct(s->zero_grad_fraction, a, sizeof a));
		if (!r->mode->master && s->swallowed_update_fraction >= 0.01)
			note(out, "%s: %s of the updates were below half an ulp of "
			    "their %s weight, and lost.", name,
			    pct(s->swallowed_update_fraction, a, sizeof a),
			    fp_format_get(r->mode->weights)->name);
		if (f32 == NULL || r == f32)
			continue;
		if (f16 && r->mode->id == TOY_FP16_PARAMS)
			note(out, "%s: final loss %s against fp32, %s against fp16 "
			    "with its fp32 master weights.", name,
			    rel(s->final_loss, f32->sum.final_loss, a, sizeof a),
			    rel(s->final_loss, f16->sum.final_loss, b, sizeof b));
		else
			note(out, "%s: final loss %s against fp32.", name,
			    rel(s->final_loss, f32->sum.final_loss, a, sizeof a));
	}
}

void
view_train_summary(FILE *out, const view_train_run *runs, int n)
{
	const view_train_run *f32 = find_run(runs, n, TOY_FP32);
	char b[32];

	fprintf(out, "%sSummary%s\n%-14s", view_c(COL_BOLD), view_c(COL_RESET), "");
	for (int k = 0; k < n; k++)
		fprintf(out, " %12s", runs[k].mode->name);
	fprintf(out, "\n%-14s", "  final loss");
	for (int k = 0; k < n; k++)
		fprintf(out, " %12s", short_num(runs[k].sum.final_loss, b, sizeof b));
	if (f32) {
		fprintf(out, "\n%-14s", "  vs fp32");
		for (int k = 0; k < n; k++)
			fprintf(out, " %12s", &runs[k] == f32 ? "-" :
			    rel(runs[k].sum.final_loss, f32->sum.final_loss, b, sizeof b));
	}
	fprintf(out, "\n%-14s", "  skipped");
	for (int k = 0; k < n; k++)
		fprintf(out, " %12ld", runs[k].sum.skipped_steps);
	fprintf(out, "\n%-14s", "  zero grads");
	for (int k = 0; k < n; k++)
		fprintf(out, " %12s", pct(runs[k].sum.zero_grad_fraction, b, sizeof b));
	fprintf(out, "\n%-14s", "  swallowed");
	for (int k = 0; k < n; k++)
		fprintf(out, " %12s", pct(runs[k].sum.swallowed_update_fraction,
		    b, sizeof b));
	fprintf(out, "\n%-14s", "  final scale");
	for (int k = 0; k < n; k++)
		fprintf(out, " %12s", runs[k].mode->scaler ?
		    scale_str(runs[k].sum.final_scale, b, sizeof b) : "-");
	fprintf(out, "\n%-14s", "  bytes W+G+O");
	for (int k = 0; k < n; k++) {
		const toy_summary *s = &runs[k].sum;
		snprintf(b, sizeof b, "%d+%d+%d", s->weight_bytes, s->grad_bytes,
		    s->optim_bytes);
		fprintf(out, " %12s", b);
	}
	fprintf(out, "\n%-14s", "  first inf");
	for (int k = 0; k < n; k++) {
		if (runs[k].sum.first_nonfinite_step > 0)
			snprintf(b, sizeof b, "step %ld", runs[k].sum.first_nonfinite_step);
		else
			snprintf(b, sizeof b, "-");
		fprintf(out, " %12s", b);
	}
	fputs("\n\n", out);
	notes(out, runs, n);
}

void
view_train_text(FILE *out, const toy_config *cfg, const view_train_run *runs,
    int n)
{
	view_train_header(out, cfg, n);
	view_train_plot(out, runs, n, 60, 12);
	view_train_scales(out, runs, n, 48);
	fprintf(out, "%sSelected steps%s (--json gives every step)\n",
	    view_c(COL_BOLD), view_c(COL_RESET));
	for (int k = 0; k < n; k++)
		view_train_steps(out, &runs[k]);
	fputc('\n', out);
	view_train_summary(out, runs, n);
}
