/*
 * progress.h — the learner's progress: for each lesson, where they stopped,
 * whether they finished, their best score and the questions they missed
 * (for a review pass).  No curses, no printing, no exit: problems come back
 * as a status and a message the caller shows.
 *
 * Where: DIR/progress, DIR being the state_dir given, else
 * $XDG_STATE_HOME/fptutor, else ~/.local/state/fptutor (doc/design.md,
 * "The learner's progress").
 * The file is line-oriented text, documented in fptutor(1) FILES.
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

/* Write the store (lock, re-read, merge, temp file, fsync, rename).
 * Returns false with msg filled when it cannot be saved. */
bool progress_save(progress *p, char *msg, size_t n);

#endif
