/*
 * calls.c — a GradScaler call order written into an answer that is not
 * an order question: "the sequence is scaler.unscale_(opt) first, then
 * scaler.scale(loss).backward(), then scaler.update(), and finally
 * scaler.step(opt)".  The order questions read orders through their
 * rubric's steps (order.c); every other rubric has none, so a wrong order
 * told in passing would pass beside a right diagnosis.
 *
 * Only calls written as code are read (".backward", "unscale_",
 * "clip_grad_norm_", ".step", ".update"): prose names ("then update the
 * scale") are too loose to order.  A sentence is read when it names three
 * of the five calls or more and states no relation that reorders them
 * (before, after, ahead, once, until, instead), no contrast (while,
 * whereas: two loops set side by side), no negation, condition
 * (but one ended by a comma before the first call: "if you keep fp16,
 * the loop is ...") or replacement ("replacing A, B with C, D": two
 * lists); its
 * calls in the order they are first written must then follow the order
 * of the article, scale(loss).backward() -> unscale_ -> clip -> step ->
 * update.
 */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "grade/grade_int.h"

enum { C_BACKWARD, C_UNSCALE, C_CLIP, C_STEP, C_UPDATE, NCALLS };

static const char *const call_name[NCALLS] = {
	"scale(loss).backward()", "unscale_", "clip_grad_norm_", "step()", "update()"
};

static bool
word_char(int c)
{
	return isalnum(c) || c == '_';
}

/* Which call begins at s[i], if any; *len is how much of s it covers. */
static int
call_at(const char *s, size_t n, size_t i, size_t *len)
{
	static const struct {
		const char *text;
		int call;
		bool dot;	/* a method: ".step", not "step" */
	} names[] = {
		{ "backward", C_BACKWARD, true }, { "unscale_", C_UNSCALE, false },
		{ "clip_grad_norm_", C_CLIP, false }, { "clip_grad_value_", C_CLIP, false },
		{ "step", C_STEP, true }, { "update", C_UPDATE, true },
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		size_t m = strlen(names[k].text);
		if (i + m > n || strncmp(s + i, names[k].text, m) != 0)
			continue;
		if (names[k].dot ? i == 0 || s[i - 1] != '.' : i > 0 && word_char((unsigned char)s[i - 1]))
			continue;
		if (i + m < n && isalnum((unsigned char)s[i + m]))
			continue;
		/* "lr_scheduler.step()" is not the optimizer's step */
		if (names[k].call == C_STEP) {
			size_t b = i - 1;	/* the dot */
			while (b > 0 && word_char((unsigned char)s[b - 1]))
				b--;
			char obj[64];
			size_t m2 = i - 1 - b < sizeof obj - 1 ? i - 1 - b : sizeof obj - 1;
			memcpy(obj, s + b, m2);
			obj[m2] = '\0';
			if (strstr(obj, "sched"))
				continue;
		}
		*len = m;
		return names[k].call;
	}
	return -1;
}

/* A word that relates or doubts the calls of its sentence. */
static bool
reorders(const char *w)
{
	static const char *const words[] = {
		"before", "after", "once", "until", "till", "instead", "rather", "not",
		"never", "don't", "dont", "doesn't", "wrong", "if", "unless", "when",
		"whenever", "otherwise", "bug", "mistake", "incorrect", "swap", "swapped",
		"reverse", "reversed", "inside", "within", "calls", "internally", "no",
		"without", "replace", "replaces", "replacing", "replaced", "ahead",
		"versus", "vs", "drop", "dropping", "remove", "removing", "while", "whereas",
		NULL
	};
	for (size_t k = 0; words[k]; k++)
		if (strcmp(w, words[k]) == 0)
			return true;
	return false;
}

/* Read the sentence s[a, b): true and *why filled when its calls are out
 * of order. */
