/*
 * parse_q.c — the parser's part for questions: @question ... @end and the
 * directives inside (options, the right answer, the expected value, its
 * format and tolerance, hints, the model answer) and the raw lines of a
 * @rubric block, which belong to the grader and are kept as written.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

static size_t
token_len(const char *s)
{
	size_t n = 0;
	while (s[n] && !lesson_blank(s[n]))
		n++;
	return n;
}

static const char *
skip_blanks(const char *s)
{
	while (lesson_blank(*s))
		s++;
	return s;
}

static int
col_of(const lesson_directive *dv, const char *at)
{
	return 1 + lesson_chars(dv->line->text, (size_t)(at - dv->line->text));
}

void
lesson_question_open(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;
	int lineno = dv->line->lineno;
	char q[64];

	if (l->nquestions >= LESSON_MAX_QUESTIONS) {
		lesson_pdiag(p, lineno, 1, LMSG_TOO_MANY_QUESTIONS,
		    LESSON_MAX_QUESTIONS);
		p->stop = true;
		return;
	}
	lesson_step *st = &l->steps[l->nsteps - 1];
	if (st->nitems >= LESSON_MAX_ITEMS) {
		lesson_pdiag(p, lineno, 1, LMSG_TOO_MANY_ITEMS,
		    LESSON_MAX_ITEMS);
		p->stop = true;
		return;
	}
	lesson_question *nq = lesson_push(l->questions, &l->nquestions, sizeof *nq,
	    LESSON_MAX_QUESTIONS);
	lesson_item *ni = nq ? lesson_push(st->items, &st->nitems, sizeof *ni,
	    LESSON_MAX_ITEMS) : NULL;
	if (nq)
		l->questions = nq;
	if (ni == NULL) {
		p->oom = true;
		return;
	}
	st->items = ni;
	ni[st->nitems - 1].kind = LI_QUESTION;
	ni[st->nitems - 1].index = l->nquestions - 1;
	ni[st->nitems - 1].wait = lesson_parse_wait(p);

	lesson_question *qu = &l->questions[l->nquestions - 1];
	p->q = qu;
	p->capped = false;
	p->rubric_told = false;
	p->ctx = CTX_QUESTION;
	p->sink = SINK_PROMPT;
	p->text = &qu->prompt;
	qu->loc = (lesson_loc){ lineno, 1 };
	qu->step = l->nsteps - 1;
	qu->type = LQ_NTYPES;

	const char *a = dv->arg;
	size_t n = token_len(a);
	qu->id = lesson_pstrdup(p, a, n);
	qu->id_loc = (lesson_loc){ lineno, dv->argcol };
	const char *t = skip_blanks(a + n);
	size_t tn = token_len(t);
	if (n == 0 || tn == 0) {
		lesson_pdiag(p, lineno, n ? col_of(dv, t) : dv->argcol,
		    LMSG_QUESTION_NO_TYPE);
		return;
	}
	for (int k = 0; k < LQ_NTYPES; k++)
		if (strlen(lesson_qtype_name((lesson_qtype)k)) == tn &&
		    memcmp(lesson_qtype_name((lesson_qtype)k), t, tn) == 0)
			qu->type = (lesson_qtype)k;
	if (qu->type == LQ_DRILL) {	/* made by @drill, never written */
		qu->type = LQ_NTYPES;
		lesson_pdiag(p, lineno, col_of(dv, t), LMSG_DRILL_QTYPE);
	} else if (qu->type == LQ_NTYPES)
		lesson_pdiag(p, lineno, col_of(dv, t), LMSG_UNKNOWN_QTYPE,
		    lesson_quote(t, tn, q, sizeof q));
	const char *rest = skip_blanks(t + tn);
	if (*rest)
		lesson_pdiag(p, lineno, col_of(dv, rest), LMSG_QUESTION_EXTRA,
		    lesson_quote(rest, strlen(rest), q, sizeof q));
}

void
lesson_question_close(lesson_parser *p, int line, bool at_eof)
{
	lesson_question *q = p->q;

	(void)line;
	if (at_eof)
		q->incomplete = true;
	if (at_eof && p->ctx == CTX_RUBRIC)
		lesson_pdiag(p, q->rubric_loc.line, 1, LMSG_RUBRIC_UNCLOSED,
		    lesson_qid(q));
	else if (at_eof)
		lesson_pdiag(p, q->loc.line, 1, LMSG_QUESTION_UNCLOSED,
		    lesson_qid(q));
	p->ctx = CTX_STEP;
	p->sink = SINK_STEP;
	p->text = NULL;
	p->q = NULL;
	p->para_open = false;
}

