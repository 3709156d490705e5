/*
 * grade.h — the answer grader: rubrics that understand paraphrase,
 * negation and misconceptions, and order questions that name the first
 * inversion.  Curses-free; nothing here prints or exits.
 *
 * Who calls what: the lesson parser hands each line of a `rubric` (or
 * `order`) block to grade_rubric_line(), then grade_rubric_finish(); the
 * player, `fptutor grade` and the TUI call grade_answer() with the
 * learner's text and render the grade_result.  The rubric language is
 * documented in fptutor-lesson(5); doc/grader.md explains the mechanisms.
 *
 * Pipeline (one pass over the answer, no allocation per token beyond one
 * array): normalise (case, Unicode symbols and superscripts, numbers such as
 * 65,504 / 6.55e4 / 2^-24) -> tokens on word boundaries with a light stem ->
 * clauses (split at sentence punctuation, commas and contrast words) ->
 * phrase matches within a proximity window inside one clause, each marked
 * asserted, negated or hypothetical -> concepts, misconceptions, exclusive
 * claims -> score and verdict.
 */
#ifndef FPTUTOR_GRADE_H
#define FPTUTOR_GRADE_H

#include <stdbool.h>
#include <stddef.h>

#define GRADE_MAX_ANSWER (64 * 1024)	/* bytes of an answer that are read */
#define GRADE_MAX_LINE 1024		/* bytes of one rubric line */
#define GRADE_MAX_FIGURES 4		/* false figures reported per answer */

typedef struct grade_diag {
	size_t col;		/* 0-based byte offset in the line */
	char msg[160];
} grade_diag;

typedef struct grade_rubric grade_rubric;

grade_rubric *grade_rubric_new(void);
void grade_rubric_free(grade_rubric *r);
/* One line of the block, without its newline; blank lines and # comments
 * are accepted.  False with *d set on an error in this line. */
bool grade_rubric_line(grade_rubric *r, const char *line, grade_diag *d);
/* After the last line: every synonym and id referred to exists, there is at
 * least one concept or order step, the pass mark is reachable.  False with
 * *d (col 0) otherwise. */
bool grade_rubric_finish(grade_rubric *r, grade_diag *d);
/* An order rubric (has `step` lines, perhaps with concepts and
 * misconceptions beside them) or a plain free-text one. */
bool grade_rubric_is_order(const grade_rubric *r);

/* The subject's constants a figure may name, given by the caller (the
 * lesson layer takes them from the GradScaler model): an answer's "the
 * default initial scale is 2^24" is checked against them.  Without them
 * such figures are not checked. */
typedef struct grade_constants {
	double init_scale, growth_factor, backoff_factor, growth_interval;
} grade_constants;
void grade_rubric_set_constants(grade_rubric *r, const grade_constants *c);

typedef enum grade_verdict {
	GRADE_PASS,
	GRADE_LOW_SCORE,	/* below the pass mark */
	GRADE_MISSING_REQUIRED,	/* a required concept is missing */
	GRADE_MISCONCEPTION,	/* asserts a misconception */
	GRADE_CONTRADICTION,	/* asserts two exclusive claims */
	GRADE_SALAD,		/* key words without sentences */
	GRADE_HEDGE,		/* hedges every way without committing */
	GRADE_EMPTY,		/* nothing to grade */
	GRADE_BAD_ORDER,	/* order: an inversion or a missing step */
} grade_verdict;
const char *grade_verdict_text(grade_verdict v);

typedef struct grade_item {
	const char *id;
	const char *text;	/* the explanation to show (hit, miss, why) */
	int weight;
	bool required;
	bool hit;		/* concept found / misconception asserted */
} grade_item;

typedef struct grade_result {
	grade_verdict verdict;
	bool pass;
	int score, max;
	grade_item *concepts;	/* one per concept, in rubric order */
	size_t nconcepts;
	grade_item *miscs;	/* the misconceptions the answer asserts */
	size_t nmiscs;
	char contradiction[160];	/* "overflow / underflow", or "" */
	/* order questions */
	char order_found[256];	/* the steps in the answer's order */
	char inversion[400];	/* the first inversion and why, or "" */
	/* the why of each false figure (misconception "wrong-figure") */
	char figure_why[GRADE_MAX_FIGURES][200];
	/* the why of a GradScaler call order out of order outside an order
	 * question (misconception "call-order") */
	char call_why[200];
} grade_result;

/* Grade text (len bytes, at most GRADE_MAX_ANSWER are read; NUL bytes and
 * invalid UTF-8 are treated as spaces).  False only when out of memory. */
bool grade_answer(const grade_rubric *r, const char *text, size_t len,
    grade_result *out);
void grade_result_free(grade_result *res);

#endif
