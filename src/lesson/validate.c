/*
 * validate.c — the third stage: everything the parser kept as written is
 * resolved and checked here: ids (well-formed, unique), every computed
 * value in every text, each question's parts against its type, the model
 * answers.  The live blocks are checked in validate_block.c.  A lesson
 * that passes can be played without any further failure.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"
#include "lesson/grade_text.h"

#define TITLE_WIDTH 72

bool
lesson_check_value(lesson_checker *c, lesson_value *v)
{
	char err[200];
	size_t col;

	if (!lesson_value_resolve(v, err, sizeof err, &col)) {
		size_t len = strlen(v->src);
		lesson_verr(c, lesson_loc_at(v->loc, v->src, col < len ? col : len),
		    "%s", err);
		return false;
	}
	if (v->kind == LV_CALC) {
		calc_trace t;
		calc_error ce = { 0, "" };
		if (!lesson_work_left(c, v->loc))
			return false;
		if (!calc_eval(v->expr, &v->policy, &t, &ce)) {
			const char *e = strchr(v->src, ':');
			size_t off = e ? (size_t)(e + 1 - v->src) : 0;
			while (v->src[off] == ' ' || v->src[off] == '\t')
				off++;
			lesson_verr(c, lesson_loc_at(v->loc, v->src, off + ce.pos),
			    "the expression cannot be evaluated: %s", ce.msg);
			return false;
		}
		lesson_work_trace(c, &t);
		calc_trace_free(&t);
	}
	return true;
}

static void
check_text(lesson_checker *c, lesson_text *t)
{
	for (size_t i = 0; i < t->n; i++)
		for (size_t k = 0; k < t->paras[i].nspans; k++)
			if (t->paras[i].spans[k].is_value)
				lesson_check_value(c, &t->paras[i].spans[k].value);
}

static bool
text_empty(const lesson_text *t)
{
	for (size_t i = 0; i < t->n; i++)
		for (size_t k = 0; k < t->paras[i].nspans; k++) {
			const lesson_span *s = &t->paras[i].spans[k];
			if (s->is_value)
				return false;
			for (const char *p = s->text; p && *p; p++)
				if (!lesson_blank(*p) && *p != '\n')
					return false;
		}
	return true;
}

/* ---- the header --------------------------------------------------------- */

static void
check_header(lesson_checker *c)
{
	lesson *l = c->l;
	char q[64];

	if (l->id && l->id_loc.line) {
		if (!lesson_id_ok(l->id, strlen(l->id))) {
			lesson_verr(c, l->id_loc, "bad lesson id '%s': use lowercase "
			    "letters, digits and '-', at most %d", lesson_quote(l->id,
			    strlen(l->id), q, sizeof q), LESSON_MAX_ID);
		} else {
			const char *base = strrchr(l->file, '/');
			base = base ? base + 1 : l->file;
			size_t bl = strlen(base);
			if (bl > 7 && strcmp(base + bl - 7, ".lesson") == 0 &&
			    (bl - 7 != strlen(l->id) || strncmp(base, l->id, bl - 7) != 0))
				lesson_verr(c, l->id_loc, "lesson id '%s' does not match "
				    "the file name '%s' (lessons are found by id as "
				    "ID.lesson)", l->id, lesson_quote(base, bl, q, sizeof q));
		}
	}
	if (l->title && lesson_chars(l->title, strlen(l->title)) > TITLE_WIDTH)
		lesson_vwarn(c, l->title_loc, "title longer than %d characters",
		    TITLE_WIDTH);
	if (l->summary_loc.line && text_empty(&l->summary))
		lesson_verr(c, l->summary_loc, "@summary needs a text");
	check_text(c, &l->summary);
}

/* ---- questions ----------------------------------------------------------- */

enum { F_OPTION = 1, F_CORRECT = 2, F_VALUE = 4, F_FORMAT = 8, F_TOLERANCE = 16,
	F_RUBRIC = 32 };

/* Which parts each type takes. */
static const unsigned type_fields[LQ_NTYPES] = {
	[LQ_TEXT] = F_RUBRIC,
	[LQ_CHOICE] = F_OPTION | F_CORRECT,
	[LQ_ORDER] = F_OPTION | F_CORRECT,
	[LQ_NUMERIC] = F_VALUE | F_TOLERANCE,
	[LQ_BITS] = F_VALUE | F_FORMAT,
};

