/*
 * term.c — how output looks on this terminal: colour only on a real
 * terminal that wants it, and UTF-8 symbols only in a UTF-8 locale, so
 * that pipes, files, screen readers and TERM=dumb get plain ASCII text.
 */
#include <config.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#ifdef HAVE_LANGINFO_H
#include <langinfo.h>
#endif

#include "view/term.h"

view_term view_tty;

void
view_term_init(bool no_color)
{
	const char *term = getenv("TERM");
	const char *nc = getenv("NO_COLOR");

	/* Of the locale, only the character set (UTF-8 or not, and what
	 * curses draws) and the language of the C library's messages are
	 * used: loading every category cost a one-shot command a sixth of
	 * its time.  Numbers are always printed the C way (LC_NUMERIC stays
	 * "C"), and no text is collated or formatted by the locale. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_MESSAGES, "");
#ifdef HAVE_LANGINFO_H
	const char *cs = nl_langinfo(CODESET);
	view_tty.utf8 = cs != NULL && (strcasecmp(cs, "UTF-8") == 0 ||
	    strcasecmp(cs, "utf8") == 0);
#endif
	view_tty.color = !no_color && isatty(STDOUT_FILENO) &&
	    (nc == NULL || *nc == '\0') &&
	    term != NULL && *term != '\0' && strcmp(term, "dumb") != 0;
}

const char *
view_s(view_sym s)
{
	static const char *const utf8[SYM_NSYMS] = {
		"\xc3\x97", "\xe2\x88\x92", "\xe2\x86\x92", "\xe2\x80\xa6",
		"\xe2\x89\x88", "\xe2\x89\xa4",
	};
	static const char *const ascii[SYM_NSYMS] = {
		"x", "-", "->", "...", "~", "<=",
	};
	if ((unsigned)s >= SYM_NSYMS)
		return "";
	return view_tty.utf8 ? utf8[s] : ascii[s];
}

const char *
view_c(view_color c)
{
	static const char *const seq[COL_NCOLORS] = {
		"\033[0m", "\033[1m", "\033[2m", "\033[1;35m", "\033[1;32m",
		"\033[1;34m", "\033[1;31m",
	};
	if (!view_tty.color || (unsigned)c >= COL_NCOLORS)
		return "";
	return seq[c];
}

void
view_wrap(FILE *out, const char *text, int indent, int width)
{
	int col = indent;
	const char *p = text;

	while (*p) {
		while (*p == ' ')
			p++;
		const char *w = p;
		while (*p && *p != ' ')
			p++;
		int len = (int)(p - w);
		if (len == 0)
			break;
		if (col > indent && col + 1 + len > width) {
			fprintf(out, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', out);
			col++;
		}
		fwrite(w, 1, (size_t)len, out);
		col += len;
	}
	fputc('\n', out);
}
