/*
 * hypo.c — which clauses of an answer assert nothing (grade_int.h: HY_COND,
 * HY_MAIN), marked once its tokens and clauses are built (text.c):
 * conditions and the clauses they govern, questions, reported and
 * supposed opinions, a proposal named as such, a first reaction held up
 * to be judged, a concession, an imperative and its consequence.  What a
 * misconception in such a clause means is match.c's to decide.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "grade/grade_int.h"

/* Does token i open what someone else would do: a person at the start
 * of its clause and a modal after it ("some would raise the scale, but",
 * "people might reach for a bigger scale")?  The teammate's view, the
 * "'s" between ("the teammate's proposal"), is handled beside SAY words. */
static bool
reports(const gtext *tx, size_t i)
{
	static const char *const modal[] = { "would", "might", "may", "could", "will", NULL };
	const gtok *who = &tx->t[i - 1];
	if (!(who->wc & WC_WHO) || who->isnum)
		return false;
	for (size_t k = 0; modal[k]; k++)
		if (strcmp(who->raw, modal[k]) == 0)
			return false;	/* "might" is no person */
	size_t c0 = tx->cstart[who->clause];
	if (i - 1 != c0 && !(i - 1 == c0 + 1 && (grade_tok_is(&tx->t[c0], "the") ||
	    grade_tok_is(&tx->t[c0], "your") || grade_tok_is(&tx->t[c0], "a"))))
		return false;
	for (size_t k = 0; modal[k]; k++)
		if (strcmp(tx->t[i].raw, modal[k]) == 0)
			return true;
	return false;
}

/* "Raising the scale is tempting / the reflex / the knee-jerk fix": a
 * first reaction named as such is an opinion held up to be judged. */
static bool
first_reaction(const char *stem)
{
	static const char *const w[] = { "tempt", "reflex", "instinct", "knee",
		"jerk", NULL };
	return grade_word_in(stem, w);
}

/* "Scale up the loss all you like, the inf stays", "as much as you
 * want": a concession, which grants nothing.  i is the "like"/"want". */
static bool
all_you_like(const gtext *tx, size_t i)
{
	if (i < 2 || (!grade_tok_is(&tx->t[i], "like") && !grade_tok_is(&tx->t[i], "want")) ||
	    !grade_tok_is(&tx->t[i - 1], "you"))
		return false;
	return grade_tok_is(&tx->t[i - 2], "all") ||
	    (i >= 3 && grade_tok_is(&tx->t[i - 2], "as") && grade_tok_is(&tx->t[i - 3], "much"));
}

/* "It's like turning up the volume to fix a clipped recording": an
 * analogy opening its clause says nothing of the subject itself, up to
 * a clause that draws the lesson ("..., so the fix is fp32").  i is the
 * "like". */
static bool
analogy(const gtext *tx, size_t i)
{
	static const char *const who[] = { "it", "this", "that", "thats", NULL };
	if (i < 2 || !grade_tok_is(&tx->t[i], "like"))
		return false;
	if ((!grade_tok_is(&tx->t[i - 1], "is") && !grade_tok_is(&tx->t[i - 1], "s")) ||
	    !grade_word_in(tx->t[i - 2].raw, who) ||
	    (i > 2 && tx->t[i - 3].clause == tx->t[i - 2].clause))
		return false;
	/* "it's like logits [20, 19], where ...": an example, whose figures
	 * are claims; a figure of the pictured thing ("a kitchen scale that
	 * reads up to 65 kg") is no claim of the subject */
	static const char *const unit[] = { "kg", "kilograms", "km", "miles", "mph", "dollars",
		"euros", "meters", "metres", "cm", "mm", "lb", "pounds", "degrees", "liters",
		"litres", "years", "minutes", "seconds", NULL };
	for (size_t k = i; k < tx->n && tx->t[k].sent == tx->t[i].sent; k++)
		if ((tx->t[k].isnum && !(k + 1 < tx->n && grade_word_in(tx->t[k + 1].raw, unit))) ||
		    (tx->t[k].cls & WC_FMT))
			return false;
	return true;
}

/* Does the verb v after "would" weigh an alternative: not a verb that
 * says it works ("would fix it" asserts), not "be", not a negator? */
