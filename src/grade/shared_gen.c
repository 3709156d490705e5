/*
 * shared_gen.c — run when fptutor is built: compiles the shared
 * misconceptions (shared.c) with the rubric compiler and prints them as
 * C, the tables of grade_shared_table (grade_int.h) that a rubric's
 * `shared:` line takes entries from (shared_line.c).  The lines are
 * compiled as one rubric, the synonyms first, so that an entry may use a
 * synonym written after it; a line that does not compile stops the build
 * with its message.
 *
 *   src/grade/shared_gen > src/grade/shared_table.c
 *
 * Exit status: 0 written; 1 a line did not compile, or out of memory.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

/* s as a C string literal: octal escapes for all but plain printable
 * ASCII ('?' too, which could make a trigraph). */
static void
put_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '?')
			printf("\\%03o", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* A double as C that reads back to the same bits. */
static void
put_double(double v)
{
	if (isnan(v))
		printf("%sNAN", signbit(v) ? "-" : "");
	else if (isinf(v))
		printf("%sHUGE_VAL", v < 0 ? "-" : "");
	else
		printf("%a", v);
}

/* One element, its fields that are not zero (the others are, as they
 * are when the compiler makes an element: grade_push zeroes it). */
static void
put_el(const gel *e)
{
	printf("\t{ .word = ");
	put_str(e->word);
	printf(", .stem = ");
	put_str(e->stem);
	printf(", .hash = %uu", e->hash);
	if (e->prefix)
		printf(", .prefix = true");
	if (e->exact)
		printf(", .exact = true");
	if (e->isnum)
		printf(", .isnum = true");
	if (e->othernum)
		printf(", .othernum = true");
	if (e->num != 0 || signbit(e->num)) {
		printf(", .num = ");
		put_double(e->num);
	}
	if (e->tol != 0 || signbit(e->tol)) {
		printf(", .tol = ");
		put_double(e->tol);
	}
	if (e->fact)
		printf(", .fact = %u", (unsigned)e->fact);
	printf(" },\n");
}

/* The element arrays printed so far: alternatives with equal elements
 * (a synonym's, or one word written in many phrases) share them in the
 * table, which is then half the size. */
typedef struct seen {
	const gel **el;
	size_t *nels;		/* how many elements it has */
	unsigned *at;		/* its first element's index in the table */
	size_t n, cap;
	unsigned nel;		/* elements printed */
} seen;

/* The index of alternative a's elements in the table, printed now if
 * they are new; (unsigned)-1 when out of memory. */
static unsigned
el_index(seen *sn, const galt *a)
{
	for (size_t i = 0; i < sn->n; i++)
		if (sn->nels[i] == a->nel && (sn->el[i] == a->el ||
		    memcmp(sn->el[i], a->el, a->nel * sizeof *a->el) == 0))
			return sn->at[i];
	if (sn->n == sn->cap) {
		size_t cap = sn->cap ? 2 * sn->cap : 256;
		const gel **el = realloc(sn->el, cap * sizeof *el);
		if (el)
			sn->el = el;
		size_t *nels = el ? realloc(sn->nels, cap * sizeof *nels) : NULL;
		if (nels)
			sn->nels = nels;
		unsigned *at = nels ? realloc(sn->at, cap * sizeof *at) : NULL;
		if (at == NULL)
			return (unsigned)-1;
		sn->at = at;
		sn->cap = cap;
	}
	sn->el[sn->n] = a->el;
	sn->nels[sn->n] = a->nel;
	sn->at[sn->n++] = sn->nel;
	for (size_t k = 0; k < a->nel; k++)
		put_el(&a->el[k]);
	sn->nel += (unsigned)a->nel;
	return sn->nel - (unsigned)a->nel;
}

/* The alternatives of every term of every phrase of r, then those of the
 * phrases' -TERMs, in that order (the spans below count on it): the
 * elements (el[], the first table) printed as they come, the spans of
 * elements into *spans.  False when out of memory. */
static bool
put_elements(const grade_rubric *r, seen *sn, gspan **spans, size_t *nspans)
{
	size_t n = 0, cap = 0;

	printf("static const gel el[] = {\n");
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		for (int pass = 0; pass < 2; pass++)
			for (size_t p = 0; p < e->nphr; p++) {
				const gphrase *ph = &e->phr[p];
				const gterm *t = pass ? &ph->without : ph->terms;
				size_t nt = pass ? 1 : ph->nterms;
				for (size_t k = 0; k < nt; k++)
					for (size_t a = 0; a < t[k].nalts; a++) {
						if (n == cap) {
							cap = cap ? 2 * cap : 1024;
							gspan *sp = realloc(*spans, cap * sizeof *sp);
							if (sp == NULL)
								return false;
							*spans = sp;
						}
						unsigned at = el_index(sn, &t[k].alts[a]);
						if (at == (unsigned)-1)
							return false;
						(*spans)[n++] = (gspan){ at, (unsigned)t[k].alts[a].nel };
					}
			}
	}
	printf("};\n\n");
	*nspans = n;
	return true;
}