static void
check_fields(lesson_checker *c, lesson_question *q)
{
	unsigned ok = type_fields[q->type];
	const struct { unsigned f; const char *name; lesson_loc at; } given[] = {
		{ F_OPTION, "option", q->nopts ? q->opts[0].loc : (lesson_loc){ 0, 0 } },
		{ F_CORRECT, "correct", q->correct_loc },
		{ F_VALUE, "value", q->value.loc },
		{ F_FORMAT, "format", q->fmt_loc },
		{ F_TOLERANCE, "tolerance", q->tol_loc },
		{ F_RUBRIC, "rubric", q->rubric_loc },
	};
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++)
		if (given[i].at.line && !(ok & given[i].f))
			lesson_verr(c, (lesson_loc){ given[i].at.line, 1 },
			    "@%s does not belong in a %s question", given[i].name,
			    lesson_qtype_name(q->type));
}

static bool
key_ok(const char *k)
{
	size_t n = strlen(k);
	if (n == 0 || n > 24)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= 'A' && k[i] <= 'Z') ||
		    (k[i] >= '0' && k[i] <= '9') || k[i] == '-' || k[i] == '_'))
			return false;
	return true;
}

/* Options and @correct of choice and order questions. */
static void
check_options(lesson_checker *c, lesson_question *q)
{
	char s[64];

	if (q->nopts < 2)
		lesson_verr(c, q->loc, "question '%s' needs at least two @option lines",
		    lesson_qid(q));
	for (size_t i = 0; i < q->nopts; i++) {
		lesson_option *o = &q->opts[i];
		if (!key_ok(o->key))
			lesson_verr(c, o->loc, "bad option key '%s': use letters, "
			    "digits, '-' and '_', at most 24", lesson_quote(o->key,
			    strlen(o->key), s, sizeof s));
		/* The player takes a choice's one-letter keys as typed, in
		 * either case, before its own: an option keyed H would hide
		 * the hint, R the model answer, L, J and K the moves, Q quit,
		 * V the presenter's show.  (B blanks only where no option
		 * answers to it.) */
		if (q->type == LQ_CHOICE && strlen(o->key) == 1 &&
		    strchr("HJKLQRVhjklqrv", o->key[0]))
			lesson_verr(c, o->loc, "option key '%s' is a key of the "
			    "player (H hint, R model answer, L J K move, Q quit, V "
			    "show): use another letter", o->key);
		int first = lesson_option_find(q, o->key, strlen(o->key));
		if (first >= 0 && (size_t)first < i)
			lesson_verr(c, o->loc, "duplicate option key '%s' (the first "
			    "is at line %d)", lesson_quote(o->key, strlen(o->key), s,
			    sizeof s), q->opts[first].loc.line);
		if (text_empty(&o->text))
			lesson_verr(c, o->loc, "@option '%s' has no text",
			    lesson_quote(o->key, strlen(o->key), s, sizeof s));
		check_text(c, &o->text);
	}
	if (q->correct_loc.line == 0) {
		lesson_verr(c, q->loc, "question '%s' has no @correct line", lesson_qid(q));
		return;
	}
	bool seen[LESSON_MAX_OPTIONS] = { false }, twice[LESSON_MAX_OPTIONS] = { false };
	for (size_t i = 0; i < q->ncorrect; i++) {
		int k = lesson_option_find(q, q->correct[i], strlen(q->correct[i]));
		if (k < 0) {
			lesson_verr(c, q->correct_loc, "@correct names '%s', which is "
			    "not an option key", lesson_quote(q->correct[i],
			    strlen(q->correct[i]), s, sizeof s));
			continue;
		}
		if (seen[k] && !twice[k])
			lesson_verr(c, q->correct_loc, "@correct names '%s' twice",
			    q->opts[k].key);
		twice[k] = seen[k];
		seen[k] = true;
		q->correct_idx[i] = (size_t)k;
	}
	if (q->type == LQ_ORDER) {
		for (size_t k = 0; k < q->nopts; k++)
			if (!seen[k] && key_ok(q->opts[k].key))
				lesson_verr(c, q->correct_loc, "@correct of an ordering "
				    "must list every option: '%s' is missing",
				    q->opts[k].key);
	} else if (q->nopts >= 2 && q->ncorrect == q->nopts) {
		lesson_vwarn(c, q->correct_loc, "every option of question '%s' is "
		    "correct", lesson_qid(q));
	}
}

