/*
 * order.c — order questions: where each step stands in the answer's
 * order (a clause opened by before or holding an after; neighbours named
 * in one mention; a list told from its end), the answer's own list (the
 * densest run of mentions), and the first inversion with its reason.
 * grade_answer (grade.c) finds the mentions and asks these.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

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

/* Is the mention at p linked to the list before it by an arrow or a
 * "then" just before it ("... (on real grads, so max_norm is not divided
 * by S) → scaler.step(opt)")?  Such a list goes on past a long aside. */
static bool
linked(const gtext *tx, size_t p)
{
	for (size_t q = p, k = 0; q-- > 0 && k < 3; k++)
		if (strcmp(tx->t[q].raw, "then") == 0)
			return true;
	return false;
}

/*
 * Where does the answer give its order?  Prose explains as well as lists
 * ("don't clip before unscale_ ... the order is: ..."), so the order is
 * read from the densest run of step mentions (mentions at most LIST_GAP
 * tokens apart, or twice that after an arrow, in one sentence) that
 * names the most steps, the later one on a tie; within it each step
 * counts at its first mention.  Fills seg_first (a position
 * per step, -1 when the run does not name it); returns the steps named.
 */
static size_t
densest_run(const gtext *tx, size_t nsteps, size_t (*pos)[GRADE_MAXPOS],
    const size_t *npos, size_t *seg_first)
{
	mention ms[32 * GRADE_MAXPOS];
	size_t n = 0, best_d = 0, best_lo = 0, best_hi = 0;

	for (size_t i = 0; i < nsteps; i++)
		for (size_t k = 0; k < npos[i] && n < sizeof ms / sizeof ms[0]; k++)
			ms[n++] = (mention){ pos[i][k], i };
	qsort(ms, n, sizeof ms[0], by_pos);
	for (size_t lo = 0; lo < n;) {
		size_t hi = lo + 1;
		while (hi < n && (ms[hi].pos - ms[hi - 1].pos <= LIST_GAP ||
		    (ms[hi].pos - ms[hi - 1].pos <= 2 * LIST_GAP && linked(tx, ms[hi].pos))) &&
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
	/* The choice may pass over a step named before the list ("with
	 * clipping, the order is ...") but not one named inside it: in
	 * "backward, unscale, clip, update, step: ... then update the scale"
	 * update stands between clip and step, and a later mention does not
	 * move it. */
	for (size_t k = best_lo; fits && k < best_hi; k++) {
		size_t s = ms[k].step, p = ms[k].pos;
		if (s >= 32 || pick[s] == p)
			continue;
		bool after_one = false, before_earlier = false;
		for (size_t i = 0; i < nsteps && i < 32; i++) {
			if (pick[i] == (size_t)-1 || i == s)
				continue;
			if (pick[i] < p)
				after_one = true;
			else if (i < s)
				before_earlier = true;
		}
		if (after_one && before_earlier)
			fits = false;
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
size_t
grade_order_place(const gtext *tx, size_t p)
{
	size_t cs = p;

	while (cs > 0 && tx->t[cs - 1].clause == tx->t[p].clause)
		cs--;
	/* "Unscale → clip → step → update, after the scaled backward": a
	 * clause of after closing its sentence names what came before the
	 * whole sentence */
	if (grade_tok_is(&tx->t[cs], "after") && cs > 0 && tx->t[cs - 1].sent == tx->t[cs].sent &&
	    (tx->cend[tx->t[cs].clause] >= tx->n ||
	    tx->t[tx->cend[tx->t[cs].clause]].sent != tx->t[cs].sent)) {
		size_t s0 = cs;
		while (s0 > 0 && tx->t[s0 - 1].sent == tx->t[cs].sent)
			s0--;
		return s0 > 0 ? s0 - 1 : 0;
	}
	static const char *const back[] = { "this", "that", "which", "it", "these",
		"those", "them", NULL };
	static const char *const all[] = { "all", "everything", "both", "each", "coming", "happening",
		"running", NULL };
	for (size_t q = cs; q + 1 < p; q++) {
		/* "after this, unscale_" is "then unscale_" */
		if (strcmp(tx->t[q].raw, "after") != 0 || grade_word_in(tx->t[q + 1].raw, back))
			continue;
		/* "step, update, all after the autocast forward": before the
		 * whole sentence */
		if (q > 0 && grade_word_in(tx->t[q - 1].raw, all))
			while (cs > 0 && tx->t[cs - 1].sent == tx->t[p].sent)
				cs--;
		return q > cs ? cs : p;
	}
	/* "so before you touch them with clip_grad_norm_, ..." */
	static const char *const lead[] = { "so", "and", "but", "now", "then", "just", NULL };
	if (cs + 1 < p && grade_word_in(tx->t[cs].raw, lead))
		cs++;
	if (strcmp(tx->t[cs].stem, "befor") != 0 && strcmp(tx->t[cs].stem, "prior") != 0)
		return p;
	/* "Before touching the gradients I call unscale_": a subject and its
	 * verb end the before-clause, and the step after them is the main
	 * clause's */
	static const char *const subj[] = { "i", "we", "you", "one", NULL };
	for (size_t q = cs + 2; q + 1 < p; q++)	/* "before you touch ...": its own subject */
		if (grade_word_in(tx->t[q].raw, subj) && !(tx->t[q + 1].flags & TK_FUNC))
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
fuse_neighbours(const gtext *tx, size_t nsteps, size_t (*pos)[GRADE_MAXPOS],
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
					worded = grade_word_in(tx->t[q].raw, order);
				if (!worded && both)	/* one mention of both: a tie */
					pos[i][a] = pos[i + 1][b] = lo;
				else if (!worded)
					pos[i + 1][b] = pa;
			}
}

/* "Q: what comes after backward? ... Backward itself is
 * scaler.scale(loss).backward()": a step named only as part of its
 * neighbour's call (every mention of it a few words from one of the next
 * step's in its clause, no word of order between) is that call, and
 * stands where the next step is first named too. */
static void
part_of_next(const gtext *tx, size_t nsteps, size_t (*pos)[GRADE_MAXPOS], size_t *npos)
{
	static const char *const order[] = { "before", "after", "then", "first",
		"and", "or", "next", "prior", "followed", "last", NULL };

	for (size_t i = 0; i + 1 < nsteps; i++) {
		if (npos[i] == 0 || npos[i + 1] == 0 || npos[i] >= GRADE_MAXPOS)
			continue;
		size_t next_first = (size_t)-1, own_first = (size_t)-1;
		bool all = true;
		for (size_t b = 0; b < npos[i + 1]; b++)
			if (pos[i + 1][b] < next_first)
				next_first = pos[i + 1][b];
		for (size_t a = 0; a < npos[i] && all; a++) {
			size_t pa = pos[i][a];
			bool chained = false;
			if (pa < own_first)
				own_first = pa;
			for (size_t b = 0; b < npos[i + 1] && !chained; b++) {
				size_t pb = pos[i + 1][b];
				size_t lo = pa < pb ? pa : pb, hi = pa < pb ? pb : pa;
				if (pb == pa || hi - lo > 5 || tx->t[pa].clause != tx->t[pb].clause)
					continue;
				bool worded = false;
				for (size_t q = lo + 1; q < hi && !worded; q++)
					worded = grade_word_in(tx->t[q].raw, order);
				chained = !worded;
			}
			all = chained;
		}
		if (all && next_first < own_first)
			pos[i][npos[i]++] = next_first;
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
		/* an optional step (the forward) is credit: named out of
		 * place ("... update; the forward runs under autocast before
		 * all this") it costs its point, not the order */
		if (!steps[i]->required)
			continue;
		if (any && first[i] < last)
			return false;
		last = first[i];
		any = true;
	}
	return true;
}

/* Order questions: the steps as the answer first mentions them, and when
 * the canonical order is not there, the first inversion and its reason. */
bool
grade_order_check(const grade_rubric *r, const gtext *tx, const gentry **steps, size_t n,
    const size_t *first, size_t (*pos)[GRADE_MAXPOS], const size_t *npos,
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


/* The mentions as the answer's order: neighbours named in one mention
 * tied, a list told from its end turned round (after the tying, which
 * reads the tokens between mentions). */
void
grade_order_settle(const gtext *tx, size_t nsteps, size_t (*pos)[GRADE_MAXPOS],
    size_t *npos)
{
	bool back = told_backwards(tx);
	if (!back)
		part_of_next(tx, nsteps, pos, npos);
	fuse_neighbours(tx, nsteps, pos, npos, back);
	if (back)
		for (size_t i = 0; i < nsteps; i++)
			for (size_t k = 0; k < npos[i]; k++)
				pos[i][k] = tx->n - 1 - pos[i][k];
}
