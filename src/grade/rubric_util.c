/*
 * rubric_util.c — the small helpers that reading a rubric's lines
 * (rubric.c) and reading its phrases and terms (phrase.c) share: error
 * messages with a column, growing arrays, the arena a compiled rubric
 * lives in, blanks and identifiers, the synonym table.  Both files lean
 * on this one; neither on the other's internals.
 */
#include <config.h>

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
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

void *
grade_push(gvec *v, size_t sz)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 16;
		void *p = realloc(v->v, cap * sz);
		if (p == NULL)
			return NULL;
		v->v = p;
		v->cap = cap;
	}
	char *e = (char *)v->v + v->n++ * sz;
	memset(e, 0, sz);
	return e;
}

/* A block of the arena: the rubric's arrays, one after another. */
struct gblock {
	struct gblock *next;
	size_t used, cap;	/* bytes of data */
	max_align_t data[];
};

/* The first block's bytes; each later one is twice the one before, up to
 * 64 KiB: a small rubric takes a block or two, `shared: all` a handful. */
#define GBLOCK 4096

void *
grade_keep(garena *a, const void *src, size_t n)
{
	const size_t al = _Alignof(max_align_t);
	size_t need = (n + al - 1) / al * al;
	struct gblock *b = a->blocks;

	if (b == NULL || b->cap - b->used < need) {
		size_t cap = (size_t)GBLOCK << (a->nblocks < 4 ? a->nblocks : 4);
		if (cap < need)
			cap = need;
		if ((b = malloc(sizeof *b + cap)) == NULL)
			return NULL;
		b->next = a->blocks;
		b->used = 0;
		b->cap = cap;
		a->blocks = b;
		a->nblocks++;
	}
	char *p = (char *)b->data + b->used;
	b->used += need;
	if (src)
		memcpy(p, src, n);
	else
		memset(p, 0, n);
	return p;
}

void
grade_arena_done(garena *a)
{
	gvec *v[] = { &a->el, &a->alt, &a->without, &a->term, &a->phr };

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		free(v[i]->v);
		*v[i] = (gvec){ .n = 0 };
	}
}

void
grade_arena_free(garena *a)
{
	if (a == NULL)
		return;
	for (struct gblock *b = a->blocks, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	grade_arena_done(a);
	free(a);
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
