/*
 * start.c — the way in: `fptutor learn`, `fptutor lab` and `fptutor` alone
 * choose the first screen here (a lesson, a lab, or home) and hand it to
 * the shell (tui.c), which owns the terminal and the screen stack.  The
 * shell knows no screen by name; the screens know the shell.
 */
#include <config.h>

#include <stdio.h>

#include "tui/tui_priv.h"
#include "view/lesson_text.h"

static int
first_screen(const tui_opts *o)
{
	lesson_diags d = { 0 };
	char msg[4400];

	if (o->start == TUI_START_LAB) {
		tui_screen *s = o->file ? tui_lab_inspect_new(o->file)
		    : tui_lab_new(o->arg);
		if (s == NULL) {
			fprintf(stderr, "fptutor: lab: no lab '%s'\n", o->arg);
			return 2;
		}
		tui_push(s);
		return 0;
	}
	if (o->start == TUI_START_LESSON) {
		lesson_open_err err;
		lesson *l = lesson_open(o->arg, &d, &err);
		view_lesson_diags(stderr, "fptutor", "learn", &d);
		lesson_diags_free(&d);
		if (l == NULL) {
			lesson_open_msg(o->arg, err, msg, sizeof msg);
			if (msg[0])
				fprintf(stderr, "fptutor: learn: %s%s\n", msg,
				    err == LESSON_OPEN_MISSING ?
				    " (see 'fptutor lessons')" : "");
			return err == LESSON_OPEN_IOERR ? 74 :
			    err == LESSON_OPEN_INVALID ? 65 : 2;
		}
		tui_screen *s = tui_player_new(l, false);
		if (s == NULL) {
			fprintf(stderr, "fptutor: learn: out of memory\n");
			return 74;
		}
		tui_push(s);
		return 0;
	}
	tui_screen *h = tui_home_new();
	if (h == NULL) {
		fprintf(stderr, "fptutor: out of memory\n");
		return 74;
	}
	tui_push(h);
	return 0;
}

int
tui_main(const tui_opts *o)
{
	return tui_run(o, first_screen);
}
