/*
 * lesson_text.c — the plain-text view of the lesson player: headings,
 * prose re-flowed with its computed values filled in, questions with the
 * answer given, its grade, the hints and the model answer the player has
 * revealed, and the closing summary.  Blocks are lesson_text_blocks.c.
 * In a locale that is not UTF-8 the lesson's typographic symbols (x, -,
 * ->, quotes) are written in ASCII.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "view/lesson_text.h"
#include "view/term.h"

/* ---- re-flowing ----------------------------------------------------- */

/* A growable string. */
typedef struct sbuf {
	char *s;
	size_t n, cap;
} sbuf;

static void
sb_add(sbuf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = (b->n + n + 1) * 2;
		char *ns = realloc(b->s, cap);
		if (ns == NULL)
			return;		/* out of memory: the text is cut */
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

/* The paragraph with its values computed. */
static void
para_string(const lesson_para *p, sbuf *b)
{
	char v[512];

	for (size_t i = 0; i < p->nspans; i++) {
		const lesson_span *s = &p->spans[i];
		const char *t = s->is_value ? lesson_value_str(&s->value, v, sizeof v)
		    : s->text;
		sb_add(b, t, strlen(t));
	}
}

static void
wrap(FILE *out, const char *s, int indent, int first, int width)
{
	int col = first;
	bool start = true;

	if (col < indent) {
		fprintf(out, "%*s", indent - col, "");
		col = indent;
	}
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		const char *w = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		if (s == w)
			break;
		int len = view_lesson_width(w, (size_t)(s - w));
		if (!start && col + 1 + len > width) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (!start) {
			fputc(' ', out);
			col++;
		}
		view_lesson_putn(out, w, (size_t)(s - w));
		col += len;
		start = false;
	}
	fputc('\n', out);
}

void
view_lesson_para_text(FILE *out, const lesson_para *para, int indent, int first,
    int width)
{
	sbuf b = { NULL, 0, 0 };

	para_string(para, &b);
	if (b.s == NULL) {
		fputc('\n', out);
		return;
	}
	if (!para->verbatim) {
		wrap(out, b.s, indent, first, width);
	} else {
		const char *line = b.s;
		int col = first;
		for (;;) {
			const char *nl = strchr(line, '\n');
			size_t n = nl ? (size_t)(nl - line) : strlen(line);
			if (col < indent)
				fprintf(out, "%*s", indent - col, "");
			view_lesson_putn(out, line, n);
			fputc('\n', out);
			col = 0;
			if (nl == NULL)
				break;
			line = nl + 1;
		}
	}
	free(b.s);
}

void
view_lesson_rich_text(FILE *out, const lesson_text *t, int indent, int first,
    int width)
{
	for (size_t i = 0; i < t->n; i++) {
		if (i > 0)
			fputc('\n', out);
		view_lesson_para_text(out, &t->paras[i], indent, i ? 0 : first, width);
	}
	if (t->n == 0)
		fputc('\n', out);
}

/* ---- headings ------------------------------------------------------------- */

static void
underlined(FILE *out, const char *text, char under)
{
	int w = view_lesson_width(text, strlen(text));

	fputs(view_c(COL_BOLD), out);
	view_lesson_puts(out, text);
	fprintf(out, "%s\n", view_c(COL_RESET));
	for (int i = 0; i < w; i++)
		fputc(under, out);
	fputc('\n', out);
}

void
view_lesson_header_text(FILE *out, const lesson *l)
{
	underlined(out, l->title, '=');
	fprintf(out, "lesson %s: %zu step%s, %zu question%s\n\n", l->id,
	    l->nsteps, l->nsteps == 1 ? "" : "s", l->nquestions,
	    l->nquestions == 1 ? "" : "s");
	view_lesson_rich_text(out, &l->summary, 0, 0, VIEW_LESSON_WIDTH);
}

/* ---- questions ------------------------------------------------------------ */

static void
show_options(FILE *out, const lesson_question *q)
{
	int kw = 1;

	for (size_t i = 0; i < q->nopts; i++) {
		int w = (int)strlen(q->opts[i].key);
		kw = w > kw ? w : kw;
	}
	for (size_t i = 0; i < q->nopts; i++) {
		int first = fprintf(out, "    %-*s  ", kw, q->opts[i].key);
		view_lesson_rich_text(out, &q->opts[i].text, 6 + kw, first,
		    VIEW_LESSON_WIDTH);
	}
}

const char *
view_lesson_how_to_answer(const lesson_question *q, char *buf, size_t n)
{
	switch (q->type) {
	case LQ_CHOICE:
		return q->ncorrect > 1 ? "the keys of every right option" :
		    "the key of the right option";
	case LQ_ORDER:
		return "every key, in order";
	case LQ_NUMERIC:
		return "a number";
	case LQ_BITS:
		snprintf(buf, n, "a %d-bit pattern of %s, in hex or binary",
		    q->fmt->width, q->fmt->name);
		return buf;
	case LQ_DRILL:
		return q->drill ? drill_how(q->drill, buf, n) : "the drill's answer";
	default:
		return "a few sentences";
	}
}

