/*
 * text.c — an answer as the grader sees it: normalised, tokenised on word
 * boundaries, stemmed, numbers read, and cut into clauses.
 *
 * Normalisation folds what people type for the same thing: case; UTF-8
 * symbols (× ÷ − ≈ → ’ and superscript digits, so 2⁻²⁴ reads as 2^-24);
 * contractions (can't, won't, doesn't -> "not"); code names split at
 * punctuation (scaler.step -> scaler step, unscale_ -> unscale,
 * F.cross_entropy -> f cross entropy); numbers as values (65,504, 6.55e4,
 * 2^-24, 10^8, 1e-8).  Anything else that is not ASCII is a word break.
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grade/grade_int.h"

/* Tokens in the clause being built (0 when it has none yet). */
static size_t
label_len(const gtext *tx)
{
	size_t k = 0;

	while (k < tx->n && tx->t[tx->n - 1 - k].clause == tx->nclauses)
		k++;
	return k;
}

/* Does the clause being built hold a negator?  ("it isn't:" is a
 * verdict, not a label.) */
static bool
clause_negates(const gtext *tx)
{
	for (size_t k = 0; k < tx->n && tx->t[tx->n - 1 - k].clause == tx->nclauses; k++)
		if (tx->t[tx->n - 1 - k].flags & (TK_NEGATOR | TK_PRENEG))
			return true;
	return false;
}

/* "What it can't do: fix a forward inf": a label of at most six words
 * that opens with what or things and holds a negator denies what follows
 * it, so it is read with it, as one clause.  A verdict is no denial:
 * "What went wrong: 1e8 overflows fp16" is a heading over the fault. */
static bool
denying_label(const gtext *tx)
{
	size_t k = label_len(tx);
	if (k < 2 || k > 6)
		return false;
	const char *w = tx->t[tx->n - k].raw;
	if (strcmp(w, "what") != 0 && strcmp(w, "things") != 0)
		return false;
	for (size_t j = 0; j < k; j++) {
		unsigned fl = tx->t[tx->n - 1 - j].flags;
		if ((fl & (TK_NEGATOR | TK_PRENEG)) && !(fl & TK_JUDGE))
			return true;
	}
	return false;
}

/* "Wrong 1: clip before unscale_", "Bad: update before step": a label of
 * at most three words that opens with a verdict holds up what follows it
 * as the mistake, and asserts none of it. */
static bool
refusing_label(const gtext *tx)
{
	static const char *const also[] = { "incorrect", "broken", "pitfall", "trap",
		"antipattern", "dont", NULL };
	size_t k = label_len(tx);
	if (k < 1 || k > 3)
		return false;
	const gtok *w = &tx->t[tx->n - k];
	return (w->flags & TK_JUDGE) || grade_word_in(w->raw, also);
}

/* Does the quote at a[i] open scare quotes: one or two words, letters
 * only, closed within the sentence, with words before the opening quote
 * in its sentence ('would "work" numerically')?  A quotation standing on
 * its own ('"raise the scale" is wrong', 'he said: "no"') is not.  *close
 * is set to the closing quote. */
/* "6.55 × 10^4", "5.96 x 10^-8", "1.0*10^8": a mantissa from 1 to 10
 * times a power of ten written after the number read (v, form) that ends
 * at i is one number, for the rubrics' figures as for the checks'; returns
 * where it ends. */
static size_t
times_power_of_ten(const char *a, size_t i, size_t o, double *v, grade_numform *form)
{
	double m = fabs(*v);
	if (form->pow10 || form->sci || m < 1 || m >= 10)
		return i;
	size_t j = i;
	while (j < o && a[j] == ' ')
		j++;
	if (j >= o || (a[j] != 'x' && a[j] != '*'))
		return i;
	j++;
	while (j < o && a[j] == ' ')
		j++;
	if (j + 3 > o || a[j] != '1' || a[j + 1] != '0' || a[j + 2] != '^')
		return i;
	double p;
	grade_numform pf;
	size_t used = grade_read_number(a + j, o - j, &p, &pf);
	if (used == 0 || !pf.pow10 || (j + used < o && isalnum((unsigned char)a[j + used])))
		return i;
	*v *= p;
	form->unit = (form->unit ? form->unit : 1) * p;
	form->sci = true;
	return j + used;
}

/* Is the '?' at i the one of a ternary, "finite? step : skip": one to
 * three words after it, then a ':' with a blank before it?  *colon is
 * where that ':' stands. */
