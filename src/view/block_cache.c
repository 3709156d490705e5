/*
 * block_cache.c — a live block's text, made once and kept (block_cache.h).
 * One slot per block of the lesson; a slot remembers the presentation its
 * text was made with (view_tty's colour and UTF-8), so a change of either
 * makes it again.  A @train block is made a step at a time by
 * view_block_cache_work (train_block.c); until it is done, its text says
 * how far it has got.  Eviction is least recently used, by a use counter:
 * a lesson has few blocks, a linear scan is enough.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/block_cache.h"
#include "view/lesson_text.h"
#include "view/term.h"

struct slot {
	char *text;		/* NULL: not made, or dropped */
	size_t len;
	view_term look;		/* view_tty when it was made */
	unsigned long used;	/* the cache's clock at the last use */
	bool tried;		/* made (or begun) once: work need not again */
	view_train_job *job;	/* a @train block on its way */
	bool shown;		/* its progress was shown: redraw as it moves */
	int percent;		/* the progress shown */
	char *pending;		/* the text shown meanwhile */
};

struct view_block_cache {
	const lesson *l;
	struct slot *slots;	/* l->nblocks */
	size_t bytes;		/* text kept, in all */
	unsigned long clock;
};

view_block_cache *
view_block_cache_new(const lesson *l)
{
	view_block_cache *c = calloc(1, sizeof *c);

	if (c == NULL || (c->slots = calloc(l->nblocks + 1, sizeof *c->slots)) == NULL) {
		free(c);
		return NULL;
	}
	c->l = l;
	return c;
}

static void
drop(view_block_cache *c, struct slot *s)
{
	c->bytes -= s->len;
	free(s->text);
	s->text = NULL;
	s->len = 0;
}

/* Make room for n more bytes, dropping the least recently used texts but
 * keep (the one being made, which the caller is about to return). */
static void
make_room(view_block_cache *c, size_t n, const struct slot *keep)
{
	while (c->bytes + n > VIEW_BLOCK_CACHE_BYTES) {
		struct slot *old = NULL;
		for (size_t i = 0; i < c->l->nblocks; i++) {
			struct slot *s = &c->slots[i];
			if (s->text && s != keep && (old == NULL || s->used < old->used))
				old = s;
		}
		if (old == NULL)
			return;		/* a single text larger than the bound */
		drop(c, old);
	}
}

/* Keep what fn wrote as the slot's text; false when out of memory. */
static bool
store(view_block_cache *c, struct slot *s, const lesson_block *b,
    const view_train_job *j)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return false;
	if (j) {
		view_lesson_block_heading(f, b);
		view_train_job_text(f, j);
	} else {
		view_lesson_block_text(f, c->l, b);
	}
	if (fclose(f) != 0) {
		free(buf);
		return false;
	}
	make_room(c, len, s);
	s->text = buf;
	s->len = len;
	s->look = view_tty;
	s->tried = true;
	c->bytes += len;
	return true;
}

/* The text of a @train block still running: its heading and how far. */
static const char *
pending(struct slot *s, const lesson_block *b)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return NULL;
	view_lesson_block_heading(f, b);
	s->percent = view_train_job_percent(s->job);
	fprintf(f, "  (training the runs: %d%% done)\n", s->percent);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	free(s->pending);
	s->pending = buf;
	s->shown = true;
	return buf;
}

const char *
view_block_cache_text(view_block_cache *c, const lesson_block *b)
{
	if (b < c->l->blocks || b >= c->l->blocks + c->l->nblocks)
		return NULL;
	struct slot *s = &c->slots[b - c->l->blocks];

	if (s->text && (s->look.color != view_tty.color || s->look.utf8 != view_tty.utf8))
		drop(c, s);
	if (s->text == NULL && b->kind == LB_TRAIN) {
		if (s->job == NULL && (s->job = view_train_job_new(b)) == NULL)
			return NULL;
		s->tried = true;
		return pending(s, b);
	}
	if (s->text == NULL && !store(c, s, b, NULL))
		return NULL;
	s->used = ++c->clock;
	return s->text;
}

bool
view_block_cache_work(view_block_cache *c)
{
	for (size_t i = 0; i < c->l->nblocks; i++) {
		struct slot *s = &c->slots[i];
		const lesson_block *b = &c->l->blocks[i];

		if (s->job) {
			if (!view_train_job_step(s->job))	/* more to run */
				return s->shown &&
				    view_train_job_percent(s->job) != s->percent;
			bool ok = store(c, s, b, s->job);
			view_train_job_free(s->job);
			s->job = NULL;
			free(s->pending);
			s->pending = NULL;
			return ok && s->shown;
		}
		if (s->tried)
			continue;
		/* Not made yet: begin it now, before it is shown. */
		if (b->kind == LB_TRAIN) {
			s->job = view_train_job_new(b);
			s->tried = true;
			if (s->job == NULL)
				continue;
		} else {
			s->tried = true;
			store(c, s, b, NULL);
		}
		return false;
	}
	return false;
}

bool
view_block_cache_busy(const view_block_cache *c)
{
	for (size_t i = 0; i < c->l->nblocks; i++)
		if (c->slots[i].job || !c->slots[i].tried)
			return true;
	return false;
}

void
view_block_cache_free(view_block_cache *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->l->nblocks; i++) {
		free(c->slots[i].text);
		free(c->slots[i].pending);
		view_train_job_free(c->slots[i].job);
	}
	free(c->slots);
	free(c);
}
