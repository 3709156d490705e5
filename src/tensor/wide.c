/*
 * wide.c — the statistics of an F32 or F64 tensor (tensor.h) in one pass
 * over its data.  The data are read a block at a time, and for each
 * target format the whole block is cast at once by the engine's array
 * path (fp_cast_floats, fp_cast_doubles: the values of fp_encode,
 * vectorised); loops the compiler vectorises (wide_loops.c) count what
 * the casts did: flushed, subnormal, overflowed, exact, and where each
 * error e' falls against the band of the exact median (band.c, planned
 * from a sample before the pass).  The values inside the band, and the
 * few that may hold the largest error, are then taken one by one, their
 * errors computed by the engine itself.  Only when the sample missed does
 * a further pass (rarely more) finish the median.  Memory: a few blocks,
 * the band's buffer per format, the histogram.
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tensor/band.h"
#include "tensor/f32.h"
#include "tensor/scale.h"
#include "tensor/wide.h"

enum {
	BLOCK = TENSOR_BLOCK,
	SAMPLE = 1 << 20,	/* values of the sample, at most */
	SAMPLE_RUNS = 256,	/* taken in this many runs spread over the tensor */
};

typedef struct fmt_state {
	const fp_format *f;
	tensor_limits lim;
	tensor_band band;
	double maxerr, maxx;	/* the largest exact error found, its value */
	bool done;		/* the median is known */
} fmt_state;

typedef struct wide {
	tensor_stats *st;
	bool f64, swap;
	bool again;		/* a further pass, for the median only */
	tensor_f32 *f32;	/* --grad on F32: thresholds by class */
	tensor_wide_loops loops;
	fmt_state fs[FP_NFORMATS];
	/* The first pass's histogram by exponent field, in four parts taken
	 * in turn (equal exponents in a row would wait on each other). */
	uint32_t hist[4][2048];
} wide;

/* ---- what the loops found --------------------------------------------- */

/* A block's counts into st, its binades into the histogram's parts:
 * taken in turn, so that equal exponents in a row do not wait on each
 * other; subnormals (field 0) by their own binade, frexp. */
static void
first_pass(wide *w, const tensor_values *x, size_t n, const tensor_shared *c)
{
	tensor_stats *st = w->st;

	st->zeros += c->zeros;
	st->infs += c->infs;
	st->nans += c->nans;
	st->subnormals += c->subs;
	st->finite_nonzero += c->fnz;
	if (c->fnz == 0)
		return;
	size_t i = 0, n4 = n & ~(size_t)3;
	if (w->f64) {
		for (; i < n4; i += 4) {
			w->hist[0][x->u64[i] >> 52]++;
			w->hist[1][x->u64[i + 1] >> 52]++;
			w->hist[2][x->u64[i + 2] >> 52]++;
			w->hist[3][x->u64[i + 3] >> 52]++;
		}
		for (; i < n; i++)
			w->hist[0][x->u64[i] >> 52]++;
	} else {
		for (; i < n4; i += 4) {
			w->hist[0][x->u32[i] >> 23]++;
			w->hist[1][x->u32[i + 1] >> 23]++;
			w->hist[2][x->u32[i + 2] >> 23]++;
			w->hist[3][x->u32[i + 3] >> 23]++;
		}
		for (; i < n; i++)
			w->hist[0][x->u32[i] >> 23]++;
	}
	for (i = 0; c->subs && i < n; i++) {
		double v = w->f64 ? x->f64[i] : x->f32[i];
		int e;
		if (v != 0 && (w->f64 ? x->u64[i] >> 52 : x->u32[i] >> 23) == 0) {
			frexp(v, &e);
			st->hist[e - 1 - TENSOR_LOG2_MIN]++;
		}
	}
	double lo, hi;
	if (w->f64) {
		memcpy(&lo, &c->lo, sizeof lo);
		memcpy(&hi, &c->hi, sizeof hi);
	} else {
		int32_t a = (int32_t)c->lo, b = (int32_t)c->hi;
		float fa, fb;
		memcpy(&fa, &a, sizeof fa);
		memcpy(&fb, &b, sizeof fb);
		lo = fa;
		hi = fb;
	}
	if (!(lo >= st->min_mag))
		st->min_mag = lo;
	if (!(hi <= st->max_mag))
		st->max_mag = hi;
}

