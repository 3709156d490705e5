/*
 * lab_inspect.c — the inspect lab: a tensor file (`fptutor lab inspect
 * FILE`, or from home the lessons' toy dump) with its tensors listed on
 * the left and the selected one's histogram of log2|x| on the right, each
 * binade drawn in the zone of the chosen format after the loss scale 2^k:
 * Left/Right halve or double the scale, f changes the format, and the
 * header counts what flushes, is subnormal, normal or overflows at that
 * scale.  The figures are those of `fptutor inspect` (src/tensor: every
 * value rounded by the format engine); only the drawing is here.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "tensor/tensor.h"
#include "tui/lab_int.h"
#include "view/inspect_text.h"
#include "view/term.h"

#define LIST_W 26	/* the tensor list's columns */

static const fp_id FMTS[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };
#define NFMTS ((int)(sizeof FMTS / sizeof FMTS[0]))

typedef struct inspect_lab {
	char *path;
	tensor_file *tf;
	size_t sel, list_top;
	tensor_stats *st;	/* of tf->t[sel], all of FMTS, scaled */
	int fmt;		/* index into FMTS */
	int k;			/* the loss scale 2^k */
	int top;		/* first histogram row shown */
	char msg[1000];
} inspect_lab;

static void
select_tensor(inspect_lab *l, size_t i)
{
	tensor_stats_opts o = { .nfmt = NFMTS, .scaled = true };

	tensor_stats_free(l->st);
	l->st = NULL;
	l->sel = i;
	l->top = 0;
	if (l->tf == NULL || i >= l->tf->n || l->tf->t[i].dtype == TENSOR_OTHER)
		return;
	for (int k = 0; k < NFMTS; k++)
		o.fmts[k] = fp_format_get(FMTS[k]);
	l->st = tensor_stats_compute(l->tf, &l->tf->t[i], &o);
	if (l->st == NULL)
		snprintf(l->msg, sizeof l->msg, "out of memory");
}

static void
open_file(inspect_lab *l, const char *path)
{
	tensor_err e;
	tensor_status s;

	l->path = strdup(path);
	if (l->path == NULL) {
		snprintf(l->msg, sizeof l->msg, "out of memory");
		return;
	}
	s = tensor_file_open(path, &l->tf, &e);
	if (s != TENSOR_OK) {
		snprintf(l->msg, sizeof l->msg, "%s: %s%s%s", path, e.tensor,
		    e.tensor[0] ? ": " : "", s == TENSOR_ENOMEM ? "out of memory" : e.msg);
		l->tf = NULL;
		return;
	}
	if (l->tf->n == 0) {
		snprintf(l->msg, sizeof l->msg, "%s holds no tensor.", path);
		tensor_file_close(l->tf);
		l->tf = NULL;
		return;
	}
	size_t i = 0;
	while (i < l->tf->n && l->tf->t[i].dtype == TENSOR_OTHER)
		i++;
	select_tensor(l, i < l->tf->n ? i : 0);
}

/* ---- drawing ------------------------------------------------------------- */

static tui_role
zone_role(char z)
{
	return z == 'n' ? TR_GOOD : z == 's' ? TR_WARN : TR_BAD;
}

static void
draw_list(inspect_lab *l, WINDOW *w, int y, int rows)
{
	char line[LIST_W + 40], nm[200];

	if ((int)l->sel < (int)l->list_top)
		l->list_top = l->sel;
	if ((int)l->sel >= (int)l->list_top + rows)
		l->list_top = l->sel - (size_t)rows + 1;
	for (int r = 0; r < rows && l->list_top + (size_t)r < l->tf->n; r++) {
		size_t i = l->list_top + (size_t)r;
		const tensor_info *t = &l->tf->t[i];
		snprintf(line, sizeof line, "%c %-*.*s", i == l->sel ? '>' : ' ',
		    LIST_W - 2, LIST_W - 2, view_inspect_name(t->name, nm, sizeof nm));
		wattrset(w, tui_attr(i == l->sel ? TR_CURSOR : t->dtype == TENSOR_OTHER ?
		    TR_DIM : TR_NORMAL));
		tui_put(w, y + r, 0, LIST_W, line);
	}
	wattrset(w, A_NORMAL);
}

