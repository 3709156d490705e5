/*
 * scaler_sim_text.c — the text view of a GradScaler simulation: the
 * settings, a plot of the scale over the steps with the skipped steps
 * beneath it, the counts, whether and where the scale settled (or when it
 * would), the events, and with accumulation the micro-batch sequence and
 * where a step-based scheduler must be.  The model runs the steps
 * (src/train/scaler.c); this file only gathers and lays them out.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/scaler_text.h"
#include "view/term.h"

#define PLOT_COLS 64
#define PLOT_ROWS 12
#define MAX_EVENTS 12
#define MAX_SKIPS 8
#define PROJECT_STEPS 10000000L

/* ---- the simulation ------------------------------------------------- */

typedef struct sim_event {
	long step;
	scaler_event ev;
	unsigned cause;
	double from, to;
} sim_event;

typedef struct sim_stats {
	long n;
	int cols;
	double lmin[PLOT_COLS], lmax[PLOT_COLS], lend[PLOT_COLS];
	long skips[PLOT_COLS];
	sim_event first[MAX_EVENTS - 4], last[4];
	long nev;
	long skip_at[MAX_SKIPS];
	long skipped, updates;
	long grad_skips;
	long gskip[2];		/* the last two skips caused by grad_max */
	double gscale[2], gnext[2];
	double final_scale;
	long final_tracker;
	long refused_at;	/* the first refused growth, or 0 */
} sim_stats;

static int
ifloor(double x)
{
	double f = floor(x);
	return (int)f;
}

/* log2 of a scale; 0 (after ~150 backoffs) gets a row of its own. */
#define ZERO_LEVEL (-1e9)
static double
level(double s)
{
	return s > 0 ? log2(s) : ZERO_LEVEL;
}

static void
sim_collect(scaler_sim *sim, sim_stats *st)
{
	scaler_step s;
	const int nfirst = MAX_EVENTS - 4;

	memset(st, 0, sizeof *st);
	st->n = sim->cfg.steps;
	st->cols = st->n < PLOT_COLS ? (int)st->n : PLOT_COLS;
	for (int c = 0; c < st->cols; c++) {
		st->lmin[c] = INFINITY;
		st->lmax[c] = -INFINITY;
	}
	st->final_scale = sim->s.scale;
	while (scaler_sim_next(sim, &s)) {
		int c = (int)((s.step - 1) * st->cols / st->n);
		double l = level(s.scale);
		if (l < st->lmin[c])
			st->lmin[c] = l;
		if (l > st->lmax[c])
			st->lmax[c] = l;
		st->lend[c] = level(s.next_scale);
		if (s.skipped) {
			st->skips[c]++;
			if (st->skipped < MAX_SKIPS)
				st->skip_at[st->skipped] = s.step;
			st->skipped++;
			if (s.cause & SCALER_CAUSE_GRAD) {
				st->gskip[0] = st->gskip[1];
				st->gscale[0] = st->gscale[1];
				st->gnext[0] = st->gnext[1];
				st->gskip[1] = s.step;
				st->gscale[1] = s.scale;
				st->gnext[1] = s.next_scale;
				st->grad_skips++;
			}
		}
		if (s.event == SCALER_GROW_REFUSED && st->refused_at == 0)
			st->refused_at = s.step;
		if (s.event != SCALER_KEPT) {
			sim_event e = { s.step, s.event, s.cause, s.scale, s.next_scale };
			if (st->nev < nfirst)
				st->first[st->nev] = e;
			else
				st->last[(st->nev - nfirst) % 4] = e;
			st->nev++;
		}
		st->final_scale = s.next_scale;
		st->final_tracker = s.growth_tracker;
		st->updates = s.updates;
	}
}

