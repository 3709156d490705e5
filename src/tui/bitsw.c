/*
 * bitsw.c — the bits widget: one cell per bit under the labels S /
 * exponent / mantissa, and the bit-by-bit walk.  Frame k lights bits 0 ..
 * k-1 (from the sign down); each lit bit adds its term to the derivation
 * under the cells, and once all are lit the formula gives the value.  For
 * an inexact input, the frames after the bits walk the rounding: the cut,
 * guard/round/sticky, the decision, then overflow or flush to zero.
 *
 * Every number comes from the format core (fp_explain_bits,
 * fp_explain_formula, fp_round_stages); this file only lays them out.
 * A value beyond double's range is walked through its exact reading,
 * which the caller reads once (fp_read_beyond), not at every redraw.
 * Unreached bits show as a dot and the last lit bit has a caret under it,
 * so the walk reads without colour.  tui_bits_block() walks a lesson's
 * bits block, one value and format at a time, for the player screen.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "tui/lab_int.h"
#include "view/term.h"
#include "tui/tui_int.h"
#include "tui/tui_priv.h"

/* Rows: labels, cells, caret, sign, then two each for the exponent's
 * sum, the significand's and the value's formula, which wrap when the
 * widget is half the screen wide (fp16 and bf16 side by side). */
#define ROW_SIGN 3
#define ROW_EXP 4
#define ROW_MAN 6
#define ROW_VAL 8
#define BITROWS 10
/* The rounding walk: the cut (one row), guard/round/sticky and the
 * decision (two), the outcome (two). */
#define WALKROWS 5

typedef struct layout {
	int cw;			/* columns per cell: 2, or 1 when narrow */
	int width;
	int labw;		/* the derivation labels' column */
	bool narrow;		/* half a screen: short labels, terms without blanks */
} layout;

static int
cell_col(const fp_format *f, const layout *l, int i)
{
	return l->cw * i + (i >= 1) + (i >= 1 + f->exp_bits);
}

static int
cells_width(const fp_format *f, int cw)
{
	return cw * f->width + 2 - (cw - 1);
}

/* Append to buf, never past n. */
static void
cat(char *buf, size_t n, const char *fmt_s)
{
	size_t len = strlen(buf);

	if (len + 1 < n)
		snprintf(buf + len, n - len, "%s", fmt_s);
}

#define CATF(buf, ...) do { \
	char t_[160]; \
	snprintf(t_, sizeof t_, __VA_ARGS__); \
	cat(buf, sizeof buf, t_); \
} while (0)

static void
label_row(WINDOW *w, int y, int x, const fp_format *f, const layout *l,
    uint32_t bits, bool whole)
{
	int ew = l->cw * f->exp_bits - 1, mw = l->cw * f->man_bits - 1;
	int mcol = cell_col(f, l, 1 + f->exp_bits);

	wattrset(w, tui_attr(TR_SIGN));
	tui_put(w, y, x, l->width, "S");
	wattrset(w, tui_attr(TR_EXP));
	tui_put(w, y, x + cell_col(f, l, 1), l->width - cell_col(f, l, 1),
	    ew >= 8 ? "exponent" : "exp");
	wattrset(w, tui_attr(TR_MAN));
	tui_put(w, y, x + mcol, l->width - mcol, mw >= 8 ? "mantissa" : "man");
	wattrset(w, tui_attr(TR_DIM));
	if (whole) {
		char hex[24];
		int end = cells_width(f, l->cw);
		int c = mcol + 9 > end ? mcol + 9 : end;
		snprintf(hex, sizeof hex, "0x%0*x", (f->width + 3) / 4, bits);
		if (c + 1 + (int)strlen(hex) <= l->width)
			tui_put(w, y, x + c + 1, (int)strlen(hex), hex);
	}
	wattrset(w, A_NORMAL);
}