static bool
ternary_at(const char *a, size_t i, size_t o, size_t *colon)
{
	size_t j = i + 1, words = 0;
	if (j >= o || a[j] != ' ')
		return false;
	while (j < o && words <= 3) {
		while (j < o && a[j] == ' ')
			j++;
		if (j < o && a[j] == ':' && a[j - 1] == ' ' && words > 0) {
			*colon = j;
			return true;
		}
		size_t w = j;
		while (j < o && (isalnum((unsigned char)a[j]) || a[j] == '_' || a[j] == '.' ||
		    a[j] == '(' || a[j] == ')'))
			j++;
		if (j == w)
			return false;
		/* "Clip first? No : unscale first" answers the question */
		static const char *const reply[] = { "no", "yes", "nope", "yep", "yeah", "nah",
			"a", "answer", "never", "not", "always", NULL };
		for (size_t k = 0; words == 0 && reply[k] != NULL; k++)
			if (strlen(reply[k]) == j - w && strncasecmp(a + w, reply[k], j - w) == 0)
				return false;
		words++;
	}
	return false;
}

/* Does the '/' at i, with a blank on each side, join two lines of code:
 * is the next word a call of a training step ("/ scaler.update()",
 * "/ torch.nn.utils.clip_grad_norm_(...)")?  "e / e.sum()" and
 * "g / scaler.get_scale()" divide. */
static bool
slash_ends_line(const char *a, size_t i, size_t o)
{
	static const char *const steps[] = { "backward", "unscale_", "step", "update",
		"clip_grad_norm_", "clip_grad_value_", "zero_grad", NULL };
	if (i == 0 || a[i - 1] != ' ' || i + 1 >= o || a[i + 1] != ' ')
		return false;
	size_t j = i + 1;
	while (j < o && a[j] == ' ')
		j++;
	size_t last = j;
	while (j < o && (isalnum((unsigned char)a[j]) || a[j] == '_' || a[j] == '.')) {
		if (a[j] == '.')
			last = j + 1;
		j++;
	}
	if (j >= o || a[j] != '(' || last >= j)
		return false;
	for (size_t k = 0; steps[k] != NULL; k++)
		if (strlen(steps[k]) == j - last && strncmp(a + last, steps[k], j - last) == 0)
			return true;
	return false;
}

static bool
scare_quotes(const char *a, size_t i, size_t n, size_t *close)
{
	size_t j = i + 1, spaces = 0;
	while (j < n && j < i + 24 && (isalpha((unsigned char)a[j]) || a[j] == ' ' || a[j] == '-')) {
		spaces += a[j] == ' ';
		j++;
	}
	if (j >= n || a[j] != '"' || j == i + 1 || spaces > 1 || a[i + 1] == ' ' || a[j - 1] == ' ')
		return false;
	size_t b = i;	/* a word right before, in the sentence: "would " */
	while (b > 0 && a[b - 1] == ' ')
		b--;
	if (b == 0 || b == i || !isalpha((unsigned char)a[b - 1]))
		return false;
	*close = j;
	return true;
}

/* ---- building the token list -------------------------------------------- */

/* One block of each kind kept per thread between answers: grading many
 * answers in a row (a class, a benchmark) then allocates almost nothing.
 * Kind 0: the tokens, 1: the index block, 2: the clause block. */
enum { CACHED = 3, CACHE_MAX = 1 << 20 };
static _Thread_local void *cache[CACHED];
static _Thread_local size_t cache_size[CACHED];

static void *
block_get(int kind, size_t size, bool zero)
{
	void *p = cache[kind];
	if (p != NULL && cache_size[kind] >= size) {
		cache[kind] = NULL;
		if (zero)
			memset(p, 0, size);
		return p;
	}
	return zero ? calloc(1, size) : malloc(size);
}

static void
block_put(int kind, void *p, size_t size)
{
	if (p == NULL)
		return;
	if (size > CACHE_MAX || (cache[kind] != NULL && cache_size[kind] >= size)) {
		free(p);
		return;
	}
	free(cache[kind]);
	cache[kind] = p;
	cache_size[kind] = size;
}

static gtok *
push(gtext *tx)
{
	if (tx->n == tx->cap) {
		size_t cap = tx->cap ? 2 * tx->cap : 64;
		gtok *t = realloc(tx->t, cap * sizeof *t);
		if (t == NULL)
			return NULL;
		tx->t = t;
		tx->cap = cap;
	}
	gtok *k = &tx->t[tx->n++];
	memset(k, 0, sizeof *k);
	k->clause = tx->nclauses;
	k->sent = tx->nsent;
	return k;
}