/* "0.01 / 4 x 2^23" or "0.01 x scale" */
static void
grad_times(char *buf, size_t n, const char *g, long k, const char *scale)
{
	if (k > 1)
		snprintf(buf, n, "%s / %ld %s %s", g, k, view_s(SYM_TIMES), scale);
	else
		snprintf(buf, n, "%s %s %s", g, view_s(SYM_TIMES), scale);
}

static void
sim_header(FILE *out, const scaler_sim_cfg *c, const char *gtext)
{
	char a[80], b[80], t[600];
	const scaler_params *p = &c->params;

	fprintf(out, "%sGradScaler simulation: %ld step%s, gradients in %s%s\n",
	    view_c(COL_BOLD), c->steps, c->steps == 1 ? "" : "s", c->dtype->name,
	    view_c(COL_RESET));
	char bo[40];
	view_scaler_scale_long(fp_decode(fp_format_get(FP_FP32),
	    fp_encode(fp_format_get(FP_FP32), p->init_scale, NULL)), a, sizeof a);
	fprintf(out, "  init_scale %s, growth_factor %s,\n", a,
	    fp_value_str(p->growth_factor, b, sizeof b));
	fprintf(out, "  backoff_factor %s, growth_interval %ld\n",
	    fp_value_str(p->backoff_factor, bo, sizeof bo), p->growth_interval);

	if (c->grad_max) {
		int k;
		fp_real g = scaler_real_div(c->grad_max, c->accumulate);
		grad_times(a, sizeof a, gtext, c->accumulate, "scale");
		if (!scaler_max_pow2(c->dtype, &g, &k)) {
			snprintf(t, sizeof t, "inf/NaN when %s is not finite in %s: "
			    "always, since even 2^%d, fp32's smallest scale, "
			    "overflows.", a, c->dtype->name, SCALER_KMIN);
		} else if (k < SCALER_KMAX) {
			fp_real p2 = scaler_real_mul(&g, ldexp(1.0, k + 1));
			char pw[24];
			snprintf(pw, sizeof pw, "2^%d", k + 1);
			grad_times(b, sizeof b, gtext, c->accumulate, pw);
			char v[40];
			if (p2.sticky)
				snprintf(v, sizeof v, "%s %.6g", view_s(SYM_APPROX), p2.lo);
			else
				snprintf(v, sizeof v, "= %.6g", p2.lo);
			snprintf(t, sizeof t, "inf/NaN when %s is not finite in %s: "
			    "for powers of two from 2^%d up (%s %s).", a,
			    c->dtype->name, k + 1, b, v);
		} else {
			snprintf(t, sizeof t, "inf/NaN when %s is not finite in %s: "
			    "never, since even 2^127, fp32's largest power of two, "
			    "keeps it finite.", a, c->dtype->name);
		}
		fputs("  ", out);
		view_scaler_wrap(out, 2, 4, t);
	}
	if (c->ninf > 0) {
		size_t o = 0;
		long total = 0;
		o += (size_t)snprintf(t + o, sizeof t - o, "inf/NaN injected at step%s",
		    c->ninf == 1 && c->inf[0].lo == c->inf[0].hi ? "" : "s");
		for (size_t i = 0; i < c->ninf; i++) {
			total += c->inf[i].hi - c->inf[i].lo + 1;
			if (i == 8) {
				o += (size_t)snprintf(t + o, sizeof t - o, " %s",
				    view_s(SYM_ELLIPSIS));
				continue;
			}
			if (i > 8)
				continue;
			if (c->inf[i].lo == c->inf[i].hi)
				o += (size_t)snprintf(t + o, sizeof t - o, "%s %ld",
				    i ? "," : "", c->inf[i].lo);
			else
				o += (size_t)snprintf(t + o, sizeof t - o, "%s %ld-%ld",
				    i ? "," : "", c->inf[i].lo, c->inf[i].hi);
		}
		snprintf(t + o, sizeof t - o, " (%ld in all).", total);
		fputs("  ", out);
		view_scaler_wrap(out, 2, 4, t);
	}
	if (!c->grad_max && c->ninf == 0)
		fputs("  no inf/NaN source: every step is good, so the scale only "
		    "grows.\n", out);
}

