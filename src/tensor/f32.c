/*
 * f32.c — the statistics of an F32 tensor without one engine call per
 * value and format.  Rounding to nearest, ties to even, depends only on
 * the bits kept, the guard bit and whether anything below it is set.
 * Into a format with m fraction bits, the guard of any result sits at or
 * above bit 22 - m of an fp32 pattern (higher when the result is
 * subnormal), so with q = |pattern| >> (22 - m) and "tie" = the bits
 * below all zero, every fp32 value of the same (q, tie) rounds to the
 * same result: a table indexed by (q, tie), filled on first use by
 * fp_encode on one member of the class, gives each value's result; the
 * relative error |r - x| / |x| is then one exact subtraction (Sterbenz)
 * and one division.  The same holds for x 2^s at every scale s as long as
 * x is normal in fp32 (its leading bit stays where it is), so the loss
 * scale thresholds are kept per class too; fp32 subnormals take the
 * engine value by value.  A format as wide as fp32, or a tensor of few
 * values, has no table: the engine is called for each value.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tensor/f32.h"
#include "tensor/scale.h"
#include "tensor/select.h"

enum { UNFILLED = 0, C_ZERO, C_SUB, C_NORMAL, C_OVERFLOW };

/* Below this many values a table (up to a million entries for fp16)
 * costs more than it saves: the engine is called per value. */
#define TABLE_MIN (1u << 16)

typedef struct f32_tab {
	const fp_format *f;
	int shift;
	uint32_t mask;
	float *r;		/* the rounded magnitude; NULL: no table */
	unsigned char *cls;
	int16_t (*thr)[3];	/* first nonzero, normal, overflow (indices) */
} f32_tab;

struct tensor_f32 {
	int nfmt;
	bool scaled;
	f32_tab tab[FP_NFORMATS];
};

static void
tab_free(f32_tab *t)
{
	free(t->r);
	free(t->cls);
	free(t->thr);
}

void
tensor_f32_free(tensor_f32 *c)
{
	if (c == NULL)
		return;
	for (int k = 0; k < c->nfmt; k++)
		tab_free(&c->tab[k]);
	free(c);
}

tensor_f32 *
tensor_f32_new(const fp_format *const *fmts, int nfmt, bool scaled,
    uint64_t count)
{
	tensor_f32 *c = calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	c->nfmt = nfmt;
	c->scaled = scaled;
	for (int k = 0; k < nfmt; k++) {
		f32_tab *t = &c->tab[k];
		t->f = fmts[k];
		if (t->f->man_bits >= 22 || count < TABLE_MIN)
			continue;	/* fp32 itself, or too few values for a table */
		t->shift = 22 - t->f->man_bits;
		t->mask = (1u << t->shift) - 1;
		size_t n = (size_t)2 << (31 - t->shift);
		t->r = malloc(n * sizeof *t->r);
		t->cls = calloc(n, 1);
		if (scaled)
			t->thr = malloc(n * sizeof *t->thr);
		if (t->r == NULL || t->cls == NULL || (scaled && t->thr == NULL)) {
			tensor_f32_free(c);
			return NULL;
		}
	}
	return c;
}

