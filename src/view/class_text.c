/*
 * class_text.c — the text report of a class: three tables, each sorted
 * the way an instructor reads it (students and questions as the file
 * first names them, misconceptions most widely held first), with bars
 * whose length is a share of the students who answered.
 */
#include <config.h>

#include <string.h>

#include "view/class_text.h"
#include "view/lesson_text.h"
#include "view/term.h"

#define BAR 20		/* columns of a full bar */
#define NAME_MAX_COLS 24

void
view_class_name(FILE *out, const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t k = 0;
		while (i + k < n && (unsigned char)s[i + k] >= 0x20 && s[i + k] != 0x7f)
			k++;
		view_lesson_putn(out, s + i, k);
		i += k;
		if (i < n) {
			fputc('?', out);
			i++;
		}
	}
}

/* name padded (or cut with "...") to cols columns. */
static void
cell(FILE *out, const char *name, int cols)
{
	int w = view_lesson_width(name, strlen(name));

	if (w <= cols) {
		view_class_name(out, name);
		fprintf(out, "%*s", cols - w, "");
		return;
	}
	/* cut by characters: the first cols - 3, then "..." */
	size_t n = 0;
	for (int c = 0; c < cols - 3 && name[n]; c++) {
		n++;
		while (((unsigned char)name[n] & 0xc0) == 0x80)
			n++;
	}
	char buf[4 * NAME_MAX_COLS + 1];
	memcpy(buf, name, n);
	buf[n] = '\0';
	view_class_name(out, buf);
	fputs("...", out);
	fprintf(out, "%*s", cols - 3 - view_lesson_width(buf, n), "");
}

static int
name_cols(const char *head, const char *(*name)(const lesson_class_tally *, size_t),
    const lesson_class_tally *t, size_t n)
{
	int w = (int)strlen(head);
	for (size_t i = 0; i < n; i++) {
		const char *s = name(t, i);
		int k = view_lesson_width(s, strlen(s));
		if (k > w)
			w = k;
	}
	return w > NAME_MAX_COLS ? NAME_MAX_COLS : w;
}

static const char *
student_name(const lesson_class_tally *t, size_t i)
{
	return t->students[i].name;
}

static const char *
question_name(const lesson_class_tally *t, size_t i)
{
	return t->questions[i].id;
}

static void
bar(FILE *out, size_t k, size_t of)
{
	int full = of ? (int)((k * BAR + of / 2) / of) : 0;
	for (int i = 0; i < BAR; i++)
		fputc(i < full ? '#' : '.', out);
}

static int
percent(size_t k, size_t of)
{
	return of ? (int)((200 * k + of) / (2 * of)) : 0;
}

void
view_class_text(FILE *out, const char *file, const lesson_class_tally *t)
{
	fprintf(out, "%sClass %s%s: %zu answer%s graded from %zu student%s to %zu "
	    "question%s", view_c(COL_BOLD), file, view_c(COL_RESET), t->rows,
	    t->rows == 1 ? "" : "s", t->nstudents, t->nstudents == 1 ? "" : "s",
	    t->nquestions, t->nquestions == 1 ? "" : "s");
	if (t->bad)
		fprintf(out, "; %zu row%s not graded", t->bad, t->bad == 1 ? "" : "s");
	fputs("\n", out);
	if (t->nstudents == 0)
		return;

	int w = name_cols("student", student_name, t, t->nstudents);
	fprintf(out, "\n%s%-*s  %-16s  %s%s\n", view_c(COL_BOLD), w, "student",
	    "questions passed", "score", view_c(COL_RESET));
	for (size_t i = 0; i < t->nstudents; i++) {
		const lesson_class_student *s = &t->students[i];
		char passed[48];
		snprintf(passed, sizeof passed, "%zu of %zu", s->passed, s->answered);
		cell(out, s->name, w);
		fprintf(out, "  %-16s  %g of %g\n", passed, s->score, s->max);
	}

	w = name_cols("question", question_name, t, t->nquestions);
	fprintf(out, "\n%s%-*s  %-16s  %s%s\n", view_c(COL_BOLD), w, "question",
	    "students passed", "pass rate", view_c(COL_RESET));
	for (size_t i = 0; i < t->nquestions; i++) {
		const lesson_class_question *q = &t->questions[i];
		char passed[48];
		snprintf(passed, sizeof passed, "%zu of %zu", q->passed, q->answered);
		cell(out, q->id, w);
		fprintf(out, "  %-16s  %3d%%  ", passed, percent(q->passed, q->answered));
		bar(out, q->passed, q->answered);
		fputc('\n', out);
	}

	fprintf(out, "\n%sMisconceptions asserted%s", view_c(COL_BOLD), view_c(COL_RESET));
	if (t->nmiscs == 0) {
		fputs(": none\n", out);
		return;
	}
	fputs(" (students who answered the question and hold it)\n", out);
	for (size_t i = 0; i < t->nmiscs; i++) {
		const lesson_class_misc *m = &t->miscs[i];
		fprintf(out, "\n%s", view_c(COL_BOLD));
		view_class_name(out, m->question);
		fputs(": ", out);
		view_class_name(out, m->id);
		fprintf(out, "%s  %zu of %zu (%d%%)  ", view_c(COL_RESET), m->nstudents,
		    m->answered, percent(m->nstudents, m->answered));
		bar(out, m->nstudents, m->answered);
		fputc('\n', out);
		if (m->why && m->why[0]) {
			fputs("  ", out);
			view_wrap(out, m->why, 2, 78);
		}
		fputs("  students:", out);
		int col = 11;
		for (size_t k = 0; k < m->nstudents; k++) {
			const char *s = t->students[m->students[k]].name;
			int sw = view_lesson_width(s, strlen(s));
			if (col + 2 + sw > 78 && col > 11) {
				fputs(k ? ",\n   " : "\n   ", out);
				col = 3;
			} else if (k) {
				fputc(',', out);
				col++;
			}
			fputc(' ', out);
			view_class_name(out, s);
			col += 1 + sw;
		}
		fputc('\n', out);
	}
}
