/*
 * rubric.c — reading a rubric, one line at a time, into the compiled form
 * the matcher uses.  The language (fptutor-lesson(5) has the full text):
 *
 *   synonym NAME: alt | alt | ...
 *   concept ID WEIGHT [core]: phrase | phrase | ...   (core: a pass needs it;
 *                                      the rest is credit)
 *       hit: what the answer showed        (optional, indented)
 *       miss: what it should have said     (optional, indented)
 *   misconception ID: phrase | ...
 *       why: why it is wrong               (required, indented)
 *   claim ID: phrase | ...                 (for exclusive, not scored)
 *   exclusive: ID ID ...                   (asserting two: contradiction)
 *   shared: ID ... | all                   (the subject's misconceptions,
 *                                      written once in shared.c)
 *   step ID [optional]: phrase | ...       (order rubrics, in order; an
 *                                      optional step is placed when named)
 *   | phrase | ...                        (more phrases for the entry above)
 *   because ID ID: why the first must come before the second
 *   pass: N                                (a score bar beside the core;
 *                                      default none)
 *   window: N                              (default proximity window)
 *
 * A phrase is terms separated by blanks, all found in one clause within a
 * window of tokens, in any order.  A term is a word (stemmed: scaling
 * matches scale), =word (that form only: =step is not "steps"), word*
 * (prefix), a/b/c (alternatives), @NAME (a synonym),
 * "a quoted run" (adjacent words), or a number (65504, 1e-8, 2^-24,
 * 65504~1% for a tolerance).  "not:" before a phrase: it counts only when
 * the answer negates it; "seq:" before a phrase: its terms must come in
 * the order written ("seq: bf16 more precise" is not matched by "fp16 is
 * more precise than bf16"); "span:": the phrase may cross clause
 * boundaries (for lists: "backward, zero_grad, unscale_").  "~N" as the
 * last term sets the window.
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

grade_rubric *
grade_rubric_new(void)
{
	grade_rubric *r = calloc(1, sizeof *r);

	if (r == NULL)
		return NULL;
	r->pass = -1;
	r->window = 8;
	if ((r->arena = calloc(1, sizeof *r->arena)) == NULL) {
		free(r);
		return NULL;
	}
	return r;
}

/* The phrases, their terms and the texts are in the arena. */
void
grade_rubric_free(grade_rubric *r)
{
	if (r == NULL)
		return;
	free(r->syn);
	free(r->ent);
	free(r->excl);
	free(r->bec);
	free(r->shphr);
	free(r->need);
	grade_index_free(&r->own);
	grade_arena_free(r->arena);
	free(r);
}

/* Read an identifier at *s into buf; false if none. */
static bool
read_id(const char **s, char *buf, size_t n)
{
	size_t k = 0;
	*s = grade_skip_ws(*s);
	while (grade_is_idchar((unsigned char)**s) && k + 1 < n)
		buf[k++] = *(*s)++;
	buf[k] = '\0';
	return k > 0 && !grade_is_idchar((unsigned char)**s);
}

static gentry *
find_entry(const grade_rubric *r, const char *id)
{
	for (size_t i = 0; i < r->nent; i++)
		if (strcmp(r->ent[i].id, id) == 0)
			return &r->ent[i];
	return NULL;
}

/* ---- lines ----------------------------------------------------------------- */

/* s without the blanks around it, kept in r's arena. */
static char *
dup_text(grade_rubric *r, const char *s)
{
	s = grade_skip_ws(s);
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	char *t = grade_keep(r->arena, NULL, n + 1);
	if (t)
		memcpy(t, s, n);
	return t;
}

