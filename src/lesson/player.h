/*
 * player.h — the lesson player: a UI-free state machine over a loaded
 * lesson (where the learner is, which sub-step of an animation, which
 * answers were given, hints shown, scores), driven by events; and the
 * graders of the closed question types.
 *
 * Who calls what: a front end creates a player for a lesson, sends it
 * events (a key in the TUI, a line of an answers file in scripted mode)
 * and after each one asks a view to draw the player's state.  Views only
 * read the player.  The text view (src/view/lesson_text.c) and the terminal
 * UI are two views of the same player, so scripted mode prints what the
 * TUI shows.
 *
 * Grading: choice, ordering, numeric and bit-pattern questions are graded
 * here.  Free-text questions go to a lesson_text_grader that the grader
 * module provides (src/grade, through grade_text.h; doc/design.md, "Data
 * flow"); without one, a free-text answer is "not graded" and does not
 * pass.
 *
 * Nothing here prints, exits or includes curses.
 */
#ifndef FPTUTOR_LESSON_PLAYER_H
#define FPTUTOR_LESSON_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "lesson/lesson.h"

/* ---- grading -------------------------------------------------------------- */

typedef struct lesson_grade {
	bool graded;		/* false: nothing could judge the answer */
	bool pass;
	double score, max;
	char feedback[2048];	/* one or more sentences, no trailing newline */
} lesson_grade;

/*
 * The free-text grader's entry point: judge answer against q's rubric
 * (q->rubric, lines as written, with their line numbers in l->file) and
 * fill *out (graded, pass, score, max, feedback).  Return false when the
 * answer cannot be judged at all.
 */
typedef bool (*lesson_text_grader)(const lesson *l, const lesson_question *q,
    const char *answer, lesson_grade *out);

/* The message of an unjudged free-text answer. */
#define LESSON_NOT_GRADED "not graded: the free-text grader is not built yet"

/* Grade one answer.  text_grader may be NULL. */
void lesson_grade_answer(const lesson *l, const lesson_question *q,
    const char *answer, lesson_text_grader text_grader, lesson_grade *out);

/* ---- the player ----------------------------------------------------------- */

typedef struct lesson_progress {
	char *answer;		/* the last answer given, or NULL */
	int attempts;
	size_t hints_shown;
	bool revealed;		/* the model answer was shown: cannot pass */
	lesson_grade grade;	/* of the last answer */
	/* The first attempt, which is the question's score: a retry is
	 * practice.  first_seen is set by the first answer, or by a reveal
	 * before any answer (which counts as a miss). */
	bool first_seen, first_pass, first_graded;
	bool skipped;		/* the learner moved past it unanswered */
	bool recorded;		/* rated as a review item (record.c) */
	double first_score, first_max;
} lesson_progress;

/* How a question went, first tries first. */
typedef enum lesson_outcome {
	LESSON_OUT_NOT_ANSWERED,
	LESSON_OUT_PASSED,		/* on the first try */
	LESSON_OUT_PASSED_RETRY,	/* missed first, passed later: practice */
	LESSON_OUT_NOT_PASSED,	/* also: the answer was revealed first */
	LESSON_OUT_NOT_GRADED,	/* the first answer could not be judged */
} lesson_outcome;

lesson_outcome lesson_progress_outcome(const lesson_progress *g);
/* "passed", "passed on retry", "not passed", ... */
const char *lesson_outcome_name(lesson_outcome o);

typedef struct lesson_player {
	const lesson *l;
	lesson_text_grader text_grader;
	size_t step;		/* current step */
	size_t item;		/* current item of the step */
	int frame;		/* sub-step of the item's animation */
	bool done;		/* moved past the last item */
	lesson_progress *q;	/* per question, as l->questions */
} lesson_player;

typedef enum lesson_ev_type {
	LESSON_EV_NEXT,		/* next sub-step, else next item, else next step */
	LESSON_EV_PREV,		/* the reverse */
	LESSON_EV_NEXT_ITEM,	/* the next item, skipping the rest of an animation */
	LESSON_EV_NEXT_STEP,	/* the first item of the next step */
	LESSON_EV_PREV_STEP,	/* the first item of the previous step */
	LESSON_EV_GOTO_STEP,	/* the first item of step ev->step */
	LESSON_EV_ANSWER,	/* ev->text answers ev->question (NULL: the current) */
	LESSON_EV_HINT,		/* show the next hint of the question */
	LESSON_EV_REVEAL,	/* show the model answer (the question fails) */
} lesson_ev_type;

typedef struct lesson_event {
	lesson_ev_type type;
	const char *question;	/* an id, or NULL for the current item's */
	const char *text;	/* ANSWER */
	size_t step;		/* GOTO_STEP, 0-based */
} lesson_event;

typedef enum lesson_ev_result {
	LESSON_EV_OK,		/* the state changed */
	LESSON_EV_IGNORED,	/* nothing to do: at an end, no hint left */
	LESSON_EV_NO_QUESTION,	/* no such question, or the item is not one */
	LESSON_EV_NOMEM,
} lesson_ev_result;

/* NULL when out of memory.  The lesson must outlive the player. */
lesson_player *lesson_player_new(const lesson *l, lesson_text_grader text_grader);
void lesson_player_free(lesson_player *p);
lesson_ev_result lesson_player_event(lesson_player *p, const lesson_event *ev);

/* Reading the state, for views. */
const lesson_item *lesson_player_item(const lesson_player *p);	/* NULL if none */
int lesson_player_frames(const lesson_player *p);	/* of the current item */
/* Whether an item after @reveal is still held back: its question is not
 * answered, revealed or skipped yet.  (Items are shown in turn, so a
 * front end that shows the items up to the current one never meets a
 * held one; one that shows more must not show it.) */
bool lesson_player_held(const lesson_player *p, const lesson_item *it);
/* The current item's question, or NULL. */
const lesson_question *lesson_player_question(const lesson_player *p);
const lesson_progress *lesson_player_progress(const lesson_player *p,
    const lesson_question *q);

/* First tries: passed counts first-try passes, score their points;
 * retried counts the questions passed only on a retry. */
typedef struct lesson_score {
	size_t questions, answered, passed, graded, retried;
	double score, max;
} lesson_score;
void lesson_player_score(const lesson_player *p, lesson_score *out);
/* Every question passed on its first try (true for a lesson without
 * questions). */
bool lesson_player_passed(const lesson_player *p);

/* ---- review items (record.c) ---------------------------------------------- */

struct progress;
/* The FSRS rating of an outcome: 3 good (first try), 2 hard (retry), 1
 * again (missed); 0 for a question not answered (nothing to record). */
int lesson_outcome_rating(lesson_outcome o);
/* Rate each question tried and not rated yet as the review item
 * "LESSON:QUESTION" of pr at now; returns how many were rated. */
size_t lesson_record_reviews(lesson_player *p, struct progress *pr,
    time_t now);

#endif
