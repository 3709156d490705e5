/*
 * grade_class.h — `fptutor grade --class FILE`: the class mode of the
 * grade command (cmd_grade_class.c).  cmd_grade.c hands its arguments
 * over when they ask for it.
 */
#ifndef FPTUTOR_CLI_GRADE_CLASS_H
#define FPTUTOR_CLI_GRADE_CLASS_H

#include <stdbool.h>

#include "cli/cli.h"

/* Whether the arguments (after the command name) name --class. */
bool cli_grade_class_asked(int argc, char **argv);
/* Run class mode; returns the exit status. */
int cli_grade_class(const cli_cmd *cmd, int argc, char **argv);

#endif
