/*
 * assert.c — whether a phrase the answer matches is the answer's own claim
 * or only talked about: a rule stated with a condition, what the scaler
 * does to its own scale, a gerund or comparative subject held up to be
 * judged, a 'makes' that makes harm.  grade_match (match.c) asks these of
 * a misconception it finds.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "grade/grade_int.h"

/* Is the main clause mc of a condition a rule the answer states?  "Autocast
 * casts the weights to fp16 when it is entered", "if the loss is inf,
 * raise the scale": a misconception in it is asserted, condition or not.
 * Not so in a counterfactual ("raising the scale would help if the
 * gradients underflowed") or before "only if" ("it is a speedup only if
 * it reaches the same loss sooner"). */
bool
grade_rule_stated(const gtext *tx, int mc)
{
	static const char *const modal[] = { "would", "could", "might", "may",
		"wouldnt", "couldnt", NULL };
	size_t cs = tx->cstart[mc], ce = tx->cend[mc];

	for (size_t q = cs; q < ce; q++)
		if (grade_word_in(tx->t[q].raw, modal))
			return false;
	return !(ce > cs && (grade_tok_is(&tx->t[ce - 1], "only") ||
	    (ce < tx->n && grade_tok_is(&tx->t[ce], "unless"))));
}

/* "scaler.update() lowers the scale", "the dynamic scaler keeps skipping
 * steps and shrinking the scale": what the scaler does to its own scale,
 * a verb of lowering it (lowers, shrinking, backs off, halves) in -s or -ing
 * with the scaler named before it in its sentence, is a description, not
 * the advice a misconception about the scale is.  (What
 * it does to the loss or the gradients is no such excuse: "GradScaler
 * divides the loss by S" is a misconception, and so is lowering it after
 * a run of clean steps.) */
