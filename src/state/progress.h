/*
 * progress.h — the learner's progress: for each lesson, where they stopped,
 * whether they finished, their best score and the questions they missed
 * (for a review pass).  No curses, no printing, no exit: problems come back
 * as a status and a message the caller shows.
 *
 * Where: DIR/progress, DIR being the state_dir given, else
 * $XDG_STATE_HOME/fptutor, else ~/.local/state/fptutor (doc/design.md,
 * "The learner's progress").
 * The file is line-oriented text, documented in doc/progress.md (version
 * 2 adds the review items; version 1 files are read and upgraded).
 *
 * Safety:
 *   - Saving writes a temporary file in DIR, fsyncs it, renames it over the
 *     old one and fsyncs DIR: a reader sees the old file or the new one,
 *     never a torn one, whatever kills the writer.
 *   - Two instances at once: saving takes an exclusive lock (DIR/lock,
 *     flock), re-reads the file and merges: each lesson's record is the
 *     newer of the two (by its updated time), best scores are the maximum,
 *     so one instance never discards another's lessons.
 *   - A file that does not parse is renamed to progress.damaged-TIMESTAMP
 *     (never deleted) and a fresh store starts, with PROGRESS_DAMAGED and a
 *     message naming both paths.
 *   - A directory that cannot be created or written gives
 *     PROGRESS_UNSAVABLE: the store still works in memory, saving fails
 *     with a message, and the tutor runs on.
 */
#ifndef FPTUTOR_STATE_PROGRESS_H
#define FPTUTOR_STATE_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define PROGRESS_MAX_ID 48	/* bytes of a lesson or question id */

typedef struct progress_lesson {
	char id[PROGRESS_MAX_ID + 1];
	size_t step;		/* where the learner stopped, 0-based */
	size_t nsteps;		/* the lesson's step count when saved */
	bool done;		/* reached the end at least once */
	double best, max;	/* best score and its maximum; max == 0: none */
	char **missed;		/* question ids not passed in the last attempt */
	size_t nmissed;
	time_t updated;		/* when this record last changed */
} progress_lesson;

/*
 * A review item: a lesson question ("LESSON:QUESTION") or an engine-made
 * drill (its drill id), with its FSRS memory state (src/state/fsrs.h).
 * An item is created by its first rating.
 */
#define PROGRESS_MAX_ITEM_ID 128	/* bytes of an item id */

typedef enum progress_kind {
	PROGRESS_QUESTION,
	PROGRESS_DRILL,
} progress_kind;

typedef struct progress_item {
	char id[PROGRESS_MAX_ITEM_ID + 1];
	char topic[PROGRESS_MAX_ID + 1];	/* a lesson id, or "drill-KIND" */
	progress_kind kind;
	bool relearn;		/* missed: due again in the same sitting */
	double s, d;		/* FSRS stability (days) and difficulty */
	time_t due, last;	/* next review; last rating */
	unsigned reps, lapses;	/* ratings; misses among them */
	unsigned tries, passes;	/* first tries (not relearning steps); passed */
	unsigned rpasses;	/* first-try passes in review (after the first) */
	time_t updated;
} progress_item;

typedef struct progress progress;

typedef enum progress_status {
	PROGRESS_OK,		/* loaded, or no file yet */
	PROGRESS_DAMAGED,	/* the file was set aside; msg says where */
	PROGRESS_UNSAVABLE,	/* works in memory only; msg says why */
	PROGRESS_NOMEM,
} progress_status;

/* Open the store (state_dir NULL: the XDG default) and read it.  *out is
 * NULL only with PROGRESS_NOMEM.  msg gets a one-line explanation for any
 * status but OK (n bytes, NUL-terminated). */
progress_status progress_open(progress **out, const char *state_dir,
    char *msg, size_t n);
void progress_free(progress *p);
const char *progress_path(const progress *p);	/* DIR/progress */

/* The record of a lesson, or NULL if it has none. */
const progress_lesson *progress_get(const progress *p, const char *id);
/* All records, in the order first seen. */
size_t progress_count(const progress *p);
const progress_lesson *progress_at(const progress *p, size_t i);

/* Record that the learner is at step of nsteps (and finished, if done). */
bool progress_set_step(progress *p, const char *id, size_t step,
    size_t nsteps, bool done);
/* Record an attempt's score; best keeps the maximum.  missed replaces the
 * missed list (ids are copied). */
bool progress_set_score(progress *p, const char *id, double score,
    double max, const char *const *missed, size_t nmissed);

/* Review items, in the order first rated. */
size_t progress_item_count(const progress *p);
const progress_item *progress_item_at(const progress *p, size_t i);
const progress_item *progress_item_get(const progress *p, const char *id);
/* Rate item id at time now with an FSRS rating (1 again, 2 hard, 3 good,
 * 4 easy), creating it (with kind and topic) on its first rating.  A miss
 * makes it due at once (a relearning step); a pass schedules it by FSRS.
 * False, changing nothing, for a bad id, topic or rating, or no room. */
bool progress_rate(progress *p, const char *id, progress_kind kind,
    const char *topic, int rating, time_t now);
/* Mastery of a topic (NULL: every topic): items, first tries, first-try
 * passes, solid items (passed in review at least twice), items due. */
typedef struct progress_mastery {
	size_t items, tries, passes, solid, due;
} progress_mastery;
void progress_mastery_of(const progress *p, const char *topic, time_t now,
    progress_mastery *out);
/* Whether the item is due at now. */
bool progress_item_due(const progress_item *it, time_t now);
/* The clock of reviews: FPTUTOR_NOW (seconds since the Epoch) when set to
 * a plain number, else the time. */
time_t progress_clock(void);
/* "question" or "drill". */
const char *progress_kind_name(progress_kind k);

/* Write the store (lock, re-read, merge, temp file, fsync, rename).
 * Returns false with msg filled when it cannot be saved. */
bool progress_save(progress *p, char *msg, size_t n);

#endif
