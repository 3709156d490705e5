/*
 * grade_text.c — free-text questions: the bridge between the lesson model
 * and the text grader (src/grade).  A question's rubric lines (kept as
 * written, with their line numbers, by the lesson parser) become a
 * grade_rubric, and a grade_result becomes the player's lesson_grade.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "lesson/grade_text.h"

grade_rubric *
lesson_rubric_compile(const lesson_question *q, int *line, grade_diag *d)
{
	grade_rubric *r = grade_rubric_new();

	*line = q->rubric_loc.line;
	if (r == NULL) {
		snprintf(d->msg, sizeof d->msg, "out of memory");
		d->col = 0;
		return NULL;
	}
	for (size_t i = 0; i < q->nrubric; i++) {
		if (!grade_rubric_line(r, q->rubric[i].text, d)) {
			*line = q->rubric[i].line;
			grade_rubric_free(r);
			return NULL;
		}
	}
	if (!grade_rubric_finish(r, d)) {
		grade_rubric_free(r);
		return NULL;
	}
	return r;
}

const grade_rubric *
lesson_rubric(const lesson_question *q)
{
	return q->compiled;
}

/* Append to the feedback, as far as it goes. */
static void
add(lesson_grade *out, const char *a, const char *b)
{
	size_t n = strlen(out->feedback);
	snprintf(out->feedback + n, sizeof out->feedback - n, "%s%s", a, b ? b : "");
}

bool
lesson_grade_text(const lesson *l, const lesson_question *q, const char *answer,
    lesson_grade *out)
{
	grade_diag d;
	int line;
	grade_result res;

	(void)l;
	memset(out, 0, sizeof *out);
	if (q->nrubric == 0)
		return false;
	const grade_rubric *r = lesson_rubric(q);
	grade_rubric *own = NULL;
	if (r == NULL && (r = own = lesson_rubric_compile(q, &line, &d)) == NULL)
		return false;
	if (!grade_answer(r, answer, strlen(answer), &res)) {
		grade_rubric_free(own);
		return false;
	}
	out->graded = true;
	out->pass = res.pass;
	out->score = res.score;
	out->max = res.max;
	if (res.pass) {
		add(out, "Every required point is made.", NULL);
	} else {
		add(out, "Not yet: ", grade_verdict_text(res.verdict));
		add(out, ".", NULL);
	}
	if (res.contradiction[0])
		add(out, " Contradiction: ", res.contradiction), add(out, ".", NULL);
	if (res.inversion[0])
		add(out, " Order: ", res.inversion), add(out, ".", NULL);
	for (size_t i = 0; i < res.nmiscs; i++) {
		add(out, " Misconception: ", res.miscs[i].text);
		add(out, ".", NULL);
	}
	for (size_t i = 0; i < res.nconcepts; i++)
		if (!res.concepts[i].hit && res.concepts[i].text[0]) {
			/* an order step has no text of its own: name it */
			add(out, " Missing: ", strcmp(res.concepts[i].text, "not mentioned")
			    ? res.concepts[i].text : res.concepts[i].id);
			add(out, ".", NULL);
		}
	grade_result_free(&res);
	grade_rubric_free(own);
	return true;
}
