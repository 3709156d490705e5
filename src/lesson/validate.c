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
	if (!lesson_value_resolve(v, c->d, c->l->file))
		return false;
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
			lesson_vdiag(c,
			    lesson_loc_at(v->loc, v->src, off + ce.pos),
			    LMSG_CALC_CANNOT_EVAL, ce.msg);
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
			lesson_vdiag(c, l->id_loc, LMSG_BAD_LESSON_ID,
			    lesson_quote(l->id, strlen(l->id), q, sizeof q),
			    LESSON_MAX_ID);
		} else {
			const char *base = strrchr(l->file, '/');
			base = base ? base + 1 : l->file;
			size_t bl = strlen(base);
			if (bl > 7 && strcmp(base + bl - 7, ".lesson") == 0 &&
			    (bl - 7 != strlen(l->id) || strncmp(base, l->id, bl - 7) != 0))
				lesson_vdiag(c, l->id_loc,
				    LMSG_ID_NOT_FILE_NAME, l->id,
				    lesson_quote(base, bl, q, sizeof q));
		}
	}
	if (l->title && lesson_chars(l->title, strlen(l->title)) > TITLE_WIDTH)
		lesson_vdiag(c, l->title_loc, LMSG_TITLE_TOO_LONG, TITLE_WIDTH);
	if (l->summary_loc.line && text_empty(&l->summary))
		lesson_vdiag(c, l->summary_loc, LMSG_SUMMARY_EMPTY);
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
			lesson_vdiag(c, ((lesson_loc){ given[i].at.line, 1 }),
			    LMSG_FIELD_WRONG_TYPE, given[i].name,
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
		lesson_vdiag(c, q->loc, LMSG_TOO_FEW_OPTIONS, lesson_qid(q));
	for (size_t i = 0; i < q->nopts; i++) {
		lesson_option *o = &q->opts[i];
		if (!key_ok(o->key))
			lesson_vdiag(c, o->loc, LMSG_BAD_OPTION_KEY,
			    lesson_quote(o->key, strlen(o->key), s, sizeof s));
		/* The player takes a choice's one-letter keys as typed, in
		 * either case, before its own: an option keyed H would hide
		 * the hint, R the model answer, L, J and K the moves, Q quit,
		 * V the presenter's show.  (B blanks only where no option
		 * answers to it.) */
		if (q->type == LQ_CHOICE && strlen(o->key) == 1 &&
		    strchr("HJKLQRVhjklqrv", o->key[0]))
			lesson_vdiag(c, o->loc, LMSG_OPTION_KEY_TAKEN, o->key);
		int first = lesson_option_find(q, o->key, strlen(o->key));
		if (first >= 0 && (size_t)first < i)
			lesson_vdiag(c, o->loc, LMSG_DUPLICATE_OPTION,
			    lesson_quote(o->key, strlen(o->key), s, sizeof s),
			    q->opts[first].loc.line);
		if (text_empty(&o->text))
			lesson_vdiag(c, o->loc, LMSG_OPTION_NO_TEXT,
			    lesson_quote(o->key, strlen(o->key), s, sizeof s));
		check_text(c, &o->text);
	}
	if (q->correct_loc.line == 0) {
		lesson_vdiag(c, q->loc, LMSG_NO_CORRECT, lesson_qid(q));
		return;
	}
	bool seen[LESSON_MAX_OPTIONS] = { false }, twice[LESSON_MAX_OPTIONS] = { false };
	for (size_t i = 0; i < q->ncorrect; i++) {
		int k = lesson_option_find(q, q->correct[i], strlen(q->correct[i]));
		if (k < 0) {
			lesson_vdiag(c, q->correct_loc, LMSG_CORRECT_NOT_KEY,
			    lesson_quote(q->correct[i], strlen(q->correct[i]),
			    s, sizeof s));
			continue;
		}
		if (seen[k] && !twice[k])
			lesson_vdiag(c, q->correct_loc, LMSG_CORRECT_TWICE,
			    q->opts[k].key);
		twice[k] = seen[k];
		seen[k] = true;
		q->correct_idx[i] = (size_t)k;
	}
	if (q->type == LQ_ORDER) {
		for (size_t k = 0; k < q->nopts; k++)
			if (!seen[k] && key_ok(q->opts[k].key))
				lesson_vdiag(c, q->correct_loc,
				    LMSG_ORDER_MISSING, q->opts[k].key);
	} else if (q->nopts >= 2 && q->ncorrect == q->nopts) {
		lesson_vdiag(c, q->correct_loc, LMSG_ALL_CORRECT,
		    lesson_qid(q));
	}
}

