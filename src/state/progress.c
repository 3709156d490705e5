/*
 * progress.c — the store in memory: its records, the changes the UI makes
 * (progress_set_step, progress_set_score) and the merge a save does with
 * what another instance wrote.  Reading and writing the file are in
 * progress_file.c (the text) and progress_io.c (the directory, the lock,
 * the atomic save).
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "state/progress_int.h"

void (*progress_stage_hook)(enum progress_stage stage);
int progress_lock_wait_ms = 5000;

progress *
progress_new(const char *dir)
{
	progress *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	if (dir) {
		size_t len = strlen(dir);

		p->dir = malloc(len + 1);
		p->path = malloc(len + sizeof "/progress");
		if (!p->dir || !p->path) {
			progress_free(p);
			return NULL;
		}
		memcpy(p->dir, dir, len + 1);
		memcpy(p->path, dir, len);
		memcpy(p->path + len, "/progress", sizeof "/progress");
	}
	return p;
}

static void
missed_free(progress_lesson *r)
{
	for (size_t i = 0; i < r->nmissed; i++)
		free(r->missed[i]);
	free(r->missed);
	r->missed = NULL;
	r->nmissed = 0;
}

void
progress_clear(progress *p)
{
	for (size_t i = 0; i < p->n; i++) {
		missed_free(p->rec[i]);
		free(p->rec[i]);
	}
	free(p->rec);
	p->rec = NULL;
	p->n = p->cap = 0;
	progress_items_clear(p);
}

void
progress_free(progress *p)
{
	if (!p)
		return;
	progress_clear(p);
	free(p->dir);
	free(p->path);
	free(p);
}

const char *
progress_path(const progress *p)
{
	return p->path ? p->path : "";
}

bool
progress_id_ok(const char *s)
{
	size_t len = strnlen(s, PROGRESS_MAX_ID + 1);

	if (len == 0 || len > PROGRESS_MAX_ID)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f)
			return false;
	}
	return true;
}

bool
progress_fields_ok(const progress_lesson *r)
{
	if (r->nsteps > PROGRESS_MAX_STEPS || r->step > r->nsteps)
		return false;
	if (!isfinite(r->best) || !isfinite(r->max) || r->best < 0 ||
	    r->max > PROGRESS_MAX_SCORE || r->best > r->max)
		return false;
	if (r->updated < 0 || (long long)r->updated > PROGRESS_MAX_TIME)
		return false;
	return r->nmissed <= PROGRESS_MAX_MISSED;
}

progress_lesson *
progress_rec(progress *p, const char *id, bool create)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->rec[i]->id, id) == 0)
			return p->rec[i];
	if (!create || !progress_id_ok(id) || p->n >= PROGRESS_MAX_LESSONS)
		return NULL;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 16;
		progress_lesson **rec = realloc(p->rec, cap * sizeof *rec);

		if (!rec)
			return NULL;
		p->rec = rec;
		p->cap = cap;
	}
	progress_lesson *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	strcpy(r->id, id);
	p->rec[p->n++] = r;
	return r;
}

bool
progress_rec_missed(progress_lesson *r, const char *const *ids, size_t n)
{
	if (n > PROGRESS_MAX_MISSED)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!progress_id_ok(ids[i]))
			return false;
	char **copy = n ? calloc(n, sizeof *copy) : NULL;
	if (n && !copy)
		return false;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(ids[i]);

		copy[i] = malloc(len + 1);
		if (!copy[i]) {
			while (i--)
				free(copy[i]);
			free(copy);
			return false;
		}
		memcpy(copy[i], ids[i], len + 1);
	}
	missed_free(r);
	r->missed = copy;
	r->nmissed = n;
	return true;
}

const progress_lesson *
progress_get(const progress *p, const char *id)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->rec[i]->id, id) == 0)
			return p->rec[i];
	return NULL;
}

size_t
progress_count(const progress *p)
{
	return p->n;
}

const progress_lesson *
progress_at(const progress *p, size_t i)
{
	return i < p->n ? p->rec[i] : NULL;
}

/* A change is stamped now, but never earlier than the record already is:
 * a clock set back must not make the change lose a merge to the state it
 * replaced. */
static void
touch(progress_lesson *r)
{
	time_t now = progress_now();

	if (now < 0)
		now = 0;
	if ((long long)now > PROGRESS_MAX_TIME)
		now = (time_t)PROGRESS_MAX_TIME;
	if (now > r->updated)
		r->updated = now;
}

bool
progress_set_step(progress *p, const char *id, size_t step, size_t nsteps,
    bool done)
{
	if (!p || !id || nsteps > PROGRESS_MAX_STEPS || step > nsteps)
		return false;
	progress_lesson *r = progress_rec(p, id, true);
	if (!r)
		return false;
	r->step = step;
	r->nsteps = nsteps;
	r->done = r->done || done;	/* finished once stays finished */
	touch(r);
	return true;
}

/* Whether the score a of amax beats b of bmax.  Scores are compared as
 * fractions of their maximum, since a lesson's maximum can change when it
 * is edited; a record without a score (max 0) loses to any score; equal
 * fractions go to the larger maximum. */
static bool
better(double a, double amax, double b, double bmax)
{
	if (amax <= 0)
		return false;
	if (bmax <= 0)
		return true;
	double fa = a / amax, fb = b / bmax;

	return fa > fb || (fa == fb && amax > bmax);
}

bool
progress_set_score(progress *p, const char *id, double score, double max,
    const char *const *missed, size_t nmissed)
{
	if (!p || !id || !isfinite(score) || !isfinite(max) || score < 0 ||
	    max > PROGRESS_MAX_SCORE || score > max || (nmissed && !missed))
		return false;
	if (nmissed > PROGRESS_MAX_MISSED)
		return false;
	for (size_t i = 0; i < nmissed; i++)
		if (!missed[i] || !progress_id_ok(missed[i]))
			return false;
	progress_lesson *r = progress_rec(p, id, true);
	if (!r || !progress_rec_missed(r, missed, nmissed))
		return false;
	score += 0.0;	/* -0 is written "-0", which the file refuses */
	max += 0.0;
	if (better(score, max, r->best, r->max)) {
		r->best = score;
		r->max = max;
	}
	touch(r);
	return true;
}

static bool
copy_fields(progress_lesson *to, const progress_lesson *from)
{
	if (!progress_rec_missed(to, (const char *const *)from->missed,
	    from->nmissed))
		return false;
	to->step = from->step;
	to->nsteps = from->nsteps;
	to->updated = from->updated;
	return true;
}

bool
progress_merge(progress *p, const progress *from)
{
	for (size_t i = 0; i < from->n; i++) {
		const progress_lesson *d = from->rec[i];
		progress_lesson *r = progress_rec(p, d->id, false);
		bool fresh = r == NULL;

		if (fresh && !(r = progress_rec(p, d->id, true)))
			return false;
		if ((fresh || d->updated > r->updated) && !copy_fields(r, d))
			return false;
		r->done = r->done || d->done;
		if (fresh || better(d->best, d->max, r->best, r->max)) {
			r->best = d->best;
			r->max = d->max;
		}
	}
	return progress_items_merge(p, from);
}
