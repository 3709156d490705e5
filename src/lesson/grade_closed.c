/*
 * grade_closed.c — the graders of the closed question types: multiple choice (the
 * set of keys), ordering (exact order, naming the first inversion),
 * numeric (rounds to the expected value in its format, or within a
 * tolerance in ulps of a format or relative), bit pattern (any spelling
 * fp_parse_bits reads), and the drills of a @drill block (src/drill).  Free text goes to grade_text.c (or a test's
 * stand-in) through a function pointer.  A table maps each type to its grader.
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "drill/drill.h"
#include "lesson/player.h"
#include "lesson/priv.h"

static void
say(lesson_grade *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append a sentence to the feedback. */
static void
say(lesson_grade *g, const char *fmt, ...)
{
	size_t o = strlen(g->feedback);
	va_list ap;

	if (o + 2 >= sizeof g->feedback)
		return;
	if (o)
		g->feedback[o++] = ' ';
	va_start(ap, fmt);
	vsnprintf(g->feedback + o, sizeof g->feedback - o, fmt, ap);
	va_end(ap);
}

/* Split an answer into option keys: blanks, commas, semicolons, '>' and
 * "->" (and the arrow sign) separate; a trailing '.' or ')' and a leading
 * '(' are dropped ("A.", "(b)").  Returns the count, at most max. */
typedef struct token {
	const char *s;
	size_t n;
} token;

static size_t
split(const char *a, token *t, size_t max)
{
	size_t n = 0;

	for (;;) {
		for (;;) {
			if (lesson_blank(*a) || (*a && strchr(",;>", *a)))
				a++;
			else if (strncmp(a, "->", 2) == 0)
				a += 2;
			else if (strncmp(a, "\xe2\x86\x92", 3) == 0)
				a += 3;
			else
				break;
		}
		if (*a == '\0' || n == max)
			return n;
		const char *s = a;
		while (*a && !lesson_blank(*a) && !strchr(",;>", *a) &&
		    strncmp(a, "->", 2) != 0 && strncmp(a, "\xe2\x86\x92", 3) != 0)
			a++;
		size_t len = (size_t)(a - s);
		if (len && *s == '(')
			s++, len--;
		while (len && (s[len - 1] == '.' || s[len - 1] == ')'))
			len--;
		if (len)
			t[n++] = (token){ s, len };
	}
}

static void
keys_str(const lesson_question *q, const size_t *idx, size_t n, char *buf, size_t size)
{
	size_t o = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && o < size; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? ", " : "",
		    q->opts[idx[i]].key);
}

/* Map tokens to option indexes (the word "and" is skipped); *np is their
 * count.  False (with feedback) on an unknown one. */
static bool
to_options(const lesson_question *q, const token *t, size_t n, size_t *idx,
    size_t *np, lesson_grade *g)
{
	char all[LESSON_MAX_OPTIONS * 26], s[64];
	size_t every[LESSON_MAX_OPTIONS];

	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		int k = lesson_option_find(q, t[i].s, t[i].n);
		if (k < 0 && t[i].n == 3 && strncasecmp(t[i].s, "and", 3) == 0)
			continue;	/* "a and c" */
		if (k < 0) {
			for (size_t j = 0; j < q->nopts; j++)
				every[j] = j;
			keys_str(q, every, q->nopts, all, sizeof all);
			say(g, "'%s' is not one of the keys (%s).",
			    lesson_quote(t[i].s, t[i].n, s, sizeof s), all);
			return false;
		}
		idx[m++] = (size_t)k;
	}
	*np = m;
	return true;
}

static void
grade_choice(const lesson_question *q, const char *a, lesson_grade *g)
{
	token t[LESSON_MAX_OPTIONS + 1];
	size_t idx[LESSON_MAX_OPTIONS + 1], n = split(a, t, LESSON_MAX_OPTIONS + 1);
	bool chosen[LESSON_MAX_OPTIONS] = { false }, right[LESSON_MAX_OPTIONS] = { false };
	char want[LESSON_MAX_OPTIONS * 26], got[LESSON_MAX_OPTIONS * 26];

	keys_str(q, q->correct_idx, q->ncorrect, want, sizeof want);
	if (!to_options(q, t, n, idx, &n, g))
		return;
	if (n == 0) {
		say(g, "No option chosen; the answer is %s.", want);
		return;
	}
	for (size_t i = 0; i < n; i++)
		chosen[idx[i]] = true;
	for (size_t i = 0; i < q->ncorrect; i++)
		right[q->correct_idx[i]] = true;
	g->pass = memcmp(chosen, right, sizeof chosen) == 0;
	size_t k = 0, pick[LESSON_MAX_OPTIONS];
	for (size_t i = 0; i < q->nopts; i++)
		if (chosen[i])
			pick[k++] = i;
	keys_str(q, pick, k, got, sizeof got);
	if (g->pass)
		say(g, "Right: %s.", want);
	else
		say(g, "You chose %s; the answer is %s.", got, want);
}

