/*
 * lesson_md.c — a lesson as a CommonMark handout (`fptutor play LESSON
 * --format markdown`): headings for the lesson and its steps, the prose
 * with every value computed, each live block as a GFM pipe table of what
 * it computes (bits, rounding, calc and softmax results) where it has one
 * and its full text view in a fenced code block, and the questions
 * without their answers.  The answer key (--key) adds each question's
 * answer from its key, the model answer, and for free text the points
 * the rubric requires, as the grader words them when it grades the model
 * answer.  No curses.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/grade_text.h"
#include "view/lesson_md.h"
#include "view/lesson_text.h"

/* ---- inline text ------------------------------------------------------------ */

/* Text as CommonMark inline content: the characters that could start
 * markup are backslash-escaped, line breaks become spaces.  In a table
 * cell '|' is escaped too (it always is here). */
static void
md_inline(FILE *out, const char *s, size_t n, bool start)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\n' || c == '\r' || c == '\t') {
			fputc(' ', out);
			continue;
		}
		if (strchr("\\`*_[]<>|~&", c) || (start && i == 0 && strchr("#+-=>", c)))
			fputc('\\', out);
		fputc(c, out);
		/* "12. " or "3) " would open an ordered list */
		if (start && c >= '0' && c <= '9' && i + 1 < n &&
		    (s[i + 1] == '.' || s[i + 1] == ')') &&
		    (i + 2 == n || s[i + 2] == ' ')) {
			size_t k = 0;
			while (k <= i && s[k] >= '0' && s[k] <= '9')
				k++;
			if (k == i + 1)
				fputc('\\', out);
		}
	}
}

static void
md_str(FILE *out, const char *s, bool start)
{
	md_inline(out, s, strlen(s), start);
}

/* A paragraph's text with its values computed (malloc'd, or NULL). */
static char *
para_str(const lesson_para *p)
{
	char *buf = NULL, v[512];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (m == NULL)
		return NULL;
	for (size_t i = 0; i < p->nspans; i++) {
		const lesson_span *s = &p->spans[i];
		fputs(s->is_value ? lesson_value_str(&s->value, v, sizeof v) : s->text, m);
	}
	fclose(m);
	return buf;
}

static void
fence_open(FILE *out)
{
	fputs("```text\n", out);
}

static void
fence_close(FILE *out)
{
	fputs("```\n\n", out);
}

/* A paragraph: verbatim ones as a code block, the rest as one line. */
static void
md_para(FILE *out, const lesson_para *p, const char *prefix)
{
	char *s = para_str(p);

	if (s == NULL)
		return;
	if (p->verbatim) {
		fence_open(out);
		fputs(s, out);
		if (s[0] && s[strlen(s) - 1] != '\n')
			fputc('\n', out);
		fence_close(out);
	} else {
		fputs(prefix, out);
		md_str(out, s, prefix[0] == '\0');
		fputs("\n\n", out);
	}
	free(s);
}

static void
md_text(FILE *out, const lesson_text *t, const char *prefix)
{
	for (size_t i = 0; i < t->n; i++)
		md_para(out, &t->paras[i], i ? "" : prefix);
}

/* ---- blocks ------------------------------------------------------------------- */

static void
cell_sep(FILE *out, int ncols)
{
	fputc('|', out);
	for (int i = 0; i < ncols; i++)
		fputs(" --- |", out);
	fputc('\n', out);
}

static void
pattern(const fp_format *f, uint32_t bits, char *buf)
{
	int o = 0;
	for (int i = f->width - 1; i >= 0; i--) {
		buf[o++] = (char)('0' + ((bits >> i) & 1));
		if (i == f->width - 1 || i == f->man_bits)
			buf[o++] = ' ';
	}
	buf[o] = '\0';
}