/* The text of entry e's strings, into the blob printed at the end: their
 * offsets (0 for none: the blob begins with an empty string). */
static unsigned
text_off(const char *s, unsigned *len)
{
	if (s == NULL)
		return 0;
	unsigned at = *len;
	*len += (unsigned)strlen(s) + 1;
	return at;
}

static void
put_tables(const grade_rubric *r, const gspan *alts, size_t nalts)
{
	unsigned a = 0, t = 0, p = 0, text = 1;

	printf("static const gspan alt[] = {\n");
	for (size_t i = 0; i < nalts; i++)
		printf("\t{ %u, %u },\n", alts[i].first, alts[i].n);
	printf("};\n\nstatic const gspan term[] = {\n");
	/* the terms of each phrase, then its -TERMs' alternatives: a runs
	 * over alt[] as put_elements filled it */
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		for (size_t k = 0; k < e->nphr; k++)
			for (size_t m = 0; m < e->phr[k].nterms; m++) {
				printf("\t{ %u, %u },\n", a, (unsigned)e->phr[k].terms[m].nalts);
				a += (unsigned)e->phr[k].terms[m].nalts;
			}
		for (size_t k = 0; k < e->nphr; k++)
			a += (unsigned)e->phr[k].without.nalts;
	}
	printf("};\n\nstatic const gshared_phrase phr[] = {\n");
	a = 0;
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		unsigned w = a;
		for (size_t k = 0; k < e->nphr; k++)
			for (size_t m = 0; m < e->phr[k].nterms; m++)
				w += (unsigned)e->phr[k].terms[m].nalts;
		for (size_t k = 0; k < e->nphr; k++) {
			const gphrase *ph = &e->phr[k];
			printf("\t{ .terms = { %u, %u }, .without = { %u, %u }, .rare = %zu, "
			    ".need = %#xu, .window = %d, .negated = %d, .ordered = %d, .span = %d },\n",
			    t, (unsigned)ph->nterms, w, (unsigned)ph->without.nalts, ph->rare,
			    ph->need, ph->window, ph->negated, ph->ordered, ph->span);
			t += (unsigned)ph->nterms;
			w += (unsigned)ph->without.nalts;
		}
		a = w;
	}
	printf("};\n\nstatic const gshared_entry ent[] = {\n");
	a = t = 0;
	for (size_t i = 0; i < r->nent; i++) {
		const gentry *e = &r->ent[i];
		unsigned nt = 0, na = 0;
		for (size_t k = 0; k < e->nphr; k++) {
			nt += (unsigned)e->phr[k].nterms;
			na += (unsigned)e->phr[k].without.nalts;
			for (size_t m = 0; m < e->phr[k].nterms; m++)
				na += (unsigned)e->phr[k].terms[m].nalts;
		}
		unsigned id = text_off(e->id, &text), hit = text_off(e->hit, &text);
		unsigned miss = text_off(e->miss, &text);
		printf("\t{ .kind = %d, .weight = %d, .required = %d, .id = %u, .hit = %u, "
		    ".miss = %u, .phr = { %u, %u }, .terms = { %u, %u }, .alts = { %u, %u } },\n",
		    (int)e->kind, e->weight, e->required, id, hit, miss, p,
		    (unsigned)e->nphr, t, nt, a, na);
		p += (unsigned)e->nphr;
		t += nt;
		a += na;
	}
	/* bytes, not a string literal: C does not promise literals of more
	 * than 4095 bytes */
	printf("};\n\nstatic const char text[] = {\n\t0,");
	for (size_t i = 0; i < r->nent; i++) {
		const char *s[] = { r->ent[i].id, r->ent[i].hit, r->ent[i].miss };
		printf("\n\t/* %s */", r->ent[i].id);	/* (an id is letters, digits, - _ .) */
		for (size_t k = 0; k < 3; k++)
			for (size_t c = 0; s[k] && (c == 0 || s[k][c - 1]); c++)
				printf("%s%d,", c % 16 ? " " : "\n\t", (unsigned char)s[k][c]);
	}
	printf("\n};\n\n");
}

