/*
 * select.h — the median selection of select.c, for stats.c: init with
 * the number of values, add every value once per pass, then
 * tensor_sel_pass_done(); repeat the pass until s->done.  (Internal to
 * src/tensor.)
 */
#ifndef FPTUTOR_TENSOR_SELECT_H
#define FPTUTOR_TENSOR_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Candidates kept in memory for the final sort: 4 MiB per format. */
#define TENSOR_SEL_CAP (1u << 19)

typedef struct tensor_sel {
	uint64_t rank;		/* the wanted rank among the candidates */
	uint64_t prefix;	/* the top 64 - shift bits of the answer */
	int shift;
	uint64_t *hist;		/* 65536 counts of the next digit */
	double *coll;		/* or the candidates themselves */
	size_t ncoll, cap;
	bool done;
	double result;
} tensor_sel;

/* False when memory runs out. */
bool tensor_sel_init(tensor_sel *s, uint64_t n);
/* Inline: it is called once per value and format in every pass. */
static inline void
tensor_sel_add(tensor_sel *s, double e)
{
	uint64_t u;

	if (s->done)
		return;
	memcpy(&u, &e, sizeof u);
	if (s->shift < 64 && (u >> s->shift) != s->prefix)
		return;
	if (s->coll) {
		if (s->ncoll < s->cap)
			s->coll[s->ncoll++] = e;
		return;
	}
	s->hist[(u >> (s->shift - 16)) & 0xffff]++;
}
/* End of a pass; false when memory runs out. */
bool tensor_sel_pass_done(tensor_sel *s);
void tensor_sel_free(tensor_sel *s);

#endif
