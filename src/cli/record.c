/*
 * record.c — what the scripted commands record in the learner's progress
 * (only when asked: play --record, drill --record; review always): the
 * store opened and saved with its messages.  Lesson questions are rated
 * by lesson_record_reviews (src/lesson/record.c).
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/practice.h"

progress *
cli_progress_open(const char *cmd)
{
	progress *p;
	char msg[1200];

	progress_status st = progress_open(&p, NULL, msg, sizeof msg);
	if (st != PROGRESS_OK)
		cli_err(cmd, "%s", msg);
	return p;
}

bool
cli_progress_save(const char *cmd, progress *p)
{
	char msg[1200];

	if (progress_save(p, msg, sizeof msg))
		return true;
	cli_err(cmd, "%s", msg);
	return false;
}
