/*
 * parse.c — the second stage: lines to the lesson model.  Syntax and
 * structure only: which directive, in which context, which block is open,
 * where prose belongs.  Names, numbers and expressions are kept as written
 * (with their place) for the validator.  Directives dispatch through a
 * table; the question's own directives are in parse_q.c.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

/* ---- steps and blocks ---------------------------------------------------- */

static lesson_step *
cur_step(lesson_parser *p)
{
	return p->l->nsteps ? &p->l->steps[p->l->nsteps - 1] : NULL;
}

/* Append an item to the current step; NULL (reported once) at the cap. */
static lesson_item *
add_item(lesson_parser *p, lesson_ikind kind, int line)
{
	lesson_step *s = cur_step(p);

	if (s == NULL)
		return NULL;	/* never: items come after a @step */
	if (s->nitems >= LESSON_MAX_ITEMS) {
		if (p->items_capped != p->l->nsteps)
			lesson_pdiag(p, line, 1, LMSG_TOO_MANY_ITEMS,
			    LESSON_MAX_ITEMS);
		p->items_capped = p->l->nsteps;
		return NULL;
	}
	lesson_item *ni = lesson_push(s->items, &s->nitems, sizeof *ni, LESSON_MAX_ITEMS);
	if (ni == NULL) {
		p->oom = true;
		return NULL;
	}
	s->items = ni;
	ni[s->nitems - 1].kind = kind;
	ni[s->nitems - 1].wait = lesson_parse_wait(p);
	return &ni[s->nitems - 1];
}

/* "@reveal": what follows in the step waits for the question just before
 * it (predict, then see).  A step can hold several: each waits for the
 * question before it. */
static void
d_reveal(lesson_parser *p, const lesson_directive *dv)
{
	lesson_step *s = cur_step(p);
	size_t i = s ? s->nitems : 0;

	p->sink = SINK_STEP;
	if (dv->arg[0] != '\0')
		lesson_pdiag(p, dv->line->lineno, dv->argcol, LMSG_REVEAL_ARG);
	while (i > 0 && s->items[i - 1].kind != LI_QUESTION)
		i--;
	if (i == 0) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_REVEAL_NO_QUESTION);
		return;
	}
	p->reveal_step = p->l->nsteps;
	p->reveal_q = s->items[i - 1].index + 1;
}

/* A prose line in a step: start or continue a paragraph item. */
static void
step_prose(lesson_parser *p, const lesson_line *ln, const char *s, size_t len, int col)
{
	lesson_step *st = cur_step(p);
	bool verbatim = len > 0 && lesson_blank(s[0]);

	if (st == NULL)
		return;		/* never: prose goes to a step only after @step */
	lesson_item *it = st->nitems ? &st->items[st->nitems - 1] : NULL;

	if (p->para_open && it && it->kind == LI_PARA && it->para.verbatim == verbatim) {
		lesson_text t = { &it->para, 1, { 0, 0 } };
		lesson_text_add(p, &t, s, len, ln->lineno, col, true);
		return;
	}
	it = add_item(p, LI_PARA, ln->lineno);
	if (it == NULL)
		return;
	lesson_text t = { NULL, 0, { 0, 0 } };
	lesson_text_add(p, &t, s, len, ln->lineno, col, false);
	if (t.n == 1) {
		it->para = t.paras[0];
		free(t.paras);
	} else {
		st->nitems--;	/* out of memory: drop the item */
	}
	p->para_open = true;
}

static void
d_step(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;

	if (dv->arg[0] == '\0')
		lesson_pdiag(p, dv->line->lineno, dv->argcol,
		    LMSG_STEP_NO_TITLE);
	if (l->nsteps >= LESSON_MAX_STEPS) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_TOO_MANY_STEPS,
		    LESSON_MAX_STEPS);
		p->stop = true;
		return;
	}
	lesson_step *ns = lesson_push(l->steps, &l->nsteps, sizeof *ns, LESSON_MAX_STEPS);
	if (ns == NULL) {
		p->oom = true;
		return;
	}
	l->steps = ns;
	lesson_step *s = &ns[l->nsteps - 1];
	s->title = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
	s->loc = (lesson_loc){ dv->line->lineno, 1 };
	p->ctx = CTX_STEP;
	p->sink = SINK_STEP;
}

static lesson_block *
d_block(lesson_parser *p, const lesson_directive *dv, lesson_bkind kind)
{
	lesson *l = p->l;

	lesson_item *it = add_item(p, LI_BLOCK, dv->line->lineno);
	if (it == NULL)
		return NULL;
	lesson_block *nb = lesson_push(l->blocks, &l->nblocks, sizeof *nb, SIZE_MAX);
	if (nb == NULL) {
		p->oom = true;	/* the whole lesson is dropped */
		return NULL;
	}
	l->blocks = nb;
	lesson_block *b = &nb[l->nblocks - 1];
	b->kind = kind;
	b->loc = (lesson_loc){ dv->line->lineno, 1 };
	b->args = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
	b->args_loc = (lesson_loc){ dv->line->lineno, dv->argcol };
	b->nframes = 1;
	it->index = l->nblocks - 1;
	p->sink = SINK_STEP;
	return b;
}

