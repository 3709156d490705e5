/*
 * priv.h — what the files of src/lesson share and nobody else needs: UTF-8
 * helpers, the growable-array helper, string copies, and the entry points
 * of the parser's and validator's second files.
 */
#ifndef FPTUTOR_LESSON_PRIV_H
#define FPTUTOR_LESSON_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lesson/lesson.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 for an
 * invalid one (overlong, surrogate, beyond U+10FFFF, or a C1 control). */
size_t lesson_utf8_len(const char *s, size_t n);
/* The code point of the valid sequence s[0 .. len-1] (len from
 * lesson_utf8_len). */
uint32_t lesson_utf8_cp(const char *s, size_t len);
/* Whether cp is a bidi control or an invisible format character, which a
 * lesson may not hold (U+200B-200F, U+202A-202E, U+2066-2069, U+2028,
 * U+2029, U+061C, U+FEFF). */
bool lesson_utf8_format_char(uint32_t cp);

/* Did you mean (suggest.c): the candidate closest to word[0 .. len-1] by
 * edit distance, or NULL when none is close (at most one edit in a word
 * under 6 bytes, len/3 in a longer one).  lesson_suggest_id: the closest
 * lesson id in the directories dirs into out (n bytes); false when none. */
const char *lesson_suggest(const char *word, size_t len,
    const char *const *cands, size_t n);
bool lesson_suggest_id(const char *arg, const char *const *dirs, size_t ndirs,
    char *out, size_t n);
/* Characters (code points) in the first n bytes of valid UTF-8 text. */
int lesson_chars(const char *s, size_t n);

/* Grow *v (of *n elements of size sz) by one zeroed element; NULL when out
 * of memory or when *n has reached max. */
void *lesson_push(void *v, size_t *n, size_t sz, size_t max);
char *lesson_strndup(const char *s, size_t n);

/* Whitespace as lessons know it: space and tab. */
static inline bool
lesson_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* A look at a lesson file's text without loading it (which questions
 * it declares): the first LESSON_MAX_BYTES of a regular file, all that a
 * lesson may hold, read at once and NUL-terminated (find.c); NULL when
 * it is not a regular file or cannot be opened (a FIFO or a device is
 * never waited on).  *n is its length; the caller frees it. */
char *lesson_peek(const char *path, size_t *n);

/* The line of text (n bytes) at *at, without its newline, into *s and
 * *len, *at moved past it; false after the last line. */
static inline bool
lesson_next_line(const char *text, size_t n, size_t *at, const char **s,
    size_t *len)
{
	if (text == NULL || *at >= n)
		return false;
	const char *nl = memchr(text + *at, '\n', n - *at);
	*s = text + *at;
	*len = nl ? (size_t)(nl - *s) : n - *at;
	*at += *len + 1;
	return true;
}

/* A question's id for a message: "?" when it is not a well-formed id
 * (that is reported once, and its text may be anything). */
static inline const char *
lesson_qid(const lesson_question *q)
{
	return q->id && lesson_id_ok(q->id, strlen(q->id)) ? q->id : "?";
}

/* ---- parser internals shared by parse.c and parse_q.c ----------------- */

typedef enum lesson_ctx { CTX_HEADER, CTX_STEP, CTX_QUESTION, CTX_RUBRIC } lesson_ctx;

/* What paragraph text is being collected into. */
typedef enum lesson_sink {
	SINK_NONE,	/* prose not allowed here */
	SINK_STEP,	/* a paragraph item of the current step */
	SINK_SUMMARY, SINK_PROMPT, SINK_OPTION, SINK_HINT, SINK_ANSWER,
} lesson_sink;

typedef struct lesson_parser {
	const lesson_source *src;
	lesson_diags *d;
	lesson *l;
	lesson_ctx ctx;
	lesson_sink sink;	/* where the next prose line goes */
	lesson_text *text;	/* the text being collected (summary, hint, ...) */
	bool para_open;		/* the last line continued a paragraph */
	bool blank_seen;	/* a blank line since the text directive */
	lesson_question *q;	/* the open question */
	bool oom;
	bool stop;		/* a cap was reached: read no further */
	bool no_lesson;		/* "the first directive must be @lesson" said */
	bool capped;		/* a per-question cap was reported */
	bool rubric_told;	/* a directive swallowed by the @rubric was reported */
	size_t items_capped;	/* the step (1-based) whose item cap was reported */
	size_t reveal_step;	/* the step (1-based) of the last @reveal */
	size_t reveal_q;	/* 1 + the question that @reveal waits for */
} lesson_parser;

