/*
 * validate_block.c — the validator's part for live blocks: each block's
 * arguments are read here (formats, numbers, dtype policies, expressions,
 * KEY=VALUE parameters, the tensor file of @inspect) and every expression
 * is evaluated once, so that a lesson that passes never fails while it is
 * played.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"
#include "tensor/tensor.h"

/* A word of the argument text and its place. */
typedef struct word {
	const char *s;
	size_t n;
} word;

static size_t
next_word(const char *s, size_t at, word *w)
{
	while (s[at] && lesson_blank(s[at]))
		at++;
	size_t b = at;
	while (s[at] && !lesson_blank(s[at]))
		at++;
	w->s = s + b;
	w->n = at - b;
	return at;
}

static lesson_loc
where(const lesson_block *b, const char *at)
{
	return lesson_loc_at(b->args_loc, b->args, (size_t)(at - b->args));
}

static bool
read_number(lesson_checker *c, const lesson_block *b, const char *s, size_t n,
    fp_real *out)
{
	char buf[FP_READ_MAX + 1], q[64];
	size_t pos = 0;

	if (n > FP_READ_MAX)
		n = FP_READ_MAX;
	memcpy(buf, s, n);
	buf[n] = '\0';
	fp_read_err e = fp_read(buf, out, &pos);
	if (e != FP_READ_OK) {
		const char *at = s + (e == FP_READ_SYNTAX && pos < n ? pos : 0);
		lesson_vdiag(c, where(b, at), LMSG_NOT_A_NUMBER,
		    lesson_quote(s, n, q, sizeof q));
		return false;
	}
	return true;
}

/* Value v of a bits or round block beyond double's range is read exactly
 * once, here (lesson_block_exact), its cost counted in the work budget:
 * every view of the block then walks it with its true exponent. */
static void
read_beyond(lesson_checker *c, lesson_block *b, int v, lesson_loc at)
{
	if (b->valtext[v] != NULL && fp_real_beyond(&b->vals[v]) &&
	    lesson_work_exact(c, b->valtext[v], at))
		b->beyond[v] = fp_read_beyond(b->valtext[v], &b->vals[v],
		    &b->exact[v]);
}

static bool
read_double(lesson_checker *c, const lesson_block *b, const char *s, size_t n,
    double *out)
{
	fp_real r;
	if (!read_number(c, b, s, n, &r))
		return false;
	*out = r.lo;
	return true;
}

/* "fp16,bf16" (or "all") into b->fmts. */
static bool
read_formats(lesson_checker *c, lesson_block *b, word w)
{
	char name[32], q[64];
	size_t i = 0;

	b->nfmts = 0;
	while (i < w.n) {
		size_t k = i;
		while (k < w.n && w.s[k] != ',')
			k++;
		size_t len = k - i;
		const fp_format *f = NULL;
		if (len < sizeof name) {
			memcpy(name, w.s + i, len);
			name[len] = '\0';
			if (strcasecmp(name, "all") == 0) {
				for (int j = 0; j < FP_NFORMATS; j++)
					b->fmts[j] = fp_format_get((fp_id)j);
				b->nfmts = FP_NFORMATS;
				i = k + 1;
				continue;
			}
			f = fp_format_find(name);
		}
		if (f == NULL) {
			lesson_vdiag(c, where(b, w.s + i), LMSG_UNKNOWN_FORMAT,
			    lesson_quote(w.s + i, len, q, sizeof q),
			    fp_format_names());
			return false;
		}
		bool dup = false;
		for (int j = 0; j < b->nfmts; j++)
			dup |= b->fmts[j] == f;
		if (!dup && b->nfmts < FP_NFORMATS)
			b->fmts[b->nfmts++] = f;
		i = k + 1;
	}
	return b->nfmts > 0;
}