/* "hit:", "miss:", "why:" lines: text for the entry above. */
static bool
line_text(grade_rubric *r, const char *kw, const char *p, grade_diag *d,
    const char *line)
{
	gentry *e = r->nent ? &r->ent[r->nent - 1] : NULL;
	char **slot;

	if (e == NULL)
		return grade_err(d, 0, "'%s:' must follow a concept, misconception or claim", kw);
	if (strcmp(kw, "miss") == 0 && e->kind == GK_CONCEPT)
		slot = &e->miss;
	else if (strcmp(kw, "hit") == 0 && e->kind == GK_CONCEPT)
		slot = &e->hit;
	else if (strcmp(kw, "why") == 0 && e->kind != GK_CONCEPT)
		slot = &e->hit;
	else
		return grade_err(d, (size_t)(grade_skip_ws(line) - line), "'%s:' does not belong to a %s",
		    kw, e->kind == GK_CONCEPT ? "concept (use hit: or miss:)"
		    : "misconception, claim or step (use why:)");
	if (*slot)
		return grade_err(d, (size_t)(grade_skip_ws(line) - line), "a second '%s:' for %s", kw, e->id);
	if (*grade_skip_ws(p) == '\0')
		return grade_err(d, (size_t)(p - line), "'%s:' needs a text", kw);
	if ((*slot = dup_text(r, p)) == NULL)
		return grade_err(d, 0, "out of memory");
	return true;
}

static bool
line_entry(grade_rubric *r, gkind kind, const char *p, grade_diag *d, const char *line)
{
	char id[48];
	const char *at = grade_skip_ws(p);

	if (!read_id(&p, id, sizeof id))
		return grade_err(d, (size_t)(at - line), "expected an id (letters, digits, - _ .)");
	if (find_entry(r, id))
		return grade_err(d, (size_t)(at - line), "'%s' is defined twice", id);
	gentry e = { .kind = kind, .weight = 0 };
	snprintf(e.id, sizeof e.id, "%s", id);
	if (kind == GK_CONCEPT) {
		p = grade_skip_ws(p);
		char *end;
		long w = strtol(p, &end, 10);
		if (end == p || w < 1 || w > 100)
			return grade_err(d, (size_t)(p - line), "a concept needs a weight from 1 to 100");
		e.weight = (int)w;
		p = grade_skip_ws(end);
		/* core (or its older name, required): a point a pass needs */
		if (strncmp(p, "core", 4) == 0 && !grade_is_idchar((unsigned char)p[4])) {
			e.required = true;
			p += 4;
		} else if (strncmp(p, "required", 8) == 0) {
			e.required = true;
			p += 8;
		}
	}
	if (kind == GK_STEP) {	/* optional: placed when named, not missed */
		e.required = true;
		p = grade_skip_ws(p);
		if (strncmp(p, "optional", 8) == 0 && !grade_is_idchar((unsigned char)p[8])) {
			e.required = false;
			p += 8;
		}
	}
	p = grade_skip_ws(p);
	if (*p != ':')
		return grade_err(d, (size_t)(p - line), "expected ':' before the phrases");
	if (!grade_read_phrases(r, p + 1, &e, d, line))
		return false;
	gentry *slot = grade_grow(&r->ent, &r->nent, sizeof *r->ent);
	if (slot == NULL)
		return grade_err(d, 0, "out of memory");
	*slot = e;
	return true;
}

static bool
line_synonym(grade_rubric *r, const char *p, grade_diag *d, const char *line)
{
	char name[32];
	const char *at = grade_skip_ws(p);

	if (!read_id(&p, name, sizeof name))
		return grade_err(d, (size_t)(at - line), "expected a synonym name");
	if (grade_find_syn(r, name, strlen(name)))
		return grade_err(d, (size_t)(at - line), "synonym '%s' is defined twice", name);
	p = grade_skip_ws(p);
	if (*p != ':')
		return grade_err(d, (size_t)(p - line), "expected ':' after the synonym name");
	gsyn sy = { .nalts = 0 };
	gvec *alts = &r->arena->alt;
	snprintf(sy.name, sizeof sy.name, "%s", name);
	p++;
	alts->n = 0;
	for (;;) {
		p = grade_skip_ws(p);
		if (!grade_read_term(r, &p, alts, false, d, line))
			return false;
		p = grade_skip_ws(p);
		if (*p == '\0')
			break;
		if (*p != '|')
			return grade_err(d, (size_t)(p - line), "expected '|' between alternatives");
		p++;
	}
	sy.nalts = alts->n;
	sy.alts = grade_keep(r->arena, alts->v, alts->n * sizeof *sy.alts);
	gsyn *slot = sy.alts ? grade_grow(&r->syn, &r->nsyn, sizeof *r->syn) : NULL;
	if (slot == NULL)
		return grade_err(d, 0, "out of memory");
	*slot = sy;
	return true;
}