void
lesson_parse_rubric_line(lesson_parser *p, lesson_line *ln)
{
	lesson_question *q = p->q;
	size_t n = ln->len;

	while (n && lesson_blank(ln->text[n - 1]))
		n--;
	if (n == 4 && memcmp(ln->text, "@end", 4) == 0) {
		p->ctx = CTX_QUESTION;
		p->sink = SINK_NONE;
		return;
	}
	/* A directive among the rubric's lines means its @end is missing: the
	 * rubric took it, and the question's @end will close the rubric.
	 * Say so at the rubric, not later at the question. */
	static const char *const dirs[] = { "answer", "hint", "option", "correct",
	    "value", "format", "tolerance", "rubric", "question", "step", NULL };
	for (size_t i = 0; dirs[i] && !p->rubric_told; i++) {
		size_t k = strlen(dirs[i]);
		if (n > k && ln->text[0] == '@' && memcmp(ln->text + 1, dirs[i], k)
		    == 0 && (n == k + 1 || lesson_blank(ln->text[k + 1]))) {
			lesson_pdiag(p, q->rubric_loc.line, 1, LMSG_RUBRIC_NOT_CLOSED,
			    lesson_qid(q), dirs[i], ln->lineno);
			p->rubric_told = true;
		}
	}
	if (q->nrubric >= LESSON_MAX_RUBRIC) {	/* skipped up to its @end */
		if (!p->capped)
			lesson_pdiag(p, ln->lineno, 1, LMSG_TOO_MANY_RUBRIC,
			    LESSON_MAX_RUBRIC);
		p->capped = true;
		return;
	}
	lesson_rubric_line *nr = lesson_push(q->rubric, &q->nrubric, sizeof *nr,
	    LESSON_MAX_RUBRIC);
	if (nr == NULL) {
		p->oom = true;
		return;
	}
	q->rubric = nr;
	nr[q->nrubric - 1].text = lesson_pstrdup(p, ln->text, ln->len);
	nr[q->nrubric - 1].line = ln->lineno;
}

/* ---- the directives ------------------------------------------------------- */

/* A field that may be given once: report a second one. */
static bool
once(lesson_parser *p, const lesson_directive *dv, lesson_loc *seen, const char *name)
{
	if (seen->line) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_SECOND_QDIRECTIVE,
		    name, lesson_qid(p->q), seen->line);
		p->sink = SINK_NONE;
		return false;
	}
	*seen = (lesson_loc){ dv->line->lineno, dv->argcol };
	return true;
}

/* Start a text field with the rest of the directive's line. */
static void
start_text(lesson_parser *p, const lesson_directive *dv, lesson_text *t,
    lesson_sink sink, const char *s)
{
	p->sink = sink;
	p->text = t;
	t->loc = (lesson_loc){ dv->line->lineno, col_of(dv, s) };
	if (*s)
		lesson_text_add(p, t, s, strlen(s), dv->line->lineno, col_of(dv, s), false);
	p->para_open = true;
}

static void
q_option(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;
	size_t n = token_len(dv->arg);

	if (n == 0) {
		lesson_pdiag(p, dv->line->lineno, dv->argcol,
		    LMSG_OPTION_NO_KEY);
		p->sink = SINK_NONE;
		return;
	}
	if (q->nopts >= LESSON_MAX_OPTIONS) {	/* the rest are skipped */
		if (!p->capped)
			lesson_pdiag(p, dv->line->lineno, 1,
			    LMSG_TOO_MANY_OPTIONS, LESSON_MAX_OPTIONS,
			    lesson_qid(q));
		p->capped = true;
		p->sink = SINK_NONE;
		p->para_open = true;	/* its text is skipped silently */
		return;
	}
	lesson_option *no = lesson_push(q->opts, &q->nopts, sizeof *no, LESSON_MAX_OPTIONS);
	if (no == NULL) {
		p->oom = true;
		return;
	}
	q->opts = no;
	lesson_option *o = &no[q->nopts - 1];
	o->key = lesson_pstrdup(p, dv->arg, n);
	o->loc = (lesson_loc){ dv->line->lineno, dv->argcol };
	start_text(p, dv, &o->text, SINK_OPTION, skip_blanks(dv->arg + n));
}

static void
q_correct(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;

	p->sink = SINK_NONE;
	if (!once(p, dv, &q->correct_loc, "correct"))
		return;
	const char *s = dv->arg;
	while (*s) {
		while (lesson_blank(*s) || *s == ',')
			s++;
		size_t n = 0;
		while (s[n] && !lesson_blank(s[n]) && s[n] != ',')
			n++;
		if (n == 0)
			break;
		if (q->ncorrect >= LESSON_MAX_OPTIONS) {
			lesson_pdiag(p, dv->line->lineno, col_of(dv, s),
			    LMSG_TOO_MANY_CORRECT, LESSON_MAX_OPTIONS);
			return;
		}
		char **nc = lesson_push(q->correct, &q->ncorrect, sizeof *nc,
		    LESSON_MAX_OPTIONS);
		if (nc == NULL) {
			p->oom = true;
			return;
		}
		q->correct = nc;
		nc[q->ncorrect - 1] = lesson_pstrdup(p, s, n);
		s += n;
	}
	if (q->ncorrect == 0)
		lesson_pdiag(p, dv->line->lineno, dv->argcol,
		    LMSG_CORRECT_EMPTY);
}

