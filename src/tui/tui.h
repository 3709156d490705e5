/*
 * tui.h — the full-screen tutor as the rest of the program sees it: the
 * options src/cli fills and tui_main(), which owns the terminal from
 * initscr() to endwin() and restores it on every exit path (return, error,
 * SIGINT/SIGTERM/SIGHUP; Ctrl-Z suspends and resumes cleanly), and the
 * list of labs for help texts.  No curses here: the screens' own contract
 * is tui_int.h, which only src/tui includes.
 */
#ifndef FPTUTOR_TUI_TUI_H
#define FPTUTOR_TUI_TUI_H

#include <stdbool.h>
#include <stddef.h>

/* ---- the program's entry point -------------------------------------------- */

typedef enum tui_start {
	TUI_START_HOME,		/* `fptutor`: the home screen */
	TUI_START_LESSON,	/* `fptutor learn LESSON` (arg: id or path) */
	TUI_START_LAB,		/* `fptutor lab NAME` (arg: bits, calc, ...) */
} tui_start;

typedef struct tui_opts {
	tui_start start;
	const char *arg;	/* lesson id or path, or lab name */
	const char *file;	/* `fptutor lab inspect FILE`: the tensor file */
	bool no_color;		/* --no-color (NO_COLOR is read by the shell) */
	bool present;		/* --present: presenter mode */
	const char *state_dir;	/* progress directory; NULL: XDG default */
} tui_opts;

/* Run the UI until the user quits.  Returns an exit status (doc/design.md,
 * "The command line"): 0 normal quit; 1 the terminal cannot be used (no terminfo
 * entry, or no cursor addressing: TERM=dumb), with a message on stderr; 2 no such lesson or lab; 65 a lesson
 * that does not load (its diagnostics on stderr, the screen untouched);
 * 74 out of memory or the progress store cannot be opened; 128+signal
 * when a signal ended it.  The caller checks that stdin and stdout are
 * terminals first (`learn` refuses with status 2 otherwise). */
int tui_main(const tui_opts *o);

/* The labs' names and one-line descriptions, for home and --help. */
typedef struct tui_lab_info { const char *name, *what; } tui_lab_info;
extern const tui_lab_info tui_labs[];
extern const size_t tui_nlabs;

#endif