static void
cells_row(WINDOW *w, int y, int x, const fp_format *f, const layout *l,
    const fp_bit *b, int lit)
{
	static const tui_role field_role[] = { TR_SIGN, TR_EXP, TR_MAN };

	for (int i = 0; i < f->width; i++) {
		bool on = lit < 0 || i < lit;
		char c[2] = { (char)('0' + b[i].set), '\0' };
		tui_role r = !on ? TR_DIM : (lit > 0 && i == lit - 1 && lit <= f->width)
		    ? TR_LIT : field_role[b[i].field];

		wattrset(w, tui_attr(r));
		tui_put(w, y, x + cell_col(f, l, i), 1,
		    on ? c : view_tty.utf8 ? "\xc2\xb7" : ".");
	}
	wattrset(w, A_NORMAL);
}

/* The caret under the bit just lit, and what that bit adds. */
static void
caret_row(WINDOW *w, int y, int x, const fp_format *f, const layout *l,
    const fp_bit *b, int lit)
{
	static const char *const field_name[] = { "sign", "exponent", "mantissa" };
	char say[96];
	const fp_bit *c;
	int col;

	if (lit < 1 || lit > f->width)
		return;
	c = &b[lit - 1];
	col = cell_col(f, l, lit - 1);
	if (c->field == FP_FIELD_SIGN)
		snprintf(say, sizeof say, "sign %u", c->set);
	else if (!c->set)
		snprintf(say, sizeof say, "%s 0: adds 0", field_name[c->field]);
	else
		snprintf(say, sizeof say, "%s 1: adds 2^%d", field_name[c->field],
		    c->power);
	if (l->narrow && c->field != FP_FIELD_SIGN && c->set)
		snprintf(say, sizeof say, "+2^%d", c->power);
	else if (l->narrow && c->field != FP_FIELD_SIGN)
		snprintf(say, sizeof say, "+0");
	wattrset(w, tui_attr(TR_LIT));
	tui_put(w, y, x + col, 1, "^");
	wattrset(w, A_NORMAL);
	int len = (int)strlen(say);
	if (col + 2 + len <= l->width)
		tui_put(w, y, x + col + 2, len, say);
	else if (col - 1 - len >= 0)
		tui_put(w, y, x + col - 1 - len, len, say);
	else
		tui_put(w, y, x, col - 1, say);
}

/* Columns of UTF-8 text (every symbol used here is one column wide). */
static int
cols_of(const char *s, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n && s[i]; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* Bytes of s that fit in cols columns. */
static size_t
bytes_for(const char *s, int cols)
{
	size_t i = 0;

	for (int c = 0; s[i]; i++) {
		if (((unsigned char)s[i] & 0xc0) != 0x80 && c++ == cols)
			break;
	}
	return i;
}

/* Flow text into rows of width columns, breaking after a blank or a '+'
 * (sums of terms have no blanks when the widget is narrow); a piece
 * longer than a row is cut.  Returns the rows used, at most maxrows. */
static int
flow(WINDOW *w, int y, int x, int width, int maxrows, const char *text)
{
	const char *p = text;
	int rows = 0;
	char line[256];

	while (*p && rows < maxrows) {
		while (*p == ' ')
			p++;
		size_t fit = bytes_for(p, width), brk = 0;
		if (p[fit] == '\0' || p[fit] == ' ')
			brk = fit;
		else
			for (size_t i = fit; i > 0; i--)
				if (p[i - 1] == ' ' || p[i - 1] == '+') {
					brk = i;
					break;
				}
		if (brk == 0)
			brk = fit;
		if (brk >= sizeof line)
			brk = sizeof line - 1;
		memcpy(line, p, brk);
		line[brk] = '\0';
		tui_put(w, y + rows, x, width, line);
		p += brk;
		rows++;
	}
	return rows;
}

static void
labelled(WINDOW *w, int y, int x, const layout *l, const char *label,
    const char *text, int maxrows)
{
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, y, x, l->labw, label);
	wattrset(w, A_NORMAL);
	flow(w, y, x + l->labw, l->width - l->labw, maxrows, text);
}

/* The terms "2^a + 2^b" of the lit, set bits of one field, at most room
 * bytes; the rest are counted "+ ... (n more)". */
