/*
 * progress_item.c — the review items of the store: their records (found
 * by a hash of the id, since a store may hold tens of thousands), the
 * ratings that move them through FSRS (src/state/fsrs.h), their merge and
 * the review clock.  The file text of an item is in progress_file.c.
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "state/fsrs.h"
#include "state/progress_int.h"

#define DAY	86400

static time_t
clock_now(void)
{
	return time(NULL);
}

/* Here, not in progress.c, so that this file needs nothing of that one. */
time_t (*progress_now)(void) = clock_now;

time_t
progress_clock(void)
{
	const char *s = getenv("FPTUTOR_NOW");
	char *end;

	if (s && *s >= '0' && *s <= '9') {
		unsigned long long v = strtoull(s, &end, 10);
		if (*end == '\0' && v <= (unsigned long long)PROGRESS_MAX_TIME)
			return (time_t)v;
	}
	return progress_now();
}

const char *
progress_kind_name(progress_kind k)
{
	return k == PROGRESS_DRILL ? "drill" : "question";
}

bool
progress_item_id_ok(const char *s)
{
	size_t len = strnlen(s, PROGRESS_MAX_ITEM_ID + 1);

	if (len == 0 || len > PROGRESS_MAX_ITEM_ID)
		return false;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

bool
progress_item_ok(const progress_item *it)
{
	return isfinite(it->s) && isfinite(it->d) && it->s > 0 &&
	    it->s <= 1e9 && it->d >= 1 && it->d <= 10 && it->due >= 0 &&
	    it->last >= 0 && it->updated >= 0 &&
	    (long long)it->due <= PROGRESS_MAX_TIME &&
	    (long long)it->last <= PROGRESS_MAX_TIME &&
	    (long long)it->updated <= PROGRESS_MAX_TIME &&
	    it->lapses <= it->reps && it->passes <= it->tries &&
	    it->rpasses <= it->passes && it->reps <= PROGRESS_MAX_COUNT &&
	    it->tries <= PROGRESS_MAX_COUNT;
}

/* ---- the records --------------------------------------------------------- */

static uint64_t
hash_id(const char *s)
{
	uint64_t h = 1469598103934665603u;	/* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211u;
	return h;
}

/* The slot of id in the hash: where it is, or the empty one it would go. */
static size_t
slot(const progress *p, const char *id)
{
	size_t m = p->hcap - 1, i = (size_t)hash_id(id) & m;

	while (p->hash[i] && strcmp(p->item[p->hash[i] - 1]->id, id) != 0)
		i = (i + 1) & m;
	return i;
}

static bool
rehash(progress *p, size_t cap)
{
	size_t *h = calloc(cap, sizeof *h);

	if (!h)
		return false;
	free(p->hash);
	p->hash = h;
	p->hcap = cap;
	for (size_t k = 0; k < p->nitem; k++)
		p->hash[slot(p, p->item[k]->id)] = k + 1;
	return true;
}

static progress_item *
find(const progress *p, const char *id)
{
	if (p->hcap) {
		size_t i = slot(p, id);
		if (p->hash[i])
			return p->item[p->hash[i] - 1];
	}
	return NULL;
}

progress_item *
progress_item_rec(progress *p, const char *id, bool create)
{
	progress_item *found = find(p, id);

	if (found)
		return found;
	if (!create || !progress_item_id_ok(id) || p->nitem >= PROGRESS_MAX_ITEMS)
		return NULL;
	if (p->nitem == p->icap) {
		size_t cap = p->icap ? 2 * p->icap : 16;
		progress_item **v = realloc(p->item, cap * sizeof *v);

		if (!v)
			return NULL;
		p->item = v;
		p->icap = cap;
	}
	if (2 * (p->nitem + 1) > p->hcap && !rehash(p, p->hcap ? 2 * p->hcap : 64))
		return NULL;
	progress_item *it = calloc(1, sizeof *it);
	if (!it)
		return NULL;
	memcpy(it->id, id, strlen(id) + 1);
	it->s = 1;
	it->d = 5;
	p->item[p->nitem++] = it;
	p->hash[slot(p, id)] = p->nitem;
	return it;
}

void
progress_items_clear(progress *p)
{
	for (size_t i = 0; i < p->nitem; i++)
		free(p->item[i]);
	free(p->item);
	free(p->hash);
	p->item = NULL;
	p->hash = NULL;
	p->nitem = p->icap = p->hcap = 0;
}

size_t
progress_item_count(const progress *p)
{
	return p->nitem;
}

const progress_item *
progress_item_at(const progress *p, size_t i)
{
	return i < p->nitem ? p->item[i] : NULL;
}

const progress_item *
progress_item_get(const progress *p, const char *id)
{
	return find(p, id);
}

bool
progress_item_due(const progress_item *it, time_t now)
{
	return it->relearn || it->due <= now;
}

void
progress_mastery_of(const progress *p, const char *topic, time_t now,
    progress_mastery *out)
{
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < p->nitem; i++) {
		const progress_item *it = p->item[i];
		if (topic && strcmp(it->topic, topic) != 0)
			continue;
		out->items++;
		out->tries += it->tries;
		out->passes += it->passes;
		out->solid += it->rpasses >= 2;
		out->due += progress_item_due(it, now);
	}
}

/* ---- rating ---------------------------------------------------------------- */

static time_t
clamp_time(long long t)
{
	return (time_t)(t < 0 ? 0 : t > PROGRESS_MAX_TIME ? PROGRESS_MAX_TIME : t);
}

/*
 * A first rating starts the memory state; a rating a day or more after
 * the last uses FSRS's long-term formulas, one sooner (a relearning step,
 * an early review) its same-day formula.  A miss makes the item due now
 * and marks it for relearning in the same sitting; a pass schedules the
 * next review fsrs_next_days(S) days on.  Accuracy counts first tries:
 * a relearning step is practice.
 */
bool
progress_rate(progress *p, const char *id, progress_kind kind,
    const char *topic, int rating, time_t now)
{
	if (!p || !id || !topic || strnlen(topic, PROGRESS_MAX_ID + 1) >
	    PROGRESS_MAX_ID || !progress_item_id_ok(topic) || rating < FSRS_AGAIN
	    || rating > FSRS_EASY)
		return false;
	progress_item *it = progress_item_rec(p, id, true);
	if (!it)
		return false;
	fsrs_rating g = (fsrs_rating)rating;
	fsrs_mem m = { it->s, it->d };
	bool fresh = it->reps == 0, relearning = it->relearn;
	double days = fresh ? 0 : (double)(now - it->last) / DAY;

	if (fresh)
		m = fsrs_first(g);
	else if (days >= 1)
		m = fsrs_review(m, days, g);
	else
		m = fsrs_same_day(m, g);
	it->kind = kind;
	memcpy(it->topic, topic, strlen(topic) + 1);
	it->s = m.s;
	it->d = m.d;
	it->reps += it->reps < PROGRESS_MAX_COUNT;
	if (!relearning) {
		it->tries += it->tries < PROGRESS_MAX_COUNT;
		if (g >= FSRS_GOOD) {
			it->passes++;
			it->rpasses += !fresh;
		}
	}
	if (g == FSRS_AGAIN) {
		it->lapses++;
		it->relearn = true;
		it->due = clamp_time((long long)now);
	} else {
		it->relearn = false;
		it->due = clamp_time((long long)now + fsrs_next_days(m.s) * DAY);
	}
	it->last = clamp_time((long long)now);
	time_t t = clamp_time((long long)progress_now());
	it->updated = t > it->updated ? t : it->updated;
	return true;
}

bool
progress_items_merge(progress *p, const progress *from)
{
	for (size_t i = 0; i < from->nitem; i++) {
		const progress_item *d = from->item[i];
		progress_item *r = progress_item_rec(p, d->id, false);

		if (r && d->updated <= r->updated)
			continue;
		if (!r && !(r = progress_item_rec(p, d->id, true)))
			return false;
		*r = *d;
	}
	return true;
}
