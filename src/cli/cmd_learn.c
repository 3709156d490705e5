/*
 * learn.c — `fptutor learn [LESSON]` and `fptutor lab NAME`: the
 * full-screen tutor (src/tui/tui.h).  Parses the options, refuses a
 * standard input or output that is not a terminal (scripted mode is
 * `fptutor play`), and hands over to tui_main().  `fptutor` alone opens
 * home through cli_learn_home() when both are terminals.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tui/tui.h"

static int
not_a_tty(const char *cmd)
{
	const char *which = !isatty(STDIN_FILENO) ? "input" : "output";

	cli_err(cmd, "standard %s is not a terminal; use 'fptutor play' for "
	    "scripted mode", which);
	return CLI_USAGE;
}

/* The options both commands take; the one argument goes to *arg. */
static int
parse(const cli_cmd *cmd, int argc, char **argv, tui_opts *o, bool *help)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			*help = true;
			return CLI_OK;
		} else if (strcmp(a, "--no-color") == 0) {
			o->no_color = true;
		} else if (strcmp(a, "--present") == 0) {
			o->present = true;
		} else if (a[0] == '-' && a[1] != '\0') {
			return cli_usage_err(cmd->name, "unknown option '%s'", a);
		} else if (o->arg) {
			return cli_usage_err(cmd->name, "one %s at a time ('%s' and '%s')",
			    o->start == TUI_START_LAB ? "lab" : "lesson", o->arg, a);
		} else {
			o->arg = a;
		}
	}
	return CLI_OK;
}

static int
run_learn(const cli_cmd *cmd, int argc, char **argv)
{
	tui_opts o = { .start = TUI_START_HOME };
	bool help = false;

	int st = parse(cmd, argc, argv, &o, &help);
	if (st != CLI_OK)
		return st;
	if (help) {
		cli_print_help(cmd, stdout);
		return cli_finish_output(cmd->name, CLI_OK);
	}
	if (o.arg)
		o.start = TUI_START_LESSON;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return not_a_tty(cmd->name);
	return tui_main(&o);
}

static int
run_lab(const cli_cmd *cmd, int argc, char **argv)
{
	tui_opts o = { .start = TUI_START_LAB };
	bool help = false;
	char list[200] = "";
	size_t n = 0;

	int st = parse(cmd, argc, argv, &o, &help);
	if (st != CLI_OK)
		return st;
	if (help) {
		cli_print_help(cmd, stdout);
		for (size_t i = 0; i < tui_nlabs; i++)
			printf("  %-9s %s\n", tui_labs[i].name, tui_labs[i].what);
		return cli_finish_output(cmd->name, CLI_OK);
	}
	for (size_t i = 0; i < tui_nlabs && n < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
		    tui_labs[i].name);
	if (o.arg == NULL)
		return cli_usage_err(cmd->name, "which lab? (%s)", list);
	size_t i;
	for (i = 0; i < tui_nlabs && strcmp(tui_labs[i].name, o.arg) != 0; i++)
		;
	if (i == tui_nlabs)
		return cli_usage_err(cmd->name, "no lab '%s' (the labs: %s)", o.arg, list);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return not_a_tty(cmd->name);
	return tui_main(&o);
}

bool
cli_learn_home(int *status)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return false;
	tui_opts o = { .start = TUI_START_HOME };
	*status = tui_main(&o);
	return true;
}

const cli_cmd cli_cmd_learn = {
	"learn", "the full-screen tutor: home, or a lesson",
	"fptutor learn [LESSON] [--present] [--no-color]",
	"Open the full-screen tutor at home (the lessons with your progress,\n"
	"and the labs), or in LESSON (an id, see 'fptutor lessons', or a path)\n"
	"where you stopped.  'fptutor' alone, on a terminal, opens home too.\n"
	"Press ? in the tutor for its keys.\n"
	"\n"
	"      --present   presenter mode: high contrast, answers and feedback\n"
	"                  hidden until v shows them, b blanks the screen\n"
	"      --no-color  no colour (so does NO_COLOR); meaning never rests\n"
	"                  on colour alone\n"
	"  -h, --help      show this help\n"
	"\n"
	"Progress is kept in $XDG_STATE_HOME/fptutor/progress (by default\n"
	"~/.local/state/fptutor/progress).\n"
	"\n"
	"Exit status: 0 quit; 2 usage error, or standard input or output is\n"
	"not a terminal; 65 the lesson is invalid (its errors are printed, the\n"
	"screen is not touched); 74 I/O error; 1 the terminal cannot be used;\n"
	"128+N ended by signal N.\n",
	run_learn
};

const cli_cmd cli_cmd_lab = {
	"lab", "a numeric lab in the full-screen tutor",
	"fptutor lab NAME [--present] [--no-color]",
	"Open the lab NAME in the full-screen tutor (q leaves it).\n"
	"\n"
	"      --present   presenter mode (high contrast; b blanks the screen)\n"
	"      --no-color  no colour (so does NO_COLOR)\n"
	"  -h, --help      show this help and the labs\n"
	"\n"
	"Exit status: 0 quit; 2 usage error (no such lab), or standard input\n"
	"or output is not a terminal; 1 the terminal cannot be used; 128+N\n"
	"ended by signal N.\n"
	"\nThe labs:\n",
	run_lab
};