/*
 * "When the loss is inf raise the scale": a condition written without its
 * comma still ends where its main clause begins, and that clause asserts
 * what it says, as it does after a comma.  In a clause opened by if, when
 * or unless whose condition already has its verb (is, becomes, overflows,
 * ...), the main clause begins at an imperative after a content word
 * ("... inf raise the scale"), or at you/we/I before a modal ("... inf you
 * should raise it").  Returns the token index where it begins, or
 * (size_t)-1.  "If you raise the scale the gradients overflow" is not
 * split: its only imperative follows "you" and is the condition's verb.
 */
static size_t
main_clause_start(const gtext *tx, unsigned cls, bool w_is_the, bool w_s_verb)
{
	size_t k = label_len(tx), n = tx->n;

	bool det = w_is_the;	/* "... is skipped the scaler raises it" */
	const gtok *prev = &tx->t[n > 0 ? n - 1 : 0];
	/* "when step finds an inf it zeroes ...": it or they (or the scaler
	 * by name), then a verb in -s, after a condition that has a verb of
	 * its own */
	/* (an adverb may stand between: "... an inf it just skips") */
	size_t pn = n;
	if (n > 1 && k >= 4 && (grade_tok_is(prev, "just") || grade_tok_is(prev, "simply") ||
	    grade_tok_is(prev, "only") || grade_tok_is(prev, "always") ||
	    grade_tok_is(prev, "then")))
		prev = &tx->t[--pn - 1];
	/* ... or the scaler named: "when that happens GradScaler clamps" */
	bool pron = pn > 0 && k >= 3 + (n - pn) && (grade_tok_is(prev, "it") ||
	    grade_tok_is(prev, "they") || grade_tok_is(prev, "gradscaler") ||
	    grade_tok_is(prev, "scaler") || grade_tok_is(prev, "pytorch")) && w_s_verb;
	if (pron && (tx->t[n - k].flags & TK_IF)) {
		static const char *const past[] = { "found", "saw", "hit", "got", "had", "went",
			"ran", "made", "became", "gave", NULL };
		for (size_t i = n - k + 1; i + 1 < pn; i++) {
			size_t l = strlen(tx->t[i].raw);
			if (((l > 3 && (tx->t[i].raw[l - 1] == 's' || strcmp(tx->t[i].raw + l - 2, "ed") == 0)) ||
			    grade_word_in(tx->t[i].raw, past)) && !(tx->t[i].cls & (WC_FUNC | WC_SKIP)))
				return pn - 1;
		}
	}
	if (k < 2 || !(cls & (WC_IMPER | WC_MODAL) || det))
		return (size_t)-1;
	size_t c0 = n - k;	/* the clause's first token */
	if (!(tx->t[c0].flags & TK_IF))
		return (size_t)-1;
	size_t at;
	if (det) {
		if (prev->isnum || (prev->cls & (WC_SKIP | WC_FUNC | WC_SUBJ |
		    WC_MODAL | WC_NEG | WC_IMPER | WC_CONDVERB)) || k < 3)
			return (size_t)-1;
		at = n;
	} else if (cls & WC_IMPER) {
		unsigned pc = prev->cls;
		if (prev->isnum ? false : (pc & (WC_SKIP | WC_SUBJ | WC_MODAL | WC_NEG |
		    WC_FUNC | WC_IMPER)) != 0)
			return (size_t)-1;
		at = n;
	} else {
		if (prev->isnum || !(prev->cls & WC_SUBJ) || n - 1 == c0 + 1)
			return (size_t)-1;
		at = n - 1;
	}
	for (size_t i = c0 + 1; i < at; i++) {
		size_t l = strlen(tx->t[i].raw);
		if ((tx->t[i].cls & WC_CONDVERB) ||
		    (l > 4 && strcmp(tx->t[i].raw + l - 2, "ed") == 0))
			return at > c0 + 1 ? at : (size_t)-1;
	}
	return (size_t)-1;
}

