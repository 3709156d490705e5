/*
 * lab_bits.c — the bits lab: a value typed once, shown in two formats side
 * by side (fp16 and bf16; f switches to fp32 alone, then to the two fp8
 * formats), with its bit-by-bit walk (space), bits flipped under a cursor
 * (Enter), and for each format the ulp, the neighbours and where the value
 * sits in the format's range.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/lab_int.h"
#include "view/term.h"

#define MAXPANES 2

static const fp_id sets[][MAXPANES + 1] = {
	{ FP_FP16, FP_BF16, FP_NFORMATS },
	{ FP_FP32, FP_NFORMATS },
	{ FP_E4M3, FP_E5M2, FP_NFORMATS },
};
#define NSETS (int)(sizeof sets / sizeof sets[0])

typedef struct bits_lab {
	lab_field fld;
	int set, npanes;
	const fp_format *fmt[MAXPANES];
	fp_real real;
	fp_exact exact;		/* real read exactly, when beyond double's range */
	bool beyond;
	uint32_t bits[MAXPANES];
	unsigned flags[MAXPANES];
	bool flipped[MAXPANES];	/* the pattern was set by a flip, not rounded */
	int pane, cur;		/* the bit cursor */
	int lit;		/* the walk's frame, -1: no walk */
	char msg[160];
} bits_lab;

static void
encode_all(bits_lab *b, int keep)
{
	for (int i = 0; i < b->npanes; i++) {
		if (i == keep)
			continue;
		b->flags[i] = 0;
		b->bits[i] = fp_encode_real(b->fmt[i], &b->real, &b->flags[i]);
		b->flipped[i] = false;
	}
}

static void
choose_set(bits_lab *b, int set)
{
	b->set = set;
	b->npanes = 0;
	for (int i = 0; sets[set][i] != FP_NFORMATS; i++)
		b->fmt[b->npanes++] = fp_format_get(sets[set][i]);
	b->pane = b->cur = 0;
	b->lit = -1;
	encode_all(b, -1);
}

/* Read the field; on a bad number keep the last value and say why. */
static void
apply(bits_lab *b)
{
	fp_real r;
	size_t at = 0;
	fp_read_err e = fp_read(b->fld.ed.buf, &r, &at);

	if (e != FP_READ_OK) {
		if (e == FP_READ_SYNTAX)
			snprintf(b->msg, sizeof b->msg, "not a number: '%.40s' "
			    "(character %zu); try 0.1, 1e-8, 0x1p-24, inf",
			    b->fld.ed.buf, at + 1);
		else
			snprintf(b->msg, sizeof b->msg, "%s", fp_read_errstr(e));
		return;
	}
	b->msg[0] = '\0';
	b->real = r;
	b->beyond = fp_read_beyond(b->fld.ed.buf, &r, &b->exact);
	b->lit = -1;
	encode_all(b, -1);
}

static void
flip(bits_lab *b)
{
	const fp_format *f = b->fmt[b->pane];
	char v[40];
	size_t at;

	b->bits[b->pane] ^= 1u << (f->width - 1 - b->cur);
	b->flipped[b->pane] = true;
	b->lit = -1;
	/* The other format shows the new value rounded, as if typed. */
	fp_value_str(fp_decode(f, b->bits[b->pane]), v, sizeof v);
	if (fp_read(v, &b->real, &at) == FP_READ_OK) {
		b->beyond = false;	/* a format's value is a double */
		encode_all(b, b->pane);
	}
	tui_edit_set(&b->fld.ed, v);
	snprintf(b->msg, sizeof b->msg, "flipped bit %d of %s: 0x%0*x",
	    b->cur, f->name, (f->width + 3) / 4, b->bits[b->pane]);
}

static const fp_exact *
exact_of(const bits_lab *b)
{
	return b->beyond ? &b->exact : NULL;
}

static int
frames(const bits_lab *b)
{
	int n = 0;

	for (int i = 0; i < b->npanes; i++) {
		int k = tui_bits_frames(b->fmt[i], b->bits[i],
		    b->flipped[i] ? NULL : &b->real, exact_of(b));
		n = k > n ? k : n;
	}
	return n;
}

/* ---- drawing ------------------------------------------------------------------ */

/* Where v sits in f's range, on a log scale: zero, subnormal (:), normal
 * (=), then inf; the value is the 'o'. */
