/*
 * lessons.c — `fptutor lessons [--json]`: every lesson along the search
 * path (FPTUTOR_LESSON_PATH, the installed lessons, ./lessons) with its
 * id, title, steps and question ids.  A lesson that does not load is
 * reported on stderr and not listed.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "cli.h"
#include "lesson_cli.h"
#include "ui/lesson_text.h"

static void
show_text(const lesson *l)
{
	printf("%s%s%s  ", ui_c(COL_BOLD), l->id, ui_c(COL_RESET));
	ui_lesson_puts(stdout, l->title);
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
	bits_json_str(l->id);
	printf(",\"title\":");
	bits_json_str(l->title);
	if (l->order)
		printf(",\"order\":%d", l->order);
	else
		printf(",\"order\":null");
	printf(",\"steps\":%zu,\"questions\":[", l->nsteps);
	for (size_t i = 0; i < l->nquestions; i++) {
		if (i)
			putchar(',');
		bits_json_str(l->questions[i].id);
	}
	printf("],\"file\":");
	bits_json_str(l->file);
	printf("}\n");
}

static int
run_lessons(const cli_cmd *cmd, int argc, char **argv)
{
	bool json = false, no_color = false;
	const char *dirs[64];
	char **paths;
	int status = CLI_OK;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			cli_print_help(cmd, stdout);
			return cli_finish_output(cmd->name, CLI_OK);
		} else if (strcmp(a, "--json") == 0) {
			json = true;
		} else if (strcmp(a, "--no-color") == 0) {
			no_color = true;
		} else if (a[0] == '-') {
			char qa[300];
			return cli_usage_err(cmd->name, "unknown option '%s'",
			    cli_quote(a, strlen(a), qa, sizeof qa));
		} else {
			char qa[300];
			return cli_usage_err(cmd->name, "unexpected argument '%s'",
			    cli_quote(a, strlen(a), qa, sizeof qa));
		}
	}
	ui_term_init(no_color || json);
	size_t ndirs = cli_lesson_dirs(dirs, sizeof dirs / sizeof dirs[0]);
	long n = lesson_list(dirs, ndirs, &paths);
	if (n < 0) {
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	lesson **ls = calloc((size_t)n + 1, sizeof *ls);
	size_t nl = 0;
	if (ls == NULL) {
		lesson_paths_free(paths, n);
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	for (long i = 0; i < n; i++) {
		lesson_diags d = { 0 };
		int s;
		lesson *l = cli_lesson_load(paths[i], &d, &s);
		cli_lesson_diags(stderr, cmd->name, &d);
		lesson_diags_free(&d);
		if (l == NULL) {
			if (status != CLI_IOERR)
				status = s;
			continue;
		}
		ls[nl++] = l;
	}
	/* Teaching order (@order), so a learner reads the list top down. */
	qsort(ls, nl, sizeof *ls, lesson_cmp_order);
	for (size_t i = 0; i < nl; i++) {
		if (json)
			show_json(ls[i]);
		else
			show_text(ls[i]);
	}
	lesson_diags d = { 0 };
	if (lesson_check_unique((const lesson *const *)ls, nl, &d) && status == CLI_OK)
		status = CLI_DATAERR;
	cli_lesson_diags(stderr, cmd->name, &d);
	lesson_diags_free(&d);
	if (n == 0 && !json) {
		fflush(stdout);
		fprintf(stderr, "%s: %s: no lessons found in", cli_progname, cmd->name);
		for (size_t i = 0; i < ndirs; i++)
			fprintf(stderr, "%s %s", i ? "," : "", dirs[i]);
		fputc('\n', stderr);
	}
	for (size_t i = 0; i < nl; i++)
		lesson_free(ls[i]);
	free(ls);
	lesson_paths_free(paths, n);
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
	run_lessons
};
