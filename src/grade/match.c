/*
 * match.c — finding a rubric entry in an answer.
 *
 * A phrase matches when every one of its terms occurs in the same clause,
 * all inside a window of tokens, in any order (so "increase the loss
 * scale" and "the scale should be increased" both match increase + scale).
 * Each match is then read in its clause:
 *   negated      a negator stands just before it, with only words such as
 *                "the", "just", "should" between ("not the loss scale",
 *                "don't just increase the scale"), or just after it with
 *                only auxiliaries and verbs of fixing between ("raising
 *                the scale would not help", "is the wrong fix", "fixes
 *                nothing");
 *   hypothetical the clause opens with if / when / unless;
 *   asserted     otherwise.
 * Misconceptions and claims are read more charitably: any negator earlier
 * in their clause keeps them from being asserted.  Clauses end at sentence
 * punctuation, commas and contrast words ("not underflow but overflow" is
 * two clauses), which is what keeps negation from reaching too far; words
 * in quotes are a clause of their own that asserts nothing (someone else's
 * words, "divide the loss by S", are mentioned, not claimed).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade_int.h"

#define MAX_OCC 256	/* occurrences of one phrase's terms in one clause */

typedef struct occ {
	size_t start, end;	/* token span [start, end) */
	size_t term;
} occ;

static bool
el_matches(const gel *el, const gtok *t)
{
	if (el->isnum)
		return t->isnum && (el->num == t->num ||
		    fabs(t->num - el->num) <= el->tol * fabs(el->num));
	if (t->isnum)
		return false;
	if (el->exact)
		return strcmp(t->raw, el->word) == 0;
	if (el->prefix)
		return strncmp(t->raw, el->word, strlen(el->word)) == 0 ||
		    strncmp(t->stem, el->word, strlen(el->word)) == 0;
	return strcmp(t->stem, el->word) == 0;
}

/* Does alternative a match at token p, inside clause c? */
static bool
alt_at(const galt *a, const gtext *tx, size_t p, int c)
{
	if (p + a->nel > tx->n)
		return false;
	for (size_t k = 0; k < a->nel; k++)
		if ((c >= 0 && tx->t[p + k].clause != c) ||
		    !el_matches(&a->el[k], &tx->t[p + k]))
			return false;
	return true;
}

/* Occurrences of every term of ph in the clause [cs, ce), by start. */
static size_t
find_occ(const gphrase *ph, const gtext *tx, size_t cs, size_t ce, occ *o)
{
	size_t n = 0;
	int c = ph->span ? -1 : tx->t[cs].clause;

	for (size_t p = cs; p < ce && n < MAX_OCC; p++)
		for (size_t t = 0; t < ph->nterms && n < MAX_OCC; t++)
			for (size_t a = 0; a < ph->terms[t].nalts; a++)
				if (alt_at(&ph->terms[t].alts[a], tx, p, c)) {
					o[n++] = (occ){ p, p + ph->terms[t].alts[a].nel, t };
					break;
				}
	return n;
}

/* For a seq: phrase, the leftmost run of the terms in order within the
 * window: from each occurrence of the first term, take the earliest
 * occurrence of each next term after the previous one ends. */
static bool
ordered_window(const gphrase *ph, const occ *o, size_t n, size_t *ms, size_t *me)
{
	for (size_t a = 0; a < n; a++) {
		if (o[a].term != 0)
			continue;
		size_t end = o[a].end, t = 1;
		for (size_t b = a + 1; b < n && t < ph->nterms; b++)
			if (o[b].term == t && o[b].start >= end) {
				end = o[b].end;
				t++;
			}
		if (t == ph->nterms && end - o[a].start <= (size_t)ph->window) {
			*ms = o[a].start;
			*me = end;
			return true;
		}
	}
	return false;
}

/* The leftmost window of at most ph->window tokens holding every term. */
static bool
best_window(const gphrase *ph, const occ *o, size_t n, size_t *ms, size_t *me)
{
	if (ph->ordered)
		return ordered_window(ph, o, n, ms, me);
	size_t count[32] = { 0 }, have = 0, k = ph->nterms, l = 0;

	if (k > 32)
		return false;
	for (size_t r = 0; r < n; r++) {
		if (count[o[r].term]++ == 0)
			have++;
		while (have == k) {
			size_t end = 0;
			for (size_t i = l; i <= r; i++)
				if (o[i].end > end)
					end = o[i].end;
			if (end - o[l].start <= (size_t)ph->window) {
				*ms = o[l].start;
				*me = end;
				return true;
			}
			if (--count[o[l].term] == 0)
				have--;
			l++;
		}
	}
	return false;
}