bool
grade_scaler_does(const gtext *tx, size_t ms, size_t me)
{
	static const char *const moves[] = { "lower", "decreas", "reduc", "shrink",
		"halv", "back", "cut", "drop", NULL };
	size_t verb = me;
	bool rule = false;	/* lowered on an inf, in a condition */

	for (size_t q = ms; q < me && verb == me; q++) {
		bool move = false;
		for (size_t i = 0; moves[i] && !move; i++)
			move = strncmp(tx->t[q].stem, moves[i], strlen(moves[i])) == 0;
		if (!move)
			continue;
		const char *v = tx->t[q].raw;
		size_t l = strlen(v);
		/* "lowers", "halving", and the future of a description:
		 * "GradScaler will skip the step and halve the scale" */
		bool future = false;
		for (size_t b = q; b-- > ms && b + 10 > q;)
			future |= grade_tok_is(&tx->t[b], "will") || grade_tok_is(&tx->t[b], "would");
		/* "GradScaler will just see inf grads, skip the step, and
		 * halve the scale": the list's verbs share its will */
		for (size_t b = ms, k = 0; b-- > 0 && k < 24 && tx->t[b].sent == tx->t[ms].sent; k++)
			future |= grade_tok_is(&tx->t[b], "will") || grade_tok_is(&tx->t[b], "would");
		/* "the scaler only skip steps and reduce the scale": a bare
		 * verb with the scaler (or "it") its subject in the clause,
		 * English without the -s */
		static const char *const bare[] = { "lower", "decrease", "reduce", "shrink", "halve",
			"cut", "drop", NULL };
		bool subject = false;
		bool base = grade_word_in(v, bare) || (strcmp(v, "back") == 0 && q + 1 < tx->n &&
		    grade_tok_is(&tx->t[q + 1], "off"));
		for (size_t b = q; base && b-- > 0 && b + 8 > q && tx->t[b].clause == tx->t[q].clause;)
			subject |= grade_tok_is(&tx->t[b], "scaler") || grade_tok_is(&tx->t[b], "gradscaler") ||
			    grade_tok_is(&tx->t[b], "it");
		/* "if the scale causes infs, skip that step and reduce the
		 * scale": the rule, lowering on an inf, told as what to do */
		bool on_inf = false;
		for (size_t b = q; base && b-- > 0 && b + 16 > q && tx->t[b].sent == tx->t[q].sent;) {
			if (!(tx->t[b].flags & TK_IF))
				continue;
			for (size_t k = b + 1; k < q && tx->t[k].clause == tx->t[b].clause; k++)
				on_inf |= strcmp(tx->t[k].stem, "inf") == 0 ||
				    strcmp(tx->t[k].stem, "nan") == 0 ||
				    strncmp(tx->t[k].stem, "overflow", 8) == 0;
		}
		if ((l > 3 && v[l - 1] == 's' && v[l - 2] != 's') ||
		    (l > 5 && strcmp(v + l - 3, "ing") == 0) || future || subject || on_inf)
			verb = q;
		rule |= on_inf;
	}
	if (verb == me)
		return false;
	/* what it lowers is the forward's ("shrinks the forward activations",
	 * "reduces the logits"): no description of its own scale */
	static const char *const forward[] = { "forward", "activation", "logit", "input", NULL };
	for (size_t q = verb + 1; q < tx->n && q <= verb + 3; q++)
		for (size_t i = 0; forward[i]; i++)
			if (strncmp(tx->t[q].stem, forward[i], strlen(forward[i])) == 0)
				return false;
	/* "the scaler halves the scale after 2000 clean steps", "keeps
	 * halving it until the softmax is finite": lowered on a clean streak,
	 * or for an effect it cannot have, is no description but a false one */
	static const char *const streak[] = { "clean", "successful", "good", "without",
		"overflow-free", "stable", "until", "till", NULL };
	for (size_t q = ms; q < me; q++)
		if (grade_word_in(tx->t[q].raw, streak) || (tx->t[q].isnum && tx->t[q].num >= 100))
			return false;
	/* the rule told as what to do: the scaler named in its sentence or
	 * one of the four before */
	for (size_t b = verb; rule && b-- > 0 && tx->t[b].sent + 4 >= tx->t[verb].sent;)
		if (grade_tok_is(&tx->t[b], "scaler") || grade_tok_is(&tx->t[b], "gradscaler"))
			return true;
	bool it = false;
	for (size_t q = verb; q-- > 0 && tx->t[q].sent == tx->t[ms].sent;) {
		if (grade_tok_is(&tx->t[q], "scaler") || grade_tok_is(&tx->t[q], "gradscaler"))
			return true;
		it |= grade_tok_is(&tx->t[q], "it");
	}
	/* "GradScaler multiplies the loss by S ... If the scaled gradients
	 * overflow, it skips that step and reduces the scale": "it" is the
	 * scaler one of the four sentences before named (numbered items
	 * and arrows make short sentences) */
	bool own = false;	/* what it lowers is the scale: "reduces the scale" */
	for (size_t q = verb + 1; q < tx->n && q <= verb + 3 && !own; q++)
		own = grade_tok_is(&tx->t[q], "scale") || grade_tok_is(&tx->t[q], "it") ||
		    grade_tok_is(&tx->t[q], "s");
	if (!it || !own)
		return false;
	for (size_t q = verb; q-- > 0 && tx->t[q].sent + 4 >= tx->t[ms].sent;)
		if (tx->t[q].sent < tx->t[ms].sent && (grade_tok_is(&tx->t[q], "scaler") ||
		    grade_tok_is(&tx->t[q], "gradscaler")))
			return true;
	return false;
}

/* "makes gradient overflow more likely", "makes it worse": a works word
 * at q followed closely by harm. */
bool
grade_makes_harm(const gtext *tx, size_t q, size_t ce)
{
	static const char *const harm[] = { "overflow", "wors", "inf", "nan", "likel",
		"skip", "fail", "diverg", NULL };
	for (size_t j = q + 1; j < ce && j <= q + 4; j++)
		for (size_t k = 0; harm[k]; k++)
			if (strncmp(tx->t[j].stem, harm[k], strlen(harm[k])) == 0)
				return true;
	return false;
}

