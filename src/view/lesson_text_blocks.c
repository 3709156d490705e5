/*
 * lesson_text_blocks.c — the live blocks of a lesson in plain text, every
 * frame of their animation at once.  The block views of the other
 * commands are reused: bits (view_bits_text), calc traces side by side
 * (calc_text.h), the loss-scaling walk and the GradScaler simulation
 * (scaler_text.h), the toy training run (train_block.c).  The rounding
 * walk and the plot are drawn here.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "view/calc_text.h"
#include "view/lesson_text.h"
#include "view/scaler_text.h"
#include "view/term.h"
#include "view/bits_text.h"
#include "view/inspect_text.h"

void
view_lesson_block_heading(FILE *out, const lesson_block *b)
{
	fprintf(out, "%s[%s]%s ", view_c(COL_DIM), lesson_block_name(b->kind),
	    view_c(COL_RESET));
	view_lesson_puts(out, b->args);
	fputs("\n\n", out);
}

static void
show_bits(FILE *out, const lesson_block *b)
{
	for (int v = 0; v < b->nvals; v++)
		for (int k = 0; k < b->nfmts; k++) {
			view_bits_item it = { b->fmts[k], b->valtext[v], &b->vals[v],
			    0, 0, lesson_block_exact(b, v) };
			it.bits = fp_encode_real(it.fmt, &b->vals[v], &it.flags);
			if (v || k)
				fputc('\n', out);
			view_bits_text(out, &it);
		}
}

/* ---- the rounding walk ---------------------------------------------------- */

/* The exact value's bits around the cut, as 1.xxxx|yyyy... x 2^e (or
 * 0.000x|yyy for the subnormal range). */
static void
cut_line(FILE *out, const fp_format *f, const fp_walk *w)
{
	int emin = 1 - f->bias;
	int top = w->subnormal_range ? emin : w->lead;
	int last = w->lead - (w->nbits - 1);
	int stop = w->lsb - 8;

	if (last > stop)
		stop = last < w->lsb - 3 ? last : w->lsb - 3;
	fprintf(out, "  %-9s %s%c.", "cut", w->negative ? "-" : "",
	    w->subnormal_range ? '0' : '1');
	for (int p = top - 1; p >= stop; p--) {
		int i = w->lead - p;
		fputc(i >= 0 && i < w->nbits ? w->expansion[i] : '0', out);
		if (p == w->lsb)
			fputc('|', out);
	}
	fprintf(out, "%s %s 2^%d\n", w->more || last < stop ? view_s(SYM_ELLIPSIS) : "",
	    view_s(SYM_TIMES), top);
}

static void
round_walk(FILE *out, const fp_format *f, const char *text, const fp_real *r,
    const fp_exact *ex)
{
	fp_walk w;
	char v[48];

	fp_explain_round_x(f, r, ex, &w);
	double x = fp_decode(f, w.bits);
	fprintf(out, "Rounding %s into %s (%d fraction bits kept)\n", text, f->name,
	    f->man_bits);
	if (!w.special) {
		fprintf(out, "  %-9s %s1.", "exact", w.negative ? "-" : "");
		int shown = w.nbits > 40 ? 40 : w.nbits;
		if (shown > 1)
			fwrite(w.expansion + 1, 1, (size_t)shown - 1, out);
		else if (!w.more)
			fputc('0', out);	/* a power of two: 1.0 */
		fprintf(out, "%s %s 2^%d\n", w.more || w.nbits > shown ?
		    view_s(SYM_ELLIPSIS) : "", view_s(SYM_TIMES), w.lead);
	}
	if (w.special || w.decision == FP_ROUND_SPECIAL) {
		fprintf(out, "  %-9s %s (%s): %s\n", "result",
		    fp_value_str(x, v, sizeof v), fp_class_name(fp_classify(f, w.bits)),
		    w.overflow || (w.flags & FP_FLAG_OVERFLOW) ?
		    "beyond the largest finite value, no bits to cut" :
		    "nothing to cut");
		return;
	}
	cut_line(out, f, &w);
	fprintf(out, "  %-9s guard %u, round %u, sticky %u %s %s\n", "bits",
	    w.guard, w.round, w.sticky, view_s(SYM_ARROW), fp_decision_name(w.decision));
	if (w.carry && !w.overflow)
		fprintf(out, "  %-9s the carry moves the value up to the next power "
		    "of two\n", "");
	if (w.flushed)
		fprintf(out, "  %-9s every bit was cut: the value flushes to zero\n", "");
	if (w.overflow)
		fprintf(out, "  %-9s the rounded value is beyond the largest finite "
		    "%s\n", "", f->name);
	fprintf(out, "  %-9s %s = 0x%0*x (%s)\n", "result", fp_value_str(x, v, sizeof v),
	    (f->width + 3) / 4, (unsigned)w.bits, fp_class_name(fp_classify(f, w.bits)));
}