static bool
add_word(gtext *tx, const char *w, size_t len)
{
	char raw[GRADE_WORD];
	size_t n = len < GRADE_WORD - 1 ? len : GRADE_WORD - 1;

	for (size_t i = 0; i < n; i++)
		raw[i] = (char)tolower((unsigned char)w[i]);
	raw[n] = '\0';
	glex scratch;
	const glex *lx = grade_lex(w, len, raw, &scratch);
	/* "foward" is forward, "normalise" normalize, "multply" multiply */
	memcpy(raw, lx->raw, sizeof raw);
	unsigned cls = lx->cls;
	/* "loss scaling then becomes redundant": a then between a subject
	 * and its verb is an adverb, so the clause it opened is taken back */
	static const char *const then_verbs[] = { "becomes", "become", "is", "are", "gets",
		"goes", "stays", "remains", "has", NULL };
	if (tx->n >= 2 && grade_tok_is(&tx->t[tx->n - 1], "then") &&
	    tx->t[tx->n - 1].clause == tx->nclauses && tx->t[tx->n - 2].clause == tx->nclauses - 1 &&
	    tx->t[tx->n - 1].sent == tx->t[tx->n - 2].sent && !(tx->t[tx->n - 2].cls & WC_FUNC)) {
		if (grade_word_in(raw, then_verbs)) {
			tx->nclauses--;
			tx->t[tx->n - 1].clause = tx->nclauses;
		}
	}
	/* "log(softmax(x)) is then just as stable": a then after a verb of
	 * being is an adverb, not the next step */
	if (strcmp(raw, "then") == 0 && tx->n > 0 && (grade_tok_is(&tx->t[tx->n - 1], "is") ||
	    grade_tok_is(&tx->t[tx->n - 1], "are") || grade_tok_is(&tx->t[tx->n - 1], "was") ||
	    grade_tok_is(&tx->t[tx->n - 1], "be")))
		cls &= ~WC_SPLIT;
	if ((cls & WC_SPLIT) && tx->n > 0 && tx->t[tx->n - 1].clause == tx->nclauses) {
		/* "raise the scale if gradients underflow": a conditional does
		 * not assert its main clause either. */
		if (cls & WC_IF)
			tx->t[tx->n - 1].flags |= TK_CONDMAIN;
		tx->nclauses++;
	} else if (tx->n > 0 && tx->t[tx->n - 1].clause == tx->nclauses) {
		size_t rl = strlen(raw);
		size_t at = main_clause_start(tx, cls, strcmp(raw, "the") == 0,
		    rl > 3 && raw[rl - 1] == 's' && raw[rl - 2] != 's' && !(cls & (WC_FUNC | WC_SKIP)));
		if (at != (size_t)-1) {
			tx->nclauses++;
			for (size_t i = at; i < tx->n; i++)
				tx->t[i].clause = tx->nclauses;
		}
	}
	gtok *k = push(tx);
	if (k == NULL)
		return false;
	memcpy(k->stem, lx->stem, sizeof k->stem);
	k->hash = lx->hash;
	memcpy(k->raw, raw, sizeof k->raw);
	k->cls = cls;
	unsigned scls = lx->scls;
	k->flags |= (cls & WC_NEG ? TK_NEGATOR : 0) | (cls & WC_PRENEG ? TK_PRENEG : 0) |
	    (cls & WC_SKIP ? TK_SKIP : 0) | (cls & WC_IF ? TK_IF : 0) |
	    (cls & WC_FUNC ? TK_FUNC : 0) | ((cls | scls) & WC_POST ? TK_POSTSKIP : 0) |
	    (cls & WC_JUDGE ? TK_JUDGE : 0);
	k->wc = (cls | scls) & (WC_WHO | WC_SAY);
	return true;
}

static bool
add_number(gtext *tx, double v, const grade_numform *form)
{
	gtok *k = push(tx);
	if (k == NULL)
		return false;
	k->isnum = true;
	k->num = v;
	k->unit = form->unit;
	k->pow10 = form->pow10;
	k->sci = form->sci;
	k->ndig = (unsigned char)(form->ndig > 255 ? 255 : form->ndig);
	strcpy(k->stem, "#");
	return true;
}