/* "2 ulp fp16", "0.5%", "1e-3 relative", "exact" */
static void
check_tolerance(lesson_checker *c, lesson_question *q)
{
	const char *s = q->tol_text;
	char *end, word[32], fname[32], extra[2];
	char t[64];

	q->tol = LT_EXACT;
	if (s == NULL || s[0] == '\0')
		return;
	if (strcmp(s, "exact") == 0) {	/* the value itself, any spelling */
		q->expect_fmt = NULL;
		return;
	}
	double x = strtod(s, &end);
	if (end == s || !isfinite(x) || x < 0) {
		lesson_vdiag(c, q->tol_loc, LMSG_BAD_TOLERANCE,
		    lesson_quote(s, strlen(s), t, sizeof t));
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
			lesson_vdiag(c, lesson_loc_at(q->tol_loc, s,
			    (size_t)(strstr(end, fname) - s)),
			    LMSG_UNKNOWN_FORMAT,
			    lesson_quote(fname, strlen(fname), t, sizeof t),
			    fp_format_names());
		return;
	}
	lesson_vdiag(c, lesson_loc_at(q->tol_loc, s, (size_t)(end - s)),
	    LMSG_BAD_TOLERANCE_UNIT);
}

/* The expected value of numeric and bits questions. */
static void
check_expected(lesson_checker *c, lesson_question *q)
{
	lesson_result r;

	if (!q->has_value) {
		if (q->value.loc.line == 0)
			lesson_vdiag(c, q->loc, LMSG_NO_VALUE, lesson_qid(q));
		return;
	}
	if (!lesson_check_value(c, &q->value))
		return;
	if (!lesson_value_eval(&q->value, &r))
		return;
	if (r.vector || r.n != 1)
		lesson_vdiag(c, q->value.loc, LMSG_VALUE_VECTOR, lesson_qid(q));
	else
		q->expect = r.v[0];
	q->expect_fmt = r.integer ? NULL : r.fmt;
	lesson_result_free(&r);
	if (q->type == LQ_NUMERIC) {
		check_tolerance(c, q);
		return;
	}
	if (q->fmt_loc.line == 0) {
		lesson_vdiag(c, q->loc, LMSG_NO_FORMAT, lesson_qid(q));
		return;
	}
	if (q->fmt_name == NULL || q->fmt_name[0] == '\0')
		return;		/* reported by the parser */
	q->fmt = fp_format_find(q->fmt_name);
	if (q->fmt == NULL) {
		char t[64];
		lesson_vdiag(c, q->fmt_loc, LMSG_UNKNOWN_FORMAT,
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
check_rubric(lesson_checker *c, lesson_question *q)
{
	grade_diag gd;
	int line;
	grade_rubric *r = lesson_rubric_compile(q, &line, &gd);

	if (r != NULL) {
		/* the question's own answers must pass its rubric: a rubric
		 * that fails them would fail a learner who says the same (not
		 * checked in a lesson the parser found broken) */
		char why[200];
		if (c->l->parse_errors == 0 && q->answer_loc.line && !text_empty(&q->answer) &&
		    !lesson_rubric_passes(r, &q->answer, why, sizeof why))
			lesson_vdiag(c, q->answer_loc, LMSG_ANSWER_FAILS_RUBRIC,
			    lesson_qid(q), why);
		if (c->l->parse_errors == 0 && q->concise_loc.line && !text_empty(&q->concise) &&
		    !lesson_rubric_passes(r, &q->concise, why, sizeof why))
			lesson_vdiag(c, q->concise_loc, LMSG_CONCISE_FAILS_RUBRIC,
			    lesson_qid(q), why);
		/* kept: grading need not compile it again */
		grade_rubric_free(q->compiled);
		q->compiled = r;
		return;
	}
	/* the grader counts bytes; diagnostics count characters */
	int col = 1;
	for (size_t k = 0; k < q->nrubric; k++)
		if (q->rubric[k].line == line)
			for (size_t i = 0; i < gd.col && q->rubric[k].text[i]; i++)
				col += ((unsigned char)q->rubric[k].text[i] & 0xc0) != 0x80;
	lesson_loc at = { line, col };
	lesson_vdiag(c, at, LMSG_RUBRIC_INVALID, lesson_qid(q), gd.msg);
}

static void
check_question(lesson_checker *c, lesson_question *q, size_t index)
{
	lesson *l = c->l;
	char s[64];

	if (!lesson_id_ok(q->id, strlen(q->id))) {
		if (q->id[0])
			lesson_vdiag(c, q->id_loc, LMSG_BAD_QUESTION_ID,
			    lesson_quote(q->id, strlen(q->id), s, sizeof s),
			    LESSON_MAX_ID);
	} else {
		for (size_t i = 0; i < index; i++)
			if (strcmp(l->questions[i].id, q->id) == 0) {
				lesson_vdiag(c, q->id_loc,
				    LMSG_DUPLICATE_QUESTION_ID, lesson_qid(q),
				    l->questions[i].id_loc.line);
				break;
			}
	}
	if (q->type == LQ_DRILL)
		return;		/* the engine's: lesson_check_drill made it */
	if (q->incomplete)
		return;		/* reported as not closed; its parts are unknown */
	if (text_empty(&q->prompt))
		lesson_vdiag(c, q->loc, LMSG_NO_PROMPT, lesson_qid(q));
	check_text(c, &q->prompt);
	for (size_t i = 0; i < q->nhints; i++) {
		if (text_empty(&q->hints[i]))
			lesson_vdiag(c, q->hints[i].loc, LMSG_HINT_EMPTY, i + 1,
			    lesson_qid(q));
		check_text(c, &q->hints[i]);
	}
	if (q->answer_loc.line == 0)
		lesson_vdiag(c, q->loc, LMSG_NO_MODEL_ANSWER, lesson_qid(q));
	else if (text_empty(&q->answer))
		lesson_vdiag(c, q->answer_loc, LMSG_ANSWER_EMPTY,
		    lesson_qid(q));
	check_text(c, &q->answer);
	if (q->concise_loc.line && text_empty(&q->concise))
		lesson_vdiag(c, q->concise_loc, LMSG_CONCISE_EMPTY, lesson_qid(q));
	check_text(c, &q->concise);
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
			lesson_vdiag(c, q->loc, LMSG_NO_RUBRIC, lesson_qid(q));
		else if (q->nrubric == 0)
			lesson_vdiag(c, q->rubric_loc, LMSG_RUBRIC_EMPTY,
			    lesson_qid(q));
		else if (c->rubric_of == NULL || strcmp(c->rubric_of, q->id) == 0)
			check_rubric(c, q);
		break;
	default:
		break;
	}
}

bool
lesson_validate(lesson *l, lesson_diags *d)
{
	return lesson_validate_for(l, d, NULL);
}

bool
lesson_validate_for(lesson *l, lesson_diags *d, const char *rubric_of)
{
	lesson_checker c = { l, d, 0, rubric_of };
	size_t errors0 = d->nerrors;

	if (l->stopped)
		return false;	/* the parser did not read it all */

	check_header(&c);
	for (size_t i = 0; i < l->nsteps; i++) {
		lesson_step *s = &l->steps[i];
		if (s->nitems == 0 && s->title && s->title[0] && l->parse_errors == 0)
			lesson_vdiag(&c, s->loc, LMSG_EMPTY_STEP, i + 1,
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
