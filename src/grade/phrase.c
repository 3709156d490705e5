/*
 * phrase.c — the phrases of a rubric: alternatives, terms and the
 * not:/seq:/span: marks, read with the answer tokenizer itself so that
 * rubric and answer always agree on words, stems and numbers.  rubric.c
 * reads the lines around them.  Each level is read into its scratch
 * vector of the rubric's arena and kept there at its final size when it
 * is complete (grade_int.h, "garena").
 */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grade/grade_int.h"

/* Append the elements of one blank-free chunk ("scaler.step", "scal*",
 * "65504~1%", "2^-24") to alt, tokenised exactly as answers are, so the
 * rubric and the answer always agree on word boundaries and stems. */
static bool
add_chunk(gvec *els, const char *c, size_t n, grade_diag *d, const char *line)
{
	bool prefix = false, exact = false;
	double tol = 0.005;
	const char *tl = memchr(c, '~', n);
	gtext tx;

	if (tl) {
		char *end;
		double t = strtod(tl + 1, &end);
		if (end == tl + 1 || *end != '%' || end + 1 != c + n || t < 0)
			return grade_err(d, (size_t)(tl - line), "a tolerance is written ~N%%");
		tol = t / 100;
		n = (size_t)(tl - c);
	}
	if (n && c[n - 1] == '*') {
		prefix = true;
		n--;
	}
	if (n && c[0] == '=') {
		exact = true;
		c++;
		n--;
	}
	bool other = n > 1 && c[0] == '!';	/* !65504: a number but that one */
	if (other) {
		c++;
		n--;
	}
	/* Most chunks are one plain word, a letter and letters or digits
	 * ("fp16"), which the tokenizer reads as one word: stemmed here as
	 * it would (lower case, read as meant, stemmed), without building a
	 * token list for it; compiling a rubric is then quick enough for a
	 * one-shot grade.  "cannot" is two words and takes the long way. */
	bool plain = n > 0 && n < GRADE_WORD && isalpha((unsigned char)c[0]) &&
	    !(n == 6 && strncasecmp(c, "cannot", 6) == 0);
	for (size_t i = 1; i < n && plain; i++)
		plain = isalnum((unsigned char)c[i]) != 0;
	if (plain && !tl && !other) {
		char raw[GRADE_WORD], fixed[GRADE_WORD];
		for (size_t i = 0; i < n; i++)
			raw[i] = (char)tolower((unsigned char)c[i]);
		raw[n] = '\0';
		/* a prefix (multipl*) is a word cut short on purpose, not a
		 * misspelling of one */
		const char *meant = prefix ? raw : grade_respell(raw, fixed, sizeof fixed);
		gel *el = grade_push(els, sizeof *el);
		if (el == NULL)
			return grade_err(d, (size_t)(c - line), "out of memory");
		el->tol = tol;
		el->prefix = prefix;
		el->exact = exact;
		grade_stem(meant, strlen(meant), el->stem);
		const char *w = exact || prefix ? meant : el->stem;
		size_t wl = strlen(w);
		if (wl >= sizeof el->word)
			wl = sizeof el->word - 1;
		memcpy(el->word, w, wl);
		el->word[wl] = '\0';
		el->hash = grade_hash(el->stem);
		return true;
	}
	if (!gtext_build(c, n, &tx))
		return grade_err(d, (size_t)(c - line), "out of memory");
	if (tx.n == 0) {	/* punctuation: answers drop it too */
		gtext_free(&tx);
		return true;
	}
	if ((tl && !tx.t[tx.n - 1].isnum) || (prefix && tx.t[tx.n - 1].isnum) ||
	    (other && (tx.n != 1 || !tx.t[0].isnum))) {
		gtext_free(&tx);
		return grade_err(d, (size_t)(c - line), other ? "'!' is written before one number"
		    : tl ? "only a number takes a ~N%% tolerance"
		    : "only a word takes a * prefix mark");
	}
	for (size_t i = 0; i < tx.n; i++) {
		gel *el = grade_push(els, sizeof *el);
		if (el == NULL) {
			gtext_free(&tx);
			return grade_err(d, (size_t)(c - line), "out of memory");
		}
		el->isnum = tx.t[i].isnum;
		el->othernum = other;
		el->num = tx.t[i].num;
		el->tol = tol;
		snprintf(el->word, sizeof el->word, "%s", tx.t[i].stem);
		el->prefix = prefix && i + 1 == tx.n;
		el->exact = exact;
		/* a prefix is matched as written: lose* must not become los* */
		if (exact || el->prefix)
			snprintf(el->word, sizeof el->word, "%s", tx.t[i].raw);
		snprintf(el->stem, sizeof el->stem, "%s", tx.t[i].stem);
		el->hash = tx.t[i].hash;
	}
	gtext_free(&tx);
	return true;
}

/* The elements (of size sz) that v holds, kept in a's blocks; NULL when
 * there are none, and then also when out of memory, which clears *ok. */