static void
range_bar(WINDOW *w, int y, int x, int width, const fp_format *f, uint32_t bits)
{
	double lo = log2(fp_min_subnormal(f)) - 1, hi = log2(fp_max_finite(f)) + 1;
	double mn = log2(fp_min_normal(f));
	int n = width - 8, at = -1;
	double v = fabs(fp_decode(f, bits));
	fp_class c = fp_classify(f, bits);

	if (n < 8)
		return;
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, y, x, 3, "0 |");
	for (int i = 0; i < n; i++) {
		double e = lo + (hi - lo) * (i + 0.5) / n;
		wattrset(w, tui_attr(e < mn ? TR_DIM : TR_NORMAL));
		tui_put(w, y, x + 3 + i, 1, e < mn ? ":" : "=");
	}
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, y, x + 3 + n, 5, "| inf");
	if (c == FP_CLASS_ZERO)
		at = -2;
	else if (c == FP_CLASS_INF || c == FP_CLASS_NAN)
		at = -3;
	else
		at = (int)((log2(v) - lo) / (hi - lo) * n);
	wattrset(w, tui_attr(TR_LIT));
	if (at == -2)
		tui_put(w, y, x, 1, "o");
	else if (at == -3)
		tui_put(w, y, x + 5 + n, 3, c == FP_CLASS_NAN ? "NaN" : "inf");
	else
		tui_put(w, y, x + 3 + (at < 0 ? 0 : at >= n ? n - 1 : at), 1, "o");
	wattrset(w, A_NORMAL);
}

static void
info(WINDOW *w, int y, int x, int width, const fp_format *f, uint32_t bits)
{
	char s[160], a[40], b[40], u[40];
	uint32_t nb;
	fp_class c = fp_classify(f, bits);

	if (c == FP_CLASS_INF || c == FP_CLASS_NAN) {
		snprintf(s, sizeof s, "%s: no ulp, no neighbours", fp_class_name(c));
		tui_put(w, y, x, width, s);
	} else {
		snprintf(s, sizeof s, "%s, ulp %s", fp_class_name(c),
		    fp_short_str(f, fp_ulp(f, bits), u, sizeof u));
		tui_put(w, y, x, width, s);
		snprintf(s, sizeof s, "neighbours %s %s %s",
		    fp_next_down(f, bits, &nb) ? fp_short_str(f, fp_decode(f, nb), a, sizeof a) : "none",
		    view_s(SYM_ELLIPSIS),
		    fp_next_up(f, bits, &nb) ? fp_short_str(f, fp_decode(f, nb), b, sizeof b) : "none");
		tui_put(w, y + 1, x, width, s);
	}
	range_bar(w, y + 2, x, width, f, bits);
}

static void
bits_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	bits_lab *b = s->data;
	int pw = b->npanes == 2 ? (cols - 2) / 2 : cols - 2;
	int y = 2;

	if (pw > 78)
		pw = 78;
	lab_field_draw(&b->fld, w, 0, 1, cols / 2, "value");
	char fm[64];
	snprintf(fm, sizeof fm, "%s%s%s  (f: formats)", b->fmt[0]->name,
	    b->npanes > 1 ? " | " : "", b->npanes > 1 ? b->fmt[1]->name : "");
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, 0, cols / 2 + 2, cols - cols / 2 - 3, fm);
	wattrset(w, tui_attr(b->msg[0] ? TR_WARN : TR_DIM));
	tui_put(w, 1, 1, cols - 2, b->msg);
	wattrset(w, A_NORMAL);
	for (int i = 0; i < b->npanes; i++) {
		const fp_format *f = b->fmt[i];
		int x = 1 + i * (pw + 1);
		const fp_real *r = b->flipped[i] ? NULL : &b->real;

		wattrset(w, tui_attr(TR_TITLE));
		tui_put(w, y, x, pw, f->name);
		wattrset(w, A_NORMAL);
		int used = tui_bits_draw(w, y + 1, x, pw, f, b->bits[i], r,
		    exact_of(b), b->lit);
		if (b->lit < 0 && i == b->pane) {	/* the flip cursor */
			attr_t a = tui_attr(TR_CURSOR);
			int cx = x + lab_bits_cell_x(f, pw, b->cur);
			mvwchgat(w, y + 1 + LAB_BITS_CELL_ROW, cx, 1, a & ~A_COLOR,
			    (short)PAIR_NUMBER(a), NULL);
			tui_put(w, y + 2 + LAB_BITS_CELL_ROW, cx, 1, "^");
		}
		if (y + 1 + tui_bits_rows(f, &b->real) + 3 <= rows)
			info(w, y + 1 + tui_bits_rows(f, &b->real), x, pw, f, b->bits[i]);
		(void)used;
	}
}

/* ---- keys -------------------------------------------------------------------- */