static bool
weighs(const gtok *v)
{
	static const char *const works[] = { "fix", "help", "solv", "resolv", "work", "rescu",
		"sav", "recov", "prevent", "avoid", "stop", "cur", "repair", "keep", "restor",
		"be", "get", "bring", "let", "allow", NULL };
	for (size_t k = 0; works[k]; k++)
		if (strncmp(v->stem, works[k], strlen(works[k])) == 0)
			return false;
	return !(v->flags & TK_NEGATOR);
}

/* Does "but" and a verb of harm follow the verb at v within its
 * sentence: "would stop the inf but destroy the answer"? */
static bool
ruled_out_after(const gtext *tx, size_t v)
{
	static const char *const harm[] = { "destroy", "ruin", "wreck", "chang", "break",
		"distort", "bias", "corrupt", NULL };
	for (size_t q = v; q + 1 < tx->n && q < v + 8 && tx->t[q].sent == tx->t[v].sent; q++) {
		if (!grade_tok_is(&tx->t[q], "but"))
			continue;
		for (size_t r = q + 1; r < tx->n && r <= q + 2; r++)
			for (size_t k = 0; harm[k]; k++)
				if (strncmp(tx->t[r].stem, harm[k], strlen(harm[k])) == 0)
					return true;
	}
	return false;
}

/* The clauses after counterfactual clause c in its sentence that go on
 * weighing the alternative: "Clamping would make it finite but would
 * change the answer (it would give [0.5, 0.5])": an optional but, and,
 * or, so, then an optional it, that, this, which or they, then would. */
static void
go_on(gtext *tx, int c)
{
	static const char *const link[] = { "but", "and", "or", "so", NULL };
	static const char *const subj[] = { "it", "that", "this", "which", "they", NULL };
	for (int d = c + 1; d < tx->nclauses; d++) {
		size_t s = tx->cstart[d], e = tx->cend[d];
		if (s >= e || tx->t[s].sent != tx->t[tx->cstart[c]].sent || tx->hypo[d] != 0)
			return;
		if (s < e && grade_word_in(tx->t[s].raw, link))
			s++;
		if (s < e && grade_word_in(tx->t[s].raw, subj))
			s++;
		if (s + 1 >= e || !grade_tok_is(&tx->t[s], "would") || !weighs(&tx->t[s + 1]))
			return;
		tx->hypo[d] = HY_COUNTER;
	}
}

/* "Doing the clip before the unscale would compare S*g to 1.0",
 * "Clamping the logits would change the answer": a clause whose subject
 * is a gerund and whose verb comes after "would" weighs an alternative
 * (HY_COUNTER), unless the verb says it works ("raising the scale would
 * fix it" asserts), it is "be" (judged or asserted as it stands) or it
 * is negated. */
static void
counterfactuals(gtext *tx)
{
	static const char *const notger[] = { "nothing", "everything", "something", "anything",
		"during", "thing", "bring", "string", NULL };
	for (int c = 0; c < tx->nclauses; c++) {
		size_t s = tx->cstart[c], e = tx->cend[c];
		if (s >= e || tx->hypo[c] != 0)
			continue;
		const char *w = tx->t[s].raw;
		size_t n = strlen(w);
		if (n < 5 || strcmp(w + n - 3, "ing") != 0 || grade_word_in(w, notger))
			continue;
		for (size_t q = s + 1; q + 1 < e && q < s + 10; q++) {
			if (!grade_tok_is(&tx->t[q], "would"))
				continue;
			size_t v = q + 1;
			while (v < e && (grade_tok_is(&tx->t[v], "just") || grade_tok_is(&tx->t[v], "only") ||
			    grade_tok_is(&tx->t[v], "also") || grade_tok_is(&tx->t[v], "then")))
				v++;
			if (v < e && weighs(&tx->t[v])) {
				tx->hypo[c] = HY_COUNTER;
				go_on(tx, c);
			}
			break;
		}
		/* "Clamping the logits to, say, 11 would stop the inf but
		 * destroy the answer": a working verb past a comma, then the
		 * harm that rules it out, weighs the alternative too */
		for (size_t q = e; tx->hypo[c] == 0 && q + 1 < tx->n && q < s + 12 &&
		    tx->t[q].sent == tx->t[s].sent; q++) {
			if (!grade_tok_is(&tx->t[q], "would"))
				continue;
			if (ruled_out_after(tx, q + 1))
				for (int d = c; d <= tx->t[q].clause; d++)
					tx->hypo[d] = HY_COUNTER;
			break;
		}
	}
}

