/*
 * validate_util.c — what the three files of the validator (validate.c,
 * validate_block.c, validate_params.c) share: diagnostics at a place in
 * the lesson, a place inside a line of text, and the bound on the work
 * that a lesson's expressions and simulations may ask for.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

void
lesson_vdiag_put(lesson_checker *c, lesson_loc at, lesson_msg m, ...)
{
	va_list ap;

	va_start(ap, m);
	lesson_diag_vput(c->d, c->l->file, at.line, at.col, m, ap);
	va_end(ap);
}

lesson_loc
lesson_loc_at(lesson_loc loc, const char *text, size_t off)
{
	return (lesson_loc){ loc.line, loc.col + lesson_chars(text, off) };
}

bool
lesson_work_left(lesson_checker *c, lesson_loc at)
{
	if (c->work < LESSON_MAX_WORK)
		return true;
	if (c->work != SIZE_MAX)
		lesson_vdiag(c, at, LMSG_TOO_MUCH_WORK, LESSON_MAX_WORK);
	c->work = SIZE_MAX;	/* said once */
	return false;
}

void
lesson_work_trace(lesson_checker *c, const calc_trace *t)
{
	for (size_t i = 0; i < t->nsteps && c->work != SIZE_MAX; i++)
		c->work += t->steps[i].n;
}