static float
f32_of(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* Fill entry i of t from one member of its class. */
static void
fill(f32_tab *t, size_t i, bool scaled)
{
	uint32_t rep = (uint32_t)(i >> 1) << t->shift | (i & 1 ? 0 : 1);
	double x = f32_of(rep);
	unsigned flags = 0;
	uint32_t b = fp_encode(t->f, x, &flags);

	if (flags & FP_FLAG_OVERFLOW) {
		t->cls[i] = C_OVERFLOW;
		t->r[i] = 0;
	} else {
		fp_class c = fp_classify(t->f, b);
		t->cls[i] = c == FP_CLASS_ZERO ? C_ZERO : c == FP_CLASS_SUBNORMAL ?
		    C_SUB : C_NORMAL;
		t->r[i] = (float)fabs(fp_decode(t->f, b));
	}
	if (scaled) {
		int thr[3];
		tensor_scale_thresholds(t->f, x, thr);
		for (int h = 0; h < 3; h++)
			t->thr[i][h] = (int16_t)thr[h];
	}
}

/* One format over n magnitudes: the table's fast path, the engine for a
 * format as wide as fp32 and (scaled) for fp32 subnormals.  Without sel,
 * the classes, the exact count and the thresholds into cast and sc; with
 * sel (the later passes), each error into the selection and cast's
 * largest error, so that the first pass needs no division. */
static void
one_format(tensor_f32 *c, int k, const uint32_t *a, size_t n,
    tensor_cast *cast, tensor_scaled *sc, tensor_sel *sel)
{
	f32_tab *t = &c->tab[k];
	uint64_t cnt[5] = { 0 }, exact = 0;
	double emax = cast->err_max;

	for (size_t i = 0; i < n; i++) {
		double m = f32_of(a[i]), r;
		if (t->r == NULL) {
			unsigned flags = 0;
			uint32_t b = fp_encode(t->f, m, &flags);
			if (sc && !sel)
				tensor_scale_add(t->f, m, 1, sc);
			if (flags & FP_FLAG_OVERFLOW) {
				cnt[C_OVERFLOW]++;
				continue;
			}
			fp_class cl = fp_classify(t->f, b);
			cnt[cl == FP_CLASS_ZERO ? C_ZERO : cl == FP_CLASS_SUBNORMAL ?
			    C_SUB : C_NORMAL]++;
			r = fabs(fp_decode(t->f, b));
		} else {
			size_t j = (size_t)(a[i] >> t->shift) << 1 |
			    ((a[i] & t->mask) == 0);
			if (t->cls[j] == UNFILLED)
				fill(t, j, c->scaled);
			unsigned cl = t->cls[j];
			cnt[cl]++;
			if (sc && !sel) {
				if (a[i] >= 0x00800000u) {
					sc->first_nonzero[t->thr[j][0]]++;
					sc->first_normal[t->thr[j][1]]++;
					sc->first_overflow[t->thr[j][2]]++;
				} else {
					tensor_scale_add(t->f, m, 1, sc);
				}
			}
			if (cl == C_OVERFLOW)
				continue;
			r = t->r[j];
		}
		if (!sel) {
			exact += r == m;	/* r - m is exact: err is 0 just then */
			continue;
		}
		double err = fabs(r - m) / m;
		tensor_sel_add(sel, err);
		if (!(err <= emax))
			emax = err;
	}
	if (sel) {
		cast->err_max = emax;
		return;
	}
	cast->flushed += cnt[C_ZERO];
	cast->subnormal += cnt[C_SUB];
	cast->normal += cnt[C_NORMAL];
	cast->overflow += cnt[C_OVERFLOW];
	cast->exact += exact;
}

void
tensor_f32_chunk(tensor_f32 *c, const unsigned char *p, uint64_t nel,
    bool swap, tensor_stats *st, tensor_sel *sel)
{
	enum { BLOCK = 16384 };	/* magnitudes decoded at a time: stays in cache */
	uint32_t a[BLOCK];

	while (nel > 0) {
		size_t n = 0, take = nel < BLOCK ? (size_t)nel : BLOCK;
		for (size_t i = 0; i < take; i++, p += 4) {
			uint32_t u = swap ? (uint32_t)p[3] | (uint32_t)p[2] << 8 |
			    (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24 : (uint32_t)p[0] |
			    (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
			uint32_t m = u & 0x7fffffffu;
			if (m != 0 && m < 0x7f800000u) {
				a[n++] = m;
				continue;
			}
			if (sel == NULL) {
				st->zeros += m == 0;
				st->infs += m == 0x7f800000u;
				st->nans += m > 0x7f800000u;
			}
		}
		nel -= take;
		if (sel == NULL) {
			for (size_t i = 0; i < n; i++) {
				int bin;
				if (a[i] < 0x00800000u) {
					int e;
					st->subnormals++;
					frexp(f32_of(a[i]), &e);
					bin = e - 1 - TENSOR_LOG2_MIN;
				} else {
					bin = (int)(a[i] >> 23) - 127 - TENSOR_LOG2_MIN;
				}
				st->hist[bin]++;
			}
			for (size_t i = 0; i < n; i++) {	/* ordered as the patterns */
				double m = f32_of(a[i]);
				if (!(m >= st->min_mag))
					st->min_mag = m;
				if (!(m <= st->max_mag))
					st->max_mag = m;
			}
			st->finite_nonzero += n;
		}
		for (int k = 0; k < c->nfmt; k++)
			if (sel == NULL || !sel[k].done || isnan(st->cast[k].err_max))
				one_format(c, k, a, n, &st->cast[k], st->has_scaled ?
				    &st->scaled[k] : NULL, sel ? &sel[k] : NULL);
	}
}