static int
terms(char *buf, size_t n, const layout *l, const fp_bit *b, int from, int to,
    size_t room, bool first)
{
	int more = 0, count = 0;

	for (int i = from; i < to; i++) {
		if (!b[i].set)
			continue;
		char t[24];
		snprintf(t, sizeof t, "%s2^%d", first ? "" : l->narrow ? "+" : " + ",
		    b[i].power);
		count++;
		if (more || strlen(buf) + strlen(t) > room) {
			more++;
			continue;
		}
		cat(buf, n, t);
		first = false;
	}
	if (more) {
		char t[40];
		snprintf(t, sizeof t, " + %s (%d more)", view_s(SYM_ELLIPSIS), more);
		cat(buf, n, t);
	}
	return count;
}

static void
derivation(WINDOW *w, int y, int x, const fp_format *f, const layout *l,
    const fp_bit *b, const fp_formula *fm, int lit)
{
	const fp_fields *fl = &fm->fields;
	int all = lit < 0 || lit > f->width ? f->width : lit;
	int eend = 1 + f->exp_bits;
	bool special = fl->cls == FP_CLASS_INF || fl->cls == FP_CLASS_NAN;
	char s[320], v[40], m[40];

	if (all >= 1) {
		snprintf(s, sizeof s, "%u: %s", fl->sign,
		    fl->sign ? "negative, (-1)^1" : "positive, (-1)^0");
		labelled(w, y + ROW_SIGN, x, l, "sign", s, 1);
	}
	if (all >= 2) {
		s[0] = '\0';
		int n = terms(s, sizeof s, l, b, 1, all < eend ? all : eend, 200, true);
		if (all < eend && n == 0)
			cat(s, sizeof s, "0");
		if (all < eend)
			;
		else if (special)
			CATF(s, " = %u: all ones, inf or NaN", fl->exp_raw);
		else if (fl->exp_raw == 0)
			CATF(s, "0: zero or subnormal, 2^(1%s%d) = 2^%d, no implicit 1",
			    view_s(SYM_MINUS), f->bias, fl->exp);
		else
			CATF(s, " = %u %s bias %d = %d",
			    fl->exp_raw, view_s(SYM_MINUS), f->bias, fl->exp);
		labelled(w, y + ROW_EXP, x, l, l->narrow ? "exp" : "exponent", s, 2);
	}
	if (all > eend) {
		char tail[48];
		snprintf(tail, sizeof tail, " = %s",
		    fp_value_str(fm->significand, m, sizeof m));
		int r = (l->width - l->labw) * 2 - cols_of(tail, sizeof tail) - 18;
		size_t room = r > 8 ? (size_t)r : 8;
		if (special) {	/* the mantissa only tells inf from NaN */
			snprintf(s, sizeof s, "%s", all < f->width ? view_s(SYM_ELLIPSIS)
			    : fl->cls == FP_CLASS_INF ? "zero: infinity"
			    : "not the infinity pattern: NaN");
		} else {
			snprintf(s, sizeof s, "%u", fl->implicit);
			int n = terms(s, sizeof s, l, b, eend, all, room, false);
			if (all == f->width && n > 0)
				cat(s, sizeof s, tail);
		}
		labelled(w, y + ROW_MAN, x, l, l->narrow ? "mant" : "mantissa", s, 2);
	}
	if (all == f->width) {
		fp_value_str(fm->value, v, sizeof v);
		if (special)
			snprintf(s, sizeof s, "%s", v);
		else
			snprintf(s, sizeof s, "(-1)^%u %s 2^(%u%s%d) %s %s = %s",
			    fl->sign, view_s(SYM_TIMES),
			    fl->exp_raw ? fl->exp_raw : 1u, view_s(SYM_MINUS),
			    f->bias, view_s(SYM_TIMES),
			    fp_value_str(fm->significand, m, sizeof m), v);
		wattrset(w, tui_attr(TR_TITLE));
		tui_put(w, y + ROW_VAL, x, l->labw, "value");
		flow(w, y + ROW_VAL, x + l->labw, l->width - l->labw, 2, s);
		wattrset(w, A_NORMAL);
	}
}

/* ---- the rounding walk ----------------------------------------------------- */

/* How many stages the rounding walk has for this value (0: nothing to
 * round), with the walk in *wk when there are some. */
static int
walk_stages(const fp_format *f, const fp_real *real, const fp_exact *exact,
    fp_walk *wk)
{
	return real ? fp_round_stages(f, real, exact, wk) : 0;
}