/* Rows of the plot: powers of two from the top (h levels a row when
 * there are more than fit), and a row of its own for a scale of 0. */
typedef struct plot_rows {
	int top, h, npos;
	bool zero;
} plot_rows;

static int
row_of(const plot_rows *p, double l)
{
	return l == ZERO_LEVEL ? p->npos : (p->top - ifloor(l)) / p->h;
}

static void
sim_plot(FILE *out, const sim_stats *st)
{
	double lo = INFINITY, hi = -INFINITY;
	plot_rows p = { 0, 1, 0, false };

	for (int c = 0; c < st->cols; c++) {
		double v[3] = { st->lmin[c], st->lmax[c], st->lend[c] };
		for (int i = 0; i < 3; i++) {
			if (v[i] == ZERO_LEVEL) {
				p.zero = true;
				continue;
			}
			if (v[i] < lo)
				lo = v[i];
			if (v[i] > hi)
				hi = v[i];
		}
	}
	if (!(lo <= hi))	/* only zeros: cannot happen from a scale > 0 */
		lo = hi = 0;
	p.top = ifloor(hi);
	int nl = p.top - ifloor(lo) + 1, avail = PLOT_ROWS - p.zero;
	p.h = (nl + avail - 1) / avail;
	p.npos = (nl + p.h - 1) / p.h;
	const char *full = view_tty.utf8 ? "\xe2\x96\x88" : "#";
	const char *light = view_tty.utf8 ? "\xe2\x96\x91" : ":";

	fputc('\n', out);
	for (int r = 0; r < p.npos + p.zero; r++) {
		char lab[16];
		if (r == p.npos)
			snprintf(lab, sizeof lab, "0");
		else
			snprintf(lab, sizeof lab, "2^%d", p.top - r * p.h);
		fprintf(out, "%7s |", lab);
		int used = 0;	/* columns up to the last mark: no trailing blanks */
		for (int c = 0; c < st->cols; c++)
			if (r == row_of(&p, st->lend[c]) || (r >= row_of(&p, st->lmax[c]) &&
			    r <= row_of(&p, st->lmin[c])))
				used = c + 1;
		for (int c = 0; c < used; c++) {
			if (r == row_of(&p, st->lend[c]))
				fputs(full, out);
			else if (r >= row_of(&p, st->lmax[c]) && r <= row_of(&p, st->lmin[c]))
				fputs(light, out);
			else
				fputc(' ', out);
		}
		fputc('\n', out);
	}
	fprintf(out, "%7s +", "");
	for (int c = 0; c < st->cols; c++)
		fputc('-', out);
	int used = 0;
	for (int c = 0; c < st->cols; c++)
		if (st->skips[c])
			used = c + 1;
	fprintf(out, "\n%7s |%s", "skipped", view_c(COL_WARN));
	for (int c = 0; c < used; c++) {
		long k = st->skips[c];
		fputc(k == 0 ? ' ' : k < 10 ? (int)('0' + k) : '+', out);
	}
	char last[24];
	int len = snprintf(last, sizeof last, "%ld", st->n);
	int gap = st->cols - 1 - len;
	fprintf(out, "%s\n%9s1", view_c(COL_RESET), "");
	if (st->n > 1)
		fprintf(out, "%*s%s", gap >= 1 ? gap : 1, "", last);
	fputc('\n', out);
	fprintf(out, "  the scale by step: %s where each column ends, %s where it "
	    "passed;\n  digits count the skipped steps (+ for 10 or more)\n",
	    full, light);
	if (p.h > 1)
		fprintf(out, "  each row spans %d powers of two, labelled by its "
		    "highest\n", p.h);
}