static void *
keep_vec(garena *a, const gvec *v, size_t sz, bool *ok)
{
	void *p = v->n ? grade_keep(a, v->v, v->n * sz) : NULL;

	if (v->n && p == NULL)
		*ok = false;
	return p;
}

/* An alternative: a "quoted run" of words (adjacent in the answer), one
 * blank-free chunk or a %claim, its elements read into the arena's el
 * vector and kept. */
static bool
read_alt(const grade_rubric *r, const char **s, galt *alt, grade_diag *d,
    const char *line)
{
	gvec *els = &r->arena->el;
	const char *p = *s, *end;

	memset(alt, 0, sizeof *alt);
	els->n = 0;
	/* %overflow, %flush, %scaled: a claim the engine confirms (facts.c) */
	if (*p == '%') {
		static const struct { const char *name; unsigned char fact; } facts[] = {
			{ "overflow", GF_OVERFLOW }, { "flush", GF_FLUSH }, { "scaled", GF_SCALED },
		};
		size_t n = strcspn(p + 1, " \t|/\"");
		size_t k = 0;
		while (k < sizeof facts / sizeof facts[0] &&
		    !(n == strlen(facts[k].name) && strncmp(p + 1, facts[k].name, n) == 0))
			k++;
		if (k == sizeof facts / sizeof facts[0])
			return grade_err(d, (size_t)(p - line), "unknown claim '%.*s' (there are "
			    "%%overflow, %%flush and %%scaled)", (int)n + 1, p);
		gel *el = grade_push(els, sizeof *el);
		if (el == NULL)
			return grade_err(d, (size_t)(p - line), "out of memory");
		el->fact = facts[k].fact;
		snprintf(el->word, sizeof el->word, "%%%.*s", (int)n, p + 1);
		end = p + 1 + n;
	} else if (*p == '"') {
		const char *q = strchr(p + 1, '"');
		if (q == NULL)
			return grade_err(d, (size_t)(p - line), "unterminated quote");
		for (const char *c = p + 1; c < q;) {
			while (c < q && (*c == ' ' || *c == '\t'))
				c++;
			const char *e = c;
			while (e < q && *e != ' ' && *e != '\t')
				e++;
			if (e > c && !add_chunk(els, c, (size_t)(e - c), d, line))
				return false;
			c = e;
		}
		if (els->n == 0)
			return grade_err(d, (size_t)(p - line), "nothing to match in the quotes");
		end = q + 1;
	} else {
		size_t n = strcspn(p, " \t|/\"");
		if (n == 0)
			return grade_err(d, (size_t)(p - line), "expected a word, a number, @name or \"...\"");
		if (!add_chunk(els, p, n, d, line))
			return false;
		if (els->n == 0)
			return grade_err(d, (size_t)(p - line), "'%.*s' has no word or number to match",
			    (int)n, p);
		end = p + n;
	}
	bool ok = true;
	alt->el = keep_vec(r->arena, els, sizeof (gel), &ok);
	if (!ok)
		return grade_err(d, (size_t)(p - line), "out of memory");
	alt->nel = els->n;
	*s = end;
	return true;
}

/* A term: alternatives joined by '/', or @NAME: the synonym's
 * alternatives, whose elements the term shares (they live as long as the
 * rubric's arena, as the term does). */
bool
grade_read_term(const grade_rubric *r, const char **s, gvec *alts,
    bool allow_syn, grade_diag *d, const char *line)
{
	const char *p = *s;

	for (;;) {
		if (*p == '@') {
			size_t n = 0;
			while (grade_is_idchar((unsigned char)p[1 + n]))
				n++;
			const gsyn *sy = grade_find_syn(r, p + 1, n);
			if (!allow_syn)
				return grade_err(d, (size_t)(p - line), "a synonym cannot use another (@%.*s)",
				    (int)n, p + 1);
			if (sy == NULL)
				return grade_err(d, (size_t)(p - line), "unknown synonym @%.*s "
				    "(define it with 'synonym' above)", (int)n, p + 1);
			for (size_t i = 0; i < sy->nalts; i++) {
				galt *a = grade_push(alts, sizeof *a);
				if (a == NULL)
					return grade_err(d, (size_t)(p - line), "out of memory");
				*a = sy->alts[i];
			}
			p += 1 + n;
		} else {
			galt a;
			if (!read_alt(r, &p, &a, d, line))
				return false;
			galt *slot = grade_push(alts, sizeof *slot);
			if (slot == NULL)
				return grade_err(d, (size_t)(p - line), "out of memory");
			*slot = a;
		}
		if (*p != '/')
			break;
		p++;
	}
	*s = p;
	return true;
}

/* A phrase up to '|' or the end of the line, its terms read into the
 * arena's term vector (each term's alternatives into alt, the -TERMs'
 * into without) and kept. */
