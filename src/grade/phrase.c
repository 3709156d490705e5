/*
 * phrase.c — the phrases of a rubric: alternatives, terms and the
 * not:/seq:/span: marks, read with the answer tokenizer itself so that
 * rubric and answer always agree on words, stems and numbers.  rubric.c
 * reads the lines around them.
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
add_chunk(galt *alt, const char *c, size_t n, grade_diag *d, const char *line)
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
	/* Most chunks are one plain word: stemmed here, as the tokenizer
	 * would (lower case, read as meant, stemmed), without building a
	 * token list for it; compiling a rubric is then quick enough for a
	 * one-shot grade.  "cannot" is two words and takes the long way. */
	bool plain = n > 0 && n < GRADE_WORD && !(n == 6 && strncasecmp(c, "cannot", 6) == 0);
	for (size_t i = 0; i < n && plain; i++)
		plain = isalpha((unsigned char)c[i]) != 0;
	if (plain && !tl && !other) {
		char raw[GRADE_WORD], fixed[GRADE_WORD];
		for (size_t i = 0; i < n; i++)
			raw[i] = (char)tolower((unsigned char)c[i]);
		raw[n] = '\0';
		const char *meant = grade_respell(raw, fixed, sizeof fixed);
		gel *el = grade_grow(&alt->el, &alt->nel, sizeof *alt->el);
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
		gel *el = grade_grow(&alt->el, &alt->nel, sizeof *alt->el);
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

/* An alternative: a "quoted run" of words (adjacent in the answer), or one
 * blank-free chunk. */
static bool
read_alt(const char **s, galt *alt, grade_diag *d, const char *line)
{
	const char *p = *s;

	memset(alt, 0, sizeof *alt);
	/* %overflow, %flush: a claim the engine confirms (facts.c) */
	if (*p == '%') {
		static const struct { const char *name; unsigned char fact; } facts[] = {
			{ "overflow", GF_OVERFLOW }, { "flush", GF_FLUSH },
		};
		size_t n = strcspn(p + 1, " \t|/\"");
		for (size_t k = 0; k < sizeof facts / sizeof facts[0]; k++)
			if (n == strlen(facts[k].name) && strncmp(p + 1, facts[k].name, n) == 0) {
				alt->el = calloc(1, sizeof *alt->el);
				if (alt->el == NULL)
					return grade_err(d, (size_t)(p - line), "out of memory");
				alt->nel = 1;
				alt->el[0].fact = facts[k].fact;
				snprintf(alt->el[0].word, sizeof alt->el[0].word, "%%%.*s", (int)n, p + 1);
				*s = p + 1 + n;
				return true;
			}
		return grade_err(d, (size_t)(p - line), "unknown claim '%.*s' (there are "
		    "%%overflow and %%flush)", (int)n + 1, p);
	}
	if (*p == '"') {
		const char *q = strchr(p + 1, '"');
		if (q == NULL)
			return grade_err(d, (size_t)(p - line), "unterminated quote");
		for (const char *c = p + 1; c < q;) {
			while (c < q && (*c == ' ' || *c == '\t'))
				c++;
			const char *e = c;
			while (e < q && *e != ' ' && *e != '\t')
				e++;
			if (e > c && !add_chunk(alt, c, (size_t)(e - c), d, line))
				return free(alt->el), false;
			c = e;
		}
		if (alt->nel == 0)
			return grade_err(d, (size_t)(p - line), "nothing to match in the quotes");
		*s = q + 1;
		return true;
	}
	size_t n = strcspn(p, " \t|/\"");
	if (n == 0)
		return grade_err(d, (size_t)(p - line), "expected a word, a number, @name or \"...\"");
	if (!add_chunk(alt, p, n, d, line))
		return free(alt->el), false;
	if (alt->nel == 0)
		return grade_err(d, (size_t)(p - line), "'%.*s' has no word or number to match",
		    (int)n, p);
	*s = p + n;
	return true;
}

static bool
copy_alts(galt **dst, size_t *nd, const galt *src, size_t ns)
{
	for (size_t i = 0; i < ns; i++) {
		galt *a = grade_grow(dst, nd, sizeof **dst);
		if (a == NULL)
			return false;
		a->el = malloc(src[i].nel * sizeof *a->el);
		if (a->el == NULL)
			return false;
		memcpy(a->el, src[i].el, src[i].nel * sizeof *a->el);
		a->nel = src[i].nel;
	}
	return true;
}

/* A term: alternatives joined by '/', or @NAME (copied from the synonym). */
bool
grade_read_term(const grade_rubric *r, const char **s, galt **alts, size_t *nalts,
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
			if (!copy_alts(alts, nalts, sy->alts, sy->nalts))
				return grade_err(d, (size_t)(p - line), "out of memory");
			p += 1 + n;
		} else {
			galt a;
			if (!read_alt(&p, &a, d, line))
				return false;
			galt *slot = grade_grow(alts, nalts, sizeof **alts);
			if (slot == NULL) {
				free(a.el);
				return grade_err(d, (size_t)(p - line), "out of memory");
			}
			*slot = a;
		}
		if (*p != '/')
			break;
		p++;
	}
	*s = p;
	return true;
}

