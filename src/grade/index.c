/*
 * index.c — which of a rubric's phrases can match an answer at all, found
 * from the answer's stems instead of by trying every phrase.
 *
 * Every shipped rubric takes the hundred or so shared misconceptions
 * (`shared: all`), some seven hundred phrases in all, and nearly every
 * phrase has a term the answer lacks; looking each one's terms up in the
 * answer (match.c, term_possible) was half the time grading took.  A term
 * whose alternatives all begin with a plain word (no prefix, number or
 * true claim) is possible exactly when the answer has one of those stems,
 * as gtext_find finds them; such terms are the phrase's need (phrase.c).
 * The index maps each stem to the (phrase, term) pairs it makes possible,
 * so the answer's distinct stems, a few dozen, mark the terms it makes
 * possible, and a phrase whose need is not all marked is not tried: it has
 * a term that cannot occur, so it could not have matched, and no verdict
 * changes.  The shared entries' index is made when fptutor is built
 * (shared_gen writes it beside their tables), so that a one-shot grade
 * does not make it each time; a rubric's own entries are indexed when it
 * is finished.
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

unsigned
grade_phrase_need(const gphrase *ph)
{
	unsigned need = 0;

	/* a term past the 32nd is left to term_possible, as is one of
	 * prefixes, numbers or claims, which no stem stands for */
	for (size_t t = 0; t < ph->nterms && t < 32; t++) {
		bool plain = ph->terms[t].nalts > 0;
		for (size_t a = 0; a < ph->terms[t].nalts && plain; a++) {
			const gel *e = &ph->terms[t].alts[a].el[0];
			plain = !e->fact && !e->isnum && !e->prefix;
		}
		if (plain)
			need |= 1u << t;
	}
	return need;
}

/* One posting while the index is made: the stem of a term's alternative. */
typedef struct item {
	unsigned hash;
	const char *stem;
	unsigned phr, term;
} item;

/* By stem, then phrase and term: a total order, so that shared_gen writes
 * the same table from the same lines. */
static int
by_key(const void *a, const void *b)
{
	const item *x = a, *y = b;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	int c = strcmp(x->stem, y->stem);
	if (c != 0)
		return c;
	if (x->phr != y->phr)
		return x->phr < y->phr ? -1 : 1;
	return x->term < y->term ? -1 : x->term > y->term;
}

static bool
same_stem(const item *x, const item *y)
{
	return x->hash == y->hash && strcmp(x->stem, y->stem) == 0;
}

/* The postings of r's own entries' needs into *out, sorted, repeats
 * dropped, their count in *n.  False when out of memory. */
static bool
items(const grade_rubric *r, item **out, size_t *n)
{
	item *it = NULL;
	size_t cap = 0, np = 0;

	*out = NULL;
	*n = 0;
	for (size_t i = 0; i < r->nent; i++)
		for (size_t p = 0; p < r->ent[i].nphr; p++, np++) {
			const gphrase *ph = &r->ent[i].phr[p];
			for (size_t t = 0; t < ph->nterms && t < 32 && !r->ent[i].shared; t++)
				for (size_t a = 0; a < ph->terms[t].nalts && (ph->need >> t & 1); a++) {
					if (*n == cap) {
						cap = cap ? 2 * cap : 256;
						item *g = realloc(it, cap * sizeof *g);
						if (g == NULL) {
							free(it);
							return false;
						}
						it = g;
					}
					const gel *e = &ph->terms[t].alts[a].el[0];
					it[(*n)++] = (item){ e->hash, e->stem, (unsigned)np, (unsigned)t };
				}
		}
	*out = it;
	if (*n == 0)
		return true;
	qsort(it, *n, sizeof *it, by_key);
	size_t m = 1;
	for (size_t i = 1; i < *n; i++)
		if (!same_stem(&it[m - 1], &it[i]) || it[m - 1].phr != it[i].phr ||
		    it[m - 1].term != it[i].term)
			it[m++] = it[i];
	*n = m;
	return true;
}

