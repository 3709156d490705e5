/*
 * learn.c — `fptutor learn [LESSON]` and `fptutor lab NAME`: the
 * full-screen tutor (src/tui/tui.h).  Parses the options, refuses a
 * standard input or output that is not a terminal (scripted mode is
 * `fptutor play`), and hands over to tui_main().  `fptutor` alone opens
 * home through cli_learn_home() when both are terminals.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tensor/tensor.h"
#include "tui/tui.h"

static int
not_a_tty(const char *cmd)
{
	const char *which = !isatty(STDIN_FILENO) ? "input" : "output";

	cli_err(cmd, "standard %s is not a terminal; use 'fptutor play' for "
	    "scripted mode", which);
	return CLI_USAGE;
}

enum { OPT_PRESENT = CLI_KEY_FIRST };

/* The options both commands take. */
static const struct option learn_table[] = {
	{ "present", no_argument, NULL, OPT_PRESENT },
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

/* --present, or the one argument (o->arg). */
static int
learn_opt(void *ctx, int key, char *arg)
{
	tui_opts *o = ctx;
	bool lab = o->start == TUI_START_LAB;
	char q1[300], q2[300];

	if (key == OPT_PRESENT)
		o->present = true;
	else if (lab && o->arg && o->file == NULL && strcmp(o->arg, "inspect") == 0)
		o->file = arg;	/* lab inspect FILE */
	else if (o->arg)
		return cli_usage_err(lab ? "lab" : "learn", "one %s at a time ('%s' "
		    "and '%s')", lab ? "lab" : "lesson",
		    cli_quote(o->arg, strlen(o->arg), q1, sizeof q1),
		    cli_quote(arg, strlen(arg), q2, sizeof q2));
	else
		o->arg = arg;
	return CLI_OK;
}

/* Read argv into o; false when the command is done (*status). */
static bool
parse(const cli_cmd *cmd, int argc, char **argv, tui_opts *o, int *status)
{
	cli_opts p = { .cmd = cmd, .table = learn_table, .fn = learn_opt, .ctx = o };

	if (!cli_opts_parse(&p, argc, argv)) {
		*status = p.status;
		return false;
	}
	o->no_color = p.no_color;
	return true;
}

static int
run_learn(const cli_cmd *cmd, int argc, char **argv)
{
	tui_opts o = { .start = TUI_START_HOME };
	int st;

	if (!parse(cmd, argc, argv, &o, &st))
		return st;
	if (o.arg)
		o.start = TUI_START_LESSON;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return not_a_tty(cmd->name);
	return tui_main(&o);
}

/* After the help of lab: the labs. */
static void
lab_help_more(FILE *fp)
{
	for (size_t i = 0; i < tui_nlabs; i++)
		fprintf(fp, "  %-9s %s\n", tui_labs[i].name, tui_labs[i].what);
}

static int
run_lab(const cli_cmd *cmd, int argc, char **argv)
{
	tui_opts o = { .start = TUI_START_LAB };
	char list[200] = "", q[300];
	size_t n = 0;
	int st;

	if (!parse(cmd, argc, argv, &o, &st))
		return st;
	for (size_t i = 0; i < tui_nlabs && n < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
		    tui_labs[i].name);
	if (o.arg == NULL)
		return cli_usage_err(cmd->name, "which lab? (%s)", list);
	size_t i;
	for (i = 0; i < tui_nlabs && strcmp(tui_labs[i].name, o.arg) != 0; i++)
		;
	if (i == tui_nlabs)
		return cli_usage_err(cmd->name, "no lab '%s' (the labs: %s)",
		    cli_quote(o.arg, strlen(o.arg), q, sizeof q), list);
	if (o.file) {		/* a bad file is reported before the screen opens */
		tensor_file *tf;
		tensor_err e;
		tensor_status ts = tensor_file_open(o.file, &tf, &e);
		if (ts != TENSOR_OK) {
			fprintf(stderr, "%s: %s%s%serror: %s\n", o.file, e.tensor[0] ?
			    "tensor " : "", e.tensor, e.tensor[0] ? ": " : "",
			    ts == TENSOR_ENOMEM ? "out of memory" : e.msg);
			return ts == TENSOR_EDATA ? CLI_DATAERR : CLI_IOERR;
		}
		tensor_file_close(tf);
	}
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
	run_learn, NULL
};

const cli_cmd cli_cmd_lab = {
	"lab", "a numeric lab in the full-screen tutor",
	"fptutor lab NAME [--present] [--no-color]\n"
	"       fptutor lab inspect [FILE]",
	"Open the lab NAME in the full-screen tutor (q leaves it).  The inspect\n"
	"lab shows FILE (.npy or safetensors; default the lessons' toy dump).\n"
	"\n"
	"      --present   presenter mode (high contrast; b blanks the screen)\n"
	"      --no-color  no colour (so does NO_COLOR)\n"
	"  -h, --help      show this help and the labs\n"
	"\n"
	"Exit status: 0 quit; 2 usage error (no such lab), or standard input\n"
	"or output is not a terminal; 65 FILE is not a valid tensor file; 74\n"
	"it cannot be read; 1 the terminal cannot be used; 128+N ended by\n"
	"signal N.\n"
	"\nThe labs:\n",
	run_lab, lab_help_more
};