/* Chain every token into the stem index (open addressing, linear probe). */
static bool
build_index(gtext *tx)
{
	size_t cap = 64;

	while (cap < 2 * tx->n)
		cap *= 2;
	tx->mask = cap - 1;
	/* one block: slot[cap], last[cap], next[n + 1], bytok[n + 1] */
	tx->slot_size = (2 * cap + 2 * (tx->n + 1)) * sizeof *tx->slot;
	tx->slot = block_get(1, tx->slot_size, true);
	if (tx->slot == NULL)
		return false;
	size_t *last = tx->slot + cap;
	tx->next = last + cap;
	tx->bytok = tx->next + tx->n + 1;
	for (size_t i = 0; i < tx->n; i++) {
		tx->stembit[(tx->t[i].hash & 1023) >> 3] |= (unsigned char)(1u << (tx->t[i].hash & 7));
		size_t h = tx->t[i].hash & tx->mask;
		while (tx->slot[h] && (tx->t[tx->slot[h] - 1].hash != tx->t[i].hash ||
		    strcmp(tx->t[tx->slot[h] - 1].stem, tx->t[i].stem) != 0))
			h = (h + 1) & tx->mask;
		if (tx->slot[h] == 0)
			tx->slot[h] = i + 1;
		else
			tx->next[last[h] - 1] = i + 1;
		last[h] = i + 1;
	}
	/* counting sort of the tokens by first letter */
	memset(tx->bystart, 0, sizeof tx->bystart);
	for (size_t i = 0; i < tx->n; i++)
		tx->bystart[((unsigned char)tx->t[i].raw[0] & 127) + 1]++;
	for (size_t c = 1; c < 129; c++)
		tx->bystart[c] += tx->bystart[c - 1];
	size_t fill[128];
	memcpy(fill, tx->bystart, sizeof fill);
	for (size_t i = 0; i < tx->n; i++)
		tx->bytok[fill[(unsigned char)tx->t[i].raw[0] & 127]++] = i;
	return true;
}

size_t
gtext_find(const gtext *tx, const char *stem, unsigned hash)
{
	size_t h = hash & tx->mask;

	if (!(tx->stembit[(hash & 1023) >> 3] & (1u << (hash & 7))))
		return (size_t)-1;	/* no stem of the answer has this hash's bit */

	while (tx->slot[h]) {
		const gtok *t = &tx->t[tx->slot[h] - 1];
		if (t->hash == hash && strcmp(t->stem, stem) == 0)
			return tx->slot[h] - 1;
		h = (h + 1) & tx->mask;
	}
	return (size_t)-1;
}

size_t
gtext_next(const gtext *tx, size_t i)
{
	return tx->next[i] ? tx->next[i] - 1 : (size_t)-1;
}

/* "e.g." or "i.e." (the last dot optional) at s[i], a word of its own. */
static bool
abbreviation(const char *s, size_t i, size_t len)
{
	if (i + 3 > len || s[i + 1] != '.' || (i > 0 && isalnum((unsigned char)s[i - 1])))
		return false;
	char a = (char)tolower((unsigned char)s[i]), b = (char)tolower((unsigned char)s[i + 2]);
	if (!((a == 'e' && b == 'g') || (a == 'i' && b == 'e')))
		return false;
	size_t e = i + 3 < len && s[i + 3] == '.' ? i + 4 : i + 3;
	return e >= len || !isalnum((unsigned char)s[e]);
}