/* "2 ulp fp16", "0.5%", "1e-3 relative" */
static void
check_tolerance(lesson_checker *c, lesson_question *q)
{
	const char *s = q->tol_text;
	char *end, word[32], fname[32], extra[2];
	char t[64];

	q->tol = LT_EXACT;
	if (s == NULL || s[0] == '\0')
		return;
	double x = strtod(s, &end);
	if (end == s || !isfinite(x) || x < 0) {
		lesson_verr(c, q->tol_loc, "bad @tolerance '%s': it begins with a "
		    "number at least 0", lesson_quote(s, strlen(s), t, sizeof t));
		return;
	}
	q->tol_amount = x;
	while (lesson_blank(*end))
		end++;
	if (strcmp(end, "%") == 0) {
		q->tol = LT_REL;
		q->tol_amount = x / 100;
		return;
	}
	int n = sscanf(end, "%31s %31s %1s", word, fname, extra);
	if (n == 1 && (strcmp(word, "relative") == 0 || strcmp(word, "rel") == 0)) {
		q->tol = LT_REL;
		return;
	}
	if (n == 2 && (strcmp(word, "ulp") == 0 || strcmp(word, "ulps") == 0)) {
		q->tol = LT_ULP;
		q->tol_fmt = fp_format_find(fname);
		if (q->tol_fmt == NULL)
			lesson_verr(c, lesson_loc_at(q->tol_loc, s,
			    (size_t)(strstr(end, fname) - s)), "unknown format '%s' "
			    "(known: %s)", lesson_quote(fname, strlen(fname), t,
			    sizeof t), fp_format_names());
		return;
	}
	lesson_verr(c, lesson_loc_at(q->tol_loc, s, (size_t)(end - s)),
	    "bad @tolerance: after the number comes 'ulp FORMAT', '%%' or "
	    "'relative'");
}

/* The expected value of numeric and bits questions. */
static void
check_expected(lesson_checker *c, lesson_question *q)
{
	lesson_result r;

	if (!q->has_value) {
		if (q->value.loc.line == 0)
			lesson_verr(c, q->loc, "question '%s' has no @value (what the "
			    "answer is compared with)", lesson_qid(q));
		return;
	}
	if (!lesson_check_value(c, &q->value))
		return;
	if (!lesson_value_eval(&q->value, &r))
		return;
	if (r.vector || r.n != 1)
		lesson_verr(c, q->value.loc, "the @value of question '%s' must be "
		    "one number, not a vector", lesson_qid(q));
	else
		q->expect = r.v[0];
	q->expect_fmt = r.integer ? NULL : r.fmt;
	lesson_result_free(&r);
	if (q->type == LQ_NUMERIC) {
		check_tolerance(c, q);
		return;
	}
	if (q->fmt_loc.line == 0) {
		lesson_verr(c, q->loc, "bit-pattern question '%s' has no @format",
		    lesson_qid(q));
		return;
	}
	if (q->fmt_name == NULL || q->fmt_name[0] == '\0')
		return;		/* reported by the parser */
	q->fmt = fp_format_find(q->fmt_name);
	if (q->fmt == NULL) {
		char t[64];
		lesson_verr(c, q->fmt_loc, "unknown format '%s' (known: %s)",
		    lesson_quote(q->fmt_name, strlen(q->fmt_name), t, sizeof t),
		    fp_format_names());
		return;
	}
	q->bits = fp_encode(q->fmt, q->expect, NULL);
}

/* The rubric compiles: its language belongs to the grader (src/grade),
 * which reports the column of the first error; here it gets its place in
 * the lesson file. */