/* What the current step's next item waits for (lesson_item.wait). */
static inline size_t
lesson_parse_wait(const lesson_parser *p)
{
	return p->reveal_step == p->l->nsteps ? p->reveal_q : 0;
}

/* A directive's name and argument, split from its line. */
typedef struct lesson_directive {
	const lesson_line *line;
	const char *name;
	size_t namelen;
	const char *arg;	/* after the blanks that follow the name */
	int argcol;		/* 1-based column of arg */
} lesson_directive;

/* Message m of the table (msg.def) at LINE:COL of the file being parsed:
 * lesson_pdiag(p, line, col, LMSG_NAME, args...), checked like
 * lesson_diag_add(). */
void lesson_pdiag_put(lesson_parser *p, int line, int col, lesson_msg m, ...);
#define lesson_pdiag(p, line, col, ...) \
	(LESSON_MSG_CHECK(__VA_ARGS__), \
	    lesson_pdiag_put(p, line, col, __VA_ARGS__))
/* Add a line to text (a new paragraph unless one is open). */
bool lesson_text_add(lesson_parser *p, lesson_text *t, const char *s, size_t len,
    int lineno, int col, bool cont);
char *lesson_pstrdup(lesson_parser *p, const char *s, size_t n);

/* The directives inside a question (parse_q.c); false: not one of them. */
bool lesson_parse_qdirective(lesson_parser *p, const lesson_directive *dv);
void lesson_question_open(lesson_parser *p, const lesson_directive *dv);
void lesson_question_close(lesson_parser *p, int line, bool at_eof);
/* A line inside @rubric ... @end. */
void lesson_parse_rubric_line(lesson_parser *p, lesson_line *ln);

/* ---- validator internals shared by validate.c and validate_block.c ---- */

typedef struct lesson_checker {
	lesson *l;
	lesson_diags *d;
	size_t work;		/* values computed so far (LESSON_MAX_WORK) */
	const char *rubric_of;	/* NULL: every rubric is compiled; else only
				 * the rubric of this question id */
} lesson_checker;

/* lesson_validate(), but of the rubrics only question rubric_of's is
 * compiled (NULL: all): grading one answer (lesson_open_question) needs
 * no other, and compiling a rubric is most of what loading a lesson
 * costs.  Everything else is checked as lesson_validate() checks it. */
bool lesson_validate_for(lesson *l, lesson_diags *d, const char *rubric_of);

/* Before computing: false (reported once, at `at`) when the lesson's
 * budget is spent.  After: lesson_work_trace() adds what a trace cost. */
bool lesson_work_left(lesson_checker *c, lesson_loc at);
void lesson_work_trace(lesson_checker *c, const calc_trace *t);
/* Before reading text exactly (fp_read_beyond): its cost added, false
 * (reported) when that spends the budget. */
bool lesson_work_exact(lesson_checker *c, const char *text, lesson_loc at);

/* Message m of the table at a place of the lesson being checked:
 * lesson_vdiag(c, at, LMSG_NAME, args...), checked like lesson_diag_add().
 * A compound literal for `at` needs parentheses around it (its comma). */
void lesson_vdiag_put(lesson_checker *c, lesson_loc at, lesson_msg m, ...);
#define lesson_vdiag(c, at, ...) \
	(LESSON_MSG_CHECK(__VA_ARGS__), lesson_vdiag_put(c, at, __VA_ARGS__))
/* Column of byte offset off in text that starts at loc (same line). */
lesson_loc lesson_loc_at(lesson_loc loc, const char *text, size_t off);
void lesson_check_block(lesson_checker *c, lesson_block *b);
/* "@drill KIND [N] [level=L] [seed=S]" read (validate_drill.c), for the
 * parser (how many questions the block makes) and the validator; false
 * with err (LMSG_DRILL_*) and the word at fault (at, len) when not. */
typedef struct lesson_drill_spec {
	int kind, count, level;
	bool seeded;
	uint64_t seed;
	lesson_msg err;
	const char *at;
	size_t len;
} lesson_drill_spec;
bool lesson_drill_args(const char *args, lesson_drill_spec *out);
/* Check a @drill block and draw its drills into its questions. */
void lesson_check_drill(lesson_checker *c, lesson_block *b);
/* The KEY=VALUE blocks, @scaling and @scaler (validate_params.c). */
void lesson_check_params(lesson_checker *c, lesson_block *b);
/* Resolve a value and report a failure at its place; true when good. */
bool lesson_check_value(lesson_checker *c, lesson_value *v);
void lesson_value_clear(lesson_value *v);

#endif
