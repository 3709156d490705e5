/*
 * spell.c — the words of this subject as a misspelling of them is read:
 * "multply", "gradinet", "represntable", "optimzer".  A word of seven
 * letters or more that is none of these words in any of its forms (its
 * stem is none of theirs) and is one edit away from exactly one of them
 * (a letter left out, added, changed or two swapped; the first letter
 * kept) is read as that word.  words.c's table of misspellings is looked
 * up first; this catches the ones it does not list.  The list holds the
 * subject's own terms only: an everyday word one edit from a common one
 * ("though", "matter") would steal it.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>
#include <threads.h>

#include "grade/grade_int.h"

static const char *const vocab[] = {
	"overflow", "underflow", "gradient", "subnormal", "denormal", "mantissa",
	"exponent", "exponential", "precision", "multiply", "multiplied",
	"multiplies", "multiplication", "divided", "divides", "division",
	"optimizer", "optimiser", "unscale", "unscaled", "unscaling", "backward",
	"forward", "softmax", "maximum", "minimum", "subtract", "subtracted",
	"subtraction", "normalize", "normalise", "infinity", "infinite", "represent",
	"representable", "representation", "threshold", "accumulate", "accumulation",
	"skipped", "skipping", "smallest", "largest", "tiniest", "nonfinite",
	"activation", "denominator", "numerator", "probability", "probabilities",
	"scaling", "gradscaler", "autocast", "backprop", "backpropagation",
	"clipping", "backoff", "interval", "magnitude", "bfloat16", "float16",
	"float32", "stability", "numerically", "numerical", "rounding", "flushes",
	"flushed", "vanishes", "default", "baseline", "validation", "speedup",
	"throughput", "convergence", "hardware", "identical", "approximately",
	"unnecessary", "necessary", "usually", "normally", "typically", "generally",
	"significant", "because", NULL
};

enum { MAXV = 160 };
static char vstem[MAXV][GRADE_WORD];
static size_t vlen[MAXV];	/* strlen(vocab[k]) */
static size_t nvocab;
static once_flag once = ONCE_FLAG_INIT;

static void
build(void)
{
	for (nvocab = 0; vocab[nvocab] && nvocab < MAXV; nvocab++) {
		vlen[nvocab] = strlen(vocab[nvocab]);
		grade_stem(vocab[nvocab], vlen[nvocab], vstem[nvocab]);
	}
}

/* One edit between a (n letters) and b (m letters)? */
static bool
one_edit(const char *a, size_t n, const char *b, size_t m)
{
	if (n == m) {
		size_t i = 0;
		while (i < n && a[i] == b[i])
			i++;
		if (i == n)
			return false;	/* the same word */
		if (strcmp(a + i + 1, b + i + 1) == 0)
			return true;	/* one letter changed */
		return i + 1 < n && a[i] == b[i + 1] && a[i + 1] == b[i] &&
		    strcmp(a + i + 2, b + i + 2) == 0;	/* two swapped */
	}
	if (n + 1 == m)
		return one_edit(b, m, a, n);
	if (n != m + 1)
		return false;
	size_t i = 0;	/* a has one letter more */
	while (i < m && a[i] == b[i])
		i++;
	return strcmp(a + i + 1, b + i) == 0;
}

const char *
grade_spell(const char *w)
{
	size_t n = strlen(w);

	if (n < 7)	/* shorter words have too many right neighbours */
		return NULL;
	call_once(&once, build);
	char st[GRADE_WORD];
	grade_stem(w, n, st);
	const char *hit = NULL;
	/* every long word of every answer comes here: the first bytes are
	 * compared before any call */
	for (size_t k = 0; k < nvocab; k++) {
		if ((st[0] == vstem[k][0] && strcmp(st, vstem[k]) == 0) ||
		    (w[0] == vocab[k][0] && strcmp(w, vocab[k]) == 0))
			return NULL;	/* a form of a word of the subject */
		size_t m = vlen[k];
		if (vocab[k][0] != w[0] || m + 1 < n || n + 1 < m || !one_edit(w, n, vocab[k], m))
			continue;
		if (hit && strcmp(hit, vocab[k]) != 0)
			return NULL;	/* two words it may be: neither */
		hit = vocab[k];
	}
	return hit;
}
