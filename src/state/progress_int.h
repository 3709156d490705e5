/*
 * progress_int.h — inside the progress store: the limits of the file, the
 * parser and writer of its text (progress_file.c), the store's records
 * (progress.c) and the hooks the tests use.  Not for the UI: it codes
 * against progress.h only.  The fuzz target calls progress_parse and
 * progress_format (parse, format, parse again: the same text).
 */
#ifndef FPTUTOR_STATE_PROGRESS_INT_H
#define FPTUTOR_STATE_PROGRESS_INT_H

#include "state/progress.h"

/* Limits: a file beyond them is damaged; a change beyond them is refused. */
#define PROGRESS_MAX_FILE	(8L * 1024 * 1024)	/* bytes of DIR/progress */
#define PROGRESS_MAX_LESSONS	4096		/* records in a store */
#define PROGRESS_MAX_ITEMS	50000		/* review items in a store */
#define PROGRESS_MAX_COUNT	1000000000u	/* reps, lapses, tries, ... */
#define PROGRESS_MAX_MISSED	256		/* missed ids in a record */
#define PROGRESS_MAX_STEPS	1000000		/* nsteps */
#define PROGRESS_MAX_SCORE	1e9		/* max (and so best) */
#define PROGRESS_MAX_TIME	253402300799LL	/* 9999-12-31T23:59:59Z */

#define PROGRESS_MAGIC		"fptutor-progress"
#define PROGRESS_VERSION	2	/* written; 1 is read too */

struct progress {
	char *dir;		/* NULL: no directory could be found */
	char *path;		/* DIR/progress, or "" without a directory */
	progress_lesson **rec;	/* records in the order first seen; each
				 * allocated alone so pointers stay valid */
	size_t n, cap;
	progress_item **item;	/* review items, in the order first rated */
	size_t nitem, icap;
	size_t *hash;		/* open addressing: index + 1, 0 empty */
	size_t hcap;		/* a power of two, or 0 */
};

/* An empty store for dir (NULL: none; such a store cannot be saved). */
progress *progress_new(const char *dir);
/* Drop every record (the store keeps its directory). */
void progress_clear(progress *p);

/* True for an id the store accepts: 1..PROGRESS_MAX_ID bytes, none of them
 * NUL or a control character (bytes >= 0x80 are kept as they are). */
bool progress_id_ok(const char *s);
/* True when a record's fields are in range and consistent. */
bool progress_fields_ok(const progress_lesson *r);

/* The record for id, created (zeroed, updated 0) when create is set and
 * there is room.  NULL when absent, full or out of memory. */
progress_lesson *progress_rec(progress *p, const char *id, bool create);
/* Replace r's missed list by a copy of ids; false (r unchanged) on
 * failure. */
bool progress_rec_missed(progress_lesson *r, const char *const *ids,
    size_t n);
/* The item for id, created (zeroed) when create is set and there is
 * room; NULL when absent, full or out of memory. */
progress_item *progress_item_rec(progress *p, const char *id, bool create);
/* True for an item id: 1..PROGRESS_MAX_ITEM_ID bytes as progress_id_ok. */
bool progress_item_id_ok(const char *s);
/* True when an item's fields are in range and consistent. */
bool progress_item_ok(const progress_item *it);
/* Drop every item. */
void progress_items_clear(progress *p);
/* Merge from's items into p: the newer (by updated) wins, p's on a tie. */
bool progress_items_merge(progress *p, const progress *from);

/* Merge from's records into p: each lesson keeps the newer record (by
 * updated; p's on a tie), done if either is, the better score of the two;
 * lessons only from has are appended.  False on out of memory (p then
 * holds a consistent part of the merge). */
bool progress_merge(progress *p, const progress *from);

/* Parse the text of a progress file (len bytes, NUL bytes allowed and
 * rejected) into p, which must be empty.  On failure p is left empty and
 * err gets "line N: what is wrong". */
bool progress_parse(progress *p, const char *buf, size_t len, char *err,
    size_t n);
/* The same, telling a damaged text from a lack of memory (which must not
 * get a good file set aside as damaged). */
enum progress_parsed {
	PROGRESS_PARSED,
	PROGRESS_PARSE_BAD,
	PROGRESS_PARSE_NOMEM,
};
enum progress_parsed progress_read_text(progress *p, const char *buf,
    size_t len, char *err, size_t n);
/* The text of p's file, malloc'd (*len bytes, NUL-terminated), or NULL
 * when out of memory. */
char *progress_format(const progress *p, size_t *len);

/* For the tests.  progress_now is the clock of updated and of the
 * timestamp a damaged file is renamed with.  progress_stage_hook, when
 * set, is called at each stage of writing the file, so a test can kill
 * the writer exactly there.  progress_lock_wait_ms is how long a save
 * waits for another instance's lock (5000) before it gives up. */
enum progress_stage {
	PROGRESS_STAGE_LOCKED,	/* the lock is held, nothing written yet */
	PROGRESS_STAGE_TMP,	/* the temporary file is open, empty */
	PROGRESS_STAGE_CHUNK,	/* after each chunk written to it */
	PROGRESS_STAGE_SYNCED,	/* written and fsynced, not yet renamed */
	PROGRESS_STAGE_RENAMED,	/* renamed over DIR/progress */
	PROGRESS_STAGE_DONE,	/* the directory fsynced, about to unlock */
};
extern time_t (*progress_now)(void);
extern void (*progress_stage_hook)(enum progress_stage stage);
extern int progress_lock_wait_ms;

#endif
