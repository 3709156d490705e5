/*
 * grade.c — from matches to a grade: score, verdict and feedback for a
 * free-text rubric, and the first inversion for an order rubric.
 *
 * The verdict is decided in this order, each one a reason to fail however
 * many right words the answer holds: nothing to grade; key words without
 * sentences (salad; not for a list of steps in the right order, set
 * apart by commas or arrows, which is what an order question asks for);
 * two exclusive claims asserted (a contradiction); a hedge that never
 * commits; a misconception asserted; a core concept missing; a score
 * below the pass mark.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

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
	case GRADE_HEDGE:		return "hedges without committing to an answer";
	case GRADE_EMPTY:		return "no answer";
	case GRADE_BAD_ORDER:		return "the steps are not in the right order";
	}
	return "?";
}

/* Key words without sentences: at least 6 words, under 12% of them
 * function words (the, is, so, because, not, before, ...), in one
 * sentence, and not code (two calls or more).  Real answers, even terse
 * notes, have more glue or more structure than that. */
static bool
is_salad(const gtext *tx)
{
	/* words that relate the key words to each other (WC_REL): a
	 * telegraphic answer ("more range, less precision (7 vs 10 bits);
	 * loss scaling usually unnecessary, not guaranteed") has them, a
	 * salad does not */
	size_t words = 0, func = 0, rel = 0;

	for (size_t i = 0; i < tx->n; i++) {
		if (tx->t[i].isnum)
			continue;
		words++;
		func += (tx->t[i].flags & TK_FUNC) != 0;
		rel += (tx->t[i].cls & WC_REL) != 0;
	}
	if (words >= 6 && func * 100 < words * 12 && tx->ncalls < 2 &&
	    tx->nsent <= 1 && rel < 2)
		return true;
	/* a list of key words with a frame around it ("Classic numerics:
	 * overflow/underflow, mantissa vs exponent, bf16, GradScaler, ...
	 * Stable kernels handle it"): six bare items or more, clauses of at
	 * most three words with no function word, no figure and no call,
	 * holding most of the answer's words */
	size_t items = 0, in_items = 0;
	for (int c = 0; c < tx->nclauses; c++) {
		size_t w = 0;
		bool bare = true;
		for (size_t i = tx->cstart[c]; i < tx->cend[c]; i++) {
			if (tx->t[i].isnum || (tx->t[i].flags & TK_FUNC))
				bare = false;
			w++;
		}
		/* "sum → inf", "exp, then [inf, inf]": an item mapped by an
		 * arrow is a step of a chain, not a bare key word */
		bool mapped = c + 1 < tx->nclauses && tx->cstart[c + 1] < tx->n &&
		    grade_tok_is(&tx->t[tx->cstart[c + 1]], "then");
		if (bare && !mapped && w >= 1 && w <= 3) {
			items++;
			in_items += w;
		}
	}
	/* or a long run of them with a sentence of verdict after it ("fp16,
	 * softmax, NaN, overflow, ..., gradient clipping: all of these
	 * interact, so the NaN is a stability issue"): ten bare items or
	 * more holding a third of the words, or eight holding half */
	return ((items >= 6 && in_items * 10 >= words * 6) ||
	    (items >= 8 && in_items * 2 >= words) ||
	    (items >= 10 && in_items * 3 >= words)) && tx->ncalls < 2;
}

/* "Any of them would work", "any of them is fine": a refusal to choose.
 * "whether any of them is inf or NaN" asks about the gradients: after
 * is/are only a word of approval refuses.  j is the word after "them". */
static bool
any_of_them_fine(const gtext *tx, size_t j)
{
	static const char *const fine[] = { "would", "could", "will", "works",
		"work", "fine", "ok", "okay", "valid", "acceptable", NULL };
	static const char *const be[] = { "is", "are", "seems", "seem", NULL };

	if (j >= tx->n || tx->t[j].clause != tx->t[j - 3].clause)
		return true;	/* "it could be any of them." */
	if (grade_word_in(tx->t[j].raw, fine))
		return true;
	return grade_word_in(tx->t[j].raw, be) && j + 1 < tx->n &&
	    tx->t[j + 1].clause == tx->t[j].clause && grade_word_in(tx->t[j + 1].raw, fine);
}

