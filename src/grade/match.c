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
 * Misconceptions and claims are read more charitably: a negator up to five
 * words earlier in their clause keeps them from being asserted.  Clauses end at sentence
 * punctuation, commas and contrast words ("not underflow but overflow" is
 * two clauses), which is what keeps negation from reaching too far; words
 * in quotes are a clause of their own that asserts nothing (someone else's
 * words, "divide the loss by S", are mentioned, not claimed).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

#define MAX_OCC 1024	/* occurrences of one phrase's terms remembered */

typedef struct occ {
	size_t start, end;	/* token span [start, end) */
	size_t term;
} occ;

static bool
el_matches(const gel *el, const gtok *t)
{
	if (el->fact)
		return (t->fact & el->fact) != 0;
	if (el->isnum) {	/* an infinite bound would match everything */
		bool near = t->isnum && (el->num == t->num || (isfinite(el->num) &&
		    fabs(t->num - el->num) <= el->tol * fabs(el->num)));
		return el->othernum ? t->isnum && !near : near;
	}
	if (t->isnum)
		return false;
	if (el->prefix) {	/* the first letter weeds out almost every token */
		if (t->raw[0] != el->word[0] && t->stem[0] != el->word[0])
			return false;
		/* and the second most of the rest (a scan has the first
		 * letter's tokens only): each way below matches it */
		if (el->word[1] && t->raw[1] != el->word[1] && t->stem[1] != el->word[1])
			return false;
		size_t n = strlen(el->word);
		/* unscale* is also the stem of unscaling and unscaled, "unscal" */
		return strncmp(t->raw, el->word, n) == 0 ||
		    strncmp(t->stem, el->word, n) == 0 ||
		    (n >= 4 && el->word[n - 1] == 'e' && t->stem[n - 1] == '\0' &&
		    strncmp(t->stem, el->word, n - 1) == 0);
	}
	if (t->hash != el->hash)
		return false;
	if (el->exact)
		return strcmp(t->raw, el->word) == 0;
	return strcmp(t->stem, el->stem) == 0;
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

/* Does some alternative of t occur in the clauses a match [ms, me)
 * touches (one clause, or those a span: phrase crosses)? */
static bool
without_in(const gterm *t, const gtext *tx, size_t ms, size_t me)
{
	for (int c = tx->t[ms].clause; c <= tx->t[me - 1].clause; c++)
		for (size_t p = tx->cstart[c]; p < tx->cend[c]; p++)
			for (size_t a = 0; a < t->nalts; a++)
				if (alt_at(&t->alts[a], tx, p, c))
					return true;
	return false;
}

static int
by_start(const void *a, const void *b)
{
	const occ *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->term < y->term ? -1 : x->term > y->term;
}

/* o by start, then term.  Most phrases have a handful of occurrences, for
 * which qsort's call per comparison cost more than the matching: those are
 * sorted by insertion, which, like glibc's qsort (a merge sort) for arrays
 * this small, keeps equal ones (one term's alternatives at one start) in
 * the order they were found. */
static void
sort_occ(occ *o, size_t n)
{
	if (n > 32) {
		qsort(o, n, sizeof *o, by_start);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		occ x = o[i];
		size_t j = i;
		for (; j > 0 && by_start(&o[j - 1], &x) > 0; j--)
			o[j] = o[j - 1];
		o[j] = x;
	}
}

/* Can a prefix occur: some word begins with its first letter, and with its
 * first two and three when it has them? */
static bool
prefix_possible(const gel *e, const gtext *tx)
{
	if (!tx->initial[(unsigned char)e->word[0]])
		return false;
	if (!e->word[1])
		return true;
	unsigned b = ((unsigned)e->word[0] & 31) << 5 | ((unsigned)e->word[1] & 31);
	if (!(tx->pair[b >> 3] & (1u << (b & 7))))
		return false;
	if (!e->word[2])
		return true;
	b = grade_triple(e->word);	/* and its first three, when it has three */
	return tx->triple[b >> 3] & (1u << (b & 7));
}

/* Can term t occur at all?  One index lookup per word: most phrases have a
 * term the answer lacks, and are dropped before any scan. */
static bool
term_possible(const gterm *t, const gtext *tx)
{
	for (size_t a = 0; a < t->nalts; a++) {
		const gel *e0 = &t->alts[a].el[0];
		if (e0->fact ? (tx->facts & e0->fact) != 0 : e0->isnum ? tx->hasnum :
		    e0->prefix ? prefix_possible(e0, tx) : gtext_find(tx, e0->stem, e0->hash) != (size_t)-1)
			return true;
	}
	return false;
}

/* Every occurrence of ph's terms in the answer, sorted by start.  Words are
 * found through the stem index; prefixes and numbers by a scan.  The terms
 * of known (bits as gphrase.need) are known to be possible. */
static size_t
all_occ(const gphrase *ph, const gtext *tx, occ *o, size_t max, unsigned known)
{
	size_t n = 0;

	/* the rarest term first, then the others: any one impossible is enough */
	for (size_t k = 0, t = ph->rare; k < ph->nterms; k++, t = t + 1 < ph->nterms ? t + 1 : 0)
		if (!(t < 32 && (known >> t & 1)) && !term_possible(&ph->terms[t], tx))
			return 0;

	for (size_t t = 0; t < ph->nterms; t++)
		for (size_t a = 0; a < ph->terms[t].nalts; a++) {
			const galt *al = &ph->terms[t].alts[a];
			const gel *e0 = &al->el[0];
			if (e0->fact) {	/* a true claim: every token is tried */
				for (size_t p = 0; p < tx->n && n < max && (tx->facts & e0->fact); p++)
					if (alt_at(al, tx, p, ph->span ? -1 : tx->t[p].clause))
						o[n++] = (occ){ p, p + al->nel, t };
				continue;
			}
			bool scan = e0->isnum || e0->prefix;
			if ((e0->isnum && !tx->hasnum) || (e0->prefix && !prefix_possible(e0, tx)))
				continue;	/* cannot occur: skip the scan */
			/* a prefix or a number: only the tokens of its first
			 * letter (or the numbers) are tried */
			unsigned char key = e0->isnum ? 0 : (unsigned char)e0->word[0] & 127;
			size_t b = tx->bystart[key], be = tx->bystart[key + 1];
			size_t p = scan ? (b < be ? tx->bytok[b] : tx->n) :
			    gtext_find(tx, e0->stem, e0->hash);
			/* one plain word found through the index: the token has
			 * its stem, in its own clause, so it matches unless it is
			 * a number (el_matches, without looking again) */
			bool same = !scan && al->nel == 1 && !e0->exact;
			while (p < tx->n && n < max) {
				const gtok *k = &tx->t[p];
				if (same ? !k->isnum : (!scan || !e0->isnum || k->isnum) &&
				    alt_at(al, tx, p, ph->span ? -1 : k->clause))
					o[n++] = (occ){ p, p + al->nel, t };
				if (scan)
					p = ++b < be ? tx->bytok[b] : tx->n;
				else
					p = gtext_next(tx, p);
			}
		}
	sort_occ(o, n);
	return n;
}

static bool
comparative(const gtok *t)
{
	static const char *const more[] = { "more", "less", "fewer", "higher", "lower",
		"better", "worse", "bigger", "smaller", "larger", "greater", "finer",
		"coarser", NULL };
	return grade_word_in(t->raw, more);
}

/* Does another comparative stand in [from, to), one that is no occurrence
 * of term t (which would just be a nearer start)?  "bf16 is more range and
 * less precision": "less", not "more", says how much precision. */
static bool
other_comparative(const gtext *tx, const occ *o, size_t n, size_t t, size_t from, size_t to)
{
	for (size_t p = from; p < to; p++) {
		if (!comparative(&tx->t[p]))
			continue;
		bool same = false;
		for (size_t b = 0; b < n && !same; b++)
			same = o[b].term == t && o[b].start == p;
		if (!same)
			return true;
	}
	return false;
}

/* For a seq: phrase, the leftmost run of the terms in order within the
 * window: from each occurrence of the first term, take the earliest
 * occurrence of each next term after the previous one ends.  A term that
 * is a comparative holds only up to the next comparative. */
static bool
ordered_window(const gphrase *ph, const gtext *tx, const occ *o, size_t n, size_t *ms,
    size_t *me)
{
	for (size_t a = 0; a < n; a++) {
		if (o[a].term != 0)
			continue;
		size_t end = o[a].end, t = 1, last = a;
		for (size_t b = a + 1; b < n && t < ph->nterms; b++)
			if (o[b].term == t && o[b].start >= end) {
				if (o[last].end == o[last].start + 1 && comparative(&tx->t[o[last].start]) &&
				    other_comparative(tx, o, n, t - 1, end, o[b].start))
					break;
				end = o[b].end;
				last = b;
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
best_window(const gphrase *ph, const gtext *tx, const occ *o, size_t n, size_t *ms,
    size_t *me)
{
	if (ph->ordered)
		return ordered_window(ph, tx, o, n, ms, me);
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

/* A negator, at most two skippable words, then the fix itself: "not the
 * fix", "no solution", "not a cure". */
static bool
not_the_fix(const gtext *tx, size_t q, size_t ce)
{
	static const char *const fix[] = { "fix", "answer", "solution", "cure",
		"remedy", NULL };

	if (!(tx->t[q].flags & TK_NEGATOR))
		return false;
	for (size_t k = q + 1; k < ce && k <= q + 3; k++) {
		for (size_t i = 0; fix[i]; i++)
			if (strcmp(tx->t[k].raw, fix[i]) == 0)
				return true;
		if (!(tx->t[k].flags & TK_SKIP))
			break;
	}
	return false;
}

/* A verb of removal just before ms in its clause ("drop the scaler",
 * "remove loss scaling", "skip GradScaler"), at most two words between. */
static bool
removal_before(const gtext *tx, size_t cs, size_t ms)
{
	static const char *const removal[] = { "drop", "remov", "skip", "disabl", "ditch",
		"omit", "elimin", "abandon", "lose", NULL };
	for (size_t q = ms, k = 0; q > cs && k < 3; q--, k++)
		for (size_t i = 0; removal[i]; i++)
			if (strncmp(tx->t[q - 1].stem, removal[i], strlen(removal[i])) == 0)
				return true;
	return false;
}

/* A dismissal right after a match [.., me) in a clause ending at ce: "a
 * bigger scale would just multiply an inf", "raising it merely delays the
 * skip", "a bigger scale only makes gradient overflow more likely". */
static bool
dismissed_after(const gtext *tx, size_t me, size_t ce)
{
	for (size_t q = me; q < ce && q - me <= 2; q++) {
		const char *w = tx->t[q].raw;
		/* "with a higher scale the loss stays inf": the subject of
		 * the dismissal stands between */
		static const char *const subj[] = { "the", "loss", "product", "result",
			"output", "value", "everything", "inf", NULL };
		if (grade_word_in(w, subj) && q + 1 < ce)
			continue;
		/* "inf times a larger scale is still inf" */
		if ((strcmp(w, "still") == 0 || strcmp(w, "stays") == 0 || strcmp(w, "stay") == 0 ||
		    strcmp(w, "remains") == 0 || strcmp(w, "remain") == 0 ||
		    strcmp(w, "also") == 0) && q + 1 < ce &&
		    (strcmp(tx->t[q + 1].stem, "inf") == 0 || strcmp(tx->t[q + 1].stem, "infinit") == 0 ||
		    strcmp(tx->t[q + 1].stem, "nan") == 0))
			return true;
		/* "a larger S makes gradient overflow more likely" */
		if ((strncmp(tx->t[q].stem, "mak", 3) == 0 || strncmp(tx->t[q].stem, "mean", 4) == 0 ||
		    strncmp(tx->t[q].stem, "caus", 4) == 0 || strncmp(tx->t[q].stem, "lead", 4) == 0) &&
		    grade_makes_harm(tx, q, ce))
			return true;
		/* "raising S at best means the step is skipped" */
		if (strcmp(w, "at") == 0 && q + 1 < ce && grade_tok_is(&tx->t[q + 1], "best"))
			return true;
		/* "runs softmax in fp16 just like matmuls": a likeness */
		if (strcmp(w, "just") == 0 && q + 1 < ce && (grade_tok_is(&tx->t[q + 1], "like") ||
		    grade_tok_is(&tx->t[q + 1], "as")))
			break;
		/* "the scaler should just start higher": advice, not a
		 * dismissal */
		static const char *const advice[] = { "should", "must", "can", "need", "needs",
			"simply", NULL };
		if ((strcmp(w, "just") == 0 || strcmp(w, "merely") == 0) && q > 0 &&
		    grade_word_in(tx->t[q - 1].raw, advice))
			break;
		if (strcmp(w, "just") == 0 || strcmp(w, "merely") == 0 ||
		    (strcmp(w, "only") == 0 && q + 1 < ce &&
		    !grade_tok_is(&tx->t[q + 1], "if") && !grade_tok_is(&tx->t[q + 1], "when")))
			return true;
		if (!(tx->t[q].flags & TK_POSTSKIP))
			break;
	}
	return false;
}

/* Does a modal and a verb of harm follow token me-1: "can overflow",
 * "could blow up", "may break"? */
static bool
harm_after(const gtext *tx, size_t me)
{
	static const char *const modal[] = { "can", "could", "may", "might", NULL };
	static const char *const harm[] = { "overflow", "blow", "break", "hurt", "destabil",
		"explod", "diverg", NULL };
	if (!grade_word_in(tx->t[me].raw, modal))
		return false;
	for (size_t i = 0; harm[i]; i++)
		if (strncmp(tx->t[me + 1].stem, harm[i], strlen(harm[i])) == 0)
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

	/* loosely, a clause that opens with "not" is denied whole: "an
	 * overflow to find, not something to paper over with a larger
	 * scale" ("not only" adds rather than denies) */
	if (loose) {
		size_t q = cs;
		if (q + 1 < ms && (grade_tok_is(&tx->t[q], "and") || grade_tok_is(&tx->t[q], "but") ||
		    grade_tok_is(&tx->t[q], "or")))
			q++;
		if (q < ms && grade_tok_is(&tx->t[q], "not") && !grade_tok_is(&tx->t[q + 1], "only"))
			return true;
	}
	if (loose)	/* a negator a few words back: "doesn't make fp16 more precise" */
		for (size_t q = ms > cs + 5 ? ms - 5 : cs; q < ms; q++)
			if (tx->t[q].flags & any)
				return true;
	/* loosely, a verdict anywhere after it in the clause: "is wrong",
	 * or "is not the fix" after a list ("raising the scale or clipping
	 * the logits is not the fix") */
	if (loose)
		for (size_t q = me; q < ce; q++)
			if ((tx->t[q].flags & TK_JUDGE) || not_the_fix(tx, q, ce))
				return true;
	/* loosely, a dismissal right after it */
	if (loose && dismissed_after(tx, me, ce))
		return true;
	/* loosely, a harm it can do: "a larger S can overflow gradients that
	 * were fine" warns against it */
	if (loose && me + 1 < ce && harm_after(tx, me))
		return true;
	/* loosely, the same failure right after it: "with a larger scale
	 * you get the same inf" */
	/* ... or in the next clause when the match ends its own ("bigger S,
	 * same inf") */
	size_t sce = ce;
	if (loose && me == ce && ce + 1 < tx->n && tx->t[ce].sent == tx->t[ms].sent &&
	    grade_tok_is(&tx->t[ce], "same"))
		sce = tx->cend[tx->t[ce].clause];
	if (loose)
		for (size_t q = me; q + 1 < sce && q - me <= 4; q++)
			if (grade_tok_is(&tx->t[q], "same") && (strcmp(tx->t[q + 1].stem, "inf") == 0 ||
			    strcmp(tx->t[q + 1].stem, "infinit") == 0 ||
			    strcmp(tx->t[q + 1].stem, "nan") == 0 ||
			    strncmp(tx->t[q + 1].stem, "overflow", 8) == 0))
				return true;
	/* inside: "bf16 is not more precise", "scaling is not needed",
	 * "shift without changing the answer" */
	for (size_t q = ms + 1; q + 1 < me; q++)
		if ((tx->t[q].flags & TK_NEGATOR) || ((tx->t[q].flags & TK_PRENEG) &&
		    grade_tok_is(&tx->t[q], "without") && !part_of(ph, tx, q)))
			return true;
	while (me < ce && part_of(ph, tx, me))
		me++;
	/* a clause denied whole: "it is not possible that a bigger scale
	 * repairs it", "there is no way that", "impossible that" */
	static const char *const whole[] = { "possible", "true", "likely", "way", "chance",
		"case", NULL };
	static _Thread_local unsigned that_hash;
	if (that_hash == 0)
		that_hash = grade_hash("that");
	for (size_t q = gtext_find(tx, "that", that_hash); q != (size_t)-1 && q < ms;
	    q = gtext_next(tx, q))
		if (q > cs && (grade_tok_is(&tx->t[q - 1], "impossible") || (q > cs + 1 &&
		    (tx->t[q - 2].flags & TK_NEGATOR) && grade_word_in(tx->t[q - 1].raw, whole))))
			return true;
	/* before: negator, then at most 3 skippable words, a verb of opinion
	 * not counted: "I don't think that's a speedup" denies the speedup */
	static const char *const opinion[] = { "think", "believe", "suppose", "expect", NULL };
	for (size_t q = ms, k = 0; q > cs && k < 4; q--) {
		const gtok *t = &tx->t[q - 1];
		if (t->flags & any)
			return true;
		if (!(t->flags & TK_SKIP))
			break;
		k += !(t->raw[0] == 't' || t->raw[0] == 'b' || t->raw[0] == 's' ||
		    t->raw[0] == 'e') || !grade_word_in(t->raw, opinion);
	}
	/* after: at most 4 auxiliaries or fixing verbs, then a negator; "of"
	 * and its noun stand between too ("to raise the scale of GradScaler
	 * is not useful") */
	static const char *const aux[] = { "does", "do", "did", "is", "are", "was", "will",
		"would", "can", "could", NULL };
	static const char *const contrast[] = { "and", "but", "whereas", "while", "yet", NULL };
	size_t skipped = 0;	/* tokens of a factor passed over ("by S = 2^16") */
	for (size_t q = me; q < ce && q - me - skipped <= 6; q++) {
		const gtok *t = &tx->t[q];
		/* "fp16's exponent causes inf, and bf16's 8-bit exponent
		 * doesn't": the verb left out, what is denied is the other
		 * clause's, not the subject */
		if ((t->flags & TK_NEGATOR) && q + 1 == ce && q > me && strcmp(t->raw, "not") == 0 &&
		    grade_word_in(tx->t[q - 1].raw, aux) && grade_word_in(tx->t[cs].raw, contrast))
			return false;
		/* "a fwd overflow not a scaling thing": "not a" straight after
		 * the match opens a contrast, what it denies is the other */
		if (q == me && strcmp(t->raw, "not") == 0 && q + 1 < ce &&
		    (grade_tok_is(&tx->t[q + 1], "a") || grade_tok_is(&tx->t[q + 1], "an")))
			return false;
		if (t->flags & TK_NEGATOR)
			return true;
		if (strcmp(t->raw, "of") == 0 && q + 2 < ce) {
			q += grade_tok_is(&tx->t[q + 1], "the") ? 2 : 1;
			continue;
		}
		/* "scaling by S = 2^16 or 2^24 doesn't help": the factor
		 * named, figures and all */
		if (strcmp(t->raw, "by") == 0 && q + 2 < ce) {
			size_t r = q + 1;
			while (r + 1 < ce && r <= q + 6 && (tx->t[r].isnum || grade_tok_is(&tx->t[r], "s") ||
			    grade_tok_is(&tx->t[r], "is") || grade_tok_is(&tx->t[r], "or") ||
			    grade_tok_is(&tx->t[r], "x") || grade_tok_is(&tx->t[r], "a") ||
			    grade_tok_is(&tx->t[r], "factor")))
				r++;
			if (r > q + 1) {
				skipped += r - q;
				q = r - 1;
				continue;
			}
		}
		if (q - me - skipped > 4)
			break;
		if (!(t->flags & TK_POSTSKIP))
			break;
	}
	return false;
}

/* The point itself said to be unneeded: before the match in its clause, a
 * negator with a word of need right after it ("no scaling of the loss is
 * involved" has it after the match, "no need to compare against fp32
 * quality" before it), or right before the match past skippable words.
 * ("Nothing overflows" after a fix denies nothing: it is the fix's result.) */
static bool
need_word(const gtok *t)
{
	static const char *const need[] = { "need", "involv", "requir", "necessary",
		"matter", "bother", NULL };

	for (size_t i = 0; need[i]; i++)
		if (strncmp(t->stem, need[i], strlen(need[i])) == 0)
			return true;
	return false;
}

static bool
denied(const gtext *tx, size_t cs, size_t ce, size_t ms)
{
	for (size_t q = cs; q + 1 < ms; q++)	/* "no need to ... X" */
		if ((tx->t[q].flags & TK_NEGATOR) && need_word(&tx->t[q + 1]))
			return true;
	bool neg = false;
	for (size_t q = ms; q > cs && ms - q < 4 && !neg; q--) {
		const gtok *t = &tx->t[q - 1];
		if (t->flags & TK_NEGATOR)
			neg = true;
		else if (!(t->flags & TK_SKIP))
			break;
	}
	for (size_t q = ms; q < ce && neg; q++)	/* "no X is involved" */
		if (need_word(&tx->t[q]))
			return true;
	return false;
}

static int
rank(gmatch m)
{
	return m == GM_ASSERTED ? 3 : m == GM_HYPOTHETICAL ? 2 : m == GM_NEGATED ? 1 : 0;
}

gmatch
grade_match(const gentry *e, const gtext *tx, size_t *first, size_t *pos,
    size_t maxpos, size_t *npos, const unsigned *seen)
{
	occ o[MAX_OCC];
	gmatch best = GM_NONE;
	bool deny = false;

	*first = (size_t)-1;
	if (npos)
		*npos = 0;
	for (size_t p = 0; p < e->nphr; p++) {
		const gphrase *ph = &e->phr[p];
		/* a term of its need that no stem of the answer makes possible:
		 * all_occ would find nothing (index.c) */
		if (seen && !seen[p])
			continue;
		size_t n = all_occ(ph, tx, o, MAX_OCC, seen ? ph->need : 0);
		/* clause by clause (a span: phrase: the whole answer at once) */
		for (size_t lo = 0; lo < n;) {
			size_t hi = lo + 1;
			int c = tx->t[o[lo].start].clause;
			/* a one-term not: phrase is tried at each occurrence: in
			 * "faster steps ... are not a speedup" the negated one
			 * is the second */
			while (hi < n && !(ph->negated && ph->nterms == 1) &&
			    (ph->span || tx->t[o[hi].start].clause == c))
				hi++;
			size_t ms, me;
			if (!best_window(ph, tx, o + lo, hi - lo, &ms, &me)) {
				lo = hi;
				continue;
			}
			lo = hi;
			/* a span: phrase is read in the clause where it ends:
			 * "when a step is skipped, the scaler raises the scale"
			 * asserts what its main clause says */
			int mc = tx->t[ph->span ? me - 1 : ms].clause;
			if (ph->without.nalts && without_in(&ph->without, tx, ms, me))
				continue;
			bool hypo = tx->hypo[mc] == HY_COUNTER ? e->kind != GK_CONCEPT : tx->hypo[mc] != 0;
			/* a span: phrase over "X if Y" or "if Y, X" states the
			 * implication itself: "the skips go away if you raise
			 * the scale", "when it finds an inf it still steps" */
			if (ph->span && ((tx->hypo[tx->t[ms].clause] == HY_MAIN &&
			    tx->hypo[mc] == HY_COND) || (tx->hypo[tx->t[ms].clause] ==
			    HY_COND && tx->hypo[mc] == HY_MAIN)))
				hypo = false;
			if (e->kind == GK_MISC && tx->hypo[mc] == HY_MAIN && grade_rule_stated(tx, mc))
				hypo = false;
			/* "cast it afterwards and the inf turns back into a
			 * number": the consequence is a claim */
			if (e->kind == GK_MISC && (tx->t[ms].flags & TK_CONSEQ) &&
			    (tx->t[me - 1].flags & TK_CONSEQ))
				hypo = false;
			/* charity for misconceptions, claims and steps; a not:
			 * phrase must be negated outright to count */
			bool neg = negated(ph, tx, tx->cstart[mc], tx->cend[mc], ms, me,
			    !ph->negated && (e->kind == GK_MISC || e->kind == GK_CLAIM ||
			    e->kind == GK_STEP));
			/* a span: match begun in a sentence before ("... is inf.
			 * Raising the scale ...") is judged from its clause on */
			if (e->kind == GK_MISC && !ph->negated && (grade_scaler_does(tx, ms, me) ||
			    grade_subject_only(tx, tx->cstart[mc], tx->cend[mc],
			    ms < tx->cstart[mc] && tx->t[ms].sent < tx->t[tx->cstart[mc]].sent ?
			    tx->cstart[mc] : ms, me)))
				continue;
			/* "can you drop loss scaling? No": a removal denied keeps
			 * what it would remove, no denial of it */
			if (ph->negated && neg && removal_before(tx, tx->cstart[mc], ms))
				neg = false;
			/* a point made by denying something: dismissing it
			 * denies it too ("raising it only wastes more steps") */
			if (ph->negated && e->kind == GK_CONCEPT && !neg &&
			    dismissed_after(tx, me, tx->cend[mc]))
				neg = true;
			gmatch m;
			if (ph->negated)
				m = !neg ? GM_NONE : hypo ? GM_HYPOTHETICAL : GM_ASSERTED;
			else
				m = neg ? GM_NEGATED : hypo ? GM_HYPOTHETICAL : GM_ASSERTED;
			if (m != GM_NONE && ms < *first)
				*first = ms;
			/* "don't call loss.backward() directly", "if you clip
			 * first ...": negated mentions and conditions do not
			 * place a step */
			if ((m == GM_ASSERTED || (m == GM_HYPOTHETICAL &&
			    tx->hypo[mc] == HY_MAIN)) && npos && *npos < maxpos)
				pos[(*npos)++] = ms;
			if (rank(m) > rank(best))
				best = m;
			/* a point the answer denies is not made, whatever else
			 * it says: "GradScaler stores it in fp32; no scaling of
			 * the loss is involved" */
			if (e->kind == GK_CONCEPT && !ph->negated &&
			    !tx->hypo[mc] && denied(tx, tx->cstart[mc], tx->cend[mc], ms))
				deny = true;
		}
	}
	return deny ? GM_NEGATED : best;
}
