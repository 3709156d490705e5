/*
 * main.c — the front door: global options, the command table, help and
 * version.  Each subcommand lives in its own file and returns an exit
 * status; only this file and the commands print diagnostics.
 */
#include <config.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char *cli_progname = "fptutor";

static int cmd_help(const cli_cmd *cmd, int argc, char **argv);

static const cli_cmd cmd_help_def = {
	"help", "show the help of a command",
	"fptutor help [COMMAND]",
	"Show the help of COMMAND, or the list of commands.\n",
	cmd_help
};

/* The command table: each command's name, synopsis and help live beside
 * its code (cli_cmd_NAME in src/cli/NAME.c); this list sets the order of
 * `fptutor --help`. */
static const cli_cmd *const commands[] = {
	&cli_cmd_learn,
	&cli_cmd_lab,
	&cli_cmd_bits,
	&cli_cmd_scaler,
	&cli_cmd_calc,
	&cli_cmd_train,
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

void
cli_err(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", cli_progname);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int
cli_usage_err(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", cli_progname);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cmd)
		fprintf(stderr, "Try '%s help %s'.\n", cli_progname, cmd);
	else
		fprintf(stderr, "Try '%s --help'.\n", cli_progname);
	return CLI_USAGE;
}

const char *
cli_quote(const char *s, size_t len, char *buf, size_t n)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 6 < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 60) {
			o += (size_t)snprintf(buf + o, n - o, "...");
			break;
		}
		if (c < 0x20 || c >= 0x7f || c == '\'')
			o += (size_t)snprintf(buf + o, n - o, "\\x%02x", c);
		else
			buf[o++] = (char)c;
	}
	buf[o] = '\0';
	return buf;
}

void
cli_print_help(const cli_cmd *cmd, FILE *fp)
{
	fprintf(fp, "Usage: %s\n%s\n", cmd->usage, cmd->summary);
	if (cmd->help)
		fprintf(fp, "\n%s", cmd->help);
}

int
cli_finish_output(const char *cmd, int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_err(cmd, "cannot write output: %s", strerror(errno));
		return CLI_IOERR;
	}
	return status;
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