static void
sim_counts(FILE *out, const sim_stats *st)
{
	char a[60], t[400];
	size_t o;

	o = (size_t)snprintf(t, sizeof t, "%ld step%s: %ld optimizer update%s, "
	    "%ld skipped", st->n, st->n == 1 ? "" : "s", st->updates,
	    st->updates == 1 ? "" : "s", st->skipped);
	for (long i = 0; i < st->skipped && i < MAX_SKIPS; i++)
		o += (size_t)snprintf(t + o, sizeof t - o, "%s%ld",
		    i ? ", " : " (step ", st->skip_at[i]);
	if (st->skipped > MAX_SKIPS)
		o += (size_t)snprintf(t + o, sizeof t - o, ", %s", view_s(SYM_ELLIPSIS));
	snprintf(t + o, sizeof t - o, "%s", st->skipped ? ")" : "");
	fputc('\n', out);
	view_scaler_wrap(out, 0, 2, t);
	fprintf(out, "final scale %s, growth_tracker %ld\n",
	    view_scaler_scale_long(st->final_scale, a, sizeof a), st->final_tracker);
}

/* Where the scale settled, or with a largest gradient, when it would. */
static void
sim_settle(FILE *out, scaler_sim *sim, const sim_stats *st, const char *gtext)
{
	const scaler_sim_cfg *c = &sim->cfg;
	char a[60], b[60], g[120], t[600];

	if (c->grad_max == NULL)
		return;
	if (st->grad_skips >= 2 && st->gscale[0] == st->gscale[1] &&
	    st->gnext[0] == st->gnext[1]) {
		grad_times(g, sizeof g, gtext, c->accumulate, "scale");
		snprintf(t, sizeof t, "Settled: the scale holds at %s.  Every %ld "
		    "steps it grows to %s, where %s overflows %s: that step is "
		    "skipped and the scale backs off to %s again.",
		    view_scaler_scale_str(st->gnext[1], a, sizeof a),
		    st->gskip[1] - st->gskip[0],
		    view_scaler_scale_str(st->gscale[1], b, sizeof b), g, c->dtype->name,
		    view_scaler_scale_str(st->gnext[1], a, sizeof a));
		view_scaler_wrap(out, 0, 2, t);
		return;
	}
	if (st->grad_skips > 0)
		return;
	if (st->refused_at > 0) {
		grad_times(g, sizeof g, gtext, c->accumulate, "scale");
		snprintf(t, sizeof t, "%s never overflows %s here: the scale stopped "
		    "at %s, since %s %s growth is inf in fp32 (growth refused from "
		    "step %ld on).", g, c->dtype->name,
		    view_scaler_scale_str(st->final_scale, a, sizeof a),
		    view_scaler_scale_str(st->final_scale, b, sizeof b),
		    view_s(SYM_TIMES), st->refused_at);
		view_scaler_wrap(out, 0, 2, t);
		return;
	}

	/* Not settled: run on to the first overflow of grad_max. */
	scaler_step s;
	long grew_at = 0, end = c->steps + PROJECT_STEPS;
	while (scaler_sim_run(sim, end, &s)) {
		if (s.cause & SCALER_CAUSE_GRAD) {
			grad_times(g, sizeof g, gtext, c->accumulate,
			    view_scaler_scale_str(s.scale, a, sizeof a));
			long m = s.step + 2 * (c->params.growth_interval + 1);
			long p = 1;
			while (p * 10 <= m / 10)
				p *= 10;
			m = (m + p - 1) / p * p;
			if (grew_at > 0)
				snprintf(b, sizeof b, " at step %ld", grew_at);
			else
				b[0] = '\0';
			snprintf(t, sizeof t, "Not settled in %ld steps: the scale would "
			    "reach %s%s, where %s overflows %s, so step %ld would be "
			    "the first skipped (see it with --simulate %ld).",
			    c->steps, view_scaler_scale_str(s.scale, a, sizeof a), b, g,
			    c->dtype->name, s.step, m);
			view_scaler_wrap(out, 0, 2, t);
			return;
		}
		if (s.event == SCALER_GREW)
			grew_at = s.step;
		if (s.event == SCALER_GROW_REFUSED) {
			grad_times(g, sizeof g, gtext, c->accumulate, "scale");
			snprintf(t, sizeof t, "%s never overflows %s: the scale grows "
			    "until fp32 refuses to go past %s (step %ld).", g,
			    c->dtype->name, view_scaler_scale_str(s.scale, a, sizeof a), s.step);
			view_scaler_wrap(out, 0, 2, t);
			return;
		}
	}
	snprintf(t, sizeof t, "No overflow in the %ld steps after these either.",
	    PROJECT_STEPS);
	view_scaler_wrap(out, 0, 2, t);
}