/* The exact value's binary digits around the cut: "1.0011100|010... x 2^13". */
static void
cut_text(char *s, size_t n, const fp_format *f, const fp_walk *wk, int cols)
{
	int emin = 1 - f->bias;
	int top = wk->subnormal_range ? emin : wk->lead;
	int last = wk->lead - (wk->nbits - 1);
	int stop = wk->lsb - 3;
	size_t k = 0;

	if (last < stop)
		stop = last;
	if (stop < wk->lsb - 12)
		stop = wk->lsb - 12;
	/* Room for "d.", the kept bits, '|', "..." and " x 2^-126". */
	if (stop < wk->lsb - (cols - (top - wk->lsb) - 14))
		stop = wk->lsb - (cols - (top - wk->lsb) - 14);
	if (stop > wk->lsb - 3)
		stop = wk->lsb - 3;
	s[k++] = wk->subnormal_range ? '0' : '1';
	s[k++] = '.';
	for (int p = top - 1; p >= stop && k + 8 < n; p--) {
		int i = wk->lead - p;
		s[k++] = i >= 0 && i < wk->nbits ? wk->expansion[i] : '0';
		if (p == wk->lsb)
			s[k++] = '|';
	}
	s[k] = '\0';
	if (wk->more || last < stop)
		cat(s, n, view_s(SYM_ELLIPSIS));
	char t[32];
	snprintf(t, sizeof t, " %s 2^%d", view_s(SYM_TIMES), top);
	cat(s, n, t);
}

static void
walk_rows(WINDOW *w, int y, int x, const fp_format *f, const layout *l,
    const fp_walk *wk, int stage)
{
	int tx = x + l->labw, tw = l->width - l->labw;
	char s[200], v[40];

	wattrset(w, tui_attr(TR_TITLE));
	tui_put(w, y, x, l->labw, l->narrow ? "round" : "rounding");
	wattrset(w, A_NORMAL);
	if (wk->decision == FP_ROUND_SPECIAL) {
		snprintf(s, sizeof s, "exact 1.%.8s%s %s 2^%d: above %s's largest "
		    "exponent", wk->nbits > 1 ? wk->expansion + 1 : "0",
		    wk->nbits > 9 || wk->more ? view_s(SYM_ELLIPSIS) : "",
		    view_s(SYM_TIMES), wk->lead, f->name);
		flow(w, y, tx, tw, 3, s);
		if (stage >= 2) {
			snprintf(s, sizeof s, "overflow %s %s", view_s(SYM_ARROW),
			    f->has_inf ? "inf" : "NaN (no inf)");
			wattrset(w, tui_attr(TR_WARN));
			flow(w, y + 3, tx, tw, 2, s);
			wattrset(w, A_NORMAL);
		}
		return;
	}
	cut_text(s, sizeof s, f, wk, tw);
	tui_put(w, y, tx, tw, s);
	if (stage >= 2) {
		snprintf(s, sizeof s, "cut at |: guard %u, round %u, sticky %u",
		    wk->guard, wk->round, wk->sticky);
		if (stage >= 3) {
			char t[64];
			snprintf(t, sizeof t, " %s %s", view_s(SYM_ARROW),
			    fp_decision_name(wk->decision));
			cat(s, sizeof s, t);
		}
		flow(w, y + 1, tx, tw, 2, s);
	}
	if (stage >= 4) {
		if (wk->overflow)
			snprintf(s, sizeof s, "overflow: above %s %s %s",
			    fp_value_str(fp_max_finite(f), v, sizeof v),
			    view_s(SYM_ARROW), f->has_inf ? "inf" : "NaN (no inf)");
		else if (wk->flushed)	/* the cut row may not reach the 1 */
			snprintf(s, sizeof s, "underflow: first 1 at 2^%d, all "
			    "cut %s flushed to zero", wk->lead, view_s(SYM_ARROW));
		else
			snprintf(s, sizeof s, "the carry moves it up to the next "
			    "power of two");
		wattrset(w, tui_attr(wk->carry && !wk->overflow ? TR_NORMAL : TR_WARN));
		flow(w, y + 3, tx, tw, 2, s);
		wattrset(w, A_NORMAL);
	}
}

