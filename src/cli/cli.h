/*
 * cli.h — what the subcommands share: exit statuses, the message helpers,
 * and the command table.  Presentation (colour, symbols) is src/view/term.h.
 *
 * Who calls what: main.c dispatches to a cli_cmd's run(); a command parses
 * its own options, uses cli_err()/cli_usage_err() for diagnostics and
 * returns an exit status.  No curses here.
 */
#ifndef FPTUTOR_CLI_H
#define FPTUTOR_CLI_H

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
} cli_cmd;

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
/* "--opt VALUE" or "--opt=VALUE" at argv[*i]: the value, advancing *i
 * past it; NULL if this argument is not opt, with *missing set when the
 * value is absent. */
const char *cli_opt_value(const char *opt, int argc, char **argv, int *i,
    bool *missing);
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
