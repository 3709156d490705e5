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
	return words >= 6 && func * 100 < words * 12 && tx->ncalls < 2 &&
	    tx->nsent <= 1 && rel < 2;
}

/* Is w one of the words of list? */
static bool
word_in(const char *w, const char *const *list)
{
	for (size_t k = 0; list[k]; k++)
		if (strcmp(w, list[k]) == 0)
			return true;
	return false;
}

/* A hedge that never commits: an explicit refusal to commit ("not sure
 * which", "may or may not", "hard to say", "whatever works"), or three
 * clauses or more opened by maybe, perhaps, possibly, "might be", "could
 * be".  One hedge before a committed answer ("I'm fairly sure this is
 * forward overflow") is not this. */
static bool
is_hedge(const gtext *tx)
{
	static const char *const any_fine[] = { "would", "could", "will", "works",
		"work", "fine", "ok", "okay", "is", NULL };
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
				if (k == 0 && i > 0 && strcmp(tx->t[i - 1].raw, "fairly") == 0)
					continue;
				/* "any of them would work" refuses; "whether any of
				 * them are inf" asks about the gradients */
				if (strcmp(refuse[k][0], "any") == 0 && i + 3 < tx->n &&
				    tx->t[i + 3].clause == tx->t[i].clause &&
				    !word_in(tx->t[i + 3].raw, any_fine))
					continue;
				return true;
			}
		}
		bool first = i == 0 || tx->t[i - 1].clause != tx->t[i].clause;
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

#define MAXPOS 32	/* mentions of one step that are remembered */

#define LIST_GAP 14	/* tokens between mentions that still make one list */

typedef struct mention {
	size_t pos, step;
} mention;

static int
by_pos(const void *a, const void *b)
{
	const mention *x = a, *y = b;
	return x->pos < y->pos ? -1 : x->pos > y->pos ? 1 : 0;
}

/*
 * Where does the answer give its order?  Prose explains as well as lists
 * ("don't clip before unscale_ ... the order is: ..."), so the order is
 * read from the densest run of step mentions (mentions at most LIST_GAP
 * tokens apart, in one sentence) that names the most steps, the later one on a tie; within
 * it each step counts at its first mention.  Fills seg_first (a position
 * per step, -1 when the run does not name it); returns the steps named.
 */
static size_t
densest_run(const gtext *tx, size_t nsteps, size_t (*pos)[MAXPOS],
    const size_t *npos, size_t *seg_first)
{
	mention ms[32 * MAXPOS];
	size_t n = 0, best_d = 0, best_lo = 0, best_hi = 0;

	for (size_t i = 0; i < nsteps; i++)
		for (size_t k = 0; k < npos[i] && n < sizeof ms / sizeof ms[0]; k++)
			ms[n++] = (mention){ pos[i][k], i };
	qsort(ms, n, sizeof ms[0], by_pos);
	for (size_t lo = 0; lo < n;) {
		size_t hi = lo + 1;
		while (hi < n && ms[hi].pos - ms[hi - 1].pos <= LIST_GAP &&
		    tx->t[ms[hi].pos].sent == tx->t[ms[lo].pos].sent)
			hi++;
		bool seen[32] = { false };
		size_t d = 0;
		for (size_t k = lo; k < hi; k++)
			if (!seen[ms[k].step]) {
				seen[ms[k].step] = true;
				d++;
			}
		if (d >= best_d) {
			best_d = d;
			best_lo = lo;
			best_hi = hi;
		}
		lo = hi;
	}
	for (size_t i = 0; i < nsteps; i++)
		seg_first[i] = (size_t)-1;
	for (size_t k = best_lo; k < best_hi; k++)
		if (seg_first[ms[k].step] == (size_t)-1)
			seg_first[ms[k].step] = ms[k].pos;
	/* "With clipping, the order is forward -> ... -> clip -> step": when
	 * the run names a step twice, it is in order if some choice of its
	 * mentions is; each step takes its first mention not before the
	 * step ahead of it. */
	size_t pick[32], last = 0;
	bool fits = true;
	for (size_t i = 0; i < nsteps && i < 32 && fits; i++) {
		pick[i] = (size_t)-1;
		if (seg_first[i] == (size_t)-1)
			continue;
		for (size_t k = best_lo; k < best_hi && pick[i] == (size_t)-1; k++)
			if (ms[k].step == i && ms[k].pos >= last)
				pick[i] = ms[k].pos;
		if (pick[i] == (size_t)-1)
			fits = false;
		else
			last = pick[i];
	}
	if (fits && nsteps <= 32)
		memcpy(seg_first, pick, nsteps * sizeof *seg_first);
	return best_d;
}

/* Where a mention stands in the answer's order.  "Before you clip, call
 * unscale_": a clause opened by before names a step that comes after the
 * rest of its sentence.  "scale(loss).backward() after the autocast
 * forward": a step named past an after in its clause comes before what
 * the clause began with. */