/* The histogram's parts into st, normal binades (field e: log2 e - bias;
 * field 0, the subnormals and the zeros, was counted apart; the last is
 * infinities and NaNs). */
static void
flush_hist(wide *w)
{
	int nfield = w->f64 ? 2047 : 255, bias = w->f64 ? 1023 : 127;

	for (int e = 1; e < nfield; e++) {
		uint64_t c = (uint64_t)w->hist[0][e] + w->hist[1][e] + w->hist[2][e] +
		    w->hist[3][e];
		w->st->hist[e - bias - TENSOR_LOG2_MIN] += c;
	}
	memset(w->hist, 0, sizeof w->hist);
}

/* A flagged value: kept for the band, or a candidate for the largest
 * error, worked out by the engine. */
static void
flagged(fmt_state *fs, uint32_t fl, const void *xp, double x, bool f64)
{
	if (fl & 1)
		tensor_band_keep(&fs->band, xp);
	if ((fl & 2) && x != fs->maxx) {
		double e = tensor_band_err(fs->f, x);
		if (e > fs->maxerr) {
			fs->maxerr = e;
			fs->maxx = x;
			/* Only a larger e can beat it: for F64 its e' (which is
			 * e) is above, for F32 at least e rounded to a float. */
			if (f64) {
				memcpy(&fs->lim.mark, &e, sizeof e);
				fs->lim.mark++;
			} else {
				float ef = (float)e;
				int32_t b;
				memcpy(&b, &ef, sizeof b);
				fs->lim.mark = b;
			}
		}
	}
}

/* The counts of a block into the format's figures (nbad lanes were made
 * 1: exact, below the band), then its flagged values one by one: the
 * block folded into a row, only the columns with a flag looked down. */
static void
tally_block(wide *w, int k, const tensor_tally *c, const uint32_t *flag,
    const tensor_values *x, size_t n, uint32_t nbad)
{
	fmt_state *fs = &w->fs[k];
	tensor_cast *cast = &w->st->cast[k];
	uint32_t column[TENSOR_GROUP];

	cast->flushed += c->flushed;
	cast->subnormal += c->sub;
	cast->overflow += c->over;
	cast->exact += c->exact - nbad;
	fs->band.below += c->below - nbad;
	fs->band.inside += c->upto - c->below;
	w->loops.fold(flag, n, column);
	for (size_t j = 0; j < TENSOR_GROUP; j++) {
		if (column[j] == 0)
			continue;
		for (size_t i = j; i < n; i += TENSOR_GROUP)
			if (flag[i] != 0)
				flagged(fs, flag[i], w->f64 ? (const void *)&x->f64[i] :
				    (const void *)&x->f32[i], w->f64 ? x->f64[i] :
				    x->f32[i], w->f64);
	}
	if (cast->flushed > 0)		/* 1, the largest an error can be */
		fs->lim.mark = w->f64 ? INT64_MAX : INT32_MAX;
}

/* A finite nonzero magnitude, and the cast's value (finite, nonzero:
 * neither overflowed nor flushed), of lane i. */
static bool
lane(const wide *w, const tensor_values *x, const tensor_results *r, size_t i,
    double top, double *xv, double *rv)
{
	*xv = w->f64 ? x->f64[i] : x->f32[i];
	*rv = w->f64 ? r->d[i] : r->f[i];
	return *xv > 0 && *xv <= DBL_MAX && *rv != 0 && *rv <= top;
}

/* A further pass: the exact errors of the values in the median's region
 * into its selection. */
static void
region(const wide *w, fmt_state *fs, const tensor_values *x,
    const tensor_results *r, size_t n)
{
	double top = fp_max_finite(fs->f), xv, rv;

	for (size_t i = 0; i < n; i++) {
		if (!lane(w, x, r, i, top, &xv, &rv))
			continue;
		double e = w->f64 ? fabs(rv - xv) / xv :
		    fabsf(r->f[i] - x->f32[i]) / x->f32[i];
		if (tensor_band_in_region(&fs->band, e))
			tensor_sel_add(&fs->band.sel, fabs(rv - xv) / xv);
	}
}