bool
grade_index_build(const grade_rubric *r, gindex *out)
{
	size_t n, nkey = 0, bytes = 0, slots = 16;
	item *it;

	*out = (gindex){ .key = NULL };
	if (!items(r, &it, &n))
		return false;
	if (n == 0) {		/* nothing to index: no phrase needs a stem */
		free(it);
		return true;
	}
	for (size_t i = 0; i < n; i++)
		if (i == 0 || !same_stem(&it[i - 1], &it[i])) {
			nkey++;
			bytes += strlen(it[i].stem) + 1;
		}
	while (slots < 2 * nkey)	/* half full at most: probes stay short */
		slots *= 2;
	size_t ksz = slots * sizeof (gkey), psz = n * sizeof (gpost);
	char *mem = calloc(1, ksz + psz + bytes);
	if (mem == NULL) {
		free(it);
		return false;
	}
	gkey *key = (gkey *)(void *)mem;
	gpost *post = (gpost *)(void *)(mem + ksz);
	char *stems = mem + ksz + psz;
	size_t so = 0;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && same_stem(&it[i], &it[j]); j++)
			;
		size_t h = it[i].hash & (slots - 1);
		while (key[h].post.n)
			h = (h + 1) & (slots - 1);
		key[h] = (gkey){ it[i].hash, (unsigned)so, { (unsigned)i, (unsigned)(j - i) } };
		size_t len = strlen(it[i].stem) + 1;
		memcpy(stems + so, it[i].stem, len);
		so += len;
		for (size_t k = i; k < j; k++)
			post[k] = (gpost){ it[k].phr, it[k].term };
	}
	free(it);
	*out = (gindex){ .key = key, .mask = slots - 1, .post = post, .stems = stems, .mem = mem };
	return true;
}

void
grade_index_free(gindex *ix)
{
	free(ix->mem);
	*ix = (gindex){ .key = NULL };
}

void
grade_index_rubric(grade_rubric *r)
{
	const gshared_table *tab = &grade_shared_table;
	size_t np = 0;

	free(r->shphr);
	free(r->need);
	r->shphr = r->need = NULL;
	grade_index_free(&r->own);
	r->indexed = false;
	for (size_t i = 0; i < r->nent; i++) {
		r->ent[i].phr0 = np;
		np += r->ent[i].nphr;
	}
	r->nphr = np;
	/* the needs in one array, which grade_index_mark reads for every
	 * answer: in the phrases, they would be a cache line each */
	if (np >= UINT_MAX || (r->need = malloc((np + 1) * sizeof *r->need)) == NULL)
		return;
	for (size_t i = 0; i < r->nent; i++)
		for (size_t k = 0; k < r->ent[i].nphr; k++)
			r->need[r->ent[i].phr0 + k] = r->ent[i].phr[k].need;
	if (tab->nphr && (r->shphr = malloc(tab->nphr * sizeof *r->shphr)) == NULL)
		return;
	for (size_t g = 0; g < tab->nphr; g++)
		r->shphr[g] = UINT_MAX;
	/* a shared entry is taken once (its id may not be defined twice); were
	 * it taken twice, the map could name only one copy, so the rubric is
	 * left unindexed and every phrase is tried, as before the index */
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		if (!e->shared)
			continue;
		if (e->shared > tab->nent || tab->ent[e->shared - 1].phr.n != e->nphr)
			return;
		for (size_t k = 0; k < e->nphr; k++) {
			size_t g = tab->ent[e->shared - 1].phr.first + k;
			if (g >= tab->nphr || r->shphr[g] != UINT_MAX)
				return;
			r->shphr[g] = (unsigned)(e->phr0 + k);
		}
	}
	r->indexed = grade_index_build(r, &r->own);
}

/* The postings of t's stem in ix, through map when the index numbers the
 * phrases of another rubric (the shared table's). */
static void
mark(const gindex *ix, const gtok *t, const unsigned *map, unsigned *seen)
{
	if (ix->key == NULL)
		return;
	for (size_t h = t->hash & ix->mask; ix->key[h].post.n; h = (h + 1) & ix->mask) {
		const gkey *k = &ix->key[h];
		if (k->hash != t->hash || strcmp(ix->stems + k->stem, t->stem) != 0)
			continue;
		for (unsigned i = k->post.first; i < k->post.first + k->post.n; i++) {
			unsigned p = map ? map[ix->post[i].phr] : ix->post[i].phr;
			if (p != UINT_MAX)
				seen[p] |= 1u << ix->post[i].term;
		}
		return;
	}
}

void
grade_index_mark(const grade_rubric *r, const gtext *tx, unsigned *seen)
{
	/* each distinct stem of the answer has one slot of its index */
	for (size_t h = 0; tx->slot && h <= tx->mask; h++)
		if (tx->slot[h]) {
			const gtok *t = &tx->t[tx->slot[h] - 1];
			mark(&r->own, t, NULL, seen);
			mark(&grade_shared_table.index, t, r->shphr, seen);
		}
	for (size_t p = 0; p < r->nphr; p++)
		seen[p] = (seen[p] & r->need[p]) == r->need[p];
}
