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
#include "train/scaler.h"

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
	/* figures of GradScaler's defaults are held to the model's */
	scaler_params p;
	scaler_params_default(&p);
	grade_constants c = { p.init_scale, p.growth_factor, p.backoff_factor,
		(double)p.growth_interval };
	grade_rubric_set_constants(r, &c);
	return r;
}

const grade_rubric *
lesson_rubric(const lesson_question *q)
{
	return q->compiled;
}

bool
lesson_text_plain(const lesson_text *t, char *buf, size_t n)
{
	size_t o = 0;
	char v[256];

	buf[0] = '\0';
	for (size_t i = 0; i < t->n; i++)
		for (size_t k = 0; k < t->paras[i].nspans; k++) {
			const lesson_span *s = &t->paras[i].spans[k];
			const char *w = s->is_value ? lesson_value_str(&s->value, v, sizeof v)
			    : s->text ? s->text : "";
			int m = snprintf(buf + o, n - o, "%s%s", i && k == 0 ? "\n" : "", w);
			if (m < 0 || (size_t)m >= n - o)
				return false;
			o += (size_t)m;
		}
	return true;
}

bool
lesson_rubric_passes(const grade_rubric *r, const lesson_text *text, char *why, size_t n)
{
	static char buf[GRADE_MAX_ANSWER];
	grade_result res;

	why[0] = '\0';
	if (!lesson_text_plain(text, buf, sizeof buf)) {
		snprintf(why, n, "it is longer than the grader reads");
		return false;
	}
	if (!grade_answer(r, buf, strlen(buf), &res)) {
		snprintf(why, n, "out of memory");
		return false;
	}
	size_t o = (size_t)snprintf(why, n, "%s", grade_verdict_text(res.verdict));
	const char *sep = ": ";
	for (size_t i = 0; i < res.nmiscs && o < n; i++, sep = ", ")
		o += (size_t)snprintf(why + o, n - o, "%s%s", sep, res.miscs[i].id);
	for (size_t i = 0; i < res.nconcepts && o < n; i++)
		if (!res.concepts[i].hit && res.concepts[i].required) {
			o += (size_t)snprintf(why + o, n - o, "%s%s", sep, res.concepts[i].id);
			sep = ", ";
		}
	if (res.inversion[0] && o < n)
		snprintf(why + o, n - o, "%s%s", sep, res.inversion);
	bool pass = res.pass;
	grade_result_free(&res);
	return pass;
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
	if (res.pass && res.score >= res.max) {
		add(out, "Every required point is made.", NULL);
	} else if (res.pass) {
		/* the core is there: say what the credit points would add */
		add(out, "The core points are made; a stronger answer would also", NULL);
		const char *sep = ": ";
		for (size_t i = 0; i < res.nconcepts; i++)
			if (!res.concepts[i].hit && !res.concepts[i].required &&
			    res.concepts[i].text[0] && strcmp(res.concepts[i].text, "not mentioned")) {
				add(out, sep, res.concepts[i].text);
				sep = "; ";
			}
		add(out, strcmp(sep, ": ") ? "." : " name more of the points.", NULL);
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
	for (size_t i = 0; i < res.nconcepts && !res.pass; i++)
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