/* "@drill KIND [N] ...": the block, then its N drills as questions of
 * the step (their ids and text come from the validator, which draws the
 * drills; validate_drill.c reads the arguments for both).  Arguments it
 * cannot read make no questions: the validator says what is wrong. */
static void
d_drill(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;
	lesson_drill_spec spec;
	int lineno = dv->line->lineno;

	lesson_block *b = d_block(p, dv, LB_DRILL);
	if (b == NULL || !lesson_drill_args(b->args, &spec))
		return;
	b->drill_q0 = l->nquestions;
	for (int i = 0; i < spec.count; i++) {
		if (l->nquestions >= LESSON_MAX_QUESTIONS) {
			lesson_pdiag(p, lineno, 1, LMSG_TOO_MANY_QUESTIONS,
			    LESSON_MAX_QUESTIONS);
			p->stop = true;
			return;
		}
		lesson_item *it = add_item(p, LI_QUESTION, lineno);
		if (it == NULL) {
			p->stop = true;	/* the item cap, reported */
			return;
		}
		lesson_question *nq = lesson_push(l->questions, &l->nquestions,
		    sizeof *nq, LESSON_MAX_QUESTIONS);
		if (nq == NULL) {
			p->oom = true;
			return;
		}
		l->questions = nq;
		lesson_question *q = &nq[l->nquestions - 1];
		it->index = l->nquestions - 1;
		q->type = LQ_DRILL;
		q->loc = (lesson_loc){ lineno, 1 };
		q->id_loc = b->args_loc;
		q->step = l->nsteps - 1;
		q->id = lesson_pstrdup(p, "", 0);
	}
}

/* ---- the header ---------------------------------------------------------- */

static void
d_lesson(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;

	if (l->id) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_SECOND_LESSON,
		    l->id_loc.line);
		return;
	}
	l->id = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
	l->id_loc = (lesson_loc){ dv->line->lineno, dv->argcol };
	p->sink = SINK_NONE;
}

static void
d_title(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;

	if (l->title) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_SECOND_TITLE,
		    l->title_loc.line);
		return;
	}
	if (dv->arg[0] == '\0')
		lesson_pdiag(p, dv->line->lineno, dv->argcol, LMSG_TITLE_EMPTY);
	l->title = lesson_pstrdup(p, dv->arg, strlen(dv->arg));
	l->title_loc = (lesson_loc){ dv->line->lineno, dv->argcol };
	p->sink = SINK_NONE;
}

static void
d_summary(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;

	if (l->summary_loc.line) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_SECOND_SUMMARY,
		    l->summary_loc.line);
		p->sink = SINK_NONE;
		return;
	}
	l->summary_loc = (lesson_loc){ dv->line->lineno, dv->argcol };
	if (dv->arg[0])
		lesson_text_add(p, &l->summary, dv->arg, strlen(dv->arg),
		    dv->line->lineno, dv->argcol, false);
	p->sink = SINK_SUMMARY;
	p->text = &l->summary;
	p->para_open = dv->arg[0] != '\0';
}

/* "@order N": where the lesson goes in lists, 1..LESSON_MAX_ORDER.  Read
 * strictly (digits only) so "2a" or "-1" is an error, not a silent 2. */
static void
d_order(lesson_parser *p, const lesson_directive *dv)
{
	lesson *l = p->l;
	const char *a = dv->arg;
	size_t n = strspn(a, "0123456789");
	long v = 0;

	p->sink = SINK_NONE;
	if (l->order_loc.line) {
		lesson_pdiag(p, dv->line->lineno, 1, LMSG_SECOND_ORDER,
		    l->order_loc.line);
		return;
	}
	l->order_loc = (lesson_loc){ dv->line->lineno, dv->argcol };
	for (size_t i = 0; i < n && v <= LESSON_MAX_ORDER; i++)
		v = v * 10 + (a[i] - '0');
	if (n == 0 || a[n] != '\0' || v < 1 || v > LESSON_MAX_ORDER) {
		char q[64];
		lesson_pdiag(p, dv->line->lineno, dv->argcol, LMSG_BAD_ORDER,
		    LESSON_MAX_ORDER, lesson_quote(a, strlen(a), q, sizeof q));
		return;
	}
	l->order = (int)v;
}

/* ---- dispatch ---------------------------------------------------------------- */

enum { IN_HEADER = 1, IN_STEP = 2 };