static size_t
placed(const gtext *tx, size_t p)
{
	size_t cs = p;

	while (cs > 0 && tx->t[cs - 1].clause == tx->t[p].clause)
		cs--;
	static const char *const back[] = { "this", "that", "which", "it", "these",
		"those", "them", NULL };
	static const char *const all[] = { "all", "everything", "both", "each", NULL };
	for (size_t q = cs; q + 1 < p; q++) {
		/* "after this, unscale_" is "then unscale_" */
		if (strcmp(tx->t[q].raw, "after") != 0 || word_in(tx->t[q + 1].raw, back))
			continue;
		/* "step, update, all after the autocast forward": before the
		 * whole sentence */
		if (q > 0 && word_in(tx->t[q - 1].raw, all))
			while (cs > 0 && tx->t[cs - 1].sent == tx->t[p].sent)
				cs--;
		return q > cs ? cs : p;
	}
	/* "so before you touch them with clip_grad_norm_, ..." */
	static const char *const lead[] = { "so", "and", "but", "now", "then", "just", NULL };
	if (cs + 1 < p && word_in(tx->t[cs].raw, lead))
		cs++;
	if (strcmp(tx->t[cs].stem, "befor") != 0 && strcmp(tx->t[cs].stem, "prior") != 0)
		return p;
	while (p + 1 < tx->n && tx->t[p + 1].sent == tx->t[cs].sent)
		p++;
	return p;
}

/* "backward on S x L", "scaler.scale(loss).backward()", "clip the
 * unscaled gradients": one mention that names two neighbouring steps
 * states no order between them.  Within a clause, a few words apart and
 * with no word of order between, the two mentions are placed together (a
 * tie is in order, whichever way the list is read). */
static void
fuse_neighbours(const gtext *tx, size_t nsteps, size_t (*pos)[MAXPOS],
    const size_t *npos, bool both)
{
	static const char *const order[] = { "before", "after", "then", "first",
		"and", "or", "next", "prior", "followed", "last", NULL };

	for (size_t i = 0; i + 1 < nsteps; i++)
		for (size_t a = 0; a < npos[i]; a++)
			for (size_t b = 0; b < npos[i + 1]; b++) {
				size_t pa = pos[i][a], pb = pos[i + 1][b];
				size_t lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
				/* read forwards, only the later step named first
				 * needs it; a list told backwards needs both */
				if ((!both && pb >= pa) || hi - lo > 8 || hi >= tx->n ||
				    tx->t[pa].clause != tx->t[pb].clause)
					continue;
				bool worded = false;
				for (size_t q = lo + 1; q < hi && !worded; q++)
					for (size_t k = 0; order[k]; k++)
						worded |= strcmp(tx->t[q].raw, order[k]) == 0;
				if (!worded && both)	/* one mention of both: a tie */
					pos[i][a] = pos[i + 1][b] = lo;
				else if (!worded)
					pos[i + 1][b] = pa;
			}
}

/* "Working backwards: the last call is update; before that, step; before
 * that, the clip ...": a list told from its end, read the other way. */
static bool
told_backwards(const gtext *tx)
{
	int befores = 0;
	for (size_t i = 0; i + 1 < tx->n; i++) {
		const char *w = tx->t[i].raw, *next = tx->t[i + 1].raw;
		if (strcmp(next, "backwards") == 0 && (strncmp(w, "work", 4) == 0 ||
		    strcmp(w, "going") == 0 || strcmp(w, "go") == 0 || strcmp(w, "listed") == 0))
			return true;
		bool opens = i == 0 || tx->t[i - 1].clause != tx->t[i].clause;
		if (opens && (strcmp(w, "before") == 0 || strcmp(w, "earlier") == 0) &&
		    (strcmp(next, "that") == 0 || strcmp(next, "it") == 0 ||
		    strcmp(next, "this") == 0 || strcmp(next, "still") == 0))
			befores++;
	}
	return befores >= 2;
}

/* Are the first mentions in canonical order (a tie counts as in order:
 * "backward on the scaled loss" names two steps at once)? */
static bool
ordered(const gentry **steps, size_t n, const size_t *first)
{
	size_t last = 0;
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		if (first[i] == (size_t)-1) {
			if (steps[i]->required)
				return false;
			continue;	/* an optional step not named */
		}
		if (any && first[i] < last)
			return false;
		last = first[i];
		any = true;
	}
	return true;
}

/* Order questions: the steps as the answer first mentions them, and when
 * the canonical order is not there, the first inversion and its reason. */
