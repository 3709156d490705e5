/*
 * lesson_test.h — what the files of tests/check_lesson share
 * (lesson_test.c): the temporary directory of the running test and
 * lesson loaders.  All names carry lt_.
 */
#ifndef FPTUTOR_TESTS_LESSON_TEST_H
#define FPTUTOR_TESTS_LESSON_TEST_H

#include <check.h>

#include "lesson/lesson.h"

/* The fixture of the test cases that write lessons: a fresh lt_tmpdir. */
extern char lt_tmpdir[];
void lt_setup_dir(void);
void lt_teardown_dir(void);
/* Load tests/lessons/NAME.lesson; fails the test on any error. */
lesson *lt_load_demo(const char *name);
/* Write text as TMP/NAME.lesson and load it. */
lesson *lt_load_text(const char *name, const char *text, lesson_diags *d);

/* check_lesson_model.c: the test cases "values" and "model". */
void lesson_model_tcases(Suite *s);
/* check_lesson_drill.c: the test case "drill" (@drill's questions). */
void lesson_drill_tcases(Suite *s);

#endif