static void
show_question(FILE *out, const lesson_player *p, const lesson_question *q)
{
	const lesson_progress *g = lesson_player_progress(p, q);
	char how[80], score[64];

	fprintf(out, "%sQuestion %s%s (%s)\n", view_c(COL_BOLD), q->id,
	    view_c(COL_RESET), lesson_qtype_title(q->type));
	view_lesson_rich_text(out, &q->prompt, 2, 0, VIEW_LESSON_WIDTH);
	if (q->nopts) {
		fputc('\n', out);
		show_options(out, q);
	}
	fprintf(out, "\n  Answer with %s.\n", view_lesson_how_to_answer(q, how, sizeof how));
	fputs("  Your answer: ", out);
	if (g->answer == NULL) {
		fprintf(out, "(none)\n  Result: %snot answered%s (0/1).\n",
		    view_c(COL_WARN), view_c(COL_RESET));
	} else if (!g->grade.graded) {
		wrap(out, g->answer, 4, 15, VIEW_LESSON_WIDTH);
		sbuf b = { NULL, 0, 0 };
		sb_add(&b, g->grade.feedback, strlen(g->grade.feedback));
		static const char tail[] = " (counts as not passed, 0/1).";
		sb_add(&b, tail, sizeof tail - 1);
		fputs("  Result: ", out);
		wrap(out, b.s ? b.s : "", 4, 10, VIEW_LESSON_WIDTH);
		free(b.s);
	} else {
		lesson_outcome o = lesson_progress_outcome(g);
		bool ok = o == LESSON_OUT_PASSED || o == LESSON_OUT_PASSED_RETRY;
		const char *verdict = lesson_outcome_name(o == LESSON_OUT_NOT_GRADED ?
		    LESSON_OUT_NOT_PASSED : o);
		wrap(out, g->answer, 4, 15, VIEW_LESSON_WIDTH);
		snprintf(score, sizeof score, " (%g/%g). ",
		    o == LESSON_OUT_PASSED ? g->first_score : 0, g->grade.max);
		fprintf(out, "  Result: %s%s%s%s", ok ? "" : view_c(COL_WARN),
		    verdict, view_c(COL_RESET), score);
		wrap(out, g->grade.feedback, 4, 10 + (int)(strlen(verdict) +
		    strlen(score)), VIEW_LESSON_WIDTH);
	}
	for (size_t i = 0; i < g->hints_shown && i < q->nhints; i++) {
		int first = fprintf(out, "  Hint %zu: ", i + 1);
		view_lesson_rich_text(out, &q->hints[i], 4, first, VIEW_LESSON_WIDTH);
	}
	if (g->revealed) {
		int first = fprintf(out, "  Model answer: ");
		view_lesson_rich_text(out, &q->answer, 4, first, VIEW_LESSON_WIDTH);
	}
}

/* ---- items, steps, summary ------------------------------------------------ */

void
view_lesson_item_text(FILE *out, const lesson_player *p)
{
	const lesson *l = p->l;
	const lesson_item *it = lesson_player_item(p);
	char head[64];

	if (p->done || p->step >= l->nsteps)
		return;
	const lesson_step *s = &l->steps[p->step];
	if (p->item == 0) {
		fputc('\n', out);
		snprintf(head, sizeof head, "Step %zu of %zu: ", p->step + 1, l->nsteps);
		sbuf b = { NULL, 0, 0 };
		sb_add(&b, head, strlen(head));
		sb_add(&b, s->title, strlen(s->title));
		underlined(out, b.s ? b.s : s->title, '-');
		free(b.s);
	}
	if (it == NULL)
		return;
	fputc('\n', out);
	switch (it->kind) {
	case LI_PARA:
		view_lesson_para_text(out, &it->para, 0, 0, VIEW_LESSON_WIDTH);
		break;
	case LI_BLOCK:
		view_lesson_block_text(out, l, &l->blocks[it->index]);
		break;
	case LI_QUESTION:
		show_question(out, p, &l->questions[it->index]);
		break;
	}
}

void
view_lesson_summary_text(FILE *out, const lesson_player *p)
{
	const lesson *l = p->l;
	lesson_score sc;
	int iw = 8;

	lesson_player_score(p, &sc);
	fputc('\n', out);
	underlined(out, "Summary", '-');
	for (size_t i = 0; i < l->nquestions; i++) {
		int w = (int)strlen(l->questions[i].id);
		iw = w > iw ? w : iw;
	}
	for (size_t i = 0; i < l->nquestions; i++) {
		const lesson_question *q = &l->questions[i];
		const lesson_progress *g = &p->q[i];
		const char *v = lesson_outcome_name(lesson_progress_outcome(g));
		fprintf(out, "  %-*s  %-15s  %-12s  %g/%g\n", iw, q->id,
		    lesson_qtype_title(q->type), v,
		    g->answer ? g->first_score : 0,
		    g->answer && g->first_graded ? g->first_max : 1);
	}
	fprintf(out, "%s%zu of %zu question%s passed",
	    l->nquestions ? "\n" : "", sc.passed, sc.questions,
	    sc.questions == 1 ? "" : "s");
	if (sc.retried)
		fprintf(out, ", %zu more on retry", sc.retried);
	fprintf(out, "; score %g/%g.\n", sc.score, sc.max);
}
