/*
 * fsrs.h — the review scheduler: FSRS-5, the Free Spaced Repetition
 * Scheduler Anki uses, from its published formulas and its 19 default
 * parameters (doc/progress.md, "The scheduler").  A memory state is a
 * stability S (days until recall falls to 90%) and a difficulty D in
 * [1, 10]; each review rates the recall (again, hard, good, easy) and the
 * next review falls when the predicted recall reaches the target
 * retention (0.9).  Pure arithmetic: no clock, no store.
 */
#ifndef FPTUTOR_STATE_FSRS_H
#define FPTUTOR_STATE_FSRS_H

#define FSRS_VERSION_NAME	"FSRS-5"
#define FSRS_NPARAMS		19
#define FSRS_RETENTION		0.9	/* the desired retention */
#define FSRS_MAX_DAYS		36500	/* the longest interval */

typedef enum fsrs_rating {
	FSRS_AGAIN = 1,		/* a miss */
	FSRS_HARD = 2,		/* passed, on a retry */
	FSRS_GOOD = 3,		/* passed on the first try */
	FSRS_EASY = 4,
} fsrs_rating;

typedef struct fsrs_mem {
	double s;		/* stability, days */
	double d;		/* difficulty, 1 (easy) .. 10 (hard) */
} fsrs_mem;

/* The default parameters w[0..18] of FSRS-5. */
extern const double fsrs_w[FSRS_NPARAMS];

/* Predicted recall after t days at stability s: (1 + FACTOR t/s)^DECAY. */
double fsrs_retrievability(double t, double s);
/* Days until recall falls to retention r: s/FACTOR (r^(1/DECAY) - 1). */
double fsrs_interval(double s, double r);
/* The interval in whole days that a review schedules: fsrs_interval at
 * FSRS_RETENTION, rounded, at least 1 and at most FSRS_MAX_DAYS. */
long fsrs_next_days(double s);

/* The state after the first rating of a new item. */
fsrs_mem fsrs_first(fsrs_rating g);
/* The state after a review t days after the last one (t >= 1: the
 * long-term formulas; success grows S, a lapse shrinks it). */
fsrs_mem fsrs_review(fsrs_mem m, double t, fsrs_rating g);
/* The state after a review the same day (a relearning step):
 * S' = S e^(w17 (G - 3 + w18)), and D as in a review. */
fsrs_mem fsrs_same_day(fsrs_mem m, fsrs_rating g);

#endif