static void
show_round(FILE *out, const lesson_block *b)
{
	for (int v = 0; v < b->nvals; v++)
		for (int k = 0; k < b->nfmts; k++) {
			if (v || k)
				fputc('\n', out);
			round_walk(out, b->fmts[k], b->valtext[v], &b->vals[v],
			    lesson_block_exact(b, v));
		}
}

/* ---- calc and softmax ----------------------------------------------------- */

static void
traces(FILE *out, const lesson_block *b, const calc_expr *e)
{
	calc_trace t[LESSON_MAX_POLICIES];
	calc_error err;
	int n = 0;

	for (int i = 0; i < b->npols; i++) {
		if (!calc_eval(e, &b->pols[i], &t[n], &err)) {
			fprintf(out, "  (%s: cannot be evaluated)\n", b->pols[i].name);
			continue;
		}
		n++;
	}
	if (n == 1)
		view_calc_trace(out, &t[0]);
	else if (n > 1)
		view_calc_compare(out, t, (size_t)n, 78);
	for (int i = 0; i < n; i++)
		calc_trace_free(&t[i]);
}

static void
show_softmax(FILE *out, const lesson_block *b)
{
	fputs("Naive: exp(x) / sum(exp(x)), x = ", out);
	view_lesson_puts(out, b->vector);
	fputs("\n\n", out);
	traces(out, b, b->expr);
	fprintf(out, "\nStable: exp(x %s max(x)) / sum(exp(x %s max(x)))\n\n",
	    view_s(SYM_MINUS), view_s(SYM_MINUS));
	traces(out, b, b->expr2);
}

/* ---- loss scaling --------------------------------------------------------- */

static void
show_scaling(FILE *out, const lesson_block *b)
{
	view_scaler_walk w = {
		b->dtype, b->grad_text, &b->grad,
		b->has_grad_max ? b->grad_max_text : NULL,
		b->has_grad_max ? &b->grad_max : NULL,
		b->scales, b->nscales,
	};
	view_scaler_walk_text(out, &w);
}

static void
show_scaler(FILE *out, const lesson_block *b)
{
	scaler_sim_cfg cfg;

	scaler_sim_cfg_default(&cfg);
	cfg.params = b->params;
	cfg.steps = b->steps;
	cfg.dtype = b->dtype;
	cfg.grad_max = b->has_grad_max ? &b->grad_max : NULL;
	cfg.inf = b->ninf ? b->inf : NULL;
	cfg.ninf = b->ninf;
	cfg.accumulate = b->accumulate;
	view_scaler_sim_text(out, &cfg, b->has_grad_max ? b->grad_max_text : NULL);
}

/* ---- plot ------------------------------------------------------------------- */

enum { PLOT_W = 60, PLOT_H = 12 };
static const char plot_marks[] = "*o+x#@";

static void
axis_label(const lesson_block *b, double v, bool logs, char *buf, size_t n)
{
	if (logs)
		snprintf(buf, n, "2^%d", (int)lround(v));
	else
		fp_value_str(v, buf, n);
	(void)b;
}

static void
show_plot(FILE *out, const lesson_block *b)
{
	static const char *const what[] = {
		"ulp (the spacing of values)", "the value after rounding",
		"the relative rounding error",
	};
	char grid[PLOT_H][PLOT_W + 1];
	double ys[FP_NFORMATS][PLOT_W], lo = INFINITY, hi = -INFINITY;
	bool has[FP_NFORMATS][PLOT_W];
	bool logy = lesson_plot_logy(b), logx = lesson_plot_logx(b);
	char a[40], c[40];

	for (int k = 0; k < b->nfmts; k++)
		for (int i = 0; i < PLOT_W; i++) {
			double x, y;
			has[k][i] = lesson_plot_point(b, k, i, PLOT_W, &x, &y);
			ys[k][i] = logy && has[k][i] ? log2(y) : y;
			if (has[k][i]) {
				lo = fmin(lo, ys[k][i]);
				hi = fmax(hi, ys[k][i]);
			}
		}
	/* The legend on a line of its own, so that six formats fit 80
	 * columns. */
	fprintf(out, "%s against the value%s\n  marks:", what[b->plot],
	    logx ? " (logarithmic axes)" : "");
	for (int k = 0; k < b->nfmts; k++)
		fprintf(out, "%s %s %c", k ? "," : "", b->fmts[k]->name, plot_marks[k]);
	fputs("\n\n", out);
	if (!(lo <= hi)) {
		fputs("  (no point of this range has a value)\n", out);
		return;
	}
	if (logy) {
		lo = floor(lo);
		hi = ceil(hi);
	}
	memset(grid, ' ', sizeof grid);
	for (int k = b->nfmts - 1; k >= 0; k--)
		for (int i = 0; i < PLOT_W; i++) {
			if (!has[k][i])
				continue;
			int row = hi > lo ? (int)lround((ys[k][i] - lo) / (hi - lo) *
			    (PLOT_H - 1)) : 0;
			grid[PLOT_H - 1 - row][i] = plot_marks[k];
		}
	axis_label(b, hi, logy, a, sizeof a);
	axis_label(b, lo, logy, c, sizeof c);
	int lw = (int)(strlen(a) > strlen(c) ? strlen(a) : strlen(c));
	for (int r = 0; r < PLOT_H; r++) {
		grid[r][PLOT_W] = '\0';
		size_t end = PLOT_W;
		while (end > 0 && grid[r][end - 1] == ' ')
			grid[r][--end] = '\0';
		fprintf(out, "  %*s |%s\n", lw, r == 0 ? a : r == PLOT_H - 1 ? c : "",
		    grid[r]);
	}
	fprintf(out, "  %*s +", lw, "");
	for (int i = 0; i < PLOT_W; i++)
		fputc('-', out);
	lesson_num_str(NULL, b->from, 5, a, sizeof a);
	lesson_num_str(NULL, b->to, 5, c, sizeof c);
	fprintf(out, "\n  %*s  %-*s%s\n", lw, "", PLOT_W - (int)strlen(c), a, c);
}