static bool
sentence(const char *s, size_t a, size_t b, char *why, size_t whylen)
{
	size_t first[NCALLS];
	int seen = 0, order[NCALLS];
	size_t norder = 0;

	for (int c = 0; c < NCALLS; c++)
		first[c] = (size_t)-1;
	for (size_t i = a; i < b;) {
		size_t len = 0;
		int c = call_at(s, b, i, &len);
		if (c >= 0) {
			if (first[c] == (size_t)-1) {
				first[c] = i;
				order[norder++] = c;
				seen++;
			}
			i += len;
			continue;
		}
		if (isalpha((unsigned char)s[i]) && (i == a || !word_char((unsigned char)s[i - 1]))) {
			char w[16];
			size_t m = 0;
			while (i + m < b && (isalpha((unsigned char)s[i + m]) || s[i + m] == '\'') &&
			    m < sizeof w - 1) {
				w[m] = (char)tolower((unsigned char)s[i + m]);
				m++;
			}
			w[m] = '\0';
			/* "If you did keep fp16, the loop is A, B, C": a condition
			 * ended by a comma before any call frames the calls; it
			 * does not doubt them */
			if (norder == 0 && (strcmp(w, "if") == 0 || strcmp(w, "when") == 0)) {
				size_t k = i + m;
				while (k < b && s[k] != ',' && call_at(s, b, k, &len) < 0)
					k++;
				if (k < b && s[k] == ',') {
					i = k + 1;
					continue;
				}
			}
			/* "and only after that scaler.unscale_(opt)": after
			 * this or that is "then" */
			if (strcmp(w, "after") == 0) {
				size_t k = i + m;
				while (k < b && s[k] == ' ')
					k++;
				/* (the answer need not end in a NUL: s[b] is not read) */
				bool ends = b - k == 4 || (b - k > 4 && !word_char((unsigned char)s[k + 4]));
				if (b - k >= 4 && ends && (strncasecmp(s + k, "that", 4) == 0 ||
				    strncasecmp(s + k, "this", 4) == 0)) {
					i = k + 4;
					continue;
				}
			}
			if (reorders(w))
				return false;
			i += m ? m : 1;
			continue;
		}
		i++;
	}
	if (seen < 3)
		return false;
	for (size_t k = 1; k < norder; k++)
		if (order[k] < order[k - 1]) {
			snprintf(why, whylen, "%s is written before %s, but the calls go "
			    "scale(loss).backward() -> unscale_ -> clip_grad_norm_ -> "
			    "step() -> update()", call_name[order[k - 1]], call_name[order[k]]);
			return true;
		}
	return false;
}

/* Could text name three calls at all?  Most answers name none: a few
 * scans of the whole text spare reading it byte by byte. */
static bool
may_name_three(const char *text, size_t len)
{
	static const char *const marks[] = { "backward", "unscale_", "clip_grad_", ".step",
		".update", NULL };
	int named = 0;
	for (size_t k = 0; marks[k]; k++)
		named += memmem(text, len, marks[k], strlen(marks[k])) != NULL;
	return named >= 3;
}

bool
grade_call_order(const char *text, size_t len, char *why, size_t whylen)
{
	size_t a = 0;

	if (!may_name_three(text, len))
		return false;

	for (size_t i = 0; i <= len; i++) {
		/* a sentence ends at . ! ? ; : or a line break followed by space
		 * or the end: "scaler.step(opt)" holds a dot of its own, and a
		 * semicolon after a call ends a statement of one code line
		 * ("scaler.scale(loss).backward(); scaler.unscale_(opt); ...") */
		bool end = i == len || text[i] == '\n' ||
		    ((text[i] == '.' || text[i] == '!' || text[i] == '?' || text[i] == ';' ||
		    text[i] == ':') &&
		        (i + 1 == len || isspace((unsigned char)text[i + 1])) &&
		        !(text[i] == ';' && i > 0 && text[i - 1] == ')'));
		if (!end)
			continue;
		if (sentence(text, a, i, why, whylen))
			return true;
		a = i + 1;
	}
	return false;
}