bool
gtext_build(const char *s, size_t len, gtext *tx)
{
	memset(tx, 0, sizeof *tx);
	if (len > GRADE_MAX_ANSWER)
		len = GRADE_MAX_ANSWER;
	/* Pass 1: fold to ASCII (at most 16 bytes out per byte in). */
	size_t cap = len * 16 + 1, o = 0;
	char small[8192];	/* most answers: no allocation for the folded text */
	char *a = cap <= sizeof small ? small : malloc(cap);
	if (a == NULL)
		return false;
	bool insup = false;
	size_t tex;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80) {
			i += grade_fold_utf8((const unsigned char *)s + i, len - i, a, &o,
			    cap - 1, &insup);
		} else if ((c == '\\' || c == '$' || c == '{' || c == '}') &&
		    (tex = grade_fold_tex(s, i, len, a, &o, cap - 1)) > 0) {
			i += tex;
			insup = false;
		} else if (grade_comparison(s, i, len, a, &o)) {
			i += (i + 1 < len && s[i + 1] == '=') ? 2 : 1;
			insup = false;
		} else if ((c == 'e' || c == 'i' || c == 'E' || c == 'I') && abbreviation(s, i, len)) {
			a[o++] = (char)tolower(c);	/* "e.g." and "i.e." are words: eg, ie */
			a[o++] = (char)tolower((unsigned char)s[i + 2]);
			i += i + 3 < len && s[i + 3] == '.' ? 4 : 3;
			insup = false;
		} else {
			a[o++] = c < 0x20 && c != '\n' ? ' ' : (char)c;
			insup = false;
			i++;
		}
	}
	a[o] = '\0';
	grade_single_quotes(a, o);

	/* Pass 2: tokens (about one per three bytes: one allocation for most
	 * answers).  Apostrophes glue contractions: can't -> can not. */
	tx->cap = o / 3 + 16;
	if ((tx->t = block_get(0, tx->cap * sizeof *tx->t, false)) == NULL) {
		if (a != small)
			free(a);
		return false;
	}
	bool ok = true, inquote = false;
	size_t scare_close = (size_t)-1;
	int calls = 0, marker = 0;
	int quoted_from = 0;
	size_t semi = 0;	/* the first token after the last ';' */
	size_t ternary_colon = (size_t)-1;	/* the ':' of "finite ? step : skip" */
	enum { MAXQ = 64 };
	int qlo[MAXQ], qhi[MAXQ], nq = 0;
	for (size_t i = 0; i < o && ok;) {
		char c = a[i];
		if (isdigit((unsigned char)c) ||
		    (c == '.' && i + 1 < o && isdigit((unsigned char)a[i + 1]))) {
			double v;
			grade_numform form;
			size_t i0 = i;
			size_t used = grade_read_number(a + i, o - i, &v, &form);
			if (grade_list_marker(a, i0, used, o, v, tx, &marker)) {
				/* "1 backward on the scaled loss 2 unscale 3 clip":
				 * a numbered list without punctuation; each number
				 * ends the item before it, as "2." would */
				if (tx->n > 0 && tx->t[tx->n - 1].sent == tx->nsent)
					tx->nsent++;
				if (tx->n > 0 && tx->t[tx->n - 1].clause == tx->nclauses)
					tx->nclauses++;
				i += used;
				continue;
			}
			/* "-24" after a word break: a negative number */
			if (i > 0 && a[i - 1] == '-' && (i < 2 || !isalnum((unsigned char)a[i - 2])))
				v = -v;
			i += used ? used : 1;
			/* 65k, 100M, 7B: a multiplier glued to the number */
			if (i < o && strchr("kKmMbB", a[i]) && a[i] != '\0' &&
			    (i + 1 >= o || !isalnum((unsigned char)a[i + 1]))) {
				double m = (a[i] == 'k' || a[i] == 'K') ? 1e3 :
				    (a[i] == 'm' || a[i] == 'M') ? 1e6 : 1e9;
				v *= m;
				form.unit = (form.unit ? form.unit : 1) * m;
				i++;
			}
			i = times_power_of_ten(a, i, o, &v, &form);
			ok = add_number(tx, v, &form);
		} else if (isalpha((unsigned char)c)) {
			size_t j = i, start = i;
			while (j < o && isalnum((unsigned char)a[j]))
				j++;
			if (j + 2 < o + 1 && a[j] == '\'' && j + 1 < o &&
			    (a[j + 1] == 't' || a[j + 1] == 'T') && j > i &&
			    (a[j - 1] == 'n' || a[j - 1] == 'N')) {
				/* don't -> do not; can't -> can not; won't -> will not */
				size_t stemlen = j - 1 - i;
				if (stemlen == 2 && strncasecmp(a + i, "wo", 2) == 0)
					ok = add_word(tx, "will", 4);
				else if (stemlen == 2 && strncasecmp(a + i, "ca", 2) == 0)
					ok = add_word(tx, "can", 3);
				else if (stemlen == 3 && strncasecmp(a + i, "sha", 3) == 0)
					ok = add_word(tx, "shall", 5);
				else if (stemlen > 0)
					ok = add_word(tx, a + i, stemlen);
				if (ok)
					ok = add_word(tx, "not", 3);
				i = j + 2;
				continue;
			}
			if (j - i == 6 && strncasecmp(a + i, "cannot", 6) == 0) {
				ok = add_word(tx, "can", 3) && add_word(tx, "not", 3);
			} else {
				ok = add_word(tx, a + i, j - i);
			}
			i = j;
			if (i + 1 < o && a[i] == '\'' && (a[i + 1] == 's' || a[i + 1] == 'S') &&
			    (i + 2 >= o || !isalpha((unsigned char)a[i + 2])) && grade_is_pronoun(a + start, j - start))
				ok = ok && add_word(tx, "is", 2);	/* it's -> it is */
			/* I'd, we'll, you're: the auxiliary is a word ("when you
			 * switch I'd double the scale" has its main clause) */
			if (i + 1 < o && a[i] == '\'' && grade_is_pronoun(a + start, j - start) == false &&
			    (j - start <= 4) && (i + 2 >= o || !isalpha((unsigned char)a[i + 2]) ||
			    a[i + 1] == 'l' || a[i + 1] == 'r' || a[i + 1] == 'v')) {
				static const struct { const char *sfx, *word; } aux[] = {
					{ "d", "would" }, { "ll", "will" }, { "re", "are" }, { "ve", "have" },
				};
				for (size_t k = 0; k < 4; k++) {
					size_t l = strlen(aux[k].sfx);
					if (i + 1 + l <= o && strncasecmp(a + i + 1, aux[k].sfx, l) == 0 &&
					    (i + 1 + l >= o || !isalpha((unsigned char)a[i + 1 + l])) &&
					    (tx->t[tx->n - 1].cls & WC_SUBJ ||
					    grade_tok_is(&tx->t[tx->n - 1], "they"))) {
						ok = ok && add_word(tx, aux[k].word, strlen(aux[k].word));
						break;
					}
				}
			}
			if (i + 1 < o && a[i] == '\'' && (a[i + 1] == 's' || a[i + 1] == 'S') &&
			    (i + 2 >= o || !isalpha((unsigned char)a[i + 2])) && tx->n > 0 &&
			    !grade_is_pronoun(a + start, j - start))
				tx->t[tx->n - 1].flags |= TK_POSS;	/* fp32's exponent */
			if (i < o && a[i] == '\'')	/* it's, gradient's */
				while (i < o && (a[i] == '\'' || isalpha((unsigned char)a[i])))
					i++;
		} else if (c == '-' && i + 1 < o && a[i + 1] == '>' && (i + 2 >= o || a[i + 2] != '>')) {
			/* "->" is the arrow "→" typed in ASCII: "then" */
			ok = add_word(tx, "then", 4);
			i += 2;
		} else if (c == '*' && i > 0 && i + 1 < o && a[i + 1] != '*' && a[i - 1] != '*' &&
		    ((a[i - 1] == ' ' && a[i + 1] == ' ') ||
		    ((isalnum((unsigned char)a[i - 1]) || a[i - 1] == ')') &&
		    (isalnum((unsigned char)a[i + 1]) || a[i + 1] == '(')))) {
			/* "loss * S", "1e-8*65536": the multiplication sign, as
			 * × reads (fold.c); "**" is a power, "*note*" a mark */
			ok = add_word(tx, "x", 1);
			i++;
		} else if (c == '+' && i > 0 && i + 1 < o && a[i - 1] == ' ' && a[i + 1] == ' ') {
			/* "1 + 0.001": a sum, the word the rubrics and the
			 * figure checks read ("fp16+bf16" stays a list) */
			ok = add_word(tx, "plus", 4);
			i++;
		} else if ((c == '?' && ternary_at(a, i, o, &ternary_colon)) || i == ternary_colon) {
			/* "finite? step : skip": a conditional written as C's
			 * ternary asks nothing; each arm is a clause */
			if (tx->n > 0 && tx->t[tx->n - 1].clause == tx->nclauses)
				tx->nclauses++;
			i++;
		} else if (c == '/' && slash_ends_line(a, i, o)) {
			/* "scaler.step(opt) # skipped on inf / scaler.update()":
			 * code lines joined by " / " on one line; the slash
			 * ends a clause as a line break would */
			if (tx->n > 0 && tx->t[tx->n - 1].clause == tx->nclauses)
				tx->nclauses++;
			i++;
		} else if (c == '/' || (c == '-' && (i == 0 || a[i - 1] == ' ') &&
		    (i + 1 >= o || a[i + 1] == ' '))) {
			/* Division, and a minus standing alone, are words here:
			 * "x - max" and "x / max" must not read alike. */
			gtok *k = push(tx);
			if (k == NULL)
				ok = false;
			else
				k->stem[0] = c;
			i++;
		} else if (c == '"' && (i == scare_close || (!inquote && scare_quotes(a, i, o, &scare_close)))) {
			/* would "work": a word or two in scare quotes is no
			 * quotation, the sentence reads on through it */
			i++;
		} else if (c == '"') {
			/* A quotation is a clause of its own that asserts nothing. */
			if (tx->n > 0 && tx->t[tx->n - 1].clause == tx->nclauses)
				tx->nclauses++;
			if (inquote && nq < MAXQ) {
				qlo[nq] = quoted_from;
				qhi[nq++] = tx->nclauses - 1;
			}
			inquote = !inquote;
			quoted_from = tx->nclauses;
			i++;
		} else if ((c == '(' && i > 0 && (isalnum((unsigned char)a[i - 1]) ||
		    a[i - 1] == '_')) || (c == ')' && calls > 0)) {
			/* The parentheses of a call, scale(loss), are not a
			 * parenthetical remark: no clause break.  The word
			 * called is a name, no verdict or negator ("backwards()"
			 * typed for backward()). */
			if (c == '(' && tx->n > 0)
				tx->t[tx->n - 1].flags &= ~(unsigned)(TK_JUDGE | TK_NEGATOR | TK_PRENEG);
			calls += c == '(' ? 1 : -1;
			tx->ncalls += c == '(';
			i++;
		} else {
			/* a question asserts nothing; "bf16 has fp32's range;
			 * loss scaling?" asks only after the semicolon */
			if (c == '?' && tx->n > 0)
				for (size_t k = tx->n; k > semi && tx->t[k - 1].sent == tx->nsent; k--)
					tx->t[k - 1].flags |= TK_QUESTION;
			if (c == ';')
				semi = tx->n;
			/* "Loss scaling: usually dropped": a short label before a
			 * colon belongs to what follows it. */
			if (c == ':' && refusing_label(tx))
				tx->t[tx->n - 1].flags |= TK_LABEL;
			if (c == ':' && ((label_len(tx) <= 3 && !clause_negates(tx)) ||
			    denying_label(tx))) {
				i++;
				continue;
			}
			if ((c == '.' || c == '!' || c == '?' || c == ':' || c == '\n') &&
			    grade_clause_break(a, i, o) && tx->n > 0 && tx->t[tx->n - 1].sent == tx->nsent)
				tx->nsent++;
			if (grade_clause_break(a, i, o) && tx->n > 0 &&
			    tx->t[tx->n - 1].clause == tx->nclauses) {
				/* "1.5" is handled as a number; a dot here ends a clause */
				tx->nclauses++;
			}
			i++;
		}
	}
	if (a != small)
		free(a);
	if (ok)
		grade_answered_questions(tx);
	if (!ok) {
		gtext_free(tx);
		return false;
	}
	tx->nclauses++;
	/* one block: cstart[nclauses], cend[nclauses], then hypo */
	size_t nc = (size_t)tx->nclauses;
	tx->cstart_size = 2 * nc * sizeof *tx->cstart + nc;
	tx->cstart = block_get(2, tx->cstart_size, true);
	if (tx->cstart != NULL) {
		tx->cend = tx->cstart + nc;
		tx->hypo = (unsigned char *)(tx->cend + nc);
	}
	if (tx->cstart == NULL || !build_index(tx)) {
		gtext_free(tx);
		return false;
	}
	for (size_t i = tx->n; i-- > 0;)
		tx->cstart[tx->t[i].clause] = i;
	for (size_t i = 0; i < tx->n; i++) {
		tx->cend[tx->t[i].clause] = i + 1;
		tx->initial[(unsigned char)tx->t[i].raw[0]] = 1;
		tx->initial[(unsigned char)tx->t[i].stem[0]] = 1;
		for (int w = 0; w < 2; w++) {
			const char *x = w ? tx->t[i].stem : tx->t[i].raw;
			if (x[0] && x[1]) {
				unsigned b = ((unsigned)x[0] & 31) << 5 | ((unsigned)x[1] & 31);
				tx->pair[b >> 3] |= (unsigned char)(1u << (b & 7));
			}
			if (x[0] && x[1] && x[2]) {
				unsigned b = grade_triple(x);
				tx->triple[b >> 3] |= (unsigned char)(1u << (b & 7));
			}
		}
		tx->hasnum |= tx->t[i].isnum;
		/* "the opposite of raising the scale" negates what follows;
		 * "it's the opposite trade" is still a trade */
		if (tx->t[i].raw[0] == 'o' && (tx->t[i].flags & TK_PRENEG) &&
		    strcmp(tx->t[i].raw, "opposite") == 0 &&
		    !(i + 1 < tx->n && strcmp(tx->t[i + 1].raw, "of") == 0))
			tx->t[i].flags &= ~(unsigned)TK_PRENEG;
	}
	grade_mark_hypotheticals(tx);
	for (int q = 0; q < nq; q++)
		for (int c = qlo[q]; c <= qhi[q] && c < tx->nclauses; c++)
			if (c >= 0)
				tx->hypo[c] = HY_COND;
	return true;
}

void
gtext_free(gtext *tx)
{
	block_put(0, tx->t, tx->cap * sizeof *tx->t);
	block_put(1, tx->slot, tx->slot_size);	/* next and bytok are in its block */
	block_put(2, tx->cstart, tx->cstart_size);	/* cend and hypo are in it */
	memset(tx, 0, sizeof *tx);
}