static bool
line_exclusive(grade_rubric *r, const char *p, grade_diag *d, const char *line)
{
	gexcl x = { .n = 0 };

	while (*(p = grade_skip_ws(p)) != '\0') {
		if (x.n == 8)
			return grade_err(d, (size_t)(p - line), "at most 8 claims in one exclusive line");
		if (!read_id(&p, x.ids[x.n], sizeof x.ids[0]))
			return grade_err(d, (size_t)(p - line), "expected a claim id");
		x.n++;
	}
	if (x.n < 2)
		return grade_err(d, (size_t)(p - line), "exclusive needs at least two ids");
	gexcl *slot = grade_grow(&r->excl, &r->nexcl, sizeof *r->excl);
	if (slot == NULL)
		return grade_err(d, 0, "out of memory");
	*slot = x;
	return true;
}

static bool
line_because(grade_rubric *r, const char *p, grade_diag *d, const char *line)
{
	gbecause b = { .why = NULL };
	const char *at = grade_skip_ws(p);

	if (!read_id(&p, b.a, sizeof b.a) || !read_id(&p, b.b, sizeof b.b))
		return grade_err(d, (size_t)(at - line), "expected two step ids: because FIRST THEN: why");
	p = grade_skip_ws(p);
	if (*p != ':' || *grade_skip_ws(p + 1) == '\0')
		return grade_err(d, (size_t)(p - line), "expected ':' and the reason");
	if ((b.why = dup_text(r, p + 1)) == NULL)
		return grade_err(d, 0, "out of memory");
	gbecause *slot = grade_grow(&r->bec, &r->nbec, sizeof *r->bec);
	if (slot == NULL)
		return grade_err(d, 0, "out of memory");
	*slot = b;
	return true;
}

static bool
line_number(int *out, int lo, int hi, const char *kw, const char *p,
    grade_diag *d, const char *line)
{
	char *end;
	p = grade_skip_ws(p);
	long v = strtol(p, &end, 10);
	if (end == p || *grade_skip_ws(end) != '\0' || v < lo || v > hi)
		return grade_err(d, (size_t)(p - line), "%s needs a whole number from %d to %d",
		    kw, lo, hi);
	*out = (int)v;
	return true;
}

bool
grade_rubric_line(grade_rubric *r, const char *line, grade_diag *d)
{
	static const struct { const char *kw; gkind kind; } entries[] = {
		{ "concept", GK_CONCEPT }, { "misconception", GK_MISC },
		{ "claim", GK_CLAIM }, { "step", GK_STEP },
	};
	const char *p = grade_skip_ws(line);
	char kw[24];
	size_t n = 0;

	d->col = 0;
	d->msg[0] = '\0';
	if (strlen(line) > GRADE_MAX_LINE)
		return grade_err(d, GRADE_MAX_LINE, "line too long (at most %d bytes)", GRADE_MAX_LINE);
	if (*p == '\0' || *p == '#')
		return true;
	if (*p == '|') {	/* more phrases for the entry above */
		if (r->finished)
			return grade_err(d, 0, "the rubric is already complete");
		if (r->nent == 0)
			return grade_err(d, (size_t)(p - line), "'|' continues a concept, "
			    "misconception, claim or step: none is above");
		return grade_read_phrases(r, p + 1, &r->ent[r->nent - 1], d, line);
	}
	while ((isalpha((unsigned char)p[n]) || p[n] == '-') && n + 1 < sizeof kw) {
		kw[n] = p[n];
		n++;
	}
	kw[n] = '\0';
	const char *rest = p + n;
	if (r->finished)
		return grade_err(d, 0, "the rubric is already complete");
	for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++)
		if (strcmp(kw, entries[i].kw) == 0 && (*rest == ' ' || *rest == '\t'))
			return line_entry(r, entries[i].kind, rest, d, line);
	if (strcmp(kw, "synonym") == 0 && (*rest == ' ' || *rest == '\t'))
		return line_synonym(r, rest, d, line);
	if (strcmp(kw, "because") == 0 && (*rest == ' ' || *rest == '\t'))
		return line_because(r, rest, d, line);
	if (*rest == ':') {
		if (strcmp(kw, "hit") == 0 || strcmp(kw, "miss") == 0 || strcmp(kw, "why") == 0)
			return line_text(r, kw, rest + 1, d, line);
		if (strcmp(kw, "exclusive") == 0)
			return line_exclusive(r, rest + 1, d, line);
		if (strcmp(kw, "shared") == 0)
			return grade_line_shared(r, rest + 1, d, line);
		if (strcmp(kw, "pass") == 0)
			return line_number(&r->pass, 0, 10000, "pass:", rest + 1, d, line);
		if (strcmp(kw, "window") == 0)
			return line_number(&r->window, 1, 64, "window:", rest + 1, d, line);
	}
	return grade_err(d, (size_t)(p - line), "unknown rubric line '%s' (expected synonym, "
	    "concept, misconception, claim, exclusive, step, because, hit:, miss:, "
	    "why:, shared:, pass: or window:)", kw[0] ? kw : p);
}

