/*
 * validate_util.c — what the three files of the validator (validate.c,
 * validate_block.c, validate_params.c) share: diagnostics at a place in
 * the lesson, a place inside a line of text, and the bound on the work
 * that a lesson's expressions, simulations and exact readings may ask
 * for.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

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

/* What reading a decimal exactly costs, in the budget's values: its
 * power of ten (5^E has 2.3 E bits) dominates, so that 1e-9999999, a
 * tenth of a second, costs most of a lesson's budget.  A hex float's
 * exponent is a shift. */
static size_t
exact_cost(const char *t)
{
	size_t len = strlen(t), frac = 0, mag = 0;
	const char *e = NULL;

	t += *t == '+' || *t == '-';
	if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
		return len;
	for (const char *p = t; *p && !e; p++) {
		if (*p == 'e' || *p == 'E')
			e = p + 1;
		else if (*p == '.')
			frac = strcspn(p + 1, "eE");
	}
	if (e != NULL)
		for (e += *e == '+' || *e == '-'; *e >= '0' && *e <= '9'; e++)
			if (mag < LESSON_MAX_WORK)
				mag = mag * 10 + (size_t)(*e - '0');
	return len + (mag + frac) / 4;
}

bool
lesson_work_exact(lesson_checker *c, const char *text, lesson_loc at)
{
	if (!lesson_work_left(c, at))
		return false;
	c->work += exact_cost(text);
	return lesson_work_left(c, at);
}
