/*
 * grade.c — from matches to a grade: score, verdict and feedback for a
 * free-text rubric, and the first inversion for an order rubric.
 *
 * The verdict is decided in this order, each one a reason to fail however
 * many right words the answer holds: nothing to grade; key words without
 * sentences (salad); two exclusive claims asserted (a contradiction); a
 * misconception asserted; a required concept missing; a score below the
 * pass mark.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_int.h"

const char *
grade_verdict_text(grade_verdict v)
{
	switch (v) {
	case GRADE_PASS:		return "pass";
	case GRADE_LOW_SCORE:		return "not enough of the key points";
	case GRADE_MISSING_REQUIRED:	return "a required point is missing";
	case GRADE_MISCONCEPTION:	return "states a misconception";
	case GRADE_CONTRADICTION:	return "contradicts itself";
	case GRADE_SALAD:		return "a list of key words, not an explanation";
	case GRADE_EMPTY:		return "no answer";
	case GRADE_BAD_ORDER:		return "the steps are not in the right order";
	}
	return "?";
}

/* Key words without sentences: at least 6 words, under 12% of them
 * function words (the, is, so, because, not, ...).  Real answers, even
 * terse ones, have more glue than that. */
static bool
is_salad(const gtext *tx)
{
	size_t words = 0, func = 0;

	for (size_t i = 0; i < tx->n; i++) {
		if (tx->t[i].isnum)
			continue;
		words++;
		func += (tx->t[i].flags & TK_FUNC) != 0;
	}
	return words >= 6 && func * 100 < words * 12;
}

static const gentry *
entry(const grade_rubric *r, const char *id, size_t *idx)
{
	for (size_t i = 0; i < r->nent; i++)
		if (strcmp(r->ent[i].id, id) == 0) {
			*idx = i;
			return &r->ent[i];
		}
	return NULL;
}

static void
grade_order(const grade_rubric *r, const gtext *tx, const size_t *pos,
    grade_result *res)
{
	size_t len = 0, n = r->nent, missing = 0;
	char *f = res->order_found;

	/* The steps in the order the answer mentions them. */
	bool used[64] = { false };
	for (size_t k = 0; k < n && k < 64; k++) {
		size_t bi = n;
		for (size_t i = 0; i < n && i < 64; i++)
			if (!used[i] && pos[i] != (size_t)-1 && (bi == n || pos[i] < pos[bi]))
				bi = i;
		if (bi == n)
			break;
		used[bi] = true;
		len += (size_t)snprintf(f + len, sizeof res->order_found - len, "%s%s",
		    len ? " -> " : "", r->ent[bi].id);
		if (len >= sizeof res->order_found)
			break;
	}
	for (size_t i = 0; i < n; i++)
		missing += pos[i] == (size_t)-1;
	(void)tx;

	/* The first inversion: the earliest mention that comes before a step
	 * the canonical order puts ahead of it. */
	size_t bad_a = n, bad_b = n;
	for (size_t b = 0; b < n; b++) {
		if (pos[b] == (size_t)-1)
			continue;
		for (size_t a = 0; a < b; a++)
			if (pos[a] != (size_t)-1 && pos[b] < pos[a] &&
			    (bad_b == n || pos[b] < pos[bad_b])) {
				bad_a = a;
				bad_b = b;
				break;
			}
	}
	int score = 0;
	for (size_t i = 0; i + 1 < n; i++)
		score += pos[i] != (size_t)-1 && pos[i + 1] != (size_t)-1 &&
		    pos[i] < pos[i + 1];
	res->score = score;
	res->max = (int)n - 1;
	if (bad_b != n) {
		const char *why = NULL;
		for (size_t i = 0; i < r->nbec; i++)
			if (strcmp(r->bec[i].a, r->ent[bad_a].id) == 0 &&
			    strcmp(r->bec[i].b, r->ent[bad_b].id) == 0)
				why = r->bec[i].why;
		snprintf(res->inversion, sizeof res->inversion, "%s comes before %s%s%s",
		    r->ent[bad_b].id, r->ent[bad_a].id, why ? ": " : "", why ? why : "");
	}
	res->pass = bad_b == n && missing == 0;
	res->verdict = res->pass ? GRADE_PASS : GRADE_BAD_ORDER;
	/* Each step is a concept in the feedback: found or not. */
	for (size_t i = 0; i < n; i++) {
		grade_item *it = &res->concepts[res->nconcepts++];
		it->id = r->ent[i].id;
		it->hit = pos[i] != (size_t)-1;
		it->weight = 1;
		it->required = true;
		it->text = it->hit ? "" : "not mentioned";
	}
}