void
grade_rubric_set_constants(grade_rubric *r, const grade_constants *c)
{
	r->constants = *c;
	r->has_constants = true;
}

bool
grade_rubric_finish(grade_rubric *r, grade_diag *d)
{
	int max = 0;
	size_t nsteps = 0, nconcepts = 0;

	d->col = 0;
	d->msg[0] = '\0';
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		if (e->kind == GK_MISC && e->hit == NULL)
			return grade_err(d, 0, "misconception '%s' needs a 'why:' line", e->id);
		max += e->kind == GK_CONCEPT ? e->weight : 0;
		nsteps += e->kind == GK_STEP;
		nconcepts += e->kind == GK_CONCEPT;
	}
	if (nsteps > 32)
		return grade_err(d, 0, "an order rubric has at most 32 steps");
	if (nsteps == 1)
		return grade_err(d, 0, "an order rubric needs at least two steps");
	if (!nsteps && !nconcepts)
		return grade_err(d, 0, "a rubric needs at least one concept (or steps for an order question)");
	/* A pass is the core points and no misconception; the other points
	 * are credit.  A rubric that marks no point core makes every point
	 * core, unless it sets pass: N, a bar on the score (which a rubric with
	 * core points may add too), or is an order question: there the steps
	 * in order are the core. */
	bool anycore = false;
	for (size_t i = 0; i < r->nent; i++)
		anycore |= r->ent[i].kind == GK_CONCEPT && r->ent[i].required;
	for (size_t i = 0; i < r->nent && !anycore && r->pass < 0 && !nsteps; i++)
		if (r->ent[i].kind == GK_CONCEPT)
			r->ent[i].required = true;
	if (r->pass < 0)
		r->pass = 0;
	if (r->pass > max)
		return grade_err(d, 0, "pass: %d is more than the %d points the concepts give", r->pass, max);
	for (size_t i = 0; i < r->nexcl; i++)
		for (size_t k = 0; k < r->excl[i].n; k++)
			if (!find_entry(r, r->excl[i].ids[k]))
				return grade_err(d, 0, "exclusive names '%s', which is not defined",
				    r->excl[i].ids[k]);
	for (size_t i = 0; i < r->nbec; i++) {
		const gentry *a = find_entry(r, r->bec[i].a), *b = find_entry(r, r->bec[i].b);
		if (!a || !b || a->kind != GK_STEP || b->kind != GK_STEP)
			return grade_err(d, 0, "because names '%s', which is not a step",
			    !a || a->kind != GK_STEP ? r->bec[i].a : r->bec[i].b);
		if (a >= b)
			return grade_err(d, 0, "because %s %s: %s does not come before %s",
			    a->id, b->id, a->id, b->id);
	}
	r->finished = true;
	grade_arena_done(r->arena);	/* nothing more is read */
	grade_index_rubric(r);	/* (if it cannot, every phrase is tried) */
	return true;
}

bool
grade_rubric_is_order(const grade_rubric *r)
{
	for (size_t i = 0; i < r->nent; i++)
		if (r->ent[i].kind == GK_STEP)
			return true;
	return false;
}