/* --grad: the loss-scale thresholds of a block's finite nonzero values. */
static void
scaled(wide *w, int k, const tensor_values *x, size_t n)
{
	tensor_scaled *sc = &w->st->scaled[k];
	uint32_t a[BLOCK];
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		if (w->f64) {
			if (x->u64[i] - 1 < (UINT64_C(0x7ff) << 52) - 1)
				tensor_scale_add(w->fs[k].f, x->f64[i], 1, sc);
		} else if (x->u32[i] - 1 < 0x7f7fffffu) {
			a[m++] = x->u32[i];
		}
	}
	if (m)
		tensor_f32_scale(w->f32, k, a, m, sc);
}

/* A block of n values at p.  The lanes past n, to a whole row, are made 1
 * with the zeros, infinities and NaNs (NEUTRAL in wide_loops.c). */
static void
block(wide *w, const unsigned char *p, size_t n)
{
	tensor_values x;
	tensor_results r;
	uint32_t flag[BLOCK], nbad = 0;
	tensor_stats *st = w->st;
	size_t whole = (n + TENSOR_GROUP - 1) / TENSOR_GROUP * TENSOR_GROUP;

	w->loops.read(p, n, w->swap, &x);
	if (w->f64)
		memset(&x.u64[n], 0, (whole - n) * sizeof x.u64[0]);
	else
		memset(&x.u32[n], 0, (whole - n) * sizeof x.u32[0]);
	if (!w->again) {
		tensor_shared c;
		w->loops.shared(&x, n, &c);
		first_pass(w, &x, n, &c);
		if (c.fnz == 0)
			return;
		for (int k = 0; st->has_scaled && k < st->nfmt; k++)
			scaled(w, k, &x, n);
		if (c.fnz < whole) {
			w->loops.neutral(&x, whole);
			nbad = (uint32_t)whole - c.fnz;
		}
	}
	for (int k = 0; k < st->nfmt; k++) {
		fmt_state *fs = &w->fs[k];
		if (w->again && fs->done)
			continue;
		if (w->f64)
			fp_cast_doubles(fs->f, x.f64, r.d, whole);
		else
			fp_cast_floats(fs->f, x.f32, r.f, whole);
		if (w->again) {
			region(w, fs, &x, &r, n);
			continue;
		}
		tensor_tally c;
		w->loops.lanes(&x, &r, flag, whole, &fs->lim, &c);
		tally_block(w, k, &c, flag, &x, whole, nbad);
	}
}

static void
wide_chunk(const unsigned char *p, uint64_t nel, void *ctx)
{
	wide *w = ctx;
	size_t el = w->f64 ? 8 : 4;

	while (nel > 0) {
		size_t take = nel < BLOCK ? (size_t)nel : BLOCK;
		block(w, p, take);
		p += take * el;
		nel -= take;
	}
	if (!w->again)
		flush_hist(w);
}

/* ---- the sample, the band ---------------------------------------------- */

/* Format k's errors e' over runs spread evenly across the tensor (the
 * non-overflowing values), into buf; *emax the largest e' of a value not
 * flushed, -1 if none. */
static size_t
sample(wide *w, int k, const unsigned char *data, uint64_t count, size_t want,
    double *buf, double *emax)
{
	tensor_values x;
	tensor_results r, e;
	fmt_state *fs = &w->fs[k];
	size_t el = w->f64 ? 8 : 4, ns = 0;
	uint64_t step = count / SAMPLE_RUNS, run = want / SAMPLE_RUNS;

	run = run < step ? run : step;
	*emax = -1;
	for (uint64_t j = 0; j < SAMPLE_RUNS; j++) {
		for (uint64_t done = 0; done < run; done += BLOCK) {
			size_t n = run - done < BLOCK ? (size_t)(run - done) : BLOCK;
			w->loops.read(data + (j * step + done) * el, n, w->swap, &x);
			if (w->f64)
				fp_cast_doubles(fs->f, x.f64, r.d, n);
			else
				fp_cast_floats(fs->f, x.f32, r.f, n);
			w->loops.errs(&x, &r, &e, n, &fs->lim);
			for (size_t i = 0; i < n; i++) {
				double v = w->f64 ? e.d[i] : e.f[i];
				if (v < 0)
					continue;
				buf[ns++] = v;
				if (v < 2 && v > *emax)
					*emax = v;
			}
		}
	}
	return ns;
}

/* The sample a tensor of count values needs: the band holds about
 * 3 / sqrt(ns) of the values (band.c), which should be a third of the
 * buffer's cap or less, so ns >= (9 count / cap)^2; in whole runs, from
 * 2^16 to SAMPLE. */