/* "A larger scale also pushes gradients nearer 65504", "raising the scale
 * addresses underflow": a misconception written as the subject of its
 * clause (a gerund or a comparative opens the clause) is only talked
 * about, unless what follows says it works ("a bigger scale fixes it",
 * "raising the scale is the fix").  A subject with nothing after it
 * ("Larger loss scale.") is advice. */
bool
grade_subject_only(const gtext *tx, size_t cs, size_t ce, size_t ms, size_t me)
{
	static const char *const works[] = { "fix", "help", "solv", "work", "mak",
		"bring", "recover", "restor", "keep", "prevent", "avoid", "stop",
		"solution", "right", "correct", "finit", "cur", "resolv",
		"sav", "rescu", "repair", "need", "way", "should", "must", "best",
		"good", "better", "fine", "safe", "enough", NULL };
	size_t q = cs;

	while (q < ms && ((tx->t[q].flags & TK_SKIP) || grade_tok_is(&tx->t[q], "and") ||
	    grade_tok_is(&tx->t[q], "but")))
		q++;
	/* the subject's head may be in the match or before it: "turning
	 * the scale up would ..." matched at "scale up", "multiplying the
	 * loss by a bigger S only changes gradients" at "bigger S" */
	if (q > ms || ms > q + 6)
		return false;
	/* "clip before unscale_ means the threshold sees S-inflated norms":
	 * a claim that opens its clause and is what "means" explains is
	 * the topic of a consequence, not said to be so */
	if (q == ms && me < ce && (grade_tok_is(&tx->t[me], "means") ||
	    grade_tok_is(&tx->t[me], "mean") || (me + 1 < ce && grade_tok_is(&tx->t[me], "would") &&
	    grade_tok_is(&tx->t[me + 1], "mean"))))
		return true;
	const char *v = tx->t[q].raw;
	size_t l = strlen(v);
	static const char *const more[] = { "larger", "bigger", "higher", "greater",
		"smaller", "lower", "stronger", NULL };
	bool comparative = false;
	for (size_t i = 0; more[i]; i++)
		comparative |= strcmp(v, more[i]) == 0;
	if (!((l > 5 && strcmp(v + l - 3, "ing") == 0) || comparative))
		return false;
	/* "Raising the loss scale, even from 2^16 to 2^24, never reaches
	 * that value": the predicate past the commas says whether it works */
	if (me >= ce) {
		for (size_t p = ce; p < tx->n && tx->t[p].sent == tx->t[ms].sent; p++)
			if (tx->t[p].flags & (TK_NEGATOR | TK_JUDGE))
				return true;
		return false;
	}
	/* a match that runs into the predicate states it: "switching to
	 * bf16 just means setting allow_tf32", "a smaller scale shrinks the
	 * forward activations" */
	static const char *const be[] = { "is", "are", "was", "were", "means", "mean",
		"equals", "shrinks", "reduces", "lowers", "multiplies", "divides", "scales",
		"turns", "moves", "changes", "costs", "cost", "takes", "halves", "doubles",
		"adds", "causes", "keeps", "protects", "prevents", "stores", "needs",
		"requires", "breaks", "slows", NULL };
	for (size_t p = ms + 1; p < me; p++)
		for (size_t i = 0; be[i]; i++)
			if (strcmp(tx->t[p].raw, be[i]) == 0)
				return false;
	/* in the match too: "casting is just as good"; a works word that is
	 * negated says the opposite ("... and does not repair an inf", "...
	 * and makes nothing smaller"), and
	 * so does one that makes harm ("makes gradient overflow more likely") */
	for (q = ms + 1; q < ce; q++)
		for (size_t i = 0; works[i]; i++)
			if (strcmp(tx->t[q].stem, works[i]) == 0 &&
			    !(q > 0 && (tx->t[q - 1].flags & TK_NEGATOR)) &&
			    !(q + 1 < ce && (tx->t[q + 1].flags & TK_NEGATOR)) &&	/* "makes nothing smaller" */
			    !(q > 1 && (tx->t[q - 2].flags & TK_NEGATOR) &&
			    (tx->t[q - 1].flags & TK_SKIP)) &&
			    !(strcmp(works[i], "mak") == 0 && grade_makes_harm(tx, q, ce)))
				return false;
	return true;
}