/* ---- the toy training run ------------------------------------------------ */

/* Each mode run from the same seed, to the end (train_block.c). */
static void
show_train(FILE *out, const lesson_block *b)
{
	view_train_job *j = view_train_job_new(b);

	if (j == NULL) {
		fputs("  (out of memory: the run is not shown)\n", out);
		return;
	}
	while (!view_train_job_step(j))
		;
	view_train_job_text(out, j);
	view_train_job_free(j);
}

/* The block says what it brings: its drills are the questions after it
 * (LQ_DRILL, drawn by the validator). */
static void
show_drill(FILE *out, const lesson_block *b)
{
	char line[200];

	if (b->drill_kind < 0 || b->drill_count < 1)
		return;
	snprintf(line, sizeof line, "%d %s drill%s at level %d (%s), made and "
	    "graded by the engine: the question%s below.", b->drill_count,
	    drill_kind_name((drill_kind)b->drill_kind), b->drill_count == 1 ?
	    "" : "s", b->drill_level, drill_level_name(b->drill_level),
	    b->drill_count == 1 ? "" : "s");
	fputs("  ", out);
	view_wrap(out, line, 2, VIEW_LESSON_WIDTH);
}

/* The tensor file beside the lesson, as `fptutor inspect` shows it, under
 * the name the lesson gives it. */
static void
show_inspect(FILE *out, const lesson_block *b)
{
	tensor_file *tf;
	tensor_err e;
	tensor_stats_opts o = { .nfmt = b->nfmts, .scaled = b->show_window };
	bool shown = false;
	char name[256];
	size_t n = strcspn(b->args, " \t");

	snprintf(name, sizeof name, "%.*s", (int)n, b->args);
	for (int k = 0; k < b->nfmts; k++)
		o.fmts[k] = b->fmts[k];
	if (b->path == NULL || tensor_file_open(b->path, &tf, &e) != TENSOR_OK) {
		fputs("  (the tensor file cannot be read now)\n", out);
		return;
	}
	for (size_t i = 0; i < tf->n; i++)
		if (b->tensor && strcmp(tf->t[i].name, b->tensor) == 0 &&
		    tf->t[i].dtype != TENSOR_OTHER) {
			tensor_stats *s = tensor_stats_compute(tf, &tf->t[i], &o);
			view_inspect_opts vo = { b->show_window, 0, 999000 };
			for (int k = 0; k < o.nfmt; k++)
				if (o.fmts[k]->id == FP_FP16)
					vo.grad_fmt = k;
			if (s)
				view_inspect_text(out, name, &tf->t[i], s, &vo);
			shown = s != NULL;
			tensor_stats_free(s);
			break;
		}
	if (!shown)
		fputs("  (the tensor cannot be shown now)\n", out);
	tensor_file_close(tf);
}

void
view_lesson_block_text(FILE *out, const lesson *l, const lesson_block *b)
{
	static void (*const views[LB_NKINDS])(FILE *, const lesson_block *) = {
		[LB_BITS] = show_bits,
		[LB_ROUND] = show_round,
		[LB_SOFTMAX] = show_softmax,
		[LB_SCALING] = show_scaling,
		[LB_SCALER] = show_scaler,
		[LB_PLOT] = show_plot,
		[LB_TRAIN] = show_train,
		[LB_DRILL] = show_drill,
		[LB_INSPECT] = show_inspect,
	};

	(void)l;
	view_lesson_block_heading(out, b);
	if (b->kind == LB_CALC)
		traces(out, b, b->expr);
	else if ((unsigned)b->kind < LB_NKINDS && views[b->kind])
		views[b->kind](out, b);
}
