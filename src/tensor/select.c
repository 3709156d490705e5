/*
 * select.c — the exact median of the relative rounding errors of a tensor
 * too large to sort in memory: a radix selection over the errors' bit
 * patterns (a nonnegative double orders as its bits do).  Each pass over
 * the data narrows the candidates to one 16-bit digit, until they fit in
 * a small buffer that is sorted; memory stays bounded, the answer exact.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tensor/select.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

bool
tensor_sel_init(tensor_sel *s, uint64_t n)
{
	memset(s, 0, sizeof *s);
	s->shift = 64;
	if (n == 0) {
		s->done = true;
		s->result = 0.0 / 0.0;
		return true;
	}
	s->rank = (n - 1) / 2;
	if (n <= TENSOR_SEL_CAP) {
		s->coll = malloc((size_t)n * sizeof *s->coll);
		s->cap = (size_t)n;
		return s->coll != NULL;
	}
	s->hist = calloc(65536, sizeof *s->hist);
	return s->hist != NULL;
}

void
tensor_sel_free(tensor_sel *s)
{
	free(s->hist);
	free(s->coll);
	s->hist = NULL;
	s->coll = NULL;
}

bool
tensor_sel_pass_done(tensor_sel *s)
{
	if (s->done)
		return true;
	if (s->coll) {
		qsort(s->coll, s->ncoll, sizeof *s->coll, cmp_double);
		s->result = s->ncoll > s->rank ? s->coll[s->rank] : 0.0 / 0.0;
		s->done = true;
		tensor_sel_free(s);
		return true;
	}
	uint64_t d = 0, below = 0;
	while (d < 65535 && below + s->hist[d] <= s->rank)
		below += s->hist[d++];
	uint64_t here = s->hist[d];
	s->rank -= below;
	s->prefix = s->shift == 64 ? d : s->prefix << 16 | d;
	s->shift -= 16;
	if (s->shift == 0) {
		memcpy(&s->result, &s->prefix, sizeof s->result);
		s->done = true;
		tensor_sel_free(s);
		return true;
	}
	if (here <= TENSOR_SEL_CAP) {
		free(s->hist);
		s->hist = NULL;
		s->coll = malloc((size_t)(here ? here : 1) * sizeof *s->coll);
		s->cap = (size_t)here;
		if (s->coll == NULL)
			return false;
	} else {
		memset(s->hist, 0, 65536 * sizeof *s->hist);
	}
	return true;
}