/* "Q: what comes after backward on the scaled loss?", "Q: after the
 * scaled backward, what next?": a question for the step after (or
 * before) one it names takes that step as done, so the clause is read as
 * said. */
static bool
presupposed(const gtext *tx, int c)
{
	static const char *const verb[] = { "comes", "come", "goes", "go", "happens",
		"follows", "is", "next", NULL };
	size_t q = tx->cstart[c], e = tx->cend[c];
	if (q < e && grade_tok_is(&tx->t[q], "q"))
		q++;
	/* "Q: after the scaled backward, what next?": the step the
	 * question starts from, before a question for what follows it */
	if (q + 1 < e && (grade_tok_is(&tx->t[q], "after") || grade_tok_is(&tx->t[q], "once")))
		for (size_t k = e; k < tx->n && tx->t[k].sent == tx->t[q].sent; k++)
			if (grade_tok_is(&tx->t[k], "what") || grade_tok_is(&tx->t[k], "next"))
				return true;
	if (q + 2 >= e || !(grade_tok_is(&tx->t[q], "what") || grade_tok_is(&tx->t[q], "which")))
		return false;
	for (size_t k = q + 1; k < e && k <= q + 3; k++)
		if ((grade_tok_is(&tx->t[k], "after") || grade_tok_is(&tx->t[k], "before")) &&
		    grade_word_in(tx->t[k - 1].raw, verb))
			return true;
	return false;
}

/* Does the clause at c open with an imperative?  A word of the imperative
 * class, or a step named as a verb with where it goes: "update before step
 * and the scale wouldn't reflect this iteration", "step without the inf
 * check and you push NaNs". */
static bool
imperative_at(const gtext *tx, size_t c)
{
	static const char *const steps[] = { "step", "update", "backward", "zero_grad", NULL };
	static const char *const where[] = { "before", "after", "without", "first", "ahead", NULL };

	/* "unscale_ gives g = ĝ/S and a flag": a step named as the subject
	 * of a verb is no imperative */
	static const char *const said[] = { "gives", "returns", "divides", "multiplies",
		"makes", "is", "does", "checks", "sets", "records", "computes", "takes",
		"undoes", "comes", "goes", "runs", "happens", "yields", "produces", "means",
		"has", "needs", "must", "should", "will", "then", NULL };
	if (c + 1 < tx->n && tx->t[c + 1].clause == tx->t[c].clause &&
	    grade_word_in(tx->t[c + 1].raw, said))
		return false;
	if (tx->t[c].cls & WC_IMPER)
		return true;
	return c + 1 < tx->n && grade_word_in(tx->t[c].raw, steps) &&
	    grade_word_in(tx->t[c + 1].raw, where) && tx->t[c + 1].clause == tx->t[c].clause;
}