static bool
grade_order(const grade_rubric *r, const gtext *tx, const gentry **steps, size_t n,
    const size_t *first, size_t (*pos)[MAXPOS], const size_t *npos,
    grade_result *res)
{
	size_t len = 0, missing = 0, seg[32], named = 0;
	bool used[64] = { false };

	/* the answer's list, when one names every step it names (an
	 * optional step named only outside it, "(plus zero_grad at the
	 * start)", is left out of the list) */
	for (size_t i = 0; i < n; i++)
		named += first[i] != (size_t)-1 && steps[i]->required;
	size_t in_run = densest_run(tx, n, pos, npos, seg), req_in_run = 0;
	for (size_t i = 0; i < n; i++)
		req_in_run += seg[i] != (size_t)-1 && steps[i]->required;
	bool list = in_run > 0 && req_in_run == named;
	/* "scale, backward, ..., update, with zero_grad up front and the
	 * forward in autocast": an optional step named after every required
	 * one is an aside, not a place in the order */
	if (list) {
		size_t last_req = 0;
		for (size_t i = 0; i < n; i++)
			if (steps[i]->required && seg[i] != (size_t)-1 && seg[i] > last_req)
				last_req = seg[i];
		for (size_t i = 0; i < n; i++)
			if (!steps[i]->required && seg[i] != (size_t)-1 && seg[i] > last_req)
				seg[i] = (size_t)-1;
	}
	const size_t *shown = list ? seg : first;
	for (size_t k = 0; k < n && k < 64; k++) {
		size_t bi = n;
		for (size_t i = 0; i < n && i < 64; i++)
			if (!used[i] && shown[i] != (size_t)-1 &&
			    (bi == n || shown[i] < shown[bi]))
				bi = i;
		if (bi == n)
			break;
		used[bi] = true;
		len += (size_t)snprintf(res->order_found + len, sizeof res->order_found - len,
		    "%s%s", len ? " -> " : "", steps[bi]->id);
		if (len >= sizeof res->order_found)
			break;
	}
	for (size_t i = 0; i < n; i++)
		missing += first[i] == (size_t)-1 && steps[i]->required;
	for (size_t i = 0; i + 1 < n; i++)
		res->score += shown[i] != (size_t)-1 && shown[i + 1] != (size_t)-1 &&
		    shown[i] <= shown[i + 1];
	res->max += (int)n - 1;
	for (size_t i = 0; i < n; i++) {
		grade_item *it = &res->concepts[res->nconcepts++];
		it->id = steps[i]->id;
		it->hit = first[i] != (size_t)-1;
		it->weight = 1;
		it->required = steps[i]->required;
		it->text = it->hit ? "" : "not mentioned";
	}
	/* In order, in the main list or in the answer as a whole. */
	if (list) {
		if (ordered(steps, n, seg))
			return true;
		first = seg;	/* report the inversion of the list itself */
	} else if (missing == 0 && ordered(steps, n, first)) {
		return true;
	}

	/* The first inversion among first mentions. */
	size_t bad_a = n, bad_b = n;
	for (size_t b = 0; b < n; b++) {
		if (first[b] == (size_t)-1)
			continue;
		for (size_t a = b + 1; a-- > 0;)
			if (a < b && first[a] != (size_t)-1 && first[b] < first[a] &&
			    (bad_b == n || first[b] < first[bad_b])) {
				bad_a = a;
				bad_b = b;
				break;
			}
	}
	if (bad_b != n) {
		const char *why = NULL;
		for (size_t i = 0; i < r->nbec; i++)
			if (strcmp(r->bec[i].a, steps[bad_a]->id) == 0 &&
			    strcmp(r->bec[i].b, steps[bad_b]->id) == 0)
				why = r->bec[i].why;
		snprintf(res->inversion, sizeof res->inversion, "%s comes before %s%s%s",
		    steps[bad_b]->id, steps[bad_a]->id, why ? ": " : "", why ? why : "");
	} else if (missing) {
		for (size_t i = 0; i < n; i++)
			if (first[i] == (size_t)-1 && steps[i]->required) {
				snprintf(res->inversion, sizeof res->inversion,
				    "%s is missing", steps[i]->id);
				break;
			}
	}
	return false;
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
	size_t (*pos)[MAXPOS] = calloc(nstep_ent, sizeof *pos);
	const gentry **steps = calloc(n, sizeof *steps);
	res->concepts = calloc(n, sizeof *res->concepts);
	res->miscs = calloc(n + GRADE_MAX_FIGURES, sizeof *res->miscs);
	if (!m || !first || !npos || !pos || !steps || !res->concepts || !res->miscs)
		goto out;

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
		    MAXPOS, step ? &npos[nsteps] : NULL) : GM_NONE;
		if (step) {
			for (size_t k = 0; k < npos[nsteps]; k++)
				pos[nsteps][k] = placed(&tx, pos[nsteps][k]);
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
	int concept_score = res->score;
	if (nsteps) {
		bool back = told_backwards(&tx);
		fuse_neighbours(&tx, nsteps, pos, npos, back);
		/* (after the fusing, which reads the tokens between mentions) */
		if (back)
			for (size_t i = 0; i < nsteps; i++)
				for (size_t k = 0; k < npos[i]; k++)
					pos[i][k] = tx.n - 1 - pos[i][k];
		for (size_t i = 0; i < nsteps; i++) {
			if (npos[i])
				first[i] = (size_t)-1;
			for (size_t k = 0; k < npos[i]; k++)
				if (pos[i][k] < first[i])
					first[i] = pos[i][k];
		}
	}
	bool order_ok = nsteps == 0 ||
	    grade_order(r, &tx, steps, nsteps, first, pos, npos, res);
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
