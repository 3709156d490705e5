/*
 * marks.c — punctuation read as the shape of an answer, before and while
 * text.c cuts it into words: where a clause ends (not inside code or a
 * vector of numbers), a word glossed in parentheses, the item numbers of
 * a list written without punctuation, and single quotes that quote.
 */
#include <config.h>

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "grade/grade_int.h"

/* "Before you judge the size (clip), take the glass away (unscale_)": a
 * word or two in parentheses glosses the clause it stands in and does
 * not end it.  A gloss holds no punctuation that ends a clause, no
 * figure, and no negator or condition ("bf16 (not fp16)", "(skipped if
 * inf)", "clip (nothing happens)", "clip (no-op here)" are remarks of
 * their own).  a[i] is either parenthesis. */
static bool
gloss(const char *a, size_t i, size_t n)
{
	size_t lo = i, hi = i;
	if (a[i] == '(') {
		while (hi + 1 < n && hi < i + 32 && a[hi + 1] != ')' && a[hi + 1] != '(')
			hi++;
		if (++hi >= n || a[hi] != ')')
			return false;
	} else {
		while (lo > 0 && lo + 32 > i && a[lo - 1] != '(' && a[lo - 1] != ')')
			lo--;
		if (lo == 0 || a[--lo] != '(')
			return false;
	}
	int blanks = 0;
	for (size_t k = lo + 1; k < hi; k++) {
		if (strchr(".,;:!?\n\"", a[k]) && !(a[k] == '.' && k + 1 < hi &&
		    (isalnum((unsigned char)a[k + 1]) || a[k + 1] == '_')))
			return false;
		blanks += a[k] == ' ' && a[k - 1] != ' ' && a[k - 1] != '(';
		/* "(largest finite 65504)" states a figure of its own */
		if (isdigit((unsigned char)a[k]) && !isalnum((unsigned char)a[k - 1]))
			return false;
	}
	if (blanks > 1)
		return false;
	static const char *const neg[] = { "not ", "no ", "no-", "nothing", "never ", "without ",
		"if ", "when ", "unless " };
	for (size_t k = 0; k < sizeof neg / sizeof neg[0]; k++) {
		size_t l = strlen(neg[k]);
		for (size_t q = lo + 1; q + l <= hi; q++)
			if (strncasecmp(a + q, neg[k], l) == 0 && (q == lo + 1 || a[q - 1] == ' '))
				return false;
	}
	return hi > lo + 1;
}

/* Does the character at a[i] end a clause?  Punctuation in code does not:
 * scaler.scale(loss).backward() is one clause, "(which ...)" is not. */
bool
grade_clause_break(const char *a, size_t i, size_t n)
{
	char c = a[i], prev = i ? a[i - 1] : ' ', next = i + 1 < n ? a[i + 1] : ' ';

	if (c == '.') {	/* scaler.step, scale(loss).backward: not an end */
		if (isalnum((unsigned char)next) || next == '_')
			return false;
		/* an ellipsis standing for arguments, "clip_grad_norm_(...)",
		 * "f(x, ...)": no end */
		if (next == '.' || prev == '.') {
			size_t f = i;
			while (f < n && a[f] == '.')
				f++;
			if (f < n && (a[f] == ')' || a[f] == ',' || a[f] == ']'))
				return false;
		}
		/* abbreviations are no end: letters between dots ("w.r.t.";
		 * "e.g." and "i.e." are already words, text.c), "vs.", "approx." */
		if (i >= 3 && isalpha((unsigned char)prev) && a[i - 2] == '.' &&
		    isalpha((unsigned char)a[i - 3]))
			return false;
		size_t w = i;
		while (w > 0 && isalpha((unsigned char)a[w - 1]))
			w--;
		static const char *const abbr[] = { "vs", "approx", "cf", "resp", "incl", NULL };
		for (size_t k = 0; abbr[k]; k++)
			if (i - w == strlen(abbr[k]) && strncasecmp(a + w, abbr[k], i - w) == 0 &&
			    (w == 0 || !isalnum((unsigned char)a[w - 1])))
				return false;
		return true;
	}
	if (c == '(' || c == ')')
		return !gloss(a, i, n);	/* calls are handled by the caller */
	/* a vector of numbers is one thing said: "about [0.731, 0.269]" */
	size_t b = i, f = i + 1;
	while (b > 0 && a[b - 1] == ' ')
		b--;
	while (f < n && a[f] == ' ')
		f++;
	/* a number before it, not a name that ends in a digit (fp16, ...) */
	size_t d = b;
	while (d > 0 && (isdigit((unsigned char)a[d - 1]) || a[d - 1] == '.'))
		d--;
	bool digit_before = b > 0 && isdigit((unsigned char)a[b - 1]) &&
	    !(d > 0 && (isalpha((unsigned char)a[d - 1]) || a[d - 1] == '_'));
	bool digit_after = f < n && (isdigit((unsigned char)a[f]) || a[f] == '-' || a[f] == '.');
	if ((c == ',' && digit_before && digit_after) || (c == '[' && digit_after) ||
	    (c == ']' && digit_before))
		return false;
	/* "|" separates the lines of code written on one line */
	return c == ';' || c == ':' || c == '!' || c == '?' || c == ',' ||
	    c == '\n' || c == '[' || c == ']' || c == '|';
}