/* A phrase up to '|' or the end of the line. */
static bool
read_phrase(const grade_rubric *r, const char **s, gphrase *ph, grade_diag *d,
    const char *line)
{
	const char *p = grade_skip_ws(*s);

	memset(ph, 0, sizeof *ph);
	ph->window = -1;
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
		 * advice about the loss scale) */
		if (*p == '-' && (isalpha((unsigned char)p[1]) || p[1] == '@' || p[1] == '"')) {
			p++;
			galt *alts = NULL;
			size_t nalts = 0;
			if (!grade_read_term(r, &p, &alts, &nalts, true, d, line))
				return false;
			galt *all = realloc(ph->without.alts, (ph->without.nalts + nalts) * sizeof *all);
			if (all == NULL) {
				grade_free_alts(alts, nalts);
				return grade_err(d, (size_t)(p - line), "out of memory");
			}
			memcpy(all + ph->without.nalts, alts, nalts * sizeof *alts);
			free(alts);
			ph->without.alts = all;
			ph->without.nalts += nalts;
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
		gterm *t = grade_grow(&ph->terms, &ph->nterms, sizeof *ph->terms);
		if (t == NULL)
			return grade_err(d, (size_t)(p - line), "out of memory");
		if (!grade_read_term(r, &p, &t->alts, &t->nalts, true, d, line))
			return false;
		if (*p && *p != ' ' && *p != '\t' && *p != '|')
			return grade_err(d, (size_t)(p - line), "unexpected '%c' in a phrase", *p);
		p = grade_skip_ws(p);
	}
	if (ph->nterms == 0)
		return grade_err(d, (size_t)(p - line), "empty phrase");
	/* the term with the fewest alternatives rules most answers out first */
	for (size_t i = 1; i < ph->nterms; i++)
		if (ph->terms[i].nalts < ph->terms[ph->rare].nalts)
			ph->rare = i;
	if (ph->window < 0) {
		size_t words = 0;
		for (size_t i = 0; i < ph->nterms; i++)
			words += ph->terms[i].alts[0].nel;
		ph->window = r->window + (int)words;
	}
	*s = p;
	return true;
}

void
grade_free_phrase(gphrase *ph)
{
	for (size_t t = 0; t < ph->nterms; t++)
		grade_free_alts(ph->terms[t].alts, ph->terms[t].nalts);
	free(ph->terms);
	grade_free_alts(ph->without.alts, ph->without.nalts);
	ph->terms = NULL;
	ph->without.alts = NULL;
}

bool
grade_read_phrases(const grade_rubric *r, const char *p, gentry *e, grade_diag *d,
    const char *line)
{
	for (;;) {
		gphrase ph;
		bool ok = read_phrase(r, &p, &ph, d, line);
		if (ok) {
			gphrase *slot = grade_grow(&e->phr, &e->nphr, sizeof *e->phr);
			if (slot == NULL)
				return grade_err(d, (size_t)(p - line), "out of memory");
			*slot = ph;
		} else {
			grade_free_phrase(&ph);
			return false;
		}
		if (*p != '|')
			return true;
		p++;
	}
}

