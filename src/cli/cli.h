/*
 * cli.h — what the subcommands share: exit statuses, the message helpers,
 * and the command table.  Presentation (colour, symbols) is src/view/term.h.
 *
 * Who calls what: main.c dispatches to a cli_cmd's run(); a command reads
 * its arguments with cli_opts_parse() over its own option table, uses
 * cli_err()/cli_usage_err() for diagnostics and returns an exit status.
 * No curses here.
 */
#ifndef FPTUTOR_CLI_H
#define FPTUTOR_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "lesson/lesson.h"
#include "view/term.h"

/* Exit statuses: the command-line contract of doc/design.md (sysexits
 * values). */
enum {
	CLI_OK = 0,
	CLI_FAIL = 1,		/* graded and failed */
	CLI_USAGE = 2,
	CLI_DATAERR = 65,	/* invalid lesson or input data */
	CLI_IOERR = 74,
};

typedef struct cli_cmd {
	const char *name;
	const char *summary;	/* one line for the command list */
	const char *usage;	/* the synopsis lines after "Usage: " */
	const char *help;	/* the option list, for --help */
	int (*run)(const struct cli_cmd *cmd, int argc, char **argv);
	void (*help_more)(FILE *fp);	/* after help, or NULL */
} cli_cmd;

/* ---- options (opts.c) ---------------------------------------------------
 * A command's options are a getopt_long table; an entry whose val is a
 * letter is also the short option -VAL, the others use CLI_KEY_FIRST and
 * up.  CLI_OPT_HELP, CLI_OPT_JSON and CLI_OPT_NO_COLOR are answered by
 * cli_opts_parse itself. */
enum {
	CLI_OPT_OPERAND = 1,	/* the key of an argument that is no option */
	CLI_KEY_JSON = 256,
	CLI_KEY_NO_COLOR,
	CLI_KEY_FIRST		/* a command's own long-only options */
};
#define CLI_OPT_HELP { "help", no_argument, NULL, 'h' }
#define CLI_OPT_JSON { "json", no_argument, NULL, CLI_KEY_JSON }
#define CLI_OPT_NO_COLOR { "no-color", no_argument, NULL, CLI_KEY_NO_COLOR }
#define CLI_OPT_END { NULL, 0, NULL, 0 }

/* What an option callback returns besides CLI_OK and an exit status. */
enum {
	CLI_OPTS_STOP = -1,	/* this operand and the rest are not mine */
	CLI_OPTS_UNEXPECTED = -2	/* "unexpected argument 'ARG'" */
};

typedef struct cli_opts {
	const cli_cmd *cmd;	/* whose arguments; NULL: fptutor's own */
	const struct option *table;	/* ends with CLI_OPT_END */
	/* Called in order for each option (its val, arg its value or NULL)
	 * and each operand (CLI_OPT_OPERAND, arg the operand; NULL fn: every
	 * operand is unexpected).  Returns CLI_OK to read on, a CLI_OPTS_
	 * answer, or the exit status of a problem it reported. */
	int (*fn)(void *ctx, int key, char *arg);
	void *ctx;
	bool json, no_color;	/* out: --json, --no-color were given */
	int next;		/* out: the operand fn stopped at, else argc */
	int status;		/* out: the exit status when parsing says stop */
} cli_opts;

/* Read argv[1..argc-1] through getopt_long: options anywhere, in order,
 * "--" ending them, an argument such as -1.5, -inf or -exp(1) a value;
 * long options by their whole name, as --opt VALUE or --opt=VALUE.  An
 * unknown option, a missing value and a value to an option that takes
 * none are reported here, each in one wording for every command.  True
 * when the command goes on; false when it is done with p->status: 0 after
 * -h/--help (74 when the help could not be written), or a usage error. */
bool cli_opts_parse(cli_opts *p, int argc, char **argv);

extern const char *cli_progname;

/* "fptutor: CMD: message\n" on stderr; CMD may be NULL. */
void cli_err(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* cli_err, then "Try 'fptutor help CMD'."; returns CLI_USAGE. */
int cli_usage_err(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A user's value quoted for a message: its first 60 bytes, unprintable
 * bytes and quotes as \xNN, "..." when cut.  Returns buf (n >= 300 holds
 * any result). */
const char *cli_quote(const char *s, size_t len, char *buf, size_t n);
/* The full help of a command, on stdout. */
void cli_print_help(const cli_cmd *cmd, FILE *fp);
/* Flush stdout; on a write error report it and return CLI_IOERR. */
int cli_finish_output(const char *cmd, int status);

/* A lesson's diagnostics on stderr, as command cmd reports them. */
void cli_lesson_diags(const char *cmd, const lesson_diags *d);
/* The exit status of a lesson that did not open: 2 (BADID, MISSING), 65
 * (INVALID), 74 (IOERR); 0 for LESSON_OPEN_OK. */
int cli_lesson_status(lesson_open_err err);

/* The commands, each defined in src/cli/cmd_NAME.c. */
extern const cli_cmd cli_cmd_bits;
extern const cli_cmd cli_cmd_scaler;
extern const cli_cmd cli_cmd_calc;
extern const cli_cmd cli_cmd_grade;
extern const cli_cmd cli_cmd_train;
extern const cli_cmd cli_cmd_inspect;
extern const cli_cmd cli_cmd_lessons;
extern const cli_cmd cli_cmd_play;
extern const cli_cmd cli_cmd_check_lesson;
extern const cli_cmd cli_cmd_learn;
extern const cli_cmd cli_cmd_lab;
/* `fptutor` with no command: home, when stdin and stdout are terminals
 * (true, with the exit status in *status); else false. */
bool cli_learn_home(int *status);

#endif
