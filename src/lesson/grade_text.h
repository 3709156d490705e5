/*
 * grade_text.h — free-text questions, the bridge from lessons to the text
 * grader (src/grade, which knows nothing of lessons): a question's @rubric
 * lines compiled with grade_rubric_line(), checked when a lesson is
 * validated (validate.c) and used to grade free-text answers in play, in
 * `fptutor grade` and in the full-screen tutor.  The closed question types
 * are graded in grade_closed.c.
 */
#ifndef FPTUTOR_LESSON_GRADE_TEXT_H
#define FPTUTOR_LESSON_GRADE_TEXT_H

#include "grade/grade.h"
#include "lesson/lesson.h"
#include "lesson/player.h"

/* Compile q's rubric.  NULL on an error, with *line (the file's line) and
 * *d (column in that line, message) set. */
grade_rubric *lesson_rubric_compile(const lesson_question *q, int *line, grade_diag *d);
/* q's rubric as the validator compiled it, owned by the lesson; NULL when
 * q has none compiled (not a free-text question, or not validated). */
const grade_rubric *lesson_rubric(const lesson_question *q);

/* The text t as a learner reads it (its computed values written out), in
 * buf; false when it does not fit. */
bool lesson_text_plain(const lesson_text *t, char *buf, size_t n);

/* Does text pass q's compiled rubric r?  False with why ("a required point
 * is missing: scale-loss") set when it does not. */
bool lesson_rubric_passes(const grade_rubric *r, const lesson_text *text,
    char *why, size_t n);

/* A lesson_text_grader (player.h): grade answer with q's rubric and put a
 * short account in out->feedback. */
bool lesson_grade_text(const lesson *l, const lesson_question *q,
    const char *answer, lesson_grade *out);

#endif
