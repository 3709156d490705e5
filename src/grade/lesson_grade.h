/*
 * lesson_grade.h — the grader as lessons use it: a question's @rubric
 * lines compiled with grade_rubric_line(), checked when a lesson is
 * validated and used to grade free-text answers in play, in `fptutor
 * grade` and in the TUI.
 */
#ifndef FPTUTOR_GRADE_LESSON_GRADE_H
#define FPTUTOR_GRADE_LESSON_GRADE_H

#include "grade.h"
#include "lesson.h"
#include "player.h"

/* Compile q's rubric.  NULL on an error, with *line (the file's line) and
 * *d (column in that line, message) set. */
grade_rubric *grade_lesson_rubric(const lesson_question *q, int *line, grade_diag *d);

/* A lesson_text_grader (player.h): grade answer with q's rubric and put a
 * short account in out->feedback. */
bool grade_lesson_text(const lesson *l, const lesson_question *q,
    const char *answer, lesson_grade *out);

#endif
