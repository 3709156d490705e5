/*
 * opts.c — how every command reads its arguments: getopt_long over the
 * command's own table, in the order given, with one set of messages for
 * an unknown option, a missing value and a value given to an option that
 * takes none.  -h/--help, --json and --no-color are answered here for
 * every command that lists them; "--" ends the options; an argument such
 * as -1.5, -inf or -exp(1) is a value, not a cluster of short options.
 * Long options are taken by their whole name only: an abbreviation that
 * works today could become ambiguous when an option is added.
 */
#include <config.h>

#include <ctype.h>
#include <getopt.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"

/* deliver()'s answer after -h/--help: the help is out, the command ends. */
#define OPTS_HELP (-3)

/* A negative number (-1.5, -.5, -0x1p-24, -inf, -nan) or an expression
 * (-(1+2), -[1,2], -exp(1)): '-' then something no option starts with. */
static bool
is_value(const char *a)
{
	const unsigned char *s = (const unsigned char *)a + 1;

	if (a[0] != '-')
		return false;
	if (isdigit(*s) || *s == '.' || *s == '(' || *s == '[')
		return true;
	if (strncasecmp(a + 1, "inf", 3) == 0 || strncasecmp(a + 1, "nan", 3) == 0)
		return true;
	while (isalnum(*s) || *s == '_')
		s++;
	return s > (const unsigned char *)a + 1 && *s == '(';
}

/* The table's entry named exactly name[0..len). */
static const struct option *
find_long(const struct option *t, const char *name, size_t len)
{
	for (; t->name; t++)
		if (strlen(t->name) == len && strncmp(t->name, name, len) == 0)
			return t;
	return NULL;
}

static const char *
cmd_name(const cli_opts *p)
{
	return p->cmd ? p->cmd->name : NULL;
}

static int
unknown(const cli_opts *p, const char *text, size_t len)
{
	char q[300];

	return cli_usage_err(cmd_name(p), "unknown option '%s'",
	    cli_quote(text, len, q, sizeof q));
}

/* getopt_long's answer for the element elem, checked and turned into the
 * option's key (with *arg its value), or a usage error reported (the
 * status, with *key untouched). */
static int
check(const cli_opts *p, const char *elem, int *key, char **arg)
{
	const char *name = cmd_name(p);

	if (elem[0] == '-' && elem[1] == '-') {
		size_t len = strcspn(elem + 2, "=");
		const struct option *o = find_long(p->table, elem + 2, len);
		if (o == NULL)
			return unknown(p, elem, strlen(elem));
		if (*key == '?')
			return cli_usage_err(name, "option '--%s' takes no value", o->name);
		if (*key == ':')
			return cli_usage_err(name, "option '--%s' needs a value", o->name);
		*key = o->val;
	} else if (*key == '?') {
		char s[2] = { '-', (char)optopt };
		return unknown(p, s, 2);
	} else if (*key == ':') {
		return cli_usage_err(name, "option '-%c' needs a value", optopt);
	}
	*arg = optarg;
	return CLI_OK;
}

/* Hand one option or operand to the command; CLI_OK to read on. */
static int
deliver(cli_opts *p, int key, char *arg)
{
	char q[300];
	int st;

	switch (key) {
	case CLI_KEY_JSON:
		p->json = true;
		return CLI_OK;
	case CLI_KEY_NO_COLOR:
		p->no_color = true;
		return CLI_OK;
	case 'h':
		if (p->cmd) {
			cli_print_help(p->cmd, stdout);
			return OPTS_HELP;
		}
		break;
	default:
		break;
	}
	st = p->fn ? p->fn(p->ctx, key, arg) : CLI_OPTS_UNEXPECTED;
	if (st == CLI_OPTS_UNEXPECTED)
		st = cli_usage_err(cmd_name(p), "unexpected argument '%s'",
		    cli_quote(arg, strlen(arg), q, sizeof q));
	return st;
}

bool
cli_opts_parse(cli_opts *p, int argc, char **argv)
{
	char shorts[64] = "-:";	/* '-': in order, operands as key 1; ':' quiet */
	size_t n = 2;
	int st = CLI_OK, at = 1;

	for (const struct option *t = p->table; t->name; t++)
		if (t->val < 128 && isalpha(t->val) && n + 3 < sizeof shorts) {
			shorts[n++] = (char)t->val;
			if (t->has_arg == required_argument)
				shorts[n++] = ':';
		}
	shorts[n] = '\0';
	opterr = 0;
	optind = 0;		/* glibc: start afresh */
	p->next = argc;
	while (st == CLI_OK) {
		int key;
		char *arg = NULL;

		/* In order, argv[at] is what getopt_long reads next: a value
		 * such as -1.5 is taken before it can read it as options.  In
		 * a cluster such as -qf, argv[at] is the cluster, never a
		 * value. */
		at = optind > 0 ? optind : 1;
		if (at < argc && is_value(argv[at])) {
			optind = at + 1;
			key = CLI_OPT_OPERAND;
			arg = argv[at];
		} else {
			key = getopt_long(argc, argv, shorts, p->table, NULL);
			if (key == -1)
				break;
			if (key == CLI_OPT_OPERAND) {
				at = optind - 1;
				arg = optarg;
			} else if ((st = check(p, argv[at], &key, &arg)) != CLI_OK) {
				break;
			}
		}
		st = deliver(p, key, arg);
	}
	/* After "--", every argument is an operand. */
	for (int i = optind; st == CLI_OK && i < argc; i++)
		st = deliver(p, CLI_OPT_OPERAND, argv[at = i]);
	if (st == CLI_OPTS_STOP) {
		p->next = at;
		return true;
	}
	if (st == OPTS_HELP) {
		p->status = cli_finish_output(cmd_name(p), CLI_OK);
		return false;
	}
	p->status = st;
	return st == CLI_OK;
}
