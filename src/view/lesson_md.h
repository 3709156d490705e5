/*
 * lesson_md.h — a lesson as a CommonMark handout with GFM pipe tables
 * (lesson_md.c): what `fptutor play LESSON --format markdown` prints.  No
 * curses; nothing here reads the player: a handout is the lesson itself,
 * with no answers given.
 */
#ifndef FPTUTOR_VIEW_LESSON_MD_H
#define FPTUTOR_VIEW_LESSON_MD_H

#include <stdbool.h>
#include <stdio.h>

#include "lesson/lesson.h"

/* The whole lesson; with key, each question's answer, model answer and
 * (free text) the rubric's points: the answer key. */
void view_lesson_md(FILE *out, const lesson *l, bool key);

#endif
