/*
 * lessons.c — `fptutor lessons [--json]`: every lesson along the search
 * path (FPTUTOR_LESSON_PATH, the installed lessons, ./lessons) with its
 * id, title, steps and question ids.  A lesson that does not load is
 * reported on stderr and not listed.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/json.h"
#include "cli/cli.h"
#include "view/lesson_text.h"

static void
show_text(const lesson *l)
{
	printf("%s%s%s  ", view_c(COL_BOLD), l->id, view_c(COL_RESET));
	view_lesson_puts(stdout, l->title);
	printf("\n  %zu step%s; ", l->nsteps, l->nsteps == 1 ? "" : "s");
	if (l->nquestions == 0)
		printf("no questions\n");
	for (size_t i = 0; i < l->nquestions; i++)
		printf("%s%s", i ? ", " : "questions: ", l->questions[i].id);
	if (l->nquestions)
		putchar('\n');
	printf("  %s\n", l->file);
}

static void
show_json(const lesson *l)
{
	printf("{\"id\":");
	cli_json_str(l->id);
	printf(",\"title\":");
	cli_json_str(l->title);
	if (l->order)
		printf(",\"order\":%d", l->order);
	else
		printf(",\"order\":null");
	printf(",\"steps\":%zu,\"questions\":[", l->nsteps);
	for (size_t i = 0; i < l->nquestions; i++) {
		if (i)
			putchar(',');
		cli_json_str(l->questions[i].id);
	}
	printf("],\"file\":");
	cli_json_str(l->file);
	printf("}\n");
}

/* Each lesson's diagnostics as it loads, under the command's name. */
static void
print_load_diags(const void *cmd, const lesson_diags *d)
{
	cli_lesson_diags(cmd, d);
}

static int
run_lessons(const cli_cmd *cmd, int argc, char **argv)
{
	static const struct option table[] = {
		CLI_OPT_JSON, CLI_OPT_NO_COLOR, CLI_OPT_HELP, CLI_OPT_END
	};
	cli_opts p = { .cmd = cmd, .table = table };
	bool json;
	lesson_shelf sh;
	int status = CLI_OK;

	if (!cli_opts_parse(&p, argc, argv))
		return p.status;
	json = p.json;
	view_term_init(p.no_color || json);
	if (lesson_shelf_open(&sh, print_load_diags, cmd->name) != 0) {
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	if (sh.invalid)
		status = CLI_DATAERR;
	if (sh.ioerr)
		status = CLI_IOERR;
	for (size_t i = 0; i < sh.n; i++) {
		if (json)
			show_json(sh.v[i]);
		else
			show_text(sh.v[i]);
	}
	lesson_diags d = { 0 };
	if (lesson_check_unique((const lesson *const *)sh.v, sh.n, &d) &&
	    status == CLI_OK)
		status = CLI_DATAERR;
	cli_lesson_diags(cmd->name, &d);
	lesson_diags_free(&d);
	/* Nothing to list is the search path's fault, as a lesson id found
	 * nowhere is: a usage error, with the path searched and the fix. */
	if (sh.nfiles == 0 && !json) {	/* --json: [] says it */
		fflush(stdout);
		fprintf(stderr, "%s: %s: no lessons found in", cli_progname, cmd->name);
		for (size_t i = 0; i < sh.ndirs; i++)
			fprintf(stderr, "%s %s", i ? "," : "", sh.dirs[i]);
		fprintf(stderr, "%s; set FPTUTOR_LESSON_PATH to a directory of "
		    ".lesson files\n", sh.ndirs ? "" : " no directory");
	}
	if (sh.nfiles == 0 && status == CLI_OK)
		status = CLI_USAGE;
	lesson_shelf_free(&sh);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_lessons = {
	"lessons", "list the lessons with their steps and question ids",
	"fptutor lessons [--json] [--no-color]",
	"List every lesson found in FPTUTOR_LESSON_PATH, the installed lessons\n"
	"and ./lessons, in teaching order (@order, then by id): its id, title,\n"
	"number of steps, question ids and file.\n"
	"An id found in an earlier directory hides the same id in later ones.\n"
	"\n"
	"      --json      one JSON object per lesson: id, title, order,\n"
	"                  steps, questions, file\n"
	"      --no-color  plain output even on a terminal\n"
	"  -h, --help      show this help\n"
	"\n"
	"Exit status: 0 success; 65 a lesson is invalid (it is not listed; see\n"
	"fptutor check-lesson); 2 usage error; 74 I/O error.\n",
	run_lessons, NULL
};
