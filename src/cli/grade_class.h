/*
 * grade_class.h — `fptutor grade --class FILE`: the class mode of the
 * grade command (cmd_grade_class.c).  cmd_grade.c reads the options and
 * hands them over when --class is among them.
 */
#ifndef FPTUTOR_CLI_GRADE_CLASS_H
#define FPTUTOR_CLI_GRADE_CLASS_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/cli.h"
#include "lesson/class.h"

/* The options of class mode, as cmd_grade.c's one option table read them
 * (format: the --format text or NULL). */
typedef struct cli_class_opts {
	const char *file, *format;
	bool json, csv, no_color;
} cli_class_opts;
/* Run class mode; returns the exit status. */
int cli_grade_class(const cli_cmd *cmd, const cli_class_opts *o);

/* A class being graded, as `grade --class` and `play LESSON --answers
 * DIR` both run it: rows in, verdicts out as they come (JSON or CSV),
 * the report at the end. */
typedef enum cli_class_out { CLI_CLASS_TEXT, CLI_CLASS_JSON, CLI_CLASS_CSV } cli_class_out;
typedef struct cli_class {
	const char *cmd;
	const char *file;	/* where the rows come from, for messages */
	lesson_class *c;
	const lesson *only;	/* rows to other questions: a warning, skipped */
	cli_class_out out;
	size_t bad;
	bool nomem;
} cli_class;

/* Start the output (the CSV header). */
void cli_class_begin(cli_class *r);
/* One row: graded, its verdict printed (JSON, CSV); false to stop. */
bool cli_class_row(void *r, const lesson_class_row *row);
/* A bad row of r->file. */
void cli_class_bad(void *r, int line, const char *msg);
/* Read a class file (head: its first n bytes, already read); 0, an
 * errno, -1 (a bad header), -2 (out of memory), as lesson_class_read. */
int cli_class_read(cli_class *r, FILE *fp, const char *head, size_t n,
    lesson_class_fmt fmt);
/* The report or the JSON summary, after the last row (title names the
 * class in the report); the exit status given what reading returned (e):
 * 0 every row graded, 65 some row not, 74 I/O or out of memory. */
int cli_class_end(cli_class *r, int e, const char *title);

#endif