/*
 * Is the number of `used` bytes at a[i] the next item number of a list
 * written without punctuation ("1 backward on the scaled loss 2 unscale
 * 3 clip")?  A 1 that opens the answer or a sentence may start such a
 * list (*marker becomes 1; it stays a number); a small whole number
 * standing alone before a word is the next item when it is one more than
 * the last (*marker advances and the caller drops it).  "1 sign bit, 5
 * exponent bits" has no 2 after its 1.
 */
bool
grade_list_marker(const char *a, size_t i, size_t used, size_t o, double v, const gtext *tx,
    int *marker)
{
	if (used == 0 || v != (double)(int)v || v < 1 || v > 20 ||
	    (i > 0 && a[i - 1] != ' ' && a[i - 1] != '\n'))
		return false;
	for (size_t k = i; k < i + used; k++)
		if (!isdigit((unsigned char)a[k]))
			return false;	/* 1.5, 2^16, 65,504 */
	size_t f = i + used;
	/* "1) take the max, 2) subtract it": a parenthesis closing the
	 * item number */
	bool paren = f + 1 < o && a[f] == ')' && a[f + 1] == ' ';
	if (paren)
		f++;
	if (f >= o || a[f] != ' ')
		return false;
	while (f < o && a[f] == ' ')
		f++;
	if (f >= o || !isalpha((unsigned char)a[f]))
		return false;
	if (v == 1) {
		if (tx->n == 0 || tx->t[tx->n - 1].sent != tx->nsent || paren)
			*marker = 1;
		return false;
	}
	if (*marker < 1 || (int)v != *marker + 1)
		return false;
	*marker = (int)v;
	return true;
}

/* 'Turn up GradScaler' quotes as "Turn up GradScaler" does: a single
 * quote that opens a word (no letter or digit before it) and one that
 * closes a later word in the same sentence (none after it) are made
 * double quotes; an apostrophe (it's, don't) has letters on both sides. */
void
grade_single_quotes(char *a, size_t o)
{
	for (size_t i = 0; i + 1 < o; i++) {
		if (a[i] != '\'' || (i > 0 && isalnum((unsigned char)a[i - 1])) ||
		    !isalpha((unsigned char)a[i + 1]))
			continue;
		for (size_t j = i + 2; j < o && j < i + 240; j++) {
			if ((a[j] == '.' || a[j] == '?' || a[j] == '!') &&
			    (j + 1 >= o || a[j + 1] == ' '))
				break;
			if (a[j] == '\'' && !isspace((unsigned char)a[j - 1]) &&
			    (j + 1 >= o || !isalnum((unsigned char)a[j + 1]))) {
				a[i] = a[j] = '"';
				i = j;
				break;
			}
		}
	}
}