static size_t
sample_size(uint64_t count, size_t cap)
{
	double need = 9.0 * (double)count / (double)cap;
	size_t ns = 1 << 16;

	while (ns < SAMPLE && (double)ns < need * need)
		ns *= 2;
	return ns;
}

/* Each format's band and starting mark (the sample's largest e': the
 * value it belongs to is in the tensor, and will be marked). */
static bool
plan(wide *w, const tensor_file *tf, const tensor_info *t)
{
	size_t el = w->f64 ? 8 : 4, cap = TENSOR_BAND_BYTES / el;
	bool big = t->count > cap;
	size_t want = big ? sample_size(t->count, cap) : 0;
	double *buf = big ? malloc(want * sizeof *buf) : NULL;

	if (big && buf == NULL)
		return false;
	for (int k = 0; k < w->st->nfmt; k++) {
		fmt_state *fs = &w->fs[k];
		size_t ns = 0;
		double emax = -1;
		if (big)
			ns = sample(w, k, tf->base + t->offset, t->count, want, buf,
			    &emax);
		if (!tensor_band_plan(&fs->band, buf, ns, t->count, (int)el)) {
			free(buf);
			return false;
		}
		fs->lim.lo = fs->band.lo;
		fs->lim.hi = fs->band.hi;
		fs->lim.mark = 0;
		if (emax < 0) {
			continue;
		} else if (w->f64) {
			memcpy(&fs->lim.mark, &emax, sizeof emax);
		} else {
			float ef = (float)emax;
			int32_t b;
			memcpy(&b, &ef, sizeof b);
			fs->lim.mark = b;
		}
	}
	free(buf);
	return true;
}

/* ---- the first pass, on two threads ------------------------------------ */

/* A tensor of fewer chunks than this is read on one thread. */
#define THREAD_MIN_CHUNKS 4

typedef struct job {
	wide *w;
	const tensor_file *tf;
	const tensor_info *t;
	unsigned part;
} job;

static void *
run_part(void *arg)
{
	job *j = arg;

	tensor_each_chunk_part(j->tf, j->t, j->part, 2, wide_chunk, j->w);
	return NULL;
}

/* Part's figures into w's: sums, the smaller and larger magnitude, the
 * kept values, the larger error found. */
static void
join(wide *w, wide *part)
{
	tensor_stats *st = w->st, *ps = part->st;

	st->zeros += ps->zeros;
	st->infs += ps->infs;
	st->nans += ps->nans;
	st->subnormals += ps->subnormals;
	st->finite_nonzero += ps->finite_nonzero;
	if (!(ps->min_mag >= st->min_mag))
		st->min_mag = fmin(st->min_mag, ps->min_mag);
	if (!(ps->max_mag <= st->max_mag))
		st->max_mag = fmax(st->max_mag, ps->max_mag);
	for (int b = 0; b < TENSOR_NBINS; b++)
		st->hist[b] += ps->hist[b];
	for (int k = 0; k < st->nfmt; k++) {
		tensor_cast *c = &st->cast[k], *pc = &ps->cast[k];
		c->flushed += pc->flushed;
		c->subnormal += pc->subnormal;
		c->overflow += pc->overflow;
		c->exact += pc->exact;
		tensor_band_join(&w->fs[k].band, &part->fs[k].band);
		if (part->fs[k].maxerr > w->fs[k].maxerr) {
			w->fs[k].maxerr = part->fs[k].maxerr;
			w->fs[k].maxx = part->fs[k].maxx;
		}
	}
}

/*
 * The first pass.  A large tensor is read on two threads, each taking
 * every other chunk with a copy of the pass's state (its own figures,
 * histogram, band buffers and largest error), joined after: sums, and a
 * median selected among kept values whatever their order, so the figures
 * are those of one thread.  --grad's thresholds by class (f32.c) fill a
 * table as they go: one thread then, as on a tensor of few chunks, or
 * when a second thread cannot be had.
 */