/* bits and round: one row per value and format. */
static void
table_values(FILE *out, const lesson_block *b)
{
	char v[48], pat[48];

	fputs("| value | format | stored as | bits | hex | class |\n", out);
	cell_sep(out, 6);
	for (int i = 0; i < b->nvals; i++)
		for (int k = 0; k < b->nfmts; k++) {
			const fp_format *f = b->fmts[k];
			unsigned flags;
			uint32_t bits = fp_encode_real(f, &b->vals[i], &flags);
			pattern(f, bits, pat);
			fputs("| ", out);
			md_str(out, b->valtext[i], false);
			fprintf(out, " | %s | %s | `%s` | 0x%0*x | %s |\n", f->name,
			    fp_value_str(fp_decode(f, bits), v, sizeof v), pat,
			    (f->width + 3) / 4, (unsigned)bits,
			    fp_class_name(fp_classify(f, bits)));
		}
	fputc('\n', out);
}

/* calc and softmax: one row per dtype with the result and the first
 * nonfinite step. */
static void
table_calc(FILE *out, const lesson_block *b, const calc_expr *e, const char *what)
{
	char v[64];

	fprintf(out, "| dtype | %s | first inf or NaN |\n", what);
	cell_sep(out, 3);
	for (int i = 0; i < b->npols; i++) {
		calc_trace t;
		calc_error err;
		fprintf(out, "| %s | ", b->pols[i].name);
		if (!calc_eval(e, &b->pols[i], &t, &err)) {
			fputs("(cannot be evaluated) | |\n", out);
			continue;
		}
		const calc_step *r = calc_result(&t);
		for (size_t k = 0; r && k < r->n && k < 8; k++) {
			fputs(k ? ", " : r->vector ? "[" : "", out);
			fputs(fp_short_str(r->dtype, r->value[k], v, sizeof v), out);
		}
		if (r && r->vector)
			fputs(r->n > 8 ? ", ...]" : "]", out);
		fputs(" | ", out);
		if (t.first_nonfinite >= 0) {
			const calc_step *s = &t.steps[t.first_nonfinite];
			/* GFM splits a row at '|' even inside a code span */
			fputc('`', out);
			for (const char *c = s->label; *c; c++)
				fputs(*c == '|' ? "\\|" : *c == '`' ? "'" : (char[2]){ *c, 0 }, out);
			fprintf(out, "` (%s)", calc_cause_name(s->cause));
		} else {
			fputs("none", out);
		}
		fputs(" |\n", out);
		calc_trace_free(&t);
	}
	fputc('\n', out);
}

static void
md_block(FILE *out, const lesson *l, const lesson_block *b)
{
	fprintf(out, "**%s** ", lesson_block_name(b->kind));
	md_str(out, b->args, false);
	fputs("\n\n", out);
	switch (b->kind) {
	case LB_BITS:
	case LB_ROUND:
		table_values(out, b);
		break;
	case LB_CALC:
		table_calc(out, b, b->expr, "result");
		break;
	case LB_SOFTMAX:
		table_calc(out, b, b->expr, "naive softmax");
		table_calc(out, b, b->expr2, "stable softmax");
		break;
	default:
		break;
	}
	/* the walk or the trace, as the transcript shows it, without its
	 * heading line */
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (m == NULL)
		return;
	view_lesson_block_text(m, l, b);
	fclose(m);
	const char *body = buf;
	const char *nl = strstr(body, "\n\n");
	body = nl ? nl + 2 : body;
	fence_open(out);
	fputs(body, out);
	if (body[0] && body[strlen(body) - 1] != '\n')
		fputc('\n', out);
	fence_close(out);
	free(buf);
}

/* ---- questions ------------------------------------------------------------------ */

/* The text of a model answer, every paragraph, for the grader. */
static char *
text_str(const lesson_text *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (m == NULL)
		return NULL;
	for (size_t i = 0; i < t->n; i++) {
		char *s = para_str(&t->paras[i]);
		fprintf(m, "%s%s", i ? "\n\n" : "", s ? s : "");
		free(s);
	}
	fclose(m);
	return buf;
}

/* Free text: the rubric's points, as the grader words them when it grades
 * the model answer (required ones first). */
