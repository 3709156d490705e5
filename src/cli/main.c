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
	"Show the help of COMMAND, or the list of commands.\n",
	cmd_help
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

static int
cmd_help(const cli_cmd *cmd, int argc, char **argv)
{
	char qa[300];
	if (argc < 2) {
		print_main_help(stdout);
		return cli_finish_output(cmd->name, CLI_OK);
	}
	if (argc > 2)
		return cli_usage_err(cmd->name, "too many arguments");
	const cli_cmd *c = find_command(argv[1]);
	if (c == NULL)
		return cli_usage_err(cmd->name, "unknown command '%s'",
		    cli_quote(argv[1], strlen(argv[1]), qa, sizeof qa));
	cli_print_help(c, stdout);
	return cli_finish_output(cmd->name, CLI_OK);
}

int
main(int argc, char **argv)
{
	char qa[300];

	lesson_set_installed_dir(FPTUTOR_LESSONDIR);
	if (argc < 2) {
		int status;
		/* On a terminal, `fptutor` alone is the tutor's home. */
		if (cli_learn_home(&status))
			return status;
		print_main_help(stderr);
		return CLI_USAGE;
	}
	const char *a = argv[1];
	if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
		print_main_help(stdout);
		return cli_finish_output(NULL, CLI_OK);
	}
	if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
		printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return cli_finish_output(NULL, CLI_OK);
	}
	if (a[0] == '-')
		return cli_usage_err(NULL, "unknown option '%s'",
		    cli_quote(a, strlen(a), qa, sizeof qa));
	const cli_cmd *cmd = find_command(a);
	if (cmd == NULL)
		return cli_usage_err(NULL, "unknown command '%s'",
		    cli_quote(a, strlen(a), qa, sizeof qa));
	return cmd->run(cmd, argc - 1, argv + 1);
}