typedef struct directive_def {
	const char *name;
	unsigned where;
	void (*fn)(lesson_parser *, const lesson_directive *);
	int block;		/* a block kind, or -1 */
} directive_def;

static const directive_def directives[] = {
	{ "lesson",	IN_HEADER, d_lesson, -1 },
	{ "title",	IN_HEADER, d_title, -1 },
	{ "summary",	IN_HEADER, d_summary, -1 },
	{ "order",	IN_HEADER, d_order, -1 },
	{ "step",	IN_HEADER | IN_STEP, d_step, -1 },
	{ "question",	IN_STEP, lesson_question_open, -1 },
	{ "reveal",	IN_STEP, d_reveal, -1 },
	{ "bits",	IN_STEP, NULL, LB_BITS },
	{ "round",	IN_STEP, NULL, LB_ROUND },
	{ "calc",	IN_STEP, NULL, LB_CALC },
	{ "scaling",	IN_STEP, NULL, LB_SCALING },
	{ "softmax",	IN_STEP, NULL, LB_SOFTMAX },
	{ "scaler",	IN_STEP, NULL, LB_SCALER },
	{ "plot",	IN_STEP, NULL, LB_PLOT },
	{ "train",	IN_STEP, NULL, LB_TRAIN },
	{ "drill",	IN_STEP, d_drill, -1 },
	{ "inspect",	IN_STEP, NULL, LB_INSPECT },
};

/* The question's directives, for "only inside a question" messages. */
static const char *const qdirectives[] = {
	"option", "correct", "value", "format", "tolerance", "hint", "answer",
	"rubric",
};

/* "unknown directive '@x'", with the closest directive when one is near. */
static void
unknown_directive(lesson_parser *p, int lineno, const lesson_directive *dv)
{
	const char *names[sizeof directives / sizeof directives[0] +
	    sizeof qdirectives / sizeof qdirectives[0] + 1];
	size_t n = 0;
	char q[64];

	for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
		names[n++] = directives[i].name;
	for (size_t i = 0; i < sizeof qdirectives / sizeof qdirectives[0]; i++)
		names[n++] = qdirectives[i];
	names[n++] = "end";
	const char *near = lesson_suggest(dv->name, dv->namelen, names, n);
	if (near)
		lesson_pdiag(p, lineno, 1, LMSG_UNKNOWN_DIRECTIVE_NEAR,
		    lesson_quote(dv->name, dv->namelen, q, sizeof q), near);
	else
		lesson_pdiag(p, lineno, 1, LMSG_UNKNOWN_DIRECTIVE,
		    lesson_quote(dv->name, dv->namelen, q, sizeof q));
}

static const directive_def *
find_directive(const lesson_directive *dv)
{
	for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
		if (strlen(directives[i].name) == dv->namelen &&
		    memcmp(directives[i].name, dv->name, dv->namelen) == 0)
			return &directives[i];
	return NULL;
}

static bool
is_qdirective(const lesson_directive *dv)
{
	for (size_t i = 0; i < sizeof qdirectives / sizeof qdirectives[0]; i++)
		if (strlen(qdirectives[i]) == dv->namelen &&
		    memcmp(qdirectives[i], dv->name, dv->namelen) == 0)
			return true;
	return false;
}

static void
directive(lesson_parser *p, const lesson_directive *dv)
{
	char q[64];
	int lineno = dv->line->lineno;

	p->para_open = false;
	if (p->ctx == CTX_QUESTION) {
		if (lesson_parse_qdirective(p, dv))
			return;
		const directive_def *def = find_directive(dv);
		if (def == NULL) {
			unknown_directive(p, lineno, dv);
			return;
		}
		lesson_pdiag(p, lineno, 1, LMSG_DIRECTIVE_IN_QUESTION,
		    def->name, lesson_qid(p->q));
		lesson_question_close(p, lineno, false);
	}
	const directive_def *def = find_directive(dv);
	if (def == NULL) {
		if (dv->namelen == 3 && memcmp(dv->name, "end", 3) == 0)
			lesson_pdiag(p, lineno, 1, LMSG_END_OUTSIDE);
		else if (is_qdirective(dv))
			lesson_pdiag(p, lineno, 1, LMSG_QDIRECTIVE_OUTSIDE,
			    lesson_quote(dv->name, dv->namelen, q, sizeof q));
		else
			unknown_directive(p, lineno, dv);
		return;
	}
	if (p->ctx == CTX_HEADER && !(def->where & IN_HEADER)) {
		lesson_pdiag(p, lineno, 1, LMSG_DIRECTIVE_BEFORE_STEP,
		    def->name);
		return;
	}
	if (p->ctx == CTX_STEP && !(def->where & IN_STEP)) {
		lesson_pdiag(p, lineno, 1, LMSG_DIRECTIVE_AFTER_STEP,
		    def->name);
		return;
	}
	if (p->l->id == NULL && def->fn != d_lesson && !p->no_lesson) {
		lesson_pdiag(p, lineno, 1, LMSG_LESSON_NOT_FIRST);
		p->no_lesson = true;
	}
	if (def->block >= 0)
		d_block(p, dv, (lesson_bkind)def->block);
	else
		def->fn(p, dv);
}