/* Is the refusal at i the speaker's: it opens its clause ("No idea.",
 * "Not sure which") or I, we or you say it ("I have no idea", "we don't
 * know")? */
static bool
speaker_says(const gtext *tx, size_t i)
{
	static const char *const who[] = { "i", "im", "i'm", "we", "we're", "you", "honestly",
		"frankly", "dunno", NULL };
	size_t cs = i;
	while (cs > 0 && tx->t[cs - 1].clause == tx->t[i].clause)
		cs--;
	if (cs == i)
		return true;
	for (size_t j = cs; j < i; j++)
		if (grade_word_in(tx->t[j].raw, who))
			return true;
	return false;
}

/* A hedge that never commits: an explicit refusal to commit ("not sure
 * which", "may or may not", "hard to say", "whatever works"), or three
 * clauses or more opened by maybe, perhaps, possibly, "might be", "could
 * be" (after or, and, but or it: "or maybe the sum", "it might be").  One hedge before a committed answer ("I'm fairly sure this is
 * forward overflow") is not this. */
static bool
is_hedge(const gtext *tx)
{
	static const char *const refuse[][3] = {
		{ "not", "sure", NULL }, { "no", "idea", NULL }, { "hard", "to", "say" },
		{ "may", "or", "may" }, { "might", "or", "might" }, { "whatever", "works", NULL },
		{ "whatever", "makes", NULL }, { "not", "know", NULL }, { "who", "knows", NULL },
		{ "any", "of", "them" }, { "can", "not", "tell" },
		/* "I'd have to run it to know", "it depends" */
		{ "to", "run", "it" }, { "to", "try", "it" }, { "it", "depends", NULL },
		{ "or", "might", "make" }, { "or", "may", "make" }, { "or", "could", "make" },
		{ "really", "depends", NULL },
	};
	size_t open = 0;

	for (size_t i = 0; i < tx->n; i++) {
		for (size_t k = 0; k < sizeof refuse / sizeof refuse[0]; k++) {
			if (tx->t[i].raw[0] != refuse[k][0][0])
				continue;	/* most tokens: one byte compared */
			size_t m = 0;
			while (m < 3 && refuse[k][m] && i + m < tx->n &&
			    strcmp(tx->t[i + m].raw, refuse[k][m]) == 0)
				m++;
			if (m == 3 || (m < 3 && refuse[k][m] == NULL)) {
				/* "I'm fairly sure" commits; "not sure" after it does not */
				if (k == 0 && i > 0 && grade_tok_is(&tx->t[i - 1], "fairly"))
					continue;
				/* "update goes last because it depends on whether the
				 * step was skipped": a reason, not a refusal */
				if (grade_tok_is(&tx->t[i], "it") && i > 0 &&
				    (grade_tok_is(&tx->t[i - 1], "because") || grade_tok_is(&tx->t[i - 1], "since") ||
				    grade_tok_is(&tx->t[i - 1], "as")))
					continue;
				/* "step comes after the inf check it depends on": a
				 * relative clause after a noun, no refusal */
				static const char *const lead_in[] = { "well", "honestly", "think", "guess",
					"say", "but", "and", "so", "just", "really", "that", "mean", "im", NULL };
				if (grade_tok_is(&tx->t[i], "it") && i > 0 &&
				    tx->t[i - 1].clause == tx->t[i].clause &&
				    !grade_word_in(tx->t[i - 1].raw, lead_in))
					continue;
				/* "any of them would work" refuses; "whether any of
				 * them are inf" asks about the gradients */
				if (strcmp(refuse[k][0], "any") == 0 && !any_of_them_fine(tx, i + 3))
					continue;
				/* "clip_grad_norm_ has no idea a scale exists", "the
				 * optimizer does not know S": a thing that does not know
				 * is no speaker who will not say; "it is not sure
				 * speedup" (not surely one) is said of a thing too */
				if ((k <= 1 || strcmp(refuse[k][1], "know") == 0) && !speaker_says(tx, i))
					continue;
				/* "you can't tell their ratio": what cannot be told
				 * of a thing, no refusal; "can't tell which" is one */
				static const char *const open_q[] = { "which", "whether", "if", "what",
					"for", "without", "yet", NULL };
				if (strcmp(refuse[k][2] ? refuse[k][2] : "", "tell") == 0 && i + 3 < tx->n &&
				    tx->t[i + 3].clause == tx->t[i].clause &&
				    !grade_word_in(tx->t[i + 3].raw, open_q))
					continue;
				return true;
			}
		}
		/* "or maybe the sum", "it might be underflow": a conjunction or
		 * a pronoun before the opener still opens the clause with it */
		static const char *const lead[] = { "or", "and", "but", "it", "this", "that",
			NULL };
		bool first = i == 0 || tx->t[i - 1].clause != tx->t[i].clause ||
		    (grade_word_in(tx->t[i - 1].raw, lead) &&
		    (i == 1 || tx->t[i - 2].clause != tx->t[i].clause));
		const char *w = tx->t[i].raw, *next = i + 1 < tx->n ? tx->t[i + 1].raw : "";
		if (first && (strcmp(w, "maybe") == 0 || strcmp(w, "perhaps") == 0 ||
		    strcmp(w, "possibly") == 0 || ((strcmp(w, "might") == 0 ||
		    strcmp(w, "could") == 0) && strcmp(next, "be") == 0)))
			open++;
	}
	return open >= 3;
}

