/*
 * lesson_cli.h — what the lesson commands (lessons, play, check-lesson)
 * share: printing a lesson's diagnostics and the lesson search path.
 * Defined in check_lesson.c.
 */
#ifndef FPTUTOR_CLI_LESSON_CLI_H
#define FPTUTOR_CLI_LESSON_CLI_H

#include <stdio.h>

#include "lesson.h"

/* "FILE:LINE:COL: error: message", one per line, on fp. */
void cli_lesson_diags(FILE *fp, const char *cmd, const lesson_diags *d);
/* The directories lessons are found in (see lesson_path()). */
size_t cli_lesson_dirs(const char **dirs, size_t max);
/* The status a failed lesson_load() exits with: 74 for an I/O error,
 * else 65. */
int cli_lesson_status(int ioerr);
/*
 * Load a lesson for a command: lesson_load(), then every @rubric compiled
 * by the grader (src/grade), whose language the lesson stages leave to
 * it.  Diagnostics go to *d (not printed).  Returns the lesson, or NULL
 * with *status set (65 or 74) and nothing kept.
 */
lesson *cli_lesson_load(const char *path, lesson_diags *d, int *status);

#endif