static void
sim_event_line(FILE *out, const scaler_sim_cfg *c, const sim_event *e, int w,
    const char *gtext)
{
	char a[60], b[60], g[160], t[400];

	switch (e->ev) {
	case SCALER_GREW:
		snprintf(t, sizeof t, "grew after %ld good step%s: scale %s %s %s",
		    c->params.growth_interval,
		    c->params.growth_interval == 1 ? "" : "s", view_scaler_scale_str(e->from, a, sizeof a),
		    view_s(SYM_ARROW), view_scaler_scale_str(e->to, b, sizeof b));
		break;
	case SCALER_GROW_REFUSED:
		snprintf(t, sizeof t, "growth refused: %s %s growth is inf in fp32; "
		    "scale stays %s", view_scaler_scale_str(e->from, a, sizeof a),
		    view_s(SYM_TIMES), view_scaler_scale_str(e->to, b, sizeof b));
		break;
	case SCALER_BACKED_OFF:
		if (e->cause & SCALER_CAUSE_GRAD) {
			grad_times(a, sizeof a, gtext, c->accumulate,
			    view_scaler_scale_str(e->from, b, sizeof b));
			snprintf(g, sizeof g, "%s is not finite in %s%s", a,
			    c->dtype->name, e->cause & SCALER_CAUSE_LISTED
			    ? "; also injected" : "");
		} else {
			snprintf(g, sizeof g, "inf/NaN injected");
		}
		snprintf(t, sizeof t, "%sskipped%s (%s): scale %s %s %s",
		    view_c(COL_WARN), view_c(COL_RESET), g,
		    view_scaler_scale_str(e->from, a, sizeof a), view_s(SYM_ARROW),
		    view_scaler_scale_str(e->to, b, sizeof b));
		break;
	case SCALER_KEPT:
		return;
	}
	fprintf(out, "  step %*ld  ", w, e->step);
	/* Escape sequences take no columns: wrap as if colour were off. */
	view_scaler_wrap(out, 9 + w - (int)(strlen(view_c(COL_WARN)) +
	    strlen(view_c(COL_RESET))) * (e->ev == SCALER_BACKED_OFF), 9 + w, t);
}

static void
sim_events(FILE *out, const scaler_sim_cfg *c, const sim_stats *st,
    const char *gtext)
{
	const long nfirst = MAX_EVENTS - 4;
	char last[24];
	int w = snprintf(last, sizeof last, "%ld", st->n);

	if (st->nev == 0)
		return;
	fprintf(out, "\nevents (%ld):\n", st->nev);
	for (long i = 0; i < st->nev && i < nfirst; i++)
		sim_event_line(out, c, &st->first[i], w, gtext);
	if (st->nev <= nfirst)
		return;
	long tail = st->nev - nfirst < 4 ? st->nev - nfirst : 4;
	if (st->nev - nfirst > tail)
		fprintf(out, "  %s %ld more %s\n", view_s(SYM_ELLIPSIS),
		    st->nev - nfirst - tail, view_s(SYM_ELLIPSIS));
	for (long i = st->nev - tail; i < st->nev; i++)
		sim_event_line(out, c, &st->last[(i - nfirst) % 4], w, gtext);
}

