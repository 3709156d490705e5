/*
 * fuzz_grade.c — answers to the grader, against the shipped rubrics of
 * lessons/interview.lesson (FUZZ_LESSON, or $FPTUTOR_FUZZ_LESSON).  The
 * input is "QUESTION-ID\nANSWER"; an unknown id picks a question by its
 * first byte.  The answer is graded as `fptutor grade` does (NUL bytes and
 * invalid UTF-8 included).  Invariants: the score is within 0..max, a
 * pass has no misconception, the concepts are the rubric's.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "grade/grade.h"
#include "lesson/lesson.h"
#include "lesson/grade_text.h"

#ifndef FUZZ_LESSON
#define FUZZ_LESSON "lessons/interview.lesson"
#endif

static lesson *les;
static grade_rubric *rubrics[64];
static const char *ids[64];
static size_t nrub;

static void
setup(void)
{
	const char *file = getenv("FPTUTOR_FUZZ_LESSON");
	lesson_diags d = { 0 };
	int ioerr;
	les = lesson_load(file ? file : FUZZ_LESSON, &d, &ioerr);
	if (les == NULL) {
		fprintf(stderr, "fuzz_grade: cannot load %s\n", file ? file : FUZZ_LESSON);
		abort();
	}
	lesson_diags_free(&d);
	for (size_t i = 0; i < les->nquestions && nrub < 64; i++) {
		const lesson_question *q = &les->questions[i];
		int line;
		grade_diag gd;
		if (q->type != LQ_TEXT || q->nrubric == 0)
			continue;
		rubrics[nrub] = lesson_rubric_compile(q, &line, &gd);
		FUZZ_CHECK(rubrics[nrub] != NULL);
		ids[nrub++] = q->id;
	}
	FUZZ_CHECK(nrub > 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (les == NULL)
		setup();
	if (size == 0)
		return 0;
	size_t pick = data[0] % nrub;
	const uint8_t *nl = memchr(data, '\n', size < 64 ? size : 64);
	if (nl != NULL) {
		size_t idlen = (size_t)(nl - data);
		for (size_t i = 0; i < nrub; i++)
			if (strlen(ids[i]) == idlen && memcmp(ids[i], data, idlen) == 0) {
				pick = i;
				size -= idlen + 1;
				data = nl + 1;
				break;
			}
	}
	/* An exact-size copy: a read past the answer's end is caught. */
	char *answer = malloc(size ? size : 1);
	if (answer == NULL)
		return 0;
	if (size)
		memcpy(answer, data, size);
	grade_result res;
	FUZZ_CHECK(grade_answer(rubrics[pick], answer, size, &res));
	FUZZ_CHECK(res.score >= 0 && res.score <= res.max);
	FUZZ_CHECK(!res.pass || res.nmiscs == 0);
	FUZZ_CHECK(res.pass == (res.verdict == GRADE_PASS));
	for (size_t i = 0; i < res.nconcepts; i++)
		FUZZ_CHECK(res.concepts[i].id != NULL && res.concepts[i].text != NULL);
	grade_result_free(&res);
	free(answer);
	return 0;
}