/* @bits FMT[,FMT...] VALUE...   and   @round FMT[,FMT...] VALUE... */
static void
check_values(lesson_checker *c, lesson_block *b)
{
	word w;
	size_t at = next_word(b->args, 0, &w);
	const char *name = lesson_block_name(b->kind);

	if (w.n == 0) {
		lesson_vdiag(c, b->args_loc, LMSG_BLOCK_NO_ARGS, name, name);
		return;
	}
	if (!read_formats(c, b, w))
		return;
	int nwords = 0;
	for (;; nwords++) {
		at = next_word(b->args, at, &w);
		if (w.n == 0)
			break;
		if (b->nvals == LESSON_MAX_VALUES) {
			lesson_vdiag(c, where(b, w.s), LMSG_TOO_MANY_VALUES,
			    LESSON_MAX_VALUES, name);
			return;
		}
		if (!read_number(c, b, w.s, w.n, &b->vals[b->nvals]))
			continue;
		b->valtext[b->nvals] = lesson_strndup(w.s, w.n);
		read_beyond(c, b, b->nvals, where(b, w.s));
		b->nvals++;
	}
	if (nwords == 0)
		lesson_vdiag(c, b->args_loc, LMSG_BLOCK_NO_VALUES, name);
	/* A bits block walks every bit of each value in each format, then the
	 * rounding of an inexact one (fp_round_stages); a round block shows
	 * four stages per format. */
	int frames = 0;
	for (int v = 0; v < (b->nvals ? b->nvals : 1); v++)
		for (int i = 0; i < b->nfmts; i++)
			frames += b->kind != LB_BITS ? 4 : b->fmts[i]->width +
			    (v < b->nvals ? fp_round_stages(b->fmts[i], &b->vals[v],
			    lesson_block_exact(b, v), NULL) : 0);
	b->nframes = frames;
}

/* "fp16,autocast-bf16: EXPR": the policies into b, returns the text after
 * the colon (or NULL, reported). */
static const char *
read_policies(lesson_checker *c, lesson_block *b)
{
	const char *colon = strchr(b->args, ':');
	const char *name = lesson_block_name(b->kind);
	char q[64], one[32];

	if (colon == NULL || colon == b->args) {
		lesson_vdiag(c, b->args_loc, LMSG_BLOCK_NO_COLON, name,
		    b->kind == LB_CALC ? "an expression" : "a vector", name,
		    b->kind == LB_CALC ? "10000 * 10000" : "[20, 19]");
		return NULL;
	}
	const char *s = b->args;
	while (s < colon) {
		while (s < colon && (lesson_blank(*s) || *s == ','))
			s++;
		const char *e = s;
		while (e < colon && *e != ',' && !lesson_blank(*e))
			e++;
		if (e == s)
			break;
		size_t len = (size_t)(e - s);
		if (b->npols == LESSON_MAX_POLICIES) {
			lesson_vdiag(c, where(b, s), LMSG_TOO_MANY_DTYPES,
			    LESSON_MAX_POLICIES, name);
			return NULL;
		}
		if (len >= sizeof one || (memcpy(one, s, len), one[len] = '\0',
		    !calc_policy_parse(one, &b->pols[b->npols]))) {
			lesson_vdiag(c, where(b, s), LMSG_UNKNOWN_DTYPE,
			    lesson_quote(s, len, q, sizeof q));
			return NULL;
		}
		b->npols++;
		s = e;
	}
	s = colon + 1;
	while (lesson_blank(*s))
		s++;
	if (*s == '\0') {
		lesson_vdiag(c, where(b, colon), LMSG_NOTHING_AFTER_COLON,
		    name);
		return NULL;
	}
	return s;
}

/* Parse text as an expression and evaluate it under each policy; the
 * largest trace length is returned in *steps. */