/* The histogram after the scale: binade b of the data sits at b + k. */
static void
draw_hist(inspect_lab *l, WINDOW *w, int y, int x, int rows, int cols)
{
	const tensor_stats *st = l->st;
	const fp_format *f = fp_format_get(FMTS[l->fmt]);
	uint64_t topc = 0;
	char line[200];
	int emin = 1 - f->bias, emax;

	frexp(fp_max_finite(f), &emax);
	emax -= 1;
	for (int b = st->lo; b <= st->hi; b++)
		if (st->hist[b] > topc)
			topc = st->hist[b];
	int n = st->hi - st->lo + 1;
	if (l->top > n - rows)
		l->top = n - rows > 0 ? n - rows : 0;
	int barw = cols - 26;
	for (int r = 0; r < rows && l->top + r < n; r++) {
		int b = st->hi - l->top - r;
		uint64_t c = st->hist[b];
		int e = b + TENSOR_LOG2_MIN + l->k;
		char z = view_inspect_zone(f, e);
		int len = c == 0 ? 0 : (int)((c * (uint64_t)barw + topc - 1) / topc);
		const char *mark = e == emax ? " max" : e == emin ? " min normal"
		    : e == emin - f->man_bits ? " min subnormal" : "";
		snprintf(line, sizeof line, "%5d %8llu %c", e, (unsigned long long)c, z);
		wattrset(w, tui_attr(TR_NORMAL));
		tui_put(w, y + r, x, 16, line);
		wattrset(w, tui_attr(zone_role(z)));
		for (int i = 0; i < len; i++)
			tui_put(w, y + r, x + 17 + i, 1, z == 'n' ? "#" : z == 's' ? ":" :
			    z == '0' ? "." : "!");
		wattrset(w, tui_attr(TR_DIM));
		if (*mark && 17 + len + (int)strlen(mark) < cols)
			tui_put(w, y + r, x + 17 + len, cols - 17 - len, mark);
	}
	wattrset(w, A_NORMAL);
}

static void
inspect_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	inspect_lab *l = s->data;
	char t[400], sh[200], nm[200];

	if (l->tf == NULL) {
		wattrset(w, tui_attr(TR_BAD));
		tui_wrap(w, 1, 1, cols - 2, rows - 1, l->msg);
		wattrset(w, A_NORMAL);
		return;
	}
	const tensor_info *ti = &l->tf->t[l->sel];
	const char *base = strrchr(l->path, '/');	/* the name is enough here */
	snprintf(t, sizeof t, "%s  %s %s %s, %llu values", base ? base + 1 : l->path,
	    view_inspect_name(ti->name, nm, sizeof nm), ti->dtype == TENSOR_OTHER ?
	    ti->other : tensor_dtype_name(ti->dtype), view_inspect_shape(ti, sh,
	    sizeof sh), (unsigned long long)ti->count);
	wattrset(w, tui_attr(TR_TITLE));
	tui_put(w, 0, 1, cols - 2, t);
	draw_list(l, w, 2, rows - 2);
	int x = LIST_W + 1, wd = cols - x - 1;
	if (l->st == NULL) {
		wattrset(w, tui_attr(TR_DIM));
		tui_put(w, 2, x, wd, ti->dtype == TENSOR_OTHER ?
		    "not floating point: nothing to show" : l->msg);
		wattrset(w, A_NORMAL);
		return;
	}
	const fp_format *f = fp_format_get(FMTS[l->fmt]);
	tensor_scale_counts c;
	tensor_stats_at_scale(l->st, l->fmt, l->k, &c);
	snprintf(t, sizeof t, "%s %s 2^%d: flushed %llu, subnormal %llu", f->name,
	    view_s(SYM_TIMES), l->k, (unsigned long long)c.flushed,
	    (unsigned long long)c.subnormal);
	wattrset(w, tui_attr(c.flushed ? TR_BAD : c.subnormal ? TR_WARN : TR_GOOD));
	tui_put(w, 1, x, wd, t);
	snprintf(t, sizeof t, "normal %llu, overflow %llu of %llu",
	    (unsigned long long)c.normal, (unsigned long long)c.overflow,
	    (unsigned long long)l->st->finite_nonzero);
	wattrset(w, tui_attr(c.overflow ? TR_BAD : TR_NORMAL));
	tui_put(w, 2, x, wd, t);
	wattrset(w, tui_attr(TR_DIM));
	tui_put(w, 3, x, wd, "log2|xS|  values  # normal : subnormal . 0 ! over");
	wattrset(w, A_NORMAL);
	if (l->st->finite_nonzero)
		draw_hist(l, w, 4, x, rows - 4, wd);
}

/* ---- keys ------------------------------------------------------------------ */

