/*
 * player_help.c — what ? shows on the lesson player screen: the learner's
 * keys, or in presenter mode the presenter's (what a clicker sends, how
 * to answer for the room, v).  Text only; tui.c adds the keys of every
 * screen under it.
 */
#include <config.h>

#include "tui/tui_priv.h"

static const char *const learner[] = {
	"The lesson",
	"  Right, l     next item          Left, h    back",
	"  space        next bit of a walk; the rest of a step taller than",
	"               the screen; else the next item",
	"  PgDn, PgUp   next / previous step (a presenter's clicker)",
	"  Home, End    first / last step",
	"  Up/Down, j/k scroll a step taller than the screen",
	"Questions",
	"  Enter        answer (text, number, bit pattern); Enter submits,",
	"               Esc cancels; Enter again after feedback: retry",
	"  A, B, ...    choose an option (several: toggle, then Enter)",
	"  Up/Down      order: pick an item; K/J or Shift-Up/Down move it",
	"  H            show the next hint",
	"  R            the model answer (before a pass: the question fails)",
	NULL,
};
static const char *const presenter[] = {
	"Presenter mode (what a clicker sends)",
	"  PgDn, Right, Down, space   next: every bit of a walk, every",
	"                             block, every question; a tall step",
	"                             a screen at a time",
	"  PgUp, Left, Up             back the same way",
	"  Home, End                  first / last step",
	"Questions",
	"  Enter        type the room's answer; Enter submits, Esc cancels",
	"  A, B, ...    choose an option (several: toggle, then Enter)",
	"  Up/Down      order: pick an item; K/J move it; Enter submits",
	"  v            show or hide the verdict, feedback, model answer",
	"  H, R         the next hint; the model answer",
	"Nothing is saved to your progress in presenter mode.",
	NULL,
};

const char *const *
tui_player_help(bool present)
{
	return present ? presenter : learner;
}