/* Some function word at all: "unscale before clipping" has one, a bare
 * run of names ("scale, backward, unscale_, clip, order matters, inf")
 * has none. */
static bool
has_glue(const gtext *tx)
{
	for (size_t i = 0; i < tx->n; i++)
		if (tx->t[i].flags & TK_FUNC)
			return true;
	return false;
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
	bool ok = false;

	memset(res, 0, sizeof *res);
	if (!gtext_build(text, len, &tx))
		return false;
	size_t n = r->nent + 1;
	gmatch *m = calloc(n, sizeof *m);
	size_t *first = calloc(n, sizeof *first), *npos = calloc(n, sizeof *npos);
	size_t nstep_ent = 1;	/* the mentions are kept for steps only */
	for (size_t i = 0; i < r->nent; i++)
		nstep_ent += r->ent[i].kind == GK_STEP;
	size_t (*pos)[GRADE_MAXPOS] = calloc(nstep_ent, sizeof *pos);
	const gentry **steps = calloc(n, sizeof *steps);
	res->concepts = calloc(n, sizeof *res->concepts);
	res->miscs = calloc(n + GRADE_MAX_FIGURES + 1, sizeof *res->miscs);
	/* which phrases the answer's stems leave possible: most are then not
	 * tried at all (index.c) */
	unsigned *seen = r->indexed && tx.n ? calloc(r->nphr + 1, sizeof *seen) : NULL;
	if (!m || !first || !npos || !pos || !steps || !res->concepts || !res->miscs ||
	    (r->indexed && tx.n && !seen))
		goto out;
	if (seen)
		grade_index_mark(r, &tx, seen);

	/* a false figure is a false claim in any answer; the true claims the
	 * engine confirms are marked for %overflow and %flush first */
	gfigure figs[GRADE_MAX_FIGURES];
	size_t nfigs = grade_false_figures(&tx, r->has_constants ? &r->constants : NULL, figs,
	    GRADE_MAX_FIGURES);

	size_t nsteps = 0;
	bool missing_req = false;
	int msent[16];		/* sentences of the misconceptions asserted */
	size_t nmsent = 0;
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		bool step = e->kind == GK_STEP;
		m[i] = tx.n ? grade_match(e, &tx, &first[nsteps], step ? pos[nsteps] : NULL,
		    GRADE_MAXPOS, step ? &npos[nsteps] : NULL, seen ? seen + e->phr0 : NULL) : GM_NONE;
		if (step) {
			for (size_t k = 0; k < npos[nsteps]; k++)
				pos[nsteps][k] = grade_order_place(&tx, pos[nsteps][k]);
			/* a step is placed by its mentions that are not negated */
			first[nsteps] = (size_t)-1;
			for (size_t k = 0; k < npos[nsteps]; k++)
				if (pos[nsteps][k] < first[nsteps])
					first[nsteps] = pos[nsteps][k];
			steps[nsteps++] = e;
		} else if (e->kind == GK_CONCEPT) {
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
			if (first[nsteps] < tx.n && nmsent < sizeof msent / sizeof msent[0])
				msent[nmsent++] = tx.t[first[nsteps]].sent;
		}
	}
	for (size_t k = 0; k < nfigs; k++) {
		/* a claim a named misconception already answers in the same
		 * sentence ("bf16 is more precise than fp16") is said once */
		bool named = false;
		for (size_t q = 0; q < nmsent; q++)
			named |= figs[k].tok < tx.n && msent[q] == tx.t[figs[k].tok].sent;
		if (named)
			continue;
		grade_item *it = &res->miscs[res->nmiscs++];
		memcpy(res->figure_why[k], figs[k].why, sizeof res->figure_why[k]);
		it->id = "wrong-figure";
		it->text = res->figure_why[k];
		it->hit = true;
	}
	/* an order question reads its order through its steps; any other
	 * answer may still write the calls in a wrong order */
	if (nsteps == 0 && grade_call_order(text, len < GRADE_MAX_ANSWER ? len : GRADE_MAX_ANSWER,
	    res->call_why, sizeof res->call_why)) {
		grade_item *it = &res->miscs[res->nmiscs++];
		it->id = "call-order";
		it->text = res->call_why;
		it->hit = true;
	}
	int concept_score = res->score;
	if (nsteps) {
		grade_order_settle(&tx, nsteps, pos, npos);
		for (size_t i = 0; i < nsteps; i++) {
			if (npos[i])
				first[i] = (size_t)-1;
			for (size_t k = 0; k < npos[i]; k++)
				if (pos[i][k] < first[i])
					first[i] = pos[i][k];
		}
	}
	bool order_ok = nsteps == 0 ||
	    grade_order_check(r, &tx, steps, nsteps, first, pos, npos, res);
	check_exclusive(r, m, res);

	if (tx.n == 0)
		res->verdict = GRADE_EMPTY;
	else if (!order_ok)
		res->verdict = GRADE_BAD_ORDER;
	else if (res->nconcepts > nsteps && !(nsteps && order_ok && tx.nclauses > 2 &&
	    has_glue(&tx)) && is_salad(&tx))
		res->verdict = GRADE_SALAD;
	else if (res->contradiction[0])
		res->verdict = GRADE_CONTRADICTION;
	else if (res->nconcepts > nsteps && is_hedge(&tx))
		res->verdict = GRADE_HEDGE;
	else if (res->nmiscs)
		res->verdict = GRADE_MISCONCEPTION;
	else if (missing_req)
		res->verdict = GRADE_MISSING_REQUIRED;
	else if (concept_score < r->pass)
		res->verdict = GRADE_LOW_SCORE;
	else
		res->verdict = GRADE_PASS;
	res->pass = res->verdict == GRADE_PASS;
	ok = true;
out:
	free(seen);
	free(m);
	free(first);
	free(npos);
	free(pos);
	free(steps);
	gtext_free(&tx);
	if (!ok)
		grade_result_free(res);
	return ok;
}

void
grade_result_free(grade_result *res)
{
	free(res->concepts);
	free(res->miscs);
	res->concepts = NULL;
	res->miscs = NULL;
}
