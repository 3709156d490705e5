/*
 * main.c — the front door: global options, the command table, help and
 * version.  Each subcommand lives in its own file and returns an exit
 * status; the messages they print go through report.c.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#ifndef FPTUTOR_LESSONDIR
#define FPTUTOR_LESSONDIR NULL
#endif

static int cmd_help(const cli_cmd *cmd, int argc, char **argv);

static const cli_cmd cmd_help_def = {
	"help", "show the help of a command",
	"fptutor help [COMMAND]",
	"Show the help of COMMAND, or the list of commands.\n"
	"\n"
	"  -h, --help  show this help\n",
	cmd_help, NULL
};

/* The command table: each command's name, synopsis and help live beside
 * its code (cli_cmd_NAME in src/cli/cmd_NAME.c); this list sets the order of
 * `fptutor --help`. */
static const cli_cmd *const commands[] = {
	&cli_cmd_learn,
	&cli_cmd_lab,
	&cli_cmd_bits,
	&cli_cmd_scaler,
	&cli_cmd_calc,
	&cli_cmd_train,
	&cli_cmd_inspect,
	&cli_cmd_lessons,
	&cli_cmd_play,
	&cli_cmd_grade,
	&cli_cmd_check_lesson,
	&cmd_help_def,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const cli_cmd *
find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

static void
print_main_help(FILE *fp)
{
	fprintf(fp,
	    "Usage: %s COMMAND [OPTION]... [ARG]...\n"
	    "A terminal tutor for the numerics of mixed-precision training.\n"
	    "With no command, on a terminal, it opens the full-screen tutor.\n"
	    "\nCommands:\n", cli_progname);
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-13s %s\n", commands[i]->name, commands[i]->summary);
	fprintf(fp,
	    "\nOptions:\n"
	    "  -h, --help     show this help\n"
	    "  -V, --version  show the version\n"
	    "\n'%s help COMMAND' shows a command's options; see also fptutor(1).\n"
	    "Exit status: 0 success, 1 graded and failed (grade, play), 2 usage error,\n"
	    "65 bad input data, 74 I/O error.\n",
	    cli_progname);
}

/* help's one operand, the command to show. */
static int
help_arg(void *ctx, int key, char *arg)
{
	const char **name = ctx;

	(void)key;
	if (*name)
		return cli_usage_err("help", "too many arguments");
	*name = arg;
	return CLI_OK;
}

static int
cmd_help(const cli_cmd *cmd, int argc, char **argv)
{
	static const struct option table[] = { CLI_OPT_HELP, CLI_OPT_END };
	const char *name = NULL;
	cli_opts p = { .cmd = cmd, .table = table, .fn = help_arg, .ctx = &name };
	char qa[300];

	if (!cli_opts_parse(&p, argc, argv))
		return p.status;
	if (name == NULL) {
		print_main_help(stdout);
		return cli_finish_output(cmd->name, CLI_OK);
	}
	const cli_cmd *c = find_command(name);
	if (c == NULL)
		return cli_usage_err(cmd->name, "unknown command '%s'",
		    cli_quote(name, strlen(name), qa, sizeof qa));
	cli_print_help(c, stdout);
	return cli_finish_output(cmd->name, CLI_OK);
}

/* fptutor's own options, before the command: the first of -h and -V
 * wins; the command stops the reading. */
static int
global_opt(void *ctx, int key, char *arg)
{
	int *first = ctx;

	(void)arg;
	if (key == CLI_OPT_OPERAND)
		return CLI_OPTS_STOP;
	if (*first == 0)
		*first = key;
	return CLI_OK;
}

int
main(int argc, char **argv)
{
	static const struct option table[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		CLI_OPT_END
	};
	int first = 0;
	cli_opts p = { .cmd = NULL, .table = table, .fn = global_opt, .ctx = &first };
	char qa[300];

	lesson_set_installed_dir(FPTUTOR_LESSONDIR);
	if (!cli_opts_parse(&p, argc, argv))
		return p.status;
	if (first == 'h') {
		print_main_help(stdout);
		return cli_finish_output(NULL, CLI_OK);
	}
	if (first == 'V') {
		printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return cli_finish_output(NULL, CLI_OK);
	}
	if (p.next >= argc) {
		int status;
		/* On a terminal, `fptutor` alone is the tutor's home. */
		if (cli_learn_home(&status))
			return status;
		print_main_help(stderr);
		return CLI_USAGE;
	}
	const char *a = argv[p.next];
	const cli_cmd *cmd = find_command(a);
	if (cmd == NULL)
		return cli_usage_err(NULL, "unknown command '%s'",
		    cli_quote(a, strlen(a), qa, sizeof qa));
	return cmd->run(cmd, argc - p.next, argv + p.next);
}