static void
q_value(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;
	lesson_loc seen = q->value.loc;

	p->sink = SINK_NONE;
	if (!once(p, dv, &seen, "value"))
		return;
	q->value.loc = seen;	/* given, even when empty: no "has no @value" */
	if (dv->arg[0] == '\0') {
		lesson_pdiag(p, dv->line->lineno, dv->argcol, LMSG_VALUE_EMPTY);
		return;
	}
	q->has_value = true;
	q->value.src = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
}

static void
q_format(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;

	p->sink = SINK_NONE;
	if (!once(p, dv, &q->fmt_loc, "format"))
		return;
	if (dv->arg[0] == '\0')
		lesson_pdiag(p, dv->line->lineno, dv->argcol,
		    LMSG_FORMAT_EMPTY);
	q->fmt_name = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
}

static void
q_tolerance(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;

	p->sink = SINK_NONE;
	if (!once(p, dv, &q->tol_loc, "tolerance"))
		return;
	if (dv->arg[0] == '\0')
		lesson_pdiag(p, dv->line->lineno, dv->argcol,
		    LMSG_TOLERANCE_EMPTY);
	q->tol_text = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
}

static void
q_hint(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;

	if (q->nhints >= LESSON_MAX_HINTS) {	/* the rest are skipped */
		if (!p->capped)
			lesson_pdiag(p, dv->line->lineno, 1,
			    LMSG_TOO_MANY_HINTS, LESSON_MAX_HINTS,
			    lesson_qid(q));
		p->capped = true;
		p->sink = SINK_NONE;
		p->para_open = true;
		return;
	}
	lesson_text *nh = lesson_push(q->hints, &q->nhints, sizeof *nh, LESSON_MAX_HINTS);
	if (nh == NULL) {
		p->oom = true;
		return;
	}
	q->hints = nh;
	start_text(p, dv, &nh[q->nhints - 1], SINK_HINT, dv->arg);
}

static void
q_answer(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;

	if (!once(p, dv, &q->answer_loc, "answer"))
		return;
	start_text(p, dv, &q->answer, SINK_ANSWER, dv->arg);
}

/* @concise: the short answer a candidate gives under pressure, beside the
 * model answer; a free-text question's rubric must pass both. */
static void
q_concise(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;

	if (!once(p, dv, &q->concise_loc, "concise"))
		return;
	start_text(p, dv, &q->concise, SINK_ANSWER, dv->arg);
}

static void
q_rubric(lesson_parser *p, const lesson_directive *dv)
{
	lesson_question *q = p->q;
	char s[64];

	if (!once(p, dv, &q->rubric_loc, "rubric")) {
		p->ctx = CTX_RUBRIC;	/* still skip to its @end */
		return;
	}
	if (dv->arg[0])
		lesson_pdiag(p, dv->line->lineno, dv->argcol, LMSG_RUBRIC_EXTRA,
		    lesson_quote(dv->arg, strlen(dv->arg), s, sizeof s));
	p->ctx = CTX_RUBRIC;
	p->sink = SINK_NONE;
}

static void
q_end(lesson_parser *p, const lesson_directive *dv)
{
	char s[64];

	if (dv->arg[0])
		lesson_pdiag(p, dv->line->lineno, dv->argcol, LMSG_END_EXTRA,
		    lesson_quote(dv->arg, strlen(dv->arg), s, sizeof s));
	lesson_question_close(p, dv->line->lineno, false);
}

static const struct {
	const char *name;
	void (*fn)(lesson_parser *, const lesson_directive *);
} qdirectives[] = {
	{ "option", q_option },
	{ "correct", q_correct },
	{ "value", q_value },
	{ "format", q_format },
	{ "tolerance", q_tolerance },
	{ "hint", q_hint },
	{ "answer", q_answer },
	{ "concise", q_concise },
	{ "rubric", q_rubric },
	{ "end", q_end },
};

bool
lesson_parse_qdirective(lesson_parser *p, const lesson_directive *dv)
{
	for (size_t i = 0; i < sizeof qdirectives / sizeof qdirectives[0]; i++)
		if (strlen(qdirectives[i].name) == dv->namelen &&
		    memcmp(qdirectives[i].name, dv->name, dv->namelen) == 0) {
			qdirectives[i].fn(p, dv);
			return true;
		}
	return false;
}