static void
key_points(FILE *out, const lesson_question *q)
{
	grade_diag d;
	int line;
	grade_result r;
	grade_rubric *rub = lesson_rubric_compile(q, &line, &d);
	char *model = text_str(&q->answer);

	if (rub && model && grade_answer(rub, model, strlen(model), &r)) {
		for (int req = 1; req >= 0; req--) {
			bool any = false;
			for (size_t i = 0; i < r.nconcepts; i++) {
				const grade_item *c = &r.concepts[i];
				if (c->required != (bool)req || !c->text[0])
					continue;
				if (!any)
					fprintf(out, "%s\n\n", req ? "Core points (each is required):"
					    : "Further points:");
				any = true;
				fputs("- ", out);
				md_str(out, c->text, false);
				fputc('\n', out);
			}
			if (any)
				fputc('\n', out);
		}
		grade_result_free(&r);
	}
	free(model);
	grade_rubric_free(rub);
}

static void
md_key(FILE *out, const lesson_question *q)
{
	char v[512];

	switch (q->type) {
	case LQ_CHOICE:
	case LQ_ORDER:
		fputs("**Answer:** ", out);
		for (size_t i = 0; i < q->ncorrect; i++) {
			fputs(i == 0 ? "" : q->type == LQ_ORDER ? " → " : ", ", out);
			md_str(out, q->correct[i], false);
		}
		fputs("\n\n", out);
		break;
	case LQ_BITS:
		if (q->fmt) {
			char pat[48];
			pattern(q->fmt, q->bits, pat);
			fprintf(out, "**Answer:** `%s` (0x%0*x)\n\n", pat,
			    (q->fmt->width + 3) / 4, (unsigned)q->bits);
		}
		break;
	case LQ_NUMERIC:
		if (q->has_value) {
			fputs("**Answer:** ", out);
			md_str(out, lesson_value_str(&q->value, v, sizeof v), false);
			fputs("\n\n", out);
		}
		break;
	case LQ_DRILL:
		break;		/* its model answer, below, is the engine's */
	default:
		key_points(out, q);
		break;
	}
	if (q->answer.n)
		md_text(out, &q->answer, "**Model answer:** ");
}

static void
md_question(FILE *out, const lesson_question *q, bool key)
{
	fprintf(out, "### Question %s (%s)\n\n", q->id, lesson_qtype_title(q->type));
	md_text(out, &q->prompt, "");
	for (size_t i = 0; i < q->nopts; i++) {
		fputs("- **", out);
		md_str(out, q->opts[i].key, false);
		fputs("** ", out);
		for (size_t k = 0; k < q->opts[i].text.n; k++) {
			char *s = para_str(&q->opts[i].text.paras[k]);
			if (s)
				md_str(out, s, false);
			fputs(k + 1 < q->opts[i].text.n ? " " : "", out);
			free(s);
		}
		fputc('\n', out);
	}
	if (q->nopts)
		fputc('\n', out);
	char how[120];
	fprintf(out, "*Answer with %s.*\n\n", view_lesson_how_to_answer(q, how, sizeof how));
	if (key)
		md_key(out, q);
}

/* ---- the lesson ---------------------------------------------------------------- */

void
view_lesson_md(FILE *out, const lesson *l, bool key)
{
	fputs("# ", out);
	md_str(out, l->title, false);
	fprintf(out, "\n\n*Lesson `%s`: %zu step%s, %zu question%s%s.*\n\n", l->id,
	    l->nsteps, l->nsteps == 1 ? "" : "s", l->nquestions,
	    l->nquestions == 1 ? "" : "s", key ? "; with the answer key" : "");
	md_text(out, &l->summary, "");
	for (size_t s = 0; s < l->nsteps; s++) {
		const lesson_step *st = &l->steps[s];
		fprintf(out, "## Step %zu of %zu: ", s + 1, l->nsteps);
		md_str(out, st->title, false);
		fputs("\n\n", out);
		for (size_t i = 0; i < st->nitems; i++) {
			const lesson_item *it = &st->items[i];
			if (it->kind == LI_PARA)
				md_para(out, &it->para, "");
			else if (it->kind == LI_BLOCK)
				md_block(out, l, &l->blocks[it->index]);
			else
				md_question(out, &l->questions[it->index], key);
		}
	}
}
