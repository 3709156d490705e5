/*
 * practice.h — the "ID: answer" files of review and drill (item_answers.c),
 * and opening and saving the learner's progress for the commands that
 * record (record.c: play --record, drill --record, review).
 */
#ifndef FPTUTOR_CLI_PRACTICE_H
#define FPTUTOR_CLI_PRACTICE_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"
#include "lesson/player.h"
#include "state/progress.h"

typedef struct cli_item_answer {
	char *id, *text;
	int line;
} cli_item_answer;

typedef struct cli_item_answers {
	cli_item_answer *v;
	size_t n;
} cli_item_answers;

/* Read file; known(id, ctx) says whether an id can be answered (else a
 * warning naming list_cmd, where the ids are shown).  Returns CLI_OK or
 * the status to exit with; *out is to be freed either way. */
int cli_item_answers_read(const char *cmd, const char *file, const char *list_cmd,
    bool (*known)(const char *id, void *ctx), void *ctx, cli_item_answers *out);
void cli_item_answers_free(cli_item_answers *a);

/* The learner's progress, opened with its warnings on stderr; NULL (and
 * a message) only when out of memory. */
progress *cli_progress_open(const char *cmd);
/* Save, with a message on failure; false then. */
bool cli_progress_save(const char *cmd, progress *p);

#endif