static tui_key_result
bits_key(tui_screen *s, int is_key, wint_t ch)
{
	bits_lab *b = s->data;
	tui_edit_result r = lab_field_key(&b->fld, is_key, ch);

	if (r == TUI_EDIT_SUBMIT) {
		apply(b);
		b->fld.focus = b->msg[0] != '\0';	/* stay to correct it */
	}
	if (r != TUI_EDIT_NONE || b->fld.focus)
		return r == TUI_EDIT_NONE ? TUI_KEY_UNHANDLED : TUI_KEY_HANDLED;
	int width = b->fmt[b->pane]->width, n = frames(b);
	if (is_key && ch == KEY_LEFT) {
		if (b->cur > 0)
			b->cur--;
		else if (b->pane > 0)
			b->cur = b->fmt[--b->pane]->width - 1;
	} else if (is_key && ch == KEY_RIGHT) {
		if (b->cur + 1 < width)
			b->cur++;
		else if (b->pane + 1 < b->npanes)
			b->pane++, b->cur = 0;
	} else if (is_key && ch == KEY_HOME) {
		b->pane = b->cur = 0;
	} else if ((is_key && ch == KEY_ENTER) || (!is_key && (ch == '\n' || ch == '\r' || ch == 'x'))) {
		flip(b);
	} else if (!is_key && ch == ' ') {
		b->lit = b->lit < 0 ? 1 : b->lit + 1;
		if (b->lit > n)
			b->lit = -1;
	} else if ((!is_key && ch == 'b') || (is_key && ch == KEY_BACKSPACE)) {
		if (b->lit > 0)
			b->lit--;
		else if (b->lit < 0)
			b->lit = n;
	} else if (!is_key && ch == 0x1b) {
		b->lit = -1;
	} else if (!is_key && ch == 'f') {
		choose_set(b, (b->set + 1) % NSETS);
	} else {
		return TUI_KEY_UNHANDLED;
	}
	return TUI_KEY_HANDLED;
}

static const char *
bits_status(tui_screen *s, char *buf, size_t n)
{
	bits_lab *b = s->data;

	if (b->lit < 0)
		return NULL;
	snprintf(buf, n, "walk %d/%d", b->lit, frames(b));
	return buf;
}

static const char *const *
bits_keys(tui_screen *s)
{
	static const char *const editing[] = {
		"Enter", "show", "Esc", "done", "Ctrl-U", "clear", NULL
	};
	static const char *const browsing[] = {
		"e", "edit", "\xe2\x86\x90\xe2\x86\x92", "bit", "Enter", "flip",
		"Space", "walk", "b", "back", "f", "formats", "?", "help", "q", "quit",
		NULL
	};
	static const char *const browsing_ascii[] = {
		"e", "edit", "<- ->", "bit", "Enter", "flip",
		"Space", "walk", "b", "back", "f", "formats", "?", "help", "q", "quit",
		NULL
	};
	bits_lab *b = s->data;

	return b->fld.focus ? editing : view_tty.utf8 ? browsing : browsing_ascii;
}

static const char *const *
bits_help(tui_screen *s)
{
	static const char *const lines[] = {
		"The bits lab: one value in two formats, bit by bit.",
		"",
		"e or Tab    type a value (0.1, 1e-8, 65504, 0x1p-24, inf, nan);",
		"            Enter shows it, Esc leaves the field",
		"Left/Right  move the bit cursor (across both formats)",
		"Enter or x  flip the bit under the cursor; the other format",
		"            then shows the new value rounded",
		"Space       walk: light the next bit and add its term; after the",
		"            bits, an inexact value's rounding: the cut, guard,",
		"            round and sticky bits, the decision, overflow or",
		"            flush to zero",
		"b           one step back in the walk;  Esc ends the walk",
		"f           fp16 | bf16, then fp32, then e4m3 | e5m2",
		"",
		"Unreached bits show as dots; ^ marks the bit just lit.  The bar",
		"under each format is its range on a log scale: ':' subnormal,",
		"'=' normal, 'o' the value.",
		NULL
	};
	(void)s;
	return lines;
}

static bool
bits_cursor(tui_screen *s, int *y, int *x)
{
	bits_lab *b = s->data;

	return lab_field_cursor(&b->fld, y, x);
}

static void
bits_free(tui_screen *s)
{
	bits_lab *b = s->data;

	tui_edit_free(&b->fld.ed);
	lab_screen_free(s);
}

tui_screen *
lab_bits_new(void)
{
	tui_screen *s = lab_screen_new("Lab: bits", sizeof(bits_lab));
	bits_lab *b;

	if (s == NULL)
		return NULL;
	b = s->data;
	if (!tui_edit_init(&b->fld.ed, 64)) {
		lab_screen_free(s);
		return NULL;
	}
	s->draw = bits_draw;
	s->key = bits_key;
	s->status = bits_status;
	s->keys = bits_keys;
	s->help = bits_help;
	s->cursor = bits_cursor;
	s->free = bits_free;
	tui_edit_set(&b->fld.ed, "100000");
	choose_set(b, 0);
	apply(b);
	return s;
}