/* The stem index of the entries' phrases (index.c), numbering them as phr[]
 * does; then the table itself.  False when out of memory. */
static bool
put_index(const grade_rubric *r)
{
	gindex ix;
	size_t nphr = 0, npost = 0, bytes = 0;

	for (size_t i = 0; i < r->nent; i++)
		nphr += r->ent[i].nphr;
	if (!grade_index_build(r, &ix)) {
		fprintf(stderr, "shared_gen: out of memory\n");
		return false;
	}
	if (ix.key) {
		printf("static const gkey key[] = {\n");
		for (size_t h = 0; h <= ix.mask; h++) {
			const gkey *k = &ix.key[h];
			printf("\t{ %uu, %u, { %u, %u } },\n", k->hash, k->stem, k->post.first,
			    k->post.n);
			if (k->post.n) {
				npost += k->post.n;
				bytes += strlen(ix.stems + k->stem) + 1;
			}
		}
		printf("};\n\nstatic const gpost post[] = {\n");
		for (size_t i = 0; i < npost; i++)
			printf("\t{ %u, %u },\n", ix.post[i].phr, ix.post[i].term);
		/* bytes, as text[] is */
		printf("};\n\nstatic const char stems[] = {");
		for (size_t i = 0; i < bytes; i++)
			printf("%s%d,", i % 16 ? " " : "\n\t", (unsigned char)ix.stems[i]);
		printf("\n};\n\n");
	}
	printf("const gshared_table grade_shared_table = {\n"
	    "\t.el = el, .alt = alt, .term = term, .phr = phr, .ent = ent,\n"
	    "\t.nent = %zu, .nphr = %zu, .text = text,\n", r->nent, nphr);
	if (ix.key)
		printf("\t.index = { .key = key, .mask = %zu, .post = post, .stems = stems },\n",
		    ix.mask);
	printf("};\n");
	grade_index_free(&ix);
	return true;
}

int
main(void)
{
	grade_rubric *r = grade_rubric_new();
	grade_diag d;
	seen sn = { .n = 0 };
	gspan *alts = NULL;
	size_t nalts = 0;
	bool ok = r != NULL;

	/* the synonyms, then the rest */
	for (int pass = 0; pass < 2 && ok; pass++)
		for (size_t i = 0; grade_shared_lines[i] && ok; i++) {
			const char *ln = grade_shared_lines[i];
			if ((strncmp(ln, "synonym ", 8) == 0) == (pass == 0) &&
			    !grade_rubric_line(r, ln, &d)) {
				fprintf(stderr, "shared_gen: src/grade/shared.c, line %zu of "
				    "grade_shared_lines, column %zu: %s\n", i + 1, d.col + 1, d.msg);
				ok = false;
			}
		}
	if (ok) {
		printf("/*\n * shared_table.c — the shared misconceptions of shared.c, "
		    "compiled; written\n * by shared_gen when fptutor is built: "
		    "do not edit.\n */\n#include <config.h>\n\n#include <math.h>\n"
		    "#include <stdbool.h>\n\n#include \"grade/grade_int.h\"\n\n");
		ok = put_elements(r, &sn, &alts, &nalts);
	}
	if (ok) {
		put_tables(r, alts, nalts);
		ok = put_index(r);
	}
	if (r == NULL || (ok && (fflush(stdout) != 0 || ferror(stdout)))) {
		fprintf(stderr, "shared_gen: %s\n", r ? "cannot write the tables" : "out of memory");
		ok = false;
	}
	free(sn.el);
	free(sn.nels);
	free(sn.at);
	free(alts);
	grade_rubric_free(r);
	return ok ? 0 : 1;
}