/* Split "@name arg" into its parts; false when no name follows the '@'. */
static bool
split_directive(const lesson_line *ln, lesson_directive *dv)
{
	const char *s = ln->text + 1;
	size_t n = 0;

	while (s[n] && !lesson_blank(s[n]))
		n++;
	if (n == 0)
		return false;
	const char *a = s + n;
	while (lesson_blank(*a))
		a++;
	dv->line = ln;
	dv->name = s;
	dv->namelen = n;
	dv->arg = a;
	dv->argcol = 1 + lesson_chars(ln->text, (size_t)(a - ln->text));
	return true;
}

/* Trailing blanks of an argument are not part of it. */
static void
trim_end(lesson_line *ln)
{
	while (ln->len && lesson_blank(ln->text[ln->len - 1]))
		ln->text[--ln->len] = '\0';
}

static void
prose(lesson_parser *p, const lesson_line *ln, const char *s, size_t len, int col)
{
	switch (p->sink) {
	case SINK_STEP:
		step_prose(p, ln, s, len, col);
		return;
	case SINK_NONE:		/* reported once per paragraph */
		if (p->para_open)
			;
		else if (p->ctx == CTX_HEADER)
			lesson_pdiag(p, ln->lineno, col, LMSG_TEXT_BEFORE_STEP);
		else
			lesson_pdiag(p, ln->lineno, col, LMSG_TEXT_IN_QUESTION,
			    p->q ? lesson_qid(p->q) : "?");
		p->para_open = true;
		return;
	default:
		lesson_text_add(p, p->text, s, len, ln->lineno, col, p->para_open);
		p->para_open = true;
		return;
	}
}

static void
parse_line(lesson_parser *p, lesson_line *ln)
{
	const char *s = ln->text;

	if (p->ctx == CTX_RUBRIC) {
		lesson_parse_rubric_line(p, ln);
		return;
	}
	if (s[0] == '#')
		return;
	size_t k = 0;
	while (k < ln->len && lesson_blank(s[k]))
		k++;
	if (k == ln->len) {		/* blank: ends a paragraph */
		p->para_open = false;
		return;
	}
	if (s[0] == '\\') {
		prose(p, ln, s + 1, ln->len - 1, 2);
		return;
	}
	if (s[0] != '@') {
		prose(p, ln, s, ln->len, 1);
		return;
	}
	trim_end(ln);
	lesson_directive dv;
	if (!split_directive(ln, &dv)) {
		lesson_pdiag(p, ln->lineno, 1, LMSG_BARE_AT);
		return;
	}
	directive(p, &dv);
}

lesson *
lesson_parse(const lesson_source *src, lesson_diags *d)
{
	lesson_parser p = { .src = src, .d = d, .ctx = CTX_HEADER };
	size_t errors0 = d->nerrors;

	p.l = calloc(1, sizeof *p.l);
	if (p.l == NULL || (p.l->file = strdup(src->file)) == NULL) {
		free(p.l);
		return NULL;
	}
	for (size_t i = 0; i < src->nlines && !p.oom && !p.stop && !d->stopped; i++)
		parse_line(&p, &src->lines[i]);
	if (p.oom) {
		lesson_free(p.l);
		return NULL;
	}
	p.l->stopped = p.stop;
	if (p.stop) {
		p.l->parse_errors = d->nerrors - errors0;
		return p.l;	/* the rest was not read: no more to say */
	}
	if (p.ctx == CTX_QUESTION || p.ctx == CTX_RUBRIC)
		lesson_question_close(&p, 0, true);
	if (p.l->id == NULL && !p.no_lesson)
		lesson_pdiag(&p, 1, 1, LMSG_NO_LESSON);
	else if (p.l->title == NULL)
		lesson_pdiag(&p, p.l->id_loc.line ? p.l->id_loc.line : 1, 1,
		    LMSG_NO_TITLE);
	if (p.l->id && p.l->summary_loc.line == 0)
		lesson_pdiag(&p, p.l->id_loc.line ? p.l->id_loc.line : 1, 1,
		    LMSG_NO_SUMMARY);
	if (p.l->nsteps == 0) {
		int last = src->nlines ? src->lines[src->nlines - 1].lineno : 1;
		lesson_pdiag(&p, last, 1, LMSG_NO_STEP);
	}
	p.l->parse_errors = d->nerrors - errors0;
	return p.l;
}
