/*
 * rubric_util.c — the small helpers that reading a rubric's lines
 * (rubric.c) and reading its phrases and terms (phrase.c) share: error
 * messages with a column, growing arrays, blanks and identifiers, the
 * synonym table.  Both files lean on this one; neither on the other's
 * internals.
 */
#include <config.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_int.h"

bool
grade_err(grade_diag *d, size_t col, const char *fmt, ...)
{
	va_list ap;

	d->col = col;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	return false;
}

void
grade_free_alts(galt *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(a[i].el);
	free(a);
}

/* Grow *arr (of *n elements of size sz) by one zeroed element. */
void *
grade_grow(void *arrp, size_t *n, size_t sz)
{
	void **arr = arrp;
	/* the capacity is n rounded up to a power of two, so the array is
	 * moved only when n reaches one: compiling a rubric appends tens of
	 * thousands of elements, one at a time */
	if ((*n & (*n - 1)) == 0) {
		void *p = realloc(*arr, (*n ? 2 * *n : 1) * sz);
		if (p == NULL)
			return NULL;
		*arr = p;
	}
	char *e = (char *)*arr + (*n)++ * sz;
	memset(e, 0, sz);
	return e;
}

const char *
grade_skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

bool
grade_is_idchar(int c)
{
	return isalnum(c) || c == '-' || c == '_' || c == '.';
}

gsyn *
grade_find_syn(const grade_rubric *r, const char *name, size_t len)
{
	for (size_t i = 0; i < r->nsyn; i++)
		if (strlen(r->syn[i].name) == len && strncmp(r->syn[i].name, name, len) == 0)
			return &r->syn[i];
	return NULL;
}
