/* Questions the answer answers itself.  A question asserts nothing
 * (text.c flags it), but a candidate who asks and answers — "Does a
 * bigger scale help? No.", "Loss scaling? Not needed with bf16." —
 * asserts the answer, and the answer is only read with its question:
 *
 * - a yes/no reply standing alone ("No.", "Yes,") makes the question a
 *   statement; "no" joins the question's clause as its negator, so "does
 *   a bigger scale help? No" reads as "a bigger scale does not help";
 * - a topic question of at most four words ("Loss scaling?", "Give
 *   up?") is a label for the sentence after it, which joins its clause;
 *   a wh-question ("Why bf16?") is not: its answer stands alone.
 *
 * Runs on the tokens before the clause spans are built (text.c), so it
 * only renumbers: clause and sentence numbers stay in order. */
#include <string.h>

#include "grade/grade_int.h"

/* "no", "yes" and their spoken forms, alone in their clause, or after
 * one adverb of how often or how sure ("Normally no, since ...", "Mostly
 * yes"); "not really", "not usually" answer no.  *w is the reply's length
 * in tokens. */
static int
reply_at(const gtext *tx, size_t a, size_t *w)
{
	static const char *const no[] = { "no", "nope", "nah", NULL };
	static const char *const yes[] = { "yes", "yeah", "yep", "yup", NULL };
	static const char *const adverb[] = { "normally", "usually", "generally", "mostly",
		"typically", "often", "probably", "basically", "mainly", "largely", "definitely",
		"absolutely", "honestly", "short", "nowadays", "practically", NULL };
	static const char *const how[] = { "really", "usually", "necessarily", "normally",
		"typically", "generally", "always", "much", "anymore", "today", NULL };
	*w = 1;
	if (a + 1 < tx->n && tx->t[a + 1].clause == tx->t[a].clause) {
		if (a + 2 < tx->n && tx->t[a + 2].clause == tx->t[a].clause)
			return 0;
		*w = 2;
		if (grade_word_in(tx->t[a].raw, adverb))
			return grade_word_in(tx->t[a + 1].raw, no) ? -1 :
			    grade_word_in(tx->t[a + 1].raw, yes) ? 1 : 0;
		return grade_tok_is(&tx->t[a], "not") && grade_word_in(tx->t[a + 1].raw, how) ? -1 : 0;
	}
	return grade_word_in(tx->t[a].raw, no) ? -1 : grade_word_in(tx->t[a].raw, yes) ? 1 : 0;
}

void
grade_answered_questions(gtext *tx)
{
	size_t q0 = 0;	/* first token of the current question */
	for (size_t i = 0; i < tx->n; i++) {
		gtok *k = &tx->t[i];
		if (!(k->flags & TK_QUESTION)) {
			q0 = i + 1;
			continue;
		}
		if (tx->t[q0].sent != k->sent)
			q0 = i;	/* a question right after another */
		/* i is a question's token; act at its last, before the reply */
		size_t a = i + 1;
		if (a >= tx->n || (tx->t[a].flags & TK_QUESTION) || tx->t[a].sent == k->sent)
			continue;
		size_t w;
		int reply = reply_at(tx, a, &w);
		/* "Why bf16? Because fp16's 5-bit exponent ...": the answer to a
		 * wh-question stands on its own and is not joined to it */
		static const char *const wh[] = { "why", "what", "how", "when", "where",
			"which", "who", "whats", NULL };
		bool topic = reply == 0 && i + 1 - q0 <= 4 && tx->t[q0].clause == k->clause &&
		    !(tx->t[q0].flags & TK_IF) && !grade_word_in(tx->t[q0].raw, wh);
		if (reply == 0 && !topic)
			continue;
		for (size_t q = q0; q <= i; q++)
			tx->t[q].flags &= ~(unsigned)TK_QUESTION;
		if (reply < 0) {
			for (size_t b = a; b < a + w; b++) {
				tx->t[b].clause = k->clause;
				tx->t[b].sent = k->sent;
			}
		} else if (topic) {
			int c = tx->t[a].clause, s = tx->t[a].sent;
			for (size_t b = a; b < tx->n && tx->t[b].clause == c && tx->t[b].sent == s; b++) {
				tx->t[b].clause = k->clause;
				tx->t[b].sent = k->sent;
			}
		}
	}
}
