/*
 * lexicon.c — what the grader reads off one word, worked out once per
 * word instead of once per occurrence.
 *
 * Every word of an answer is respelt ("normalise" -> normalize), checked
 * for a slip of the subject's vocabulary ("gradinet"), classed and
 * stemmed (text.c, add_word); that was a fifth of grading an answer, and
 * the same few thousand words come back answer after answer.  All of it
 * depends on the word alone, so a cache keyed by the word returns exactly
 * what the work would: no verdict can change.  The cache is direct-mapped
 * (a word evicts the one in its slot), bounded (GLEX_SLOTS entries, some
 * 180 KiB), and per thread, so that graders on several threads neither
 * share nor lock it.  A word too long to keep whole is worked out each
 * time: its stem is made from more bytes than the key holds.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "grade/grade_int.h"

#define GLEX_SLOTS 2048	/* a power of two */

typedef struct glex_slot {
	char key[GRADE_WORD];	/* the word as written, lower case; "" empty */
	glex val;
} glex_slot;

static _Thread_local glex_slot cache[GLEX_SLOTS];

/* The analysis of w (lower case, NUL-terminated) into *out; the stem is
 * made from the word as written, orig's len bytes, unless it was respelt. */
static void
analyse(const char *w, const char *orig, size_t len, glex *out)
{
	char fixed[GRADE_WORD];
	const char *meant = grade_respell(w, fixed, sizeof fixed);

	if (meant == w && (meant = grade_spell(w)) == NULL)
		meant = w;	/* "multply", "gradinet": one edit from a term */
	/* grade_respell may have written into fixed itself */
	snprintf(out->raw, sizeof out->raw, "%s", meant);
	out->respelt = meant != w;
	out->cls = grade_word_class(out->raw);
	if (out->respelt)
		grade_stem(out->raw, strlen(out->raw), out->stem);
	else
		grade_stem(orig, len, out->stem);
	out->hash = grade_hash(out->stem);
	out->scls = strcmp(out->stem, out->raw) == 0 ? out->cls : grade_word_class(out->stem);
}

const glex *
grade_lex(const char *orig, size_t len, const char *w, glex *scratch)
{
	size_t n = strlen(w);

	if (n == 0 || len != n || n >= GRADE_WORD - 1) {
		analyse(w, orig, len, scratch);
		return scratch;
	}
	glex_slot *s = &cache[grade_hash(w) & (GLEX_SLOTS - 1)];
	if (strcmp(s->key, w) != 0) {
		analyse(w, orig, len, &s->val);
		memcpy(s->key, w, n + 1);
	}
	return &s->val;
}
