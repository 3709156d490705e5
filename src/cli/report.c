/*
 * report.c — how every command speaks: "fptutor: CMD: message" on
 * stderr, the "Try 'fptutor help CMD'" after a usage error, a user's text
 * quoted for a message, an option's value, a command's help, the check
 * that stdout was written, and a lesson's diagnostics.  main.c and each command call
 * these; nothing here calls back.
 */
#include <config.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "view/lesson_text.h"

const char *cli_progname = "fptutor";

/* The one place a command's message is written: "fptutor: CMD: text". */
static void
vreport(const char *cmd, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", cli_progname);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
cli_err(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(cmd, fmt, ap);
	va_end(ap);
}

int
cli_usage_err(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(cmd, fmt, ap);
	va_end(ap);
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
	if (cmd->help_more)
		cmd->help_more(fp);
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

void
cli_lesson_diags(const char *cmd, const lesson_diags *d)
{
	view_lesson_diags(stderr, cli_progname, cmd, d);
}

int
cli_lesson_status(lesson_open_err err)
{
	switch (err) {
	case LESSON_OPEN_OK: return CLI_OK;
	case LESSON_OPEN_IOERR: return CLI_IOERR;
	case LESSON_OPEN_INVALID: return CLI_DATAERR;
	default: return CLI_USAGE;
	}
}