static tui_key_result
inspect_key(tui_screen *s, int is_key, wint_t ch)
{
	inspect_lab *l = s->data;

	if (l->tf == NULL)
		return TUI_KEY_UNHANDLED;
	if (is_key && (ch == KEY_UP || ch == KEY_DOWN)) {
		if (ch == KEY_UP && l->sel > 0)
			select_tensor(l, l->sel - 1);
		else if (ch == KEY_DOWN && l->sel + 1 < l->tf->n)
			select_tensor(l, l->sel + 1);
		return TUI_KEY_HANDLED;
	}
	if (is_key && (ch == KEY_LEFT || ch == KEY_RIGHT)) {
		int k = l->k + (ch == KEY_RIGHT ? 1 : -1);
		if (k >= TENSOR_SCALE_MIN && k <= TENSOR_SCALE_MAX)
			l->k = k;
		return TUI_KEY_HANDLED;
	}
	if (is_key && (ch == KEY_PPAGE || ch == KEY_NPAGE)) {
		l->top += ch == KEY_NPAGE ? 10 : -10;
		if (l->top < 0)
			l->top = 0;
		return TUI_KEY_HANDLED;
	}
	if (!is_key && ch == 'f') {
		l->fmt = (l->fmt + 1) % NFMTS;
		return TUI_KEY_HANDLED;
	}
	if (!is_key && ch == '0') {
		l->k = 0;
		return TUI_KEY_HANDLED;
	}
	return TUI_KEY_UNHANDLED;
}

static const char *
inspect_status(tui_screen *s, char *buf, size_t n)
{
	inspect_lab *l = s->data;

	if (l->tf == NULL)
		return NULL;
	snprintf(buf, n, "tensor %zu/%zu", l->sel + 1, l->tf->n);
	return buf;
}

static const char *const *
inspect_keys(tui_screen *s)
{
	static const char *const utf8[] = {
		"\xe2\x86\x91\xe2\x86\x93", "tensor", "\xe2\x86\x90\xe2\x86\x92",
		"scale", "f", "format", "0", "S = 1", "PgUp/PgDn", "scroll",
		"?", "help", "q", "quit", NULL
	};
	static const char *const ascii[] = {
		"Up/Down", "tensor", "<- ->", "scale", "f", "format", "0",
		"S = 1", "PgUp/PgDn", "scroll", "?", "help", "q", "quit", NULL
	};
	(void)s;
	return view_tty.utf8 ? utf8 : ascii;
}

static const char *const *
inspect_help(tui_screen *s)
{
	static const char *const lines[] = {
		"The inspect lab: your own tensors on a format's number line.",
		"",
		"Left, the tensors of the file; right, the selected one's values",
		"counted per binade of log2|x|, after multiplying by the loss scale",
		"S = 2^k, each binade drawn in its zone of the format: '#' normal,",
		"':' subnormal (fewer bits), '.' rounds to zero, '!' overflows.",
		"The counts at the top are exact: every value times S is rounded",
		"by the format engine, as 'fptutor inspect' does.",
		"",
		"Up/Down     choose the tensor",
		"Left/Right  halve or double S",
		"f           the next format (fp16, bf16, e4m3, e5m2)",
		"0           S back to 1",
		"PgUp/PgDn   scroll the histogram",
		"",
		"'fptutor inspect --grad FILE' prints the scales that keep 99.9%",
		"of a tensor normal in fp16 with none overflowing.",
		NULL
	};
	(void)s;
	return lines;
}

static void
inspect_free(tui_screen *s)
{
	inspect_lab *l = s->data;

	tensor_stats_free(l->st);
	tensor_file_close(l->tf);
	free(l->path);
	lab_screen_free(s);
}

tui_screen *
tui_lab_inspect_new(const char *file)
{
	tui_screen *s = lab_screen_new("Lab: inspect", sizeof(inspect_lab));
	inspect_lab *l;

	if (s == NULL)
		return NULL;
	l = s->data;
	s->draw = inspect_draw;
	s->key = inspect_key;
	s->keys = inspect_keys;
	s->help = inspect_help;
	s->status = inspect_status;
	s->free = inspect_free;
	if (file)
		open_file(l, file);
	else
		snprintf(l->msg, sizeof l->msg, "No tensor file: the lessons' "
		    "data/toy-fp32.safetensors was not found on the lesson path. "
		    "Try 'fptutor lab inspect FILE'.");
	return s;
}

/* From home: the toy dump the lessons ship, found along the lesson path. */
tui_screen *
lab_inspect_new(void)
{
	const char *dirs[LESSON_MAX_DIRS];
	size_t n = lesson_dirs(dirs, LESSON_MAX_DIRS);
	char path[4200];

	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/data/toy-fp32.safetensors", dirs[i]);
		FILE *fp = fopen(path, "rb");
		if (fp) {
			fclose(fp);
			return tui_lab_inspect_new(path);
		}
	}
	return tui_lab_inspect_new(NULL);
}