/* Does token p match any term of the phrase (the rest of a noun phrase,
 * "larger GradScaler scale", continuing past the window's end)? */
static bool
part_of(const gphrase *ph, const gtext *tx, size_t p)
{
	for (size_t t = 0; t < ph->nterms; t++)
		for (size_t a = 0; a < ph->terms[t].nalts; a++)
			if (alt_at(&ph->terms[t].alts[a], tx, p, tx->t[p].clause))
				return true;
	return false;
}

/* Is the match [ms, me) in clause [cs, ce) negated?  Strictly (for what
 * the answer gets credit for): only a negator right before it, or right
 * after it past auxiliaries.  Loosely (before charging the answer with a
 * misconception or a claim): any negator earlier in the clause too, as in
 * "doesn't make fp16 more precise". */
static bool
negated(const gphrase *ph, const gtext *tx, size_t cs, size_t ce, size_t ms,
    size_t me, bool loose)
{
	const unsigned any = TK_NEGATOR | TK_PRENEG;

	if (loose)
		for (size_t q = cs; q < ms; q++)
			if (tx->t[q].flags & any)
				return true;
	/* inside: "bf16 is not more precise", "scaling is not needed" */
	for (size_t q = ms + 1; q + 1 < me; q++)
		if (tx->t[q].flags & TK_NEGATOR)
			return true;
	while (me < ce && part_of(ph, tx, me))
		me++;
	/* before: negator, then at most 3 skippable words */
	for (size_t q = ms; q > cs && ms - q < 4; q--) {
		const gtok *t = &tx->t[q - 1];
		if (t->flags & any)
			return true;
		if (!(t->flags & TK_SKIP))
			break;
	}
	/* after: at most 4 auxiliaries or fixing verbs, then a negator */
	for (size_t q = me; q < ce && q - me <= 4; q++) {
		const gtok *t = &tx->t[q];
		if (t->flags & TK_NEGATOR)
			return true;
		if (!(t->flags & TK_POSTSKIP))
			break;
	}
	return false;
}

static int
rank(gmatch m)
{
	return m == GM_ASSERTED ? 3 : m == GM_HYPOTHETICAL ? 2 : m == GM_NEGATED ? 1 : 0;
}

gmatch
grade_match(const gentry *e, const gtext *tx, size_t *first, size_t *pos,
    size_t maxpos, size_t *npos)
{
	occ o[MAX_OCC];
	gmatch best = GM_NONE;

	*first = (size_t)-1;
	if (npos)
		*npos = 0;
	for (size_t cs = 0; cs < tx->n;) {
		size_t ce = cs;
		while (ce < tx->n && tx->t[ce].clause == tx->t[cs].clause)
			ce++;
		bool hypo = tx->hypo[tx->t[cs].clause];
		for (size_t p = 0; p < e->nphr; p++) {
			const gphrase *ph = &e->phr[p];
			/* a span: phrase is looked for once, over the whole answer */
			if (ph->span && cs != 0)
				continue;
			size_t ms, me, n = find_occ(ph, tx, cs, ph->span ? tx->n : ce, o);
			if (!best_window(ph, o, n, &ms, &me))
				continue;
			size_t mcs = cs, mce = ce;
			bool phypo = hypo;
			if (ph->span) {	/* judge it in the clause where it starts */
				for (mcs = ms; mcs > 0 && tx->t[mcs - 1].clause == tx->t[ms].clause;)
					mcs--;
				for (mce = ms; mce < tx->n && tx->t[mce].clause == tx->t[ms].clause;)
					mce++;
				phypo = tx->hypo[tx->t[ms].clause];
			}
			/* charity for misconceptions, claims and steps; a not:
			 * phrase must be negated outright to count */
			bool neg = negated(ph, tx, mcs, mce, ms, me, !ph->negated &&
			    (e->kind == GK_MISC || e->kind == GK_CLAIM || e->kind == GK_STEP));
			gmatch m;
			if (ph->negated)
				m = !neg ? GM_NONE : phypo ? GM_HYPOTHETICAL : GM_ASSERTED;
			else
				m = neg ? GM_NEGATED : phypo ? GM_HYPOTHETICAL : GM_ASSERTED;
			if (m != GM_NONE && ms < *first)
				*first = ms;
			/* "don't call loss.backward() directly": a negated
			 * mention does not place a step */
			if (m != GM_NONE && m != GM_NEGATED && npos && *npos < maxpos)
				pos[(*npos)++] = ms;
			if (rank(m) > rank(best))
				best = m;
		}
		cs = ce;
	}
	return best;
}