static void
grade_order(const lesson_question *q, const char *a, lesson_grade *g)
{
	token t[LESSON_MAX_OPTIONS + 1];
	size_t idx[LESSON_MAX_OPTIONS + 1], n = split(a, t, LESSON_MAX_OPTIONS + 1);
	size_t rank[LESSON_MAX_OPTIONS];
	bool seen[LESSON_MAX_OPTIONS] = { false };

	if (!to_options(q, t, n, idx, &n, g))
		return;
	for (size_t i = 0; i < q->ncorrect; i++)
		rank[q->correct_idx[i]] = i;
	for (size_t i = 0; i < n; i++) {
		if (seen[idx[i]]) {
			say(g, "'%s' appears twice.", q->opts[idx[i]].key);
			return;
		}
		seen[idx[i]] = true;
	}
	for (size_t i = 0; i < q->nopts; i++)
		if (!seen[i]) {
			say(g, "'%s' is missing: put every item in order.", q->opts[i].key);
			return;
		}
	for (size_t i = 0; i + 1 < n; i++)
		if (rank[idx[i]] > rank[idx[i + 1]]) {
			say(g, "First inversion: '%s' must come before '%s'.",
			    q->opts[idx[i + 1]].key, q->opts[idx[i]].key);
			return;
		}
	g->pass = true;
	say(g, "Right: the order is correct.");
}

/* How close counts, in words, for feedback. */
static void
tolerance_str(const lesson_question *q, char *buf, size_t n)
{
	char u[48];

	switch (q->tol) {
	case LT_ULP:
		snprintf(buf, n, "within %g ulp of %s (%s here)", q->tol_amount,
		    q->tol_fmt->name, lesson_num_str(NULL, q->tol_amount *
		    fp_ulp(q->tol_fmt, fp_encode(q->tol_fmt, q->expect, NULL)), 0,
		    u, sizeof u));
		break;
	case LT_REL:
		snprintf(buf, n, "within %g%%", q->tol_amount * 100);
		break;
	default:
		if (q->expect_fmt)
			snprintf(buf, n, "rounding to it in %s", q->expect_fmt->name);
		else
			snprintf(buf, n, "exactly");
		break;
	}
}

/* "65,504" as "65504": in the whole part, commas between a group of one
 * to three digits and groups of exactly three are a spelling, not a
 * syntax error.  False (the text is read as it is) for any other comma. */
static bool
drop_thousands(const char *a, char *out, size_t n)
{
	size_t i = 0, o = 0;

	if (strlen(a) >= n || strchr(a, ',') == NULL)
		return false;
	while (a[i] == ' ' || a[i] == '\t' || a[i] == '+' || a[i] == '-')
		out[o++] = a[i++];
	size_t run = strspn(a + i, "0123456789");
	if (run == 0 || run > 3)
		return false;
	memcpy(out + o, a + i, run);
	o += run, i += run;
	while (a[i] == ',') {
		if (strspn(a + i + 1, "0123456789") != 3)
			return false;
		memcpy(out + o, a + i + 1, 3);
		o += 3, i += 4;
	}
	if (strchr(a + i, ',') != NULL || isdigit((unsigned char)a[i]))
		return false;
	strcpy(out + o, a + i);
	return true;
}

