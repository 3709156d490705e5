/*
 * check_lesson.c — `fptutor check-lesson FILE...`: run the lesson stages
 * over each file and report every diagnostic as FILE:LINE:COL, then check
 * that question ids are unique across the files (they are global).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const struct option check_table[] = {
	{ "quiet", no_argument, NULL, 'q' },
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct check_args {
	bool quiet;
	char **files;
	int nfiles;
} check_args;

static int
check_opt(void *ctx, int key, char *arg)
{
	check_args *c = ctx;

	if (key == 'q')
		c->quiet = true;
	else
		c->files[c->nfiles++] = arg;
	return CLI_OK;
}

static int
run_check(const cli_cmd *cmd, int argc, char **argv)
{
	char **files = calloc((size_t)argc, sizeof *files);
	check_args c = { false, files, 0 };
	cli_opts p = { .cmd = cmd, .table = check_table, .fn = check_opt, .ctx = &c };
	int status = CLI_OK;
	lesson **ok = calloc((size_t)argc, sizeof *ok);
	size_t nok = 0;

	if (ok == NULL || files == NULL) {
		free(ok);
		free(files);
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	if (!cli_opts_parse(&p, argc, argv))
		status = p.status;
	else if (c.nfiles == 0)
		status = cli_usage_err(cmd->name, "no lesson file given");
	if (status != CLI_OK) {
		free(ok);
		free(files);
		return status;
	}
	for (int i = 0; i < c.nfiles; i++) {
		lesson_diags d = { 0 };
		int ioerr;
		lesson *l = lesson_load(files[i], &d, &ioerr);
		cli_lesson_diags(cmd->name, &d);
		lesson_diags_free(&d);
		if (l == NULL) {
			if (status != CLI_IOERR)
				status = ioerr ? CLI_IOERR : CLI_DATAERR;
			continue;
		}
		ok[nok++] = l;
		if (!c.quiet)
			printf("%s: ok: %zu step%s, %zu question%s\n", files[i],
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
	free(files);
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
	run_check, NULL
};
