/*
 * check_reveal.c — check-lesson's "predict, then see" warning: a question
 * whose answer (its computed value, its pattern, the text of its right
 * option) is already on screen in its step before it is asked.  The step's
 * items before the question are drawn with the text view (what the
 * learner sees) and searched for the answer as a whole word.
 */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/review.h"
#include "view/lesson_text.h"

/* Blanks and line breaks as one space, lower case: wrapping and case do
 * not hide an answer. */
static void
squeeze(char *s)
{
	char *w = s, *start = s;
	bool sp = false;

	for (; *s; s++) {
		if (isspace((unsigned char)*s)) {
			sp = true;
			continue;
		}
		if (sp && w != start)
			*w++ = ' ';
		sp = false;
		*w++ = (char)tolower((unsigned char)*s);
	}
	*w = '\0';
}

/* needle in hay as a whole word: not inside a longer number or word. */
static bool
has_word(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return false;
	for (const char *s = strstr(hay, needle); s; s = strstr(s + 1, needle)) {
		unsigned char b = s == hay ? ' ' : (unsigned char)s[-1];
		unsigned char a = (unsigned char)s[n];
		bool before = isalnum(b) || b == '.' || b == '_' ||
		    (b == '-' && s > hay + 1 && isalnum((unsigned char)s[-2]));
		bool after = isalnum(a) || a == '_' || (a == '.' &&
		    isdigit((unsigned char)s[n + 1]));
		if (!before && !after)
			return true;
	}
	return false;
}

/* What the learner has seen of step s before item k. */
static char *
shown_before(const lesson *l, const lesson_step *s, size_t k)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (out == NULL)
		return NULL;
	for (size_t i = 0; i < k; i++) {
		const lesson_item *it = &s->items[i];
		if (it->kind == LI_PARA)
			view_lesson_para_text(out, &it->para, 0, 0, 1000);
		else if (it->kind == LI_BLOCK)
			view_lesson_block_text(out, l, &l->blocks[it->index]);
		fputc('\n', out);
	}
	if (fclose(out) != 0) {
		free(buf);
		return NULL;
	}
	squeeze(buf);
	return buf;
}

/* The answers of q as the screen would write them; n found. */
static size_t
answers_of(const lesson_question *q, char out[][160], size_t max)
{
	size_t n = 0;

	/* A number: as prose writes it, and at 3 or 4 digits ("0.731"); one
	 * shorter than 3 characters ("1") is too common to judge. */
	if (q->type == LQ_NUMERIC) {
		lesson_num_str(q->expect_fmt, q->expect, 0, out[n++], 160);
		fp_value_str(q->expect, out[n++], 160);
		for (int dg = 3; dg <= 4; dg++)
			lesson_num_str(NULL, q->expect, dg, out[n++], 160);
		for (size_t i = 0; i < n; i++)
			if (strlen(out[i]) < 3)
				out[i][0] = '\0';
	}
	if (q->type == LQ_BITS && q->fmt && n < max)
		snprintf(out[n++], 160, "0x%0*x", (q->fmt->width + 3) / 4,
		    (unsigned)q->bits);
	if (q->type == LQ_CHOICE)
		for (size_t i = 0; i < q->ncorrect && n < max; i++) {
			const lesson_option *o = &q->opts[q->correct_idx[i]];
			FILE *f = fmemopen(out[n], 160, "w");
			if (f == NULL)
				continue;
			view_lesson_rich_text(f, &o->text, 0, 0, 1000);
			fputc('\0', f);
			fclose(f);
			out[n][159] = '\0';
			squeeze(out[n]);
			/* A one-word option ("inf") is too common to judge. */
			if (strchr(out[n], ' ') || strlen(out[n]) >= 8)
				n++;
		}
	for (size_t i = 0; i < n; i++)
		squeeze(out[i]);
	return n;
}

void
cli_check_reveal(const lesson *l, lesson_diags *d)
{
	char ans[LESSON_MAX_OPTIONS + 5][160], q[64];

	for (size_t si = 0; si < l->nsteps; si++) {
		const lesson_step *s = &l->steps[si];
		for (size_t k = 0; k < s->nitems; k++) {
			if (s->items[k].kind != LI_QUESTION)
				continue;
			const lesson_question *qu = &l->questions[s->items[k].index];
			size_t n = answers_of(qu, ans, sizeof ans / sizeof ans[0]);
			char *seen = n ? shown_before(l, s, k) : NULL;
			for (size_t i = 0; seen && i < n; i++) {
				if (!has_word(seen, ans[i]))
					continue;
				lesson_diag_add(d, l->file, qu->loc.line,
				    qu->loc.col, LMSG_ANSWER_SHOWN, qu->id,
				    lesson_quote(ans[i], strlen(ans[i]), q,
				    sizeof q));
				break;
			}
			free(seen);
		}
	}
}