static void
grade_numeric(const lesson_question *q, const char *a, lesson_grade *g)
{
	fp_real r;
	size_t pos;
	char want[48], tol[120], s[64];

	lesson_num_str(q->expect_fmt, q->expect, 0, want, sizeof want);
	char plain[FP_READ_MAX + 1];
	if (drop_thousands(a, plain, sizeof plain))
		a = plain;
	if (strlen(a) > FP_READ_MAX || fp_read(a, &r, &pos) != FP_READ_OK) {
		say(g, "'%s' is not a number (write it as 65504, 1e-8 or inf).",
		    lesson_quote(a, strlen(a), s, sizeof s));
		return;
	}
	double x = r.lo, e = q->expect;
	if (isnan(e) || isnan(x) || isinf(e) || isinf(x)) {
		g->pass = (isnan(e) && isnan(x)) || x == e;
	} else {
		switch (q->tol) {
		case LT_ULP: {
			double ulp = fp_ulp(q->tol_fmt, fp_encode(q->tol_fmt, e, NULL));
			g->pass = fabs(x - e) <= q->tol_amount * ulp;
			break;
		}
		case LT_REL:
			g->pass = fabs(x - e) <= q->tol_amount * fabs(e);
			break;
		default:
			if (q->expect_fmt)
				g->pass = fp_encode_real(q->expect_fmt, &r, NULL) ==
				    fp_encode(q->expect_fmt, e, NULL);
			else
				g->pass = x == e && !r.sticky;
			break;
		}
	}
	tolerance_str(q, tol, sizeof tol);
	if (g->pass)
		say(g, "Right: the value is %s.", want);
	else
		say(g, "The value is %s; an answer counts when it is %s.", want, tol);
}

static void
grade_bits(const lesson_question *q, const char *a, lesson_grade *g)
{
	const fp_format *f = q->fmt;
	uint32_t b;
	char s[64], v[48], w[48];

	lesson_num_str(f, fp_decode(f, q->bits), 0, w, sizeof w);
	if (!fp_parse_bits(f, a, &b)) {
		say(g, "'%s' is not a %d-bit pattern of %s (hex such as 0x%0*x, or "
		    "%d binary digits).", lesson_quote(a, strlen(a), s, sizeof s),
		    f->width, f->name, (f->width + 3) / 4, (unsigned)f->max_bits,
		    f->width);
		return;
	}
	g->pass = b == q->bits || (fp_classify(f, b) == FP_CLASS_NAN &&
	    fp_classify(f, q->bits) == FP_CLASS_NAN);
	if (g->pass)
		say(g, "Right: 0x%0*x is %s in %s.", (f->width + 3) / 4,
		    (unsigned)q->bits, w, f->name);
	else
		say(g, "0x%0*x is %s in %s; the answer is 0x%0*x (%s).",
		    (f->width + 3) / 4, (unsigned)b, lesson_num_str(f,
		    fp_decode(f, b), 0, v, sizeof v), f->name, (f->width + 3) / 4,
		    (unsigned)q->bits, w);
}

/* A drill of a @drill block: graded exactly by src/drill, whose feedback
 * on a miss is the engine's explanation. */
static void
grade_drill(const lesson_question *q, const char *a, lesson_grade *g)
{
	drill_result r;

	if (q->drill == NULL) {	/* never: the validator made it */
		g->graded = false;
		return;
	}
	drill_grade(q->drill, a, &r);
	g->pass = r.pass;
	say(g, "%s", r.feedback);
}

void
lesson_grade_answer(const lesson *l, const lesson_question *q,
    const char *answer, lesson_text_grader text_grader, lesson_grade *g)
{
	static void (*const graders[LQ_NTYPES])(const lesson_question *,
	    const char *, lesson_grade *) = {
		[LQ_CHOICE] = grade_choice,
		[LQ_ORDER] = grade_order,
		[LQ_NUMERIC] = grade_numeric,
		[LQ_BITS] = grade_bits,
		[LQ_DRILL] = grade_drill,
	};

	memset(g, 0, sizeof *g);
	g->max = 1;
	while (lesson_blank(*answer))
		answer++;
	if (q->type == LQ_TEXT) {
		if (text_grader == NULL || !text_grader(l, q, answer, g)) {
			memset(g, 0, sizeof *g);
			g->max = 1;
			say(g, "%s", LESSON_NOT_GRADED);
		}
		return;
	}
	if ((unsigned)q->type >= LQ_NTYPES || graders[q->type] == NULL)
		return;
	/* A key, an order, a number or a bit pattern is the same with the
	 * newline a pipe adds ("echo B | fptutor grade ...") and the blanks
	 * around it: they are dropped before the answer is read. */
	while (*answer && strchr(" \t\r\n\v\f", *answer))
		answer++;
	size_t n = strlen(answer);
	while (n && strchr(" \t\r\n\v\f", answer[n - 1]))
		n--;
	char *trimmed = malloc(n + 1);
	if (trimmed == NULL) {
		say(g, "not graded: out of memory");
		return;
	}
	memcpy(trimmed, answer, n);
	trimmed[n] = '\0';
	g->graded = true;
	graders[q->type](q, trimmed, g);
	g->score = g->pass ? 1 : 0;
	free(trimmed);
}