static calc_expr *
expression(lesson_checker *c, lesson_block *b, const char *text, size_t off,
    const char *what, size_t *steps)
{
	calc_error ce = { 0, "" };
	calc_expr *e = calc_parse(text, &ce);
	lesson_loc at = lesson_loc_at(b->args_loc, b->args, off);
	bool written = text == b->args + off;	/* else built from it */

	if (e == NULL) {
		lesson_vdiag(c, written ? lesson_loc_at(at, text, ce.pos) : at,
		    LMSG_BLOCK_BAD_EXPR, what, ce.msg);
		return NULL;
	}
	for (int i = 0; i < b->npols; i++) {
		calc_trace t;
		if (!lesson_work_left(c, b->loc)) {
			calc_free(e);
			return NULL;
		}
		if (!calc_eval(e, &b->pols[i], &t, &ce)) {
			lesson_vdiag(c,
			    written ? lesson_loc_at(at, text, ce.pos) : at,
			    LMSG_BLOCK_CANNOT_EVAL, what, b->pols[i].name,
			    ce.msg);
			calc_free(e);
			return NULL;
		}
		if (t.nsteps > *steps)
			*steps = t.nsteps;
		lesson_work_trace(c, &t);
		calc_trace_free(&t);
	}
	return e;
}

static void
check_calc(lesson_checker *c, lesson_block *b)
{
	size_t steps = 1;
	const char *s = read_policies(c, b);

	if (s == NULL)
		return;
	b->expr = expression(c, b, s, (size_t)(s - b->args), "expression", &steps);
	b->nframes = (int)steps;
}

/* The logits are shown twice: exp(x) / sum(exp(x)) and the max-subtracted
 * form, both through the calc engine. */
static void
check_softmax(lesson_checker *c, lesson_block *b)
{
	size_t steps = 1;
	const char *s = read_policies(c, b);
	char q[64];

	if (s == NULL)
		return;
	size_t off = (size_t)(s - b->args), len = strlen(s);
	if (s[0] != '[' || s[len - 1] != ']' || memchr(s + 1, '[', len - 1) ||
	    memchr(s, ']', len - 1)) {
		lesson_vdiag(c, lesson_loc_at(b->args_loc, b->args, off),
		    LMSG_SOFTMAX_NOT_VECTOR, lesson_quote(s, len, q, sizeof q));
		return;
	}
	calc_expr *v = expression(c, b, s, off, "vector", &steps);
	if (v == NULL)
		return;
	calc_free(v);
	size_t n = 4 * len + 64;
	char *naive = malloc(n), *stable = malloc(n);
	if (naive && stable) {
		snprintf(naive, n, "exp(%s) / sum(exp(%s))", s, s);
		snprintf(stable, n, "exp(%s - max(%s)) / sum(exp(%s - max(%s)))", s, s, s, s);
		b->vector = lesson_strndup(s, len);
		b->expr = expression(c, b, naive, off, "naive softmax", &steps);
		b->expr2 = expression(c, b, stable, off, "stable softmax", &steps);
	}
	free(naive);
	free(stable);
	b->nframes = 2;
}

static void
check_plot(lesson_checker *c, lesson_block *b)
{
	word kind, fmts, w;
	size_t at = next_word(b->args, 0, &kind);
	char q[64];
	static const char *const kinds[] = { "ulp", "round", "relerr" };

	at = next_word(b->args, at, &fmts);
	b->plot = (lesson_plot_kind)-1;
	for (int i = 0; i < 3; i++)
		if (kind.n == strlen(kinds[i]) && memcmp(kind.s, kinds[i], kind.n) == 0)
			b->plot = (lesson_plot_kind)i;
	if (kind.n == 0 || fmts.n == 0) {
		lesson_vdiag(c, b->args_loc, LMSG_PLOT_NO_ARGS);
		return;
	}
	if ((int)b->plot < 0) {
		lesson_vdiag(c, b->args_loc, LMSG_UNKNOWN_PLOT,
		    lesson_quote(kind.s, kind.n, q, sizeof q));
		return;
	}
	if (!read_formats(c, b, fmts))
		return;
	word parts[4];
	int np = 0;
	for (; np < 4; np++) {
		at = next_word(b->args, at, &parts[np]);
		if (parts[np].n == 0)
			break;
	}
	at = next_word(b->args, at, &w);
	if (np != 4 || w.n || parts[0].n != 4 || memcmp(parts[0].s, "from", 4) ||
	    parts[2].n != 2 || memcmp(parts[2].s, "to", 2)) {
		lesson_vdiag(c, where(b, fmts.s + fmts.n), LMSG_PLOT_NO_RANGE);
		return;
	}
	if (!read_double(c, b, parts[1].s, parts[1].n, &b->from) ||
	    !read_double(c, b, parts[3].s, parts[3].n, &b->to))
		return;
	if (!isfinite(b->from) || !isfinite(b->to) || !(b->from < b->to))
		lesson_vdiag(c, where(b, parts[1].s), LMSG_PLOT_BAD_RANGE);
	else if (b->plot != LP_ROUND && b->from <= 0)
		lesson_vdiag(c, where(b, parts[1].s), LMSG_PLOT_LOG_ZERO,
		    kinds[b->plot]);
}

