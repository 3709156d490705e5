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
 *
 * Words of four to six letters have too many right neighbours for any
 * edit, but the two slips of a fast thumb, two letters swapped ("stpe",
 * "upadte") and a letter left out ("updte", "skiped"), seldom make
 * another word; those two are read in them, against the same list and a
 * few short terms of its own (a swap only for four letters).
 */
#include <config.h>

#include <ctype.h>
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

/* Short terms read only in short words (see above); "scaler" is not
 * here: "scalar" is a word of its own one letter away. */
static const char *const shortv[] = {
	"update", "updates", "updated", "step", "steps", "clip", "scale",
	"scaled", "unscale", NULL
};

enum { MAXV = 160 };
static char vstem[MAXV][GRADE_WORD];
static size_t vlen[MAXV];	/* strlen(vocab[k]) */
static size_t nvocab;
static once_flag once = ONCE_FLAG_INIT;

/* The terms of at most seven letters, both lists, with their stems:
 * what a short word may be a slip of. */
enum { MAXS = 64 };
static const char *sterm[MAXS];
static char sstem[MAXS][GRADE_WORD];
static size_t slen[MAXS], nshort;

static void
build(void)
{
	for (nvocab = 0; vocab[nvocab] && nvocab < MAXV; nvocab++) {
		vlen[nvocab] = strlen(vocab[nvocab]);
		grade_stem(vocab[nvocab], vlen[nvocab], vstem[nvocab]);
	}
	for (int list = 0; list < 2; list++) {
		const char *const *v = list ? shortv : vocab;
		for (size_t k = 0; v[k] && nshort < MAXS; k++) {
			size_t m = strlen(v[k]);
			if (m > 7)
				continue;
			sterm[nshort] = v[k];
			slen[nshort] = m;
			grade_stem(v[k], m, sstem[nshort++]);
		}
	}
}

/* b with two neighbouring letters of a swapped, or a with one letter
 * of b left out (n letters in a, m in b)?  The slips of a short word. */
static bool
slip(const char *a, size_t n, const char *b, size_t m)
{
	size_t i = 0;

	if (n == m) {
		while (i < n && a[i] == b[i])
			i++;
		return i + 1 < n && a[i] == b[i + 1] && a[i + 1] == b[i] &&
		    strcmp(a + i + 2, b + i + 2) == 0;
	}
	if (n + 1 != m || n < 5)
		return false;
	while (i < n && a[i] == b[i])
		i++;
	return strcmp(a + i, b + i + 1) == 0;
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

/* The short word w (n letters, stem st) as a slip of exactly one term. */
static const char *
short_slip(const char *w, size_t n, const char *st)
{
	const char *hit = NULL;

	for (size_t k = 0; k < nshort; k++) {
		size_t m = slen[k];
		if (sterm[k][0] != w[0] || (m != n && m != n + 1))
			continue;
		if (strcmp(w, sterm[k]) == 0 || strcmp(st, sstem[k]) == 0)
			return NULL;	/* a form of a term */
		if (!slip(w, n, sterm[k], m))
			continue;
		if (hit && strcmp(hit, sterm[k]) != 0)
			return NULL;
		hit = sterm[k];
	}
	return hit;
}

const char *
grade_spell(const char *w)
{
	size_t n = strlen(w);

	if (n < 4 || !isalpha((unsigned char)w[0]))
		return NULL;
	call_once(&once, build);
	if (n < 7) {	/* shorter words have too many right neighbours */
		char sst[GRADE_WORD];
		grade_stem(w, n, sst);
		return short_slip(w, n, sst);
	}
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
