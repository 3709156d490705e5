/*
 * play_class.h — scripted lesson mode for a class (cmd_play_class.c):
 * `fptutor play LESSON --answers DIR` (one answers file per student) or
 * `--answers FILE.csv|.jsonl` (a class file with a student column), and
 * the answers-file reader cmd_play.c and it share.
 */
#ifndef FPTUTOR_CLI_PLAY_CLASS_H
#define FPTUTOR_CLI_PLAY_CLASS_H

#include <stdbool.h>
#include <stddef.h>

#include "lesson/lesson.h"

/* One "QUESTION-ID: answer" line of an answers file. */
typedef struct cli_answer {
	char *id;
	char *text;
	int line;
} cli_answer;

/* Read an answers file for lesson l (cmd_play.c): its problems reported
 * under cmd; CLI_OK or the status to exit with. */
int cli_play_read_answers(const char *cmd, const char *file, const lesson *l,
    cli_answer **out, size_t *nout);
void cli_play_free_answers(cli_answer *v, size_t n);

/* Whether the answers name a class: a directory, or a file whose name
 * ends in .csv, .jsonl or .ndjson. */
bool cli_play_class_asked(const char *answers);
/* Grade the class's answers to l's questions and print the class report
 * (json: as `grade --class --json`).  Returns the exit status. */
int cli_play_class(const char *cmd, const lesson *l, const char *answers, bool json);

#endif