static void
sim_accumulate(FILE *out, const scaler_sim_cfg *c, const sim_stats *st,
    const char *gtext)
{
	static const unsigned act[] = {
		SCALER_ACT_FORWARD, SCALER_ACT_BACKWARD, SCALER_ACT_UNSCALE,
		SCALER_ACT_CLIP, SCALER_ACT_STEP, SCALER_ACT_UPDATE,
	};
	long k = c->accumulate;
	char t[600];

	fprintf(out, "\n%sGradient accumulation: %ld micro-batches per optimizer "
	    "step, each loss / %ld%s\n", view_c(COL_BOLD), k, k, view_c(COL_RESET));
	for (long m = 1; m <= k; m++) {
		if (m == 2 && k > 2) {
			fprintf(out, "  %s the same for micro-batches 2 to %ld\n",
			    view_s(SYM_ELLIPSIS), k - 1);
			m = k;
		}
		size_t o = (size_t)snprintf(t, sizeof t, "micro-batch %ld:", m);
		unsigned acts = scaler_accum_actions(m, k);
		int first = 1;
		for (int i = 0; i < STEP_NSTEPS; i++)
			if (acts & act[i]) {
				o += (size_t)snprintf(t + o, sizeof t - o, "%s %s",
				    first ? "" : ",", steporder_get((steporder_id)i)->name);
				first = 0;
			}
		if (!(acts & SCALER_ACT_UPDATE))
			snprintf(t + o, sizeof t - o, "; the gradients add up, still "
			    "scaled");
		fputs("  ", out);
		view_scaler_wrap(out, 2, 4, t);
	}
	size_t o = (size_t)snprintf(t, sizeof t, "One scale is held for all %ld "
	    "micro-batches: unscale_, clip, step and update run once, at the "
	    "boundary.  With the loss / %ld, each micro-batch's gradients are "
	    "%ld times smaller", k, k, k);
	if (c->grad_max) {
		fp_real g = scaler_real_div(c->grad_max, k);
		char v[40];
		if (g.sticky)
			snprintf(v, sizeof v, "%s %.6g", view_s(SYM_APPROX), g.lo);
		else
			snprintf(v, sizeof v, "= %.6g", g.lo);
		snprintf(t + o, sizeof t - o, ": %s / %ld %s.", gtext, k, v);
	} else {
		snprintf(t + o, sizeof t - o, ".");
	}
	fputs("  ", out);
	view_scaler_wrap(out, 2, 2, t);

	long ahead = st->n - st->updates;
	snprintf(t, sizeof t, "A step-based LR scheduler stepped after each "
	    "successful optimizer step is at %ld, in step with the %ld updates.  "
	    "Stepped every iteration it would be at %ld: %s", st->updates,
	    st->updates, st->n, ahead > 0 ? "" : "the same, until the first "
	    "skipped step puts it ahead.");
	if (ahead > 0) {
		o = strlen(t);
		snprintf(t + o, sizeof t - o, "%ld ahead of the weights, so its "
		    "milestones would come %ld update%s early.", ahead, ahead,
		    ahead == 1 ? "" : "s");
	}
	fputs("  ", out);
	view_scaler_wrap(out, 2, 2, t);
}

void
view_scaler_sim_text(FILE *out, const scaler_sim_cfg *cfg, const char *gtext)
{
	scaler_sim sim;
	sim_stats st;

	if (gtext == NULL)
		gtext = "the largest gradient";
	scaler_sim_init(&sim, cfg);
	sim_header(out, &sim.cfg, gtext);
	if (cfg->steps < 1)
		return;
	sim_collect(&sim, &st);
	sim_plot(out, &st);
	sim_counts(out, &st);
	sim_settle(out, &sim, &st, gtext);
	sim_events(out, &sim.cfg, &st, gtext);
	if (sim.cfg.accumulate > 1)
		sim_accumulate(out, &sim.cfg, &st, gtext);
}