void
grade_mark_hypotheticals(gtext *tx)
{
	counterfactuals(tx);
	for (size_t i = 0; i < tx->n; i++) {
		unsigned char *h = &tx->hypo[tx->t[i].clause];
		if ((tx->t[i].flags & TK_IF) && (i == 0 || tx->t[i - 1].clause != tx->t[i].clause))
			*h = HY_COND;
		if ((tx->t[i].flags & TK_QUESTION) && !presupposed(tx, tx->t[i].clause))
			*h = HY_COND;
		if ((tx->t[i].flags & TK_CONDMAIN) && *h == 0)
			*h = HY_MAIN;
		if ((tx->t[i].flags & TK_LABEL) && i + 1 < tx->n)
			tx->hypo[tx->t[i + 1].clause] = HY_COND;
		/* "inf/inf is NaN whatever eps you add": a free choice grants
		 * nothing of what it ranges over */
		if (tx->cstart[tx->t[i].clause] == i && i > 0 &&
		    (grade_tok_is(&tx->t[i], "whatever") || grade_tok_is(&tx->t[i], "whichever")))
			*h = HY_COND;
	}
	/* "for every optimizer whose params you clip, unscale_ ...": the
	 * scope of a quantifier asserts nothing of its own */
	for (size_t i = 0; i + 3 < tx->n; i++)
		if (grade_tok_is(&tx->t[i], "for") && (grade_tok_is(&tx->t[i + 1], "every") ||
		    grade_tok_is(&tx->t[i + 1], "each")))
			for (size_t k = i + 2; k < tx->n && k <= i + 5 &&
			    tx->t[k].clause == tx->t[i].clause; k++)
				if (grade_tok_is(&tx->t[k], "whose") || grade_tok_is(&tx->t[k], "that") ||
				    grade_tok_is(&tx->t[k], "which")) {
					tx->hypo[tx->t[i].clause] = HY_COND;
					break;
				}
	/* "Turning up the scale sounds like it should help, but it doesn't":
	 * how a proposal seems, with the contrast that denies it, asserts
	 * nothing ("it looks like an overflow" alone still does) */
	static const char *const seem[] = { "sounds", "seems", "looks", "appears", "feels", NULL };
	for (size_t i = 0; i + 1 < tx->n; i++) {
		if (!grade_word_in(tx->t[i].raw, seem) || !(grade_tok_is(&tx->t[i + 1], "like") ||
		    grade_tok_is(&tx->t[i + 1], "as")))
			continue;
		int c = tx->t[i].clause;
		size_t ce = tx->cend[c];
		if (ce < tx->n && tx->t[ce].sent == tx->t[i].sent && (grade_tok_is(&tx->t[ce], "but") ||
		    grade_tok_is(&tx->t[ce], "yet") || grade_tok_is(&tx->t[ce], "however")))
			tx->hypo[c] = HY_COND;
	}
	/* Reported or supposed opinions assert nothing: "you might think the
	 * order doesn't matter", "whoever says divide the loss ...". */
	static const char *const det[] = { "the", "this", "that", "a", "an", "your", "their",
		"his", "her", "common", "usual", "popular", "whole", NULL };
	for (size_t i = 1; i < tx->n; i++) {
		/* "the argument that bf16 still needs GradScaler ...": a view
		 * named by its noun, its content after "that" */
		bool named_view = (tx->t[i].wc & WC_SAY) && grade_word_in(tx->t[i - 1].raw, det) &&
		    i + 1 < tx->n && grade_tok_is(&tx->t[i + 1], "that");
		/* "a colleague once told me": an adverb between */
		static const char *const adv[] = { "once", "always", "recently", "also", "just",
			"even", "often", "sometimes", NULL };
		bool who_adv = (tx->t[i].wc & WC_SAY) && i > 1 && (tx->t[i - 2].wc & WC_WHO) &&
		    grade_word_in(tx->t[i - 1].raw, adv) &&
		    tx->t[i - 2].clause == tx->t[i].clause;
		if (tx->t[i].clause == tx->t[i - 1].clause && (reports(tx, i) || named_view ||
		    ((tx->t[i].wc & WC_SAY) && ((tx->t[i - 1].wc & WC_WHO) || who_adv ||
		    (i > 1 && grade_tok_is(&tx->t[i - 1], "s") && (tx->t[i - 2].wc & WC_WHO)))))) {
			tx->hypo[tx->t[i].clause] = HY_COND;
			/* what they say runs on to the end of the sentence ("a
			 * common assumption is that bf16 is better, so strictly
			 * better"), up to a contrast: "some say X, but Y" */
			for (size_t k = i + 1; k < tx->n && tx->t[k].sent == tx->t[i].sent; k++) {
				/* ... and its reasons: "some might say X because Y" */
				if (tx->t[k].clause != tx->t[k - 1].clause &&
				    (tx->t[k].cls & WC_SPLIT) &&
				    !(tx->t[k].cls & WC_IF) &&
				    !grade_tok_is(&tx->t[k], "so") && !grade_tok_is(&tx->t[k], "because") &&
				    !grade_tok_is(&tx->t[k], "since"))
					break;
				tx->hypo[tx->t[k].clause] = HY_COND;
			}
		}
		/* "clamping the logits, as was proposed, ...": a proposal
		 * reported as such */
		if (i > 0 && (grade_tok_is(&tx->t[i], "proposed") || grade_tok_is(&tx->t[i], "suggested")) &&
		    (grade_tok_is(&tx->t[i - 1], "as") || (i > 1 && grade_tok_is(&tx->t[i - 2], "as"))))
			for (size_t k = i + 1; k-- > 0 && tx->t[k].sent == tx->t[i].sent;)
				tx->hypo[tx->t[k].clause] = HY_COND;
		if (first_reaction(tx->t[i].stem) || all_you_like(tx, i))
			tx->hypo[tx->t[i].clause] = HY_COND;
		/* "i once had clip before unscale and my model barely trained":
		 * a mistake told as one's own story is no advice */
		static const char *const told[] = { "had", "did", "used", "tried", "made", "put",
			"ran", "wrote", "called", "got", NULL };
		if (i > 0 && i + 1 < tx->n && grade_tok_is(&tx->t[i], "once") &&
		    (grade_tok_is(&tx->t[i - 1], "i") || grade_tok_is(&tx->t[i - 1], "we")) &&
		    grade_word_in(tx->t[i + 1].raw, told) && tx->hypo[tx->t[i].clause] == 0)
			tx->hypo[tx->t[i].clause] = HY_COND;
		/* "before we bump the scale: ...": a time clause with its own
		 * subject proposes nothing */
		if (i + 2 < tx->n && (grade_tok_is(&tx->t[i], "before") || grade_tok_is(&tx->t[i], "until")) &&
		    (i == 0 || tx->t[i - 1].sent != tx->t[i].sent ||	/* opening the sentence, */
		    (i == 1 || tx->t[i - 2].sent != tx->t[i].sent)) &&	/* or after "@sam" */
		    (grade_tok_is(&tx->t[i + 1], "we") || grade_tok_is(&tx->t[i + 1], "you") ||
		    grade_tok_is(&tx->t[i + 1], "anyone") || grade_tok_is(&tx->t[i + 1], "they")) &&
		    tx->hypo[tx->t[i].clause] == 0)
			tx->hypo[tx->t[i].clause] = HY_COND;
		if (analogy(tx, i))
			for (size_t k = i; k < tx->n && tx->t[k].sent == tx->t[i].sent; k++) {
				if (k > i && tx->t[k].clause != tx->t[k - 1].clause &&
				    (tx->t[k].cls & WC_SPLIT))
					break;
				tx->hypo[tx->t[k].clause] = HY_COND;
			}
	}
	/* "Clip before unscaling and you clip inflated gradients": an
	 * imperative and its consequence, "X and you ...", "X and your
	 * threshold ...", "X and the scale changes ...", is a condition. */
	static const char *const then_who[] = { "you", "youre", "your", "the", "a",
		"an", "it", "its", "everything", "nothing", NULL };
	/* "... and max_norm gets compared with S-times larger gradients": a
	 * subject of one or two words and a verb of consequence */
	static const char *const then_verb[] = { "gets", "get", "is", "are", "becomes",
		"ends", "would", "will", "sees", "compares", "clips", "goes", NULL };
	for (size_t i = 1; i + 1 < tx->n; i++) {
		/* (only an "and" can open the consequence: the rest is asked
		 * of it alone, not of every token) */
		if (!grade_tok_is(&tx->t[i], "and") || tx->t[i + 1].clause != tx->t[i].clause)
			continue;
		bool who = grade_word_in(tx->t[i + 1].raw, then_who);
		for (size_t v = i + 2; !who && v <= i + 3 && v < tx->n; v++) {
			const gtok *s1 = &tx->t[v - 1];
			if ((s1->cls & (WC_FUNC | WC_IMPER)) || s1->isnum ||
			    tx->t[v].clause != tx->t[i].clause)
				break;
			who = grade_word_in(tx->t[v].raw, then_verb);
		}
		/* "call X so the clip sees Y and the threshold stays ...": the
		 * "and" joins the purpose, the imperative stays advice */
		bool purpose = false;
		for (size_t q = tx->cstart[tx->t[i].clause]; q < i && !purpose; q++)
			purpose = grade_tok_is(&tx->t[q], "so") || grade_tok_is(&tx->t[q], "because") ||
			    grade_tok_is(&tx->t[q], "since");
		if (grade_tok_is(&tx->t[i], "and") && tx->t[i + 1].clause == tx->t[i].clause &&
		    who && !purpose && imperative_at(tx, tx->cstart[tx->t[i].clause])) {
			tx->hypo[tx->t[i].clause] = HY_COND;
			for (size_t k = i + 1; k < tx->cend[tx->t[i].clause]; k++)
				tx->t[k].flags |= TK_CONSEQ;
		}
	}
}
