/*
 * f32.c — the loss-scale thresholds of an F32 tensor (for --grad) without
 * the engine's search per value and format.  Rounding to nearest, ties
 * to even, depends only on the bits kept, the guard bit and whether
 * anything below it is set.  Into a format with m fraction bits, the
 * guard of any result sits at or above bit 22 - m of an fp32 pattern
 * (higher when the result is subnormal), so with q = |pattern| >> (22 - m)
 * and "tie" = the bits below all zero, every fp32 value of the same
 * (q, tie) rounds alike; and so does x 2^s at every scale s, as long as x
 * is normal in fp32 (its leading bit stays where it is).  A table indexed
 * by (q, tie), filled on first use from one member of the class, gives
 * each value's three thresholds; fp32 subnormals take the engine value by
 * value, and so does every value for a format as wide as fp32 or a tensor
 * of few values.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tensor/f32.h"
#include "tensor/scale.h"

/* Below this many values a table (up to a million entries for fp16)
 * costs more than it saves. */
#define TABLE_MIN (1u << 16)

typedef struct f32_tab {
	const fp_format *f;
	int shift;
	uint32_t mask;
	int16_t (*thr)[3];	/* first nonzero, normal, overflow (indices) */
	unsigned char *filled;
} f32_tab;

struct tensor_f32 {
	int nfmt;
	f32_tab tab[FP_NFORMATS];
};

void
tensor_f32_free(tensor_f32 *c)
{
	if (c == NULL)
		return;
	for (int k = 0; k < c->nfmt; k++) {
		free(c->tab[k].thr);
		free(c->tab[k].filled);
	}
	free(c);
}

tensor_f32 *
tensor_f32_new(const fp_format *const *fmts, int nfmt, uint64_t count)
{
	tensor_f32 *c = calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	c->nfmt = nfmt;
	for (int k = 0; k < nfmt; k++) {
		f32_tab *t = &c->tab[k];
		t->f = fmts[k];
		if (t->f->man_bits >= 22 || count < TABLE_MIN)
			continue;	/* fp32 itself, or too few values for a table */
		t->shift = 22 - t->f->man_bits;
		t->mask = (1u << t->shift) - 1;
		size_t n = (size_t)2 << (31 - t->shift);
		t->thr = malloc(n * sizeof *t->thr);
		t->filled = calloc(n, 1);
		if (t->thr == NULL || t->filled == NULL) {
			tensor_f32_free(c);
			return NULL;
		}
	}
	return c;
}

static double
f32_of(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

void
tensor_f32_scale(tensor_f32 *c, int k, const uint32_t *a, size_t n,
    tensor_scaled *sc)
{
	f32_tab *t = &c->tab[k];

	for (size_t i = 0; i < n; i++) {
		if (t->thr == NULL || a[i] < 0x00800000u) {
			tensor_scale_add(t->f, f32_of(a[i]), 1, sc);
			continue;
		}
		size_t j = (size_t)(a[i] >> t->shift) << 1 | ((a[i] & t->mask) == 0);
		if (!t->filled[j]) {
			/* One member of the class: the tie itself, or one above. */
			uint32_t rep = (uint32_t)(j >> 1) << t->shift | (j & 1 ? 0 : 1);
			int thr[3];
			tensor_scale_thresholds(t->f, f32_of(rep), thr);
			for (int h = 0; h < 3; h++)
				t->thr[j][h] = (int16_t)thr[h];
			t->filled[j] = 1;
		}
		sc->first_nonzero[t->thr[j][0]]++;
		sc->first_normal[t->thr[j][1]]++;
		sc->first_overflow[t->thr[j][2]]++;
	}
}
