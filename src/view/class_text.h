/*
 * class_text.h — the text report of a class graded in one run (`fptutor
 * grade --class`): a table of students (questions passed, score), the
 * pass rate of each question, and a histogram of the misconceptions
 * asserted, each with how many students and which.  No curses.
 *
 * Who calls what: the command grades every row (src/lesson/class.h) and
 * hands the tallies to view_class_text().
 */
#ifndef FPTUTOR_VIEW_CLASS_TEXT_H
#define FPTUTOR_VIEW_CLASS_TEXT_H

#include <stdio.h>

#include "lesson/class.h"

/* The whole report; file names the class file in its first line. */
void view_class_text(FILE *out, const char *file, const lesson_class_tally *t);
/* A name from a class file as the report writes it: control characters
 * as '?', so no name can move the cursor. */
void view_class_name(FILE *out, const char *s);

#endif
