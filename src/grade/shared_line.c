/*
 * shared_line.c — a rubric's `shared: ID ... | all` line: the subject's
 * misconceptions, written once in shared.c, taken into the rubric.  They
 * are compiled when fptutor is built: shared_gen.c compiles shared.c's
 * lines with this compiler and writes the result out as
 * grade_shared_table (shared_table.c), so a rubric that takes them copies
 * their tables into its arena instead of compiling a hundred or so entries
 * again each time a one-shot grade starts.  A shared entry is then
 * matched, negated and reported exactly as one written in the rubric, and
 * its id may not be defined there too.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "grade/grade_int.h"

static const gshared_table *const tab = &grade_shared_table;

/* Text at offset off of the table's, kept in r's arena (NULL for none, or
 * when out of memory: *ok is then cleared). */
static char *
keep_text(grade_rubric *r, unsigned off, bool *ok)
{
	if (off == 0)
		return NULL;
	const char *s = tab->text + off;
	char *t = grade_keep(r->arena, s, strlen(s) + 1);
	*ok = *ok && t != NULL;
	return t;
}

/* The compiled form of shared entry se in r's arena: its alternatives
 * point at the table's elements, its terms at those alternatives, its
 * phrases at those terms.  False when out of memory. */
static bool
load(grade_rubric *r, const gshared_entry *se, gentry *e)
{
	galt *alt = grade_keep(r->arena, NULL, se->alts.n * sizeof *alt);
	gterm *term = grade_keep(r->arena, NULL, se->terms.n * sizeof *term);
	gphrase *phr = grade_keep(r->arena, NULL, se->phr.n * sizeof *phr);
	bool ok = alt && term && phr;

	if (!ok)
		return false;
	for (unsigned i = 0; i < se->alts.n; i++) {
		gspan s = tab->alt[se->alts.first + i];
		alt[i] = (galt){ .el = tab->el + s.first, .nel = s.n };
	}
	for (unsigned i = 0; i < se->terms.n; i++) {
		gspan s = tab->term[se->terms.first + i];
		term[i] = (gterm){ .alts = alt + (s.first - se->alts.first), .nalts = s.n };
	}
	for (unsigned i = 0; i < se->phr.n; i++) {
		const gshared_phrase *sp = &tab->phr[se->phr.first + i];
		phr[i] = (gphrase){
			.terms = term + (sp->terms.first - se->terms.first),
			.nterms = sp->terms.n,
			.negated = sp->negated, .ordered = sp->ordered, .span = sp->span,
			.window = sp->window, .rare = sp->rare, .need = sp->need,
			.without = { .alts = sp->without.n ?
			    alt + (sp->without.first - se->alts.first) : NULL,
			    .nalts = sp->without.n },
		};
	}
	*e = (gentry){ .kind = se->kind, .weight = se->weight, .required = se->required,
		.phr = phr, .nphr = se->phr.n, .shared = (unsigned)(se - tab->ent) + 1 };
	/* it fits: the compiler read it into an id of this size */
	memcpy(e->id, tab->text + se->id, strlen(tab->text + se->id) + 1);
	e->hit = keep_text(r, se->hit, &ok);
	e->miss = keep_text(r, se->miss, &ok);
	return ok;
}

/* Shared entry se into r, for the id at column col: an error if one of
 * r's first n entries has its id (the table's ids are all different). */
static bool
take(grade_rubric *r, size_t n, const gshared_entry *se, grade_diag *d, size_t col)
{
	const char *id = tab->text + se->id;
	gentry e;

	for (size_t i = 0; i < n; i++)
		if (strcmp(r->ent[i].id, id) == 0)
			return grade_err(d, col, "'%s' is defined twice", id);
	gentry *slot = load(r, se, &e) ? grade_grow(&r->ent, &r->nent, sizeof *r->ent) : NULL;
	if (slot == NULL)
		return grade_err(d, col, "out of memory");
	*slot = e;
	return true;
}

/* The error for id (len bytes), which is no shared entry, with the ids
 * there are. */
static bool
no_shared(const char *id, size_t len, grade_diag *d, size_t col)
{
	char all[400];
	size_t o = 0;

	all[0] = '\0';
	for (size_t i = 0; i < tab->nent && o < sizeof all; i++)
		o += (size_t)snprintf(all + o, sizeof all - o, "%s%s", i ? " " : "",
		    tab->text + tab->ent[i].id);
	return grade_err(d, col, "no shared misconception '%.*s' (there are: %s)",
	    (int)len, id, all);
}

bool
grade_line_shared(grade_rubric *r, const char *p, grade_diag *d, const char *line)
{
	size_t n = 0;
	bool ok = true;

	while (ok && *(p = grade_skip_ws(p)) != '\0') {
		size_t len = 0, col = (size_t)(p - line);
		while (grade_is_idchar((unsigned char)p[len]))
			len++;
		if (len == 0) {
			ok = grade_err(d, col, "expected a shared misconception id");
		} else if (len == 3 && strncmp(p, "all", 3) == 0) {
			/* a false claim is false anywhere */
			size_t had = r->nent;
			for (size_t i = 0; i < tab->nent && ok; i++)
				ok = take(r, had, &tab->ent[i], d, col);
		} else {
			size_t i = 0;
			while (i < tab->nent && !(strlen(tab->text + tab->ent[i].id) == len &&
			    strncmp(tab->text + tab->ent[i].id, p, len) == 0))
				i++;
			ok = i < tab->nent ? take(r, r->nent, &tab->ent[i], d, col)
			    : no_shared(p, len, d, col);
		}
		p += len;
		n++;
	}
	if (ok && n == 0)
		return grade_err(d, (size_t)(p - line), "shared: needs at least one id");
	return ok;
}
