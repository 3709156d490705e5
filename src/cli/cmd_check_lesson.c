/*
 * check_lesson.c — `fptutor check-lesson FILE...`: run the lesson stages
 * over each file and report every diagnostic as FILE:LINE:COL, then check
 * that question ids are unique across the files (they are global).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/review.h"

static int
run_check(const cli_cmd *cmd, int argc, char **argv)
{
	bool quiet = false, opts_done = false;
	int status = CLI_OK, nfiles = 0;
	lesson **ok = calloc((size_t)argc, sizeof *ok);
	size_t nok = 0;

	if (ok == NULL) {
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (opts_done || a[0] != '-' || strcmp(a, "-") == 0) {
			argv[nfiles++ + 1] = argv[i];
		} else if (strcmp(a, "--") == 0) {
			opts_done = true;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			free(ok);
			cli_print_help(cmd, stdout);
			return cli_finish_output(cmd->name, CLI_OK);
		} else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
			quiet = true;
		} else {
			free(ok);
			char qa[300];
			return cli_usage_err(cmd->name, "unknown option '%s'",
			    cli_quote(a, strlen(a), qa, sizeof qa));
		}
	}
	if (nfiles == 0) {
		free(ok);
		return cli_usage_err(cmd->name, "no lesson file given");
	}
	for (int i = 1; i <= nfiles; i++) {
		lesson_diags d = { 0 };
		int ioerr;
		lesson *l = lesson_load(argv[i], &d, &ioerr);
		if (l)
			cli_check_reveal(l, &d);
		cli_lesson_diags(cmd->name, &d);
		lesson_diags_free(&d);
		if (l == NULL) {
			if (status != CLI_IOERR)
				status = ioerr ? CLI_IOERR : CLI_DATAERR;
			continue;
		}
		ok[nok++] = l;
		if (!quiet)
			printf("%s: ok: %zu step%s, %zu question%s\n", argv[i],
			    l->nsteps, l->nsteps == 1 ? "" : "s", l->nquestions,
			    l->nquestions == 1 ? "" : "s");
	}
	lesson_diags d = { 0 };
	if (lesson_check_unique((const lesson *const *)ok, nok, &d) > 0 &&
	    status == CLI_OK)
		status = CLI_DATAERR;
	cli_lesson_diags(cmd->name, &d);
	lesson_diags_free(&d);
	for (size_t i = 0; i < nok; i++)
		lesson_free(ok[i]);
	free(ok);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_check_lesson = {
	"check-lesson", "check lesson files and report every problem with its place",
	"fptutor check-lesson [-q] FILE...",
	"Read each lesson FILE as fptutor play would, and report each problem\n"
	"as FILE:LINE:COL: error: message (or warning).  Question ids must be\n"
	"unique across all the files given.  '-' reads standard input.\n"
	"\n"
	"  -q, --quiet  no 'FILE: ok' line for a good file\n"
	"  -h, --help   show this help\n"
	"\n"
	"The language is described in fptutor-lesson(5).\n"
	"\n"
	"Exit status: 0 every file is a valid lesson (warnings allowed); 65 an\n"
	"error in some file; 74 a file could not be read; 2 usage error.\n",
	run_check
};