/* A name for a file beside the lesson: relative, components of letters,
 * digits, '.', '_' and '-', none of them "." or "..". */
static bool
safe_name(const char *s, size_t n)
{
	size_t i = 0;

	if (n == 0 || n > 200)
		return false;
	while (i < n) {
		size_t k = i;
		while (k < n && s[k] != '/') {
			char ch = s[k];
			if (!(ch == '.' || ch == '_' || ch == '-' ||
			    (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
			    (ch >= 'A' && ch <= 'Z')))
				return false;
			k++;
		}
		if (k == i || (k - i == 1 && s[i] == '.') ||
		    (k - i == 2 && s[i] == '.' && s[i + 1] == '.'))
			return false;
		i = k + 1;
		if (k < n && i == n)
			return false;		/* a trailing '/' */
	}
	return true;
}

/* The file, resolved beside the lesson, and inside its directory even
 * after symbolic links.  NULL (reported) otherwise. */
static char *
beside_lesson(lesson_checker *c, lesson_block *b, word w)
{
	const char *file = c->l->file ? c->l->file : "-";
	char q[64];

	/* Standard input is named "<stdin>" (source.c): it has no directory. */
	if (strcmp(file, "-") == 0 || strcmp(file, "<stdin>") == 0) {
		lesson_vdiag(c, where(b, w.s), LMSG_INSPECT_STDIN);
		return NULL;
	}
	if (!safe_name(w.s, w.n)) {
		lesson_vdiag(c, where(b, w.s), LMSG_INSPECT_NAME,
		    lesson_quote(w.s, w.n, q, sizeof q));
		return NULL;
	}
	const char *slash = strrchr(file, '/');
	size_t dl = slash ? (size_t)(slash - file) : 1;
	char *dir = malloc(dl + 1), *path = malloc(dl + w.n + 2);
	char *rdir = NULL, *rpath = NULL;
	if (dir == NULL || path == NULL)
		goto fail;
	memcpy(dir, slash ? file : ".", dl);
	dir[dl] = '\0';
	snprintf(path, dl + w.n + 2, "%s/%.*s", dir, (int)w.n, w.s);
	rdir = realpath(dir, NULL);
	rpath = realpath(path, NULL);
	if (rpath == NULL) {
		lesson_vdiag(c, where(b, w.s), LMSG_INSPECT_NO_FILE,
		    lesson_quote(w.s, w.n, q, sizeof q));
		goto fail;
	}
	size_t rl = rdir ? strlen(rdir) : 0;
	if (rdir == NULL || strncmp(rpath, rdir, rl) != 0 || rpath[rl] != '/') {
		lesson_vdiag(c, where(b, w.s), LMSG_INSPECT_OUTSIDE,
		    lesson_quote(w.s, w.n, q, sizeof q));
		goto fail;
	}
	free(dir);
	free(rdir);
	free(rpath);
	return path;
fail:
	free(dir);
	free(path);
	free(rdir);
	free(rpath);
	return NULL;
}

/* @inspect FILE TENSOR [FORMATS] [grad] */
static void
check_inspect(lesson_checker *c, lesson_block *b)
{
	word file, name, w;
	size_t at = next_word(b->args, 0, &file);
	char q[64];

	at = next_word(b->args, at, &name);
	if (file.n == 0 || name.n == 0) {
		lesson_vdiag(c, b->args_loc, LMSG_INSPECT_ARGS);
		return;
	}
	b->nfmts = 0;
	while ((at = next_word(b->args, at, &w)), w.n) {
		if (w.n == 4 && memcmp(w.s, "grad", 4) == 0 && !b->show_window)
			b->show_window = true;
		else if (b->nfmts == 0 && !b->show_window) {
			if (!read_formats(c, b, w))
				return;
		} else {
			lesson_vdiag(c, where(b, w.s), LMSG_INSPECT_EXTRA,
			    lesson_quote(w.s, w.n, q, sizeof q));
			return;
		}
	}
	if (b->nfmts == 0) {
		static const fp_id def[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };
		for (int k = 0; k < 4; k++)
			b->fmts[b->nfmts++] = fp_format_get(def[k]);
	}
	if (b->show_window) {		/* the window is fp16's */
		int k = 0;
		while (k < b->nfmts && b->fmts[k]->id != FP_FP16)
			k++;
		if (k == b->nfmts)
			b->fmts[b->nfmts++] = fp_format_get(FP_FP16);
	}
	if ((b->path = beside_lesson(c, b, file)) == NULL)
		return;
	tensor_file *tf;
	tensor_err e;
	tensor_status st = tensor_file_open(b->path, &tf, &e);
	if (st != TENSOR_OK) {
		lesson_vdiag(c, where(b, file.s), LMSG_INSPECT_BAD_FILE, lesson_quote(file.s,
		    file.n, q, sizeof q), e.tensor[0] ? e.tensor : "",
		    e.tensor[0] ? ": " : "", st == TENSOR_ENOMEM ? "out of memory" : e.msg);
		return;
	}
	const tensor_info *t = NULL;
	for (size_t i = 0; i < tf->n && t == NULL; i++)
		if (strlen(tf->t[i].name) == name.n &&
		    memcmp(tf->t[i].name, name.s, name.n) == 0)
			t = &tf->t[i];
	if (t == NULL)
	{
		char q2[64];
		lesson_vdiag(c, where(b, name.s), LMSG_INSPECT_NO_TENSOR,
		    lesson_quote(name.s, name.n, q, sizeof q),
		    lesson_quote(file.s, file.n, q2, sizeof q2));
	}
	else if (t->dtype == TENSOR_OTHER)
		lesson_vdiag(c, where(b, name.s), LMSG_INSPECT_NOT_FLOAT,
		    lesson_quote(name.s, name.n, q, sizeof q), t->other);
	else if (lesson_work_left(c, b->loc)) {
		/* Each value is rounded into each format once. */
		c->work += (size_t)t->count * (size_t)b->nfmts;
		if (lesson_work_left(c, b->loc))
			b->tensor = strndup(name.s, name.n);
	}
	tensor_file_close(tf);
}

void
lesson_check_block(lesson_checker *c, lesson_block *b)
{
	switch (b->kind) {
	case LB_BITS:
	case LB_ROUND:
		check_values(c, b);
		break;
	case LB_CALC:
		check_calc(c, b);
		break;
	case LB_SOFTMAX:
		check_softmax(c, b);
		break;
	case LB_PLOT:
		check_plot(c, b);
		break;
	case LB_DRILL:
		lesson_check_drill(c, b);
		break;
	case LB_INSPECT:
		check_inspect(c, b);
		break;
	case LB_SCALING:
	case LB_SCALER:
	case LB_TRAIN:
		lesson_check_params(c, b);
		break;
	default:
		break;
	}
	if (b->nframes < 1)
		b->nframes = 1;
	/* What showing it costs, in values: a bits view is about a hundred
	 * lines of work, a plot a few hundred points. */
	size_t cost = 0;
	if (b->kind == LB_BITS || b->kind == LB_ROUND)
		cost = (size_t)b->nvals * (size_t)b->nfmts * 100;
	else if (b->kind == LB_PLOT || b->kind == LB_SCALING)
		cost = 1000;
	if (cost && lesson_work_left(c, b->loc))
		c->work += cost;
}