static void
check_exclusive(const grade_rubric *r, const gmatch *m, grade_result *res)
{
	for (size_t x = 0; x < r->nexcl && !res->contradiction[0]; x++) {
		const char *first = NULL;
		for (size_t k = 0; k < r->excl[x].n; k++) {
			size_t i;
			if (!entry(r, r->excl[x].ids[k], &i) || m[i] != GM_ASSERTED)
				continue;
			if (first == NULL) {
				first = r->excl[x].ids[k];
			} else {
				snprintf(res->contradiction, sizeof res->contradiction,
				    "%s and %s cannot both be true", first, r->excl[x].ids[k]);
				break;
			}
		}
	}
}

bool
grade_answer(const grade_rubric *r, const char *text, size_t len, grade_result *res)
{
	gtext tx;

	memset(res, 0, sizeof *res);
	if (!gtext_build(text, len, &tx))
		return false;
	gmatch *m = calloc(r->nent + 1, sizeof *m);
	size_t *pos = calloc(r->nent + 1, sizeof *pos);
	res->concepts = calloc(r->nent + 1, sizeof *res->concepts);
	res->miscs = calloc(r->nent + 1, sizeof *res->miscs);
	if (!m || !pos || !res->concepts || !res->miscs) {
		free(m);
		free(pos);
		gtext_free(&tx);
		grade_result_free(res);
		return false;
	}
	for (size_t i = 0; i < r->nent; i++)
		m[i] = tx.n ? grade_match(&r->ent[i], &tx, &pos[i]) : GM_NONE;

	if (grade_rubric_is_order(r)) {
		for (size_t i = 0; i < r->nent; i++)
			if (m[i] == GM_NONE)
				pos[i] = (size_t)-1;
		grade_order(r, &tx, pos, res);
		if (tx.n == 0)
			res->verdict = GRADE_EMPTY;
	} else {
		bool missing_req = false;
		for (size_t i = 0; i < r->nent; i++) {
			const gentry *e = &r->ent[i];
			if (e->kind == GK_CONCEPT) {
				grade_item *it = &res->concepts[res->nconcepts++];
				it->id = e->id;
				it->weight = e->weight;
				it->required = e->required;
				it->hit = m[i] == GM_ASSERTED || m[i] == GM_HYPOTHETICAL;
				it->text = it->hit ? (e->hit ? e->hit : "") : (e->miss ? e->miss : "");
				res->max += e->weight;
				if (it->hit)
					res->score += e->weight;
				else if (e->required)
					missing_req = true;
			} else if (e->kind == GK_MISC && m[i] == GM_ASSERTED) {
				grade_item *it = &res->miscs[res->nmiscs++];
				it->id = e->id;
				it->text = e->hit;
				it->hit = true;
			}
		}
		check_exclusive(r, m, res);
		if (tx.n == 0)
			res->verdict = GRADE_EMPTY;
		else if (is_salad(&tx))
			res->verdict = GRADE_SALAD;
		else if (res->contradiction[0])
			res->verdict = GRADE_CONTRADICTION;
		else if (res->nmiscs)
			res->verdict = GRADE_MISCONCEPTION;
		else if (missing_req)
			res->verdict = GRADE_MISSING_REQUIRED;
		else if (res->score < r->pass)
			res->verdict = GRADE_LOW_SCORE;
		else
			res->verdict = GRADE_PASS;
		res->pass = res->verdict == GRADE_PASS;
	}
	if (res->verdict == GRADE_EMPTY)
		res->pass = false;
	free(m);
	free(pos);
	gtext_free(&tx);
	return true;
}

void
grade_result_free(grade_result *res)
{
	free(res->concepts);
	free(res->miscs);
	res->concepts = NULL;
	res->miscs = NULL;
}