/* ---- the widget -------------------------------------------------------------- */

int
lab_bits_cell_x(const fp_format *f, int width, int i)
{
	layout l = { cells_width(f, 2) > width ? 1 : 2, width, 0, false };

	return cell_col(f, &l, i);
}

int
tui_bits_rows(const fp_format *f, const fp_real *real)
{
	(void)f;
	return BITROWS + (real ? WALKROWS : 0);
}

int
tui_bits_frames(const fp_format *f, uint32_t bits, const fp_real *real,
    const fp_exact *exact)
{
	fp_walk wk;

	(void)bits;
	return f->width + walk_stages(f, real, exact, &wk);
}

int
tui_bits_draw(WINDOW *w, int y, int x, int width, const fp_format *f,
    uint32_t bits, const fp_real *real, const fp_exact *exact, int lit)
{
	layout l = { 2, width, width < 60 ? 6 : 10, width < 60 };
	fp_bit b[32];
	fp_formula fm;
	fp_walk wk;
	int stages, rows = BITROWS;

	if (cells_width(f, 2) > width)
		l.cw = 1;
	fp_explain_bits(f, bits, b);
	fp_explain_formula(f, bits, &fm);
	stages = walk_stages(f, real, exact, &wk);
	if (lit > f->width + stages)
		lit = -1;
	label_row(w, y, x, f, &l, bits, lit < 0 || lit >= f->width);
	cells_row(w, y + 1, x, f, &l, b, lit);
	caret_row(w, y + 2, x, f, &l, b, lit);
	derivation(w, y, x, f, &l, b, &fm, lit);
	if (stages > 0 && (lit < 0 || lit > f->width)) {
		walk_rows(w, y + BITROWS, x, f, &l, &wk,
		    lit < 0 ? stages : lit - f->width);
		rows += WALKROWS;
	}
	return rows;
}

/* A bits block: which value and format the player's frame is in, and how
 * far the walk has gone there (-1: the whole block, no walk).  Each value
 * and format takes its bits plus the stages of its rounding walk
 * (tui_bits_frames), in the order the lesson validator counted them. */
int
tui_bits_block(WINDOW *w, int y, int x, int width, const lesson_block *b, int frame)
{
	int rows = 0, cum = 0;
	char head[200];

	for (int v = 0; v < b->nvals; v++) {
		for (int k = 0; k < b->nfmts; k++) {
			const fp_format *f = b->fmts[k];
			unsigned flags;
			uint32_t bits = fp_encode_real(f, &b->vals[v], &flags);
			const fp_exact *ex = lesson_block_exact(b, v);
			int n = tui_bits_frames(f, bits, &b->vals[v], ex), lit = -1;

			/* During the walk only the format being walked is drawn:
			 * three widgets do not fit in 80x24 with their derivations. */
			if (frame >= 0 && (frame < cum || frame >= cum + n)) {
				cum += n;
				continue;
			}
			if (frame >= 0) {
				lit = frame - cum + 1;
				snprintf(head, sizeof head, "%s in %s, bit by bit (format "
				    "%d of %d; %s: next %s)", b->valtext[v], f->name,
				    k + 1, b->nfmts, tui_presenting() ? "PgDn" : "space",
				    lit < f->width ? "bit" : "step");
			} else {
				snprintf(head, sizeof head, "%s in %s", b->valtext[v], f->name);
			}
			cum += n;
			if (w) {
				wattrset(w, tui_attr(TR_TITLE) & ~(attr_t)A_REVERSE);
				tui_put(w, y + rows, x, width, head);
				wattrset(w, tui_attr(TR_NORMAL));
			}
			rows++;
			/* Advance by the widget's fixed slot whether drawing or
			 * measuring, so the measured step and the drawn one agree and
			 * scrolling lands on the current block's heading. */
			if (w)
				tui_bits_draw(w, y + rows, x, width, f, bits, &b->vals[v],
				    ex, lit);
			rows += tui_bits_rows(f, &b->vals[v]) + 1;
		}
	}
	return rows;
}
