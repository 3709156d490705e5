/*
 * block_cache.h — the text of a lesson's live blocks (view_lesson_block_text),
 * made the first time a block is shown and kept, so that a front end that
 * draws a step again on every key press (the full-screen tutor) does not
 * run a block's computation again: a block depends on the lesson text
 * alone.  The @train block of the comparison lesson trains five models;
 * its text is the same on every draw.
 *
 * Who calls what: the front end makes one cache per open lesson
 * (view_block_cache_new), asks it for a block's text whenever it draws
 * the block, calls view_block_cache_work between key presses while
 * view_block_cache_busy says there is work left (each call does a small
 * piece: one cheap block, or one step of each run of a @train block, whose
 * text until then says how far it has got), and frees the cache with the
 * lesson.  Memory is bounded: past VIEW_BLOCK_CACHE_BYTES of text the
 * blocks shown longest ago are dropped (and made again if shown again).
 * No curses; not thread-safe.
 */
#ifndef FPTUTOR_VIEW_BLOCK_CACHE_H
#define FPTUTOR_VIEW_BLOCK_CACHE_H

#include "lesson/lesson.h"

#define VIEW_BLOCK_CACHE_BYTES (4u << 20)

typedef struct view_block_cache view_block_cache;

/* NULL when out of memory.  The cache refers to l, which must outlive it. */
view_block_cache *view_block_cache_new(const lesson *l);
/* What view_lesson_block_text writes for block b of the lesson (colour and
 * symbols as view_tty says at the time it is made).  Owned by the cache:
 * valid until the next call or view_block_cache_free.  NULL when out of
 * memory. */
const char *view_block_cache_text(view_block_cache *c, const lesson_block *b);
/* A small piece of the work of making the blocks not made yet, in the
 * lesson's order; true when a block whose progress was shown moved on or
 * is done, so the front end should draw again. */
bool view_block_cache_work(view_block_cache *c);
/* Whether there is work left for view_block_cache_work. */
bool view_block_cache_busy(const view_block_cache *c);
void view_block_cache_free(view_block_cache *c);

#endif