static void
check_rubric(lesson_checker *c, const lesson_question *q)
{
	grade_diag gd;
	int line;
	grade_rubric *r = lesson_rubric_compile(q, &line, &gd);

	if (r != NULL) {
		grade_rubric_free(r);
		return;
	}
	/* the grader counts bytes; diagnostics count characters */
	int col = 1;
	for (size_t k = 0; k < q->nrubric; k++)
		if (q->rubric[k].line == line)
			for (size_t i = 0; i < gd.col && q->rubric[k].text[i]; i++)
				col += ((unsigned char)q->rubric[k].text[i] & 0xc0) != 0x80;
	lesson_loc at = { line, col };
	lesson_verr(c, at, "rubric of question '%s': %s", lesson_qid(q), gd.msg);
}

static void
check_question(lesson_checker *c, lesson_question *q, size_t index)
{
	lesson *l = c->l;
	char s[64];

	if (!lesson_id_ok(q->id, strlen(q->id))) {
		if (q->id[0])
			lesson_verr(c, q->id_loc, "bad question id '%s': use lowercase "
			    "letters, digits and '-', at most %d",
			    lesson_quote(q->id, strlen(q->id), s, sizeof s), LESSON_MAX_ID);
	} else {
		for (size_t i = 0; i < index; i++)
			if (strcmp(l->questions[i].id, q->id) == 0) {
				lesson_verr(c, q->id_loc, "duplicate question id '%s' "
				    "(the first is at line %d)", lesson_qid(q),
				    l->questions[i].id_loc.line);
				break;
			}
	}
	if (q->incomplete)
		return;		/* reported as not closed; its parts are unknown */
	if (text_empty(&q->prompt))
		lesson_verr(c, q->loc, "question '%s' has no prompt (its text comes "
		    "right after the @question line)", lesson_qid(q));
	check_text(c, &q->prompt);
	for (size_t i = 0; i < q->nhints; i++) {
		if (text_empty(&q->hints[i]))
			lesson_verr(c, q->hints[i].loc, "hint %zu of question '%s' is empty",
			    i + 1, lesson_qid(q));
		check_text(c, &q->hints[i]);
	}
	if (q->answer_loc.line == 0)
		lesson_verr(c, q->loc, "question '%s' has no model answer (@answer)",
		    lesson_qid(q));
	else if (text_empty(&q->answer))
		lesson_verr(c, q->answer_loc, "the @answer of question '%s' is empty",
		    lesson_qid(q));
	check_text(c, &q->answer);
	if (q->type == LQ_NTYPES)
		return;		/* unknown type: reported by the parser */
	check_fields(c, q);
	switch (q->type) {
	case LQ_CHOICE:
	case LQ_ORDER:
		check_options(c, q);
		break;
	case LQ_NUMERIC:
	case LQ_BITS:
		check_expected(c, q);
		break;
	case LQ_TEXT:
		if (q->rubric_loc.line == 0)
			lesson_verr(c, q->loc, "free-text question '%s' has no @rubric",
			    lesson_qid(q));
		else if (q->nrubric == 0)
			lesson_verr(c, q->rubric_loc, "the @rubric of question '%s' is "
			    "empty", lesson_qid(q));
		else
			check_rubric(c, q);
		break;
	default:
		break;
	}
}

bool
lesson_validate(lesson *l, lesson_diags *d)
{
	lesson_checker c = { l, d, 0 };
	size_t errors0 = d->nerrors;

	if (l->stopped)
		return false;	/* the parser did not read it all */

	check_header(&c);
	for (size_t i = 0; i < l->nsteps; i++) {
		lesson_step *s = &l->steps[i];
		if (s->nitems == 0 && s->title && s->title[0] && l->parse_errors == 0)
			lesson_vwarn(&c, s->loc, "step %zu ('%s') shows nothing", i + 1,
			    s->title);
		for (size_t k = 0; k < s->nitems; k++) {
			lesson_item *it = &s->items[k];
			if (it->kind == LI_PARA)
				check_text(&c, &(lesson_text){ &it->para, 1, { 0, 0 } });
			else if (it->kind == LI_BLOCK)
				lesson_check_block(&c, &l->blocks[it->index]);
		}
	}
	for (size_t i = 0; i < l->nquestions; i++)
		check_question(&c, &l->questions[i], i);
	return d->nerrors == errors0;
}