static bool
first(wide *w, const tensor_file *tf, const tensor_info *t,
    const tensor_stats_opts *o)
{
	wide *part = NULL;
	tensor_stats *ps = NULL;
	pthread_t th;
	bool two = !o->scaled && tensor_chunks(t) >= THREAD_MIN_CHUNKS &&
	    sysconf(_SC_NPROCESSORS_ONLN) > 1, ok = true;
	int k = 0;

	if (two) {
		part = malloc(sizeof *part);
		ps = malloc(sizeof *ps);
		two = part && ps;
	}
	if (two) {
		*part = *w;
		*ps = *w->st;
		part->st = ps;
		for (; k < w->st->nfmt; k++)
			if (!tensor_band_split(&part->fs[k].band, &w->fs[k].band))
				break;
		two = k == w->st->nfmt;
	}
	job j = { part, tf, t, 1 };
	bool started = two && pthread_create(&th, NULL, run_part, &j) == 0;
	tensor_each_chunk_part(tf, t, 0, two ? 2 : 1, wide_chunk, w);
	if (started)
		pthread_join(th, NULL);
	else if (two)		/* no thread: the other part here too */
		run_part(&j);
	if (two) {
		join(w, part);
	} else {
		while (k-- > 0) {	/* the room given back */
			w->fs[k].band.cap += part->fs[k].band.cap;
			tensor_band_free(&part->fs[k].band);
		}
	}
	free(part);
	free(ps);
	return ok;
}

/* ---- the statistics ---------------------------------------------------- */

/* The format's smallest normal and largest finite value as the input
 * type's bits. */
static void
limits_of(const fp_format *f, bool f64, tensor_limits *l)
{
	double mn = fp_min_normal(f), mx = fp_max_finite(f);

	if (f64) {
		memcpy(&l->minb, &mn, sizeof mn);
		memcpy(&l->maxb, &mx, sizeof mx);
	} else {
		float a = (float)mn, b = (float)mx;
		int32_t ia, ib;
		memcpy(&ia, &a, sizeof ia);
		memcpy(&ib, &b, sizeof ib);
		l->minb = ia;
		l->maxb = ib;
	}
}

bool
tensor_wide_stats(const tensor_file *tf, const tensor_info *t,
    const tensor_stats_opts *o, tensor_stats *st)
{
	wide *w = calloc(1, sizeof *w);
	bool ok = w != NULL, nomem = false, more = false;

	if (!ok)
		return false;
	w->st = st;
	w->f64 = t->dtype == TENSOR_F64;
	w->swap = t->big_endian;
	w->loops = tensor_wide_loops_for(w->f64);
	for (int k = 0; k < st->nfmt; k++) {
		w->fs[k].f = st->fmts[k];
		w->fs[k].maxerr = -1;
		w->fs[k].maxx = -1;
		limits_of(st->fmts[k], w->f64, &w->fs[k].lim);
	}
	if (o->scaled && !w->f64 &&
	    (w->f32 = tensor_f32_new(st->fmts, st->nfmt, t->count)) == NULL)
		ok = false;
	if (ok)
		ok = plan(w, tf, t);
	if (ok)
		ok = first(w, tf, t, o);
	for (int b = 0; b < TENSOR_NBINS; b++)	/* the occupied bins */
		if (st->hist[b]) {
			st->lo = b < st->lo ? b : st->lo;
			st->hi = b;
		}
	for (int k = 0; ok && k < st->nfmt; k++) {
		fmt_state *fs = &w->fs[k];
		tensor_cast *c = &st->cast[k];
		uint64_t n_ok = st->finite_nonzero - c->overflow;
		c->normal = n_ok - c->flushed - c->subnormal;
		c->err_max = n_ok == 0 ? 0.0 / 0.0 : c->flushed ? 1.0 :
		    c->exact == n_ok ? 0.0 : fs->maxerr;
		fs->done = tensor_band_result(&fs->band, fs->f, c, n_ok, &nomem);
		ok = !nomem;
		more |= !fs->done;
	}
	w->again = true;
	while (ok && more) {
		tensor_each_chunk(tf, t, wide_chunk, w);
		more = false;
		for (int k = 0; ok && k < st->nfmt; k++) {
			fmt_state *fs = &w->fs[k];
			if (!fs->done)
				fs->done = tensor_band_pass_done(&fs->band, &st->cast[k],
				    &nomem);
			ok = !nomem;
			more |= !fs->done;
		}
	}
	for (int k = 0; k < st->nfmt; k++)
		tensor_band_free(&w->fs[k].band);
	tensor_f32_free(w->f32);
	free(w);
	return ok;
}
