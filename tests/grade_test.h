/*
 * grade_test.h — shared by the grader's tests: the shipped rubric of a
 * question and the labelled answer sets (check_grade_sets.c).
 */
#ifndef FPTUTOR_GRADE_TEST_H
#define FPTUTOR_GRADE_TEST_H

#include <stdbool.h>

#include "grade/grade.h"
#include "grade/grade_int.h"

/* The source tree ($top_srcdir, else "."). */
const char *grade_test_top(void);
/* The tokens of s (the caller frees them with gtext_free). */
gtext grade_test_tokens(const char *s);
/* The rubric of question id, from the one shipped lesson that asks it. */
grade_rubric *grade_test_rubric(const char *top, const char *id);
/* Grade every PASS:/FAIL: line of file with r and add to the counts;
 * fail_right may be NULL; show prints each disagreement. */
void grade_test_set(const grade_rubric *r, const char *file, int *agree, int *total,
    int *false_pass, int *fail_right, bool show);

/* Grade answer to question id with its shipped rubric, kept in *held
 * (freed and replaced on the next call; the result's ids point into it). */
grade_result grade_test_graded(grade_rubric **held, const char *id, const char *answer);
/* Is res charged with misconception id? */
bool grade_test_has_misc(const grade_result *res, const char *id);

/* More cases of shared misconceptions, {question, claim, id}, ending in
 * NULLs (check_grade_claims_api.c). */
extern const char *const grade_claim_cases_api[][3];

#endif