static bool
read_phrase(const grade_rubric *r, const char **s, gphrase *ph, grade_diag *d,
    const char *line)
{
	garena *ar = r->arena;
	const char *p = grade_skip_ws(*s);

	memset(ph, 0, sizeof *ph);
	ph->window = -1;
	ar->term.n = ar->without.n = 0;
	for (;;) {
		if (strncmp(p, "not:", 4) == 0)
			ph->negated = true;
		else if (strncmp(p, "seq:", 4) == 0)
			ph->ordered = true;
		else if (strncmp(p, "span:", 5) == 0)
			ph->span = true;
		else
			break;
		p = grade_skip_ws(strchr(p, ':') + 1);
	}
	while (*p && *p != '|') {
		/* -TERM: the phrase does not count in a clause that has it
		 * ("@lower @scale -input*": "a smaller input scale" is no
		 * advice about the loss scale; "-!0": none with a number;
		 * "-0.731/0.269": none with those figures, so a number is
		 * excluded too and never a negative term) */
		if (*p == '-' && (isalpha((unsigned char)p[1]) || p[1] == '@' || p[1] == '"' ||
		    p[1] == '!' || isdigit((unsigned char)p[1]) ||
		    (p[1] == '.' && isdigit((unsigned char)p[2])))) {
			p++;
			if (!grade_read_term(r, &p, &ar->without, true, d, line))
				return false;
			p = grade_skip_ws(p);
			continue;
		}
		if (*p == '~') {
			char *end;
			long w = strtol(p + 1, &end, 10);
			if (end == p + 1 || w < 1 || w > 64)
				return grade_err(d, (size_t)(p - line), "a window is ~N with N from 1 to 64");
			ph->window = (int)w;
			p = grade_skip_ws(end);
			if (*p && *p != '|')
				return grade_err(d, (size_t)(p - line), "~N must end the phrase");
			break;
		}
		ar->alt.n = 0;
		if (!grade_read_term(r, &p, &ar->alt, true, d, line))
			return false;
		gterm *t = grade_push(&ar->term, sizeof *t);
		bool ok = t != NULL;
		if (ok)
			t->alts = keep_vec(ar, &ar->alt, sizeof (galt), &ok);
		if (!ok)
			return grade_err(d, (size_t)(p - line), "out of memory");
		t->nalts = ar->alt.n;
		if (*p && *p != ' ' && *p != '\t' && *p != '|')
			return grade_err(d, (size_t)(p - line), "unexpected '%c' in a phrase", *p);
		p = grade_skip_ws(p);
	}
	if (ar->term.n == 0)
		return grade_err(d, (size_t)(p - line), "empty phrase");
	bool ok = true;
	ph->terms = keep_vec(ar, &ar->term, sizeof (gterm), &ok);
	ph->without.alts = keep_vec(ar, &ar->without, sizeof (galt), &ok);
	if (!ok)
		return grade_err(d, (size_t)(p - line), "out of memory");
	ph->nterms = ar->term.n;
	ph->without.nalts = ar->without.n;
	/* the term with the fewest alternatives rules most answers out first */
	for (size_t i = 1; i < ph->nterms; i++)
		if (ph->terms[i].nalts < ph->terms[ph->rare].nalts)
			ph->rare = i;
	/* the terms an answer's stems rule in or out (index.c) */
	ph->need = grade_phrase_need(ph);
	if (ph->window < 0) {
		size_t words = 0;
		for (size_t i = 0; i < ph->nterms; i++)
			words += ph->terms[i].alts[0].nel;
		ph->window = r->window + (int)words;
	}
	*s = p;
	return true;
}

/* The phrases are appended to e's: a '|' line continues the entry above,
 * so e's array is kept anew, at its new size, once per line. */
bool
grade_read_phrases(const grade_rubric *r, const char *p, gentry *e, grade_diag *d,
    const char *line)
{
	garena *ar = r->arena;
	bool ok = true;

	ar->phr.n = 0;
	while (ok) {
		gphrase ph;
		gphrase *slot;
		if (!(ok = read_phrase(r, &p, &ph, d, line)))
			break;
		if ((slot = grade_push(&ar->phr, sizeof *slot)) == NULL)
			ok = grade_err(d, (size_t)(p - line), "out of memory");
		else
			*slot = ph;
		if (*p != '|')
			break;
		p++;
	}
	/* (the phrases read before an error are kept, as they always were;
	 * a rubric with an error is not used) */
	if (ar->phr.n) {
		gphrase *all = grade_keep(ar, NULL, (e->nphr + ar->phr.n) * sizeof *all);
		if (all == NULL)
			return grade_err(d, (size_t)(p - line), "out of memory");
		if (e->nphr)
			memcpy(all, e->phr, e->nphr * sizeof *all);
		memcpy(all + e->nphr, ar->phr.v, ar->phr.n * sizeof *all);
		e->phr = all;
		e->nphr += ar->phr.n;
	}
	return ok;
}
