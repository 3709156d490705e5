/*
 * class.h — a whole class's answers graded in one run: the reader of a
 * class file (class_read.c: CSV through libcsv, JSON Lines through
 * jansson, streamed so memory stays flat) and the grading session
 * (class.c: each question's lesson loaded once and each rubric compiled
 * once, every answer graded by the very functions `fptutor grade` calls,
 * and the tallies a report needs).  Curses-free; nothing here prints or
 * exits.
 *
 * Who calls what: a front end (`fptutor grade --class`) opens the file,
 * picks the format (lesson_class_sniff), and calls lesson_class_read()
 * with a row callback; the callback hands each row to
 * lesson_class_grade() and prints the verdict it gets back, or the
 * message of a bad row.  After the last row lesson_class_tally() gives
 * the per-student, per-question and per-misconception figures for the
 * report (src/view/class_text.c).
 */
#ifndef FPTUTOR_LESSON_CLASS_H
#define FPTUTOR_LESSON_CLASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "lesson/lesson.h"

/* ---- reading a class file (class_read.c) ---------------------------------- */

typedef enum lesson_class_fmt {
	LESSON_CLASS_AUTO,	/* by extension, else by the first byte */
	LESSON_CLASS_CSV,
	LESSON_CLASS_JSONL,
} lesson_class_fmt;

/* Bytes of one CSV row or one JSON line; a longer one is a bad row. */
#define LESSON_CLASS_MAX_ROW (256 * 1024)

/* The format of a file: .csv is CSV; .jsonl, .ndjson and .json are JSON
 * Lines; any other name (and "-") by its first byte after a UTF-8 BOM and
 * blanks: '{' is JSON Lines, anything else CSV.  head: the file's first n
 * bytes. */
lesson_class_fmt lesson_class_sniff(const char *name, const char *head, size_t n);

/* One good row.  Strings are NUL-terminated valid UTF-8, valid until the
 * callback returns; answer may hold line breaks. */
typedef struct lesson_class_row {
	const char *student, *question, *answer;
	size_t answer_len;
	int line;		/* where the row begins (1-based) */
} lesson_class_row;

/* Return false to stop reading (out of memory, a write error). */
typedef bool (*lesson_class_row_fn)(void *ctx, const lesson_class_row *row);
/* A bad row: its line and what was wrong. */
typedef void (*lesson_class_bad_fn)(void *ctx, int line, const char *msg);

/*
 * Read the class file from fp, head (n bytes, perhaps 0) first: the bytes
 * already read from fp to sniff its format.  CSV: RFC 4180, a header row
 * naming (case-insensitive) at least student, question and answer, other
 * columns ignored, CRLF or LF line ends, blank lines skipped.  JSON
 * Lines: one object per line with string members student, question and
 * answer, blank lines skipped.  A UTF-8 BOM at the start is skipped.
 * Each bad row goes to bad() and reading goes on.  Returns 0 when the
 * whole file was read; an errno when reading failed; -1 when the file
 * cannot be read as a class file at all (a CSV header without the three
 * columns: reported through bad()) or a callback stopped it; -2 when
 * out of memory.
 */
int lesson_class_read(FILE *fp, const char *head, size_t n, lesson_class_fmt fmt,
    lesson_class_row_fn row, lesson_class_bad_fn bad, void *ctx);

/* ---- grading (class.c) ----------------------------------------------------- */

typedef struct lesson_class lesson_class;

/* The verdict on one answer; the pointers stay valid until the next
 * lesson_class_grade() or lesson_class_free(). */
typedef struct lesson_class_verdict {
	bool pass;
	double score, max;
	const char **miscs;	/* ids of the misconceptions asserted */
	size_t nmiscs;
	const char **missing;	/* ids of the concepts the answer did not make */
	size_t nmissing;
	int first_line;		/* a repeat: the line of this student's earlier
				 * answer to the question (the later one counts);
				 * else 0 */
} lesson_class_verdict;

typedef enum lesson_class_status {
	LESSON_CLASS_OK,
	LESSON_CLASS_BAD,	/* not graded: the message says why */
	LESSON_CLASS_NOMEM,
} lesson_class_status;

/* on_load sees each lesson's diagnostics as it is loaded.  NULL when out
 * of memory. */
lesson_class *lesson_class_new(lesson_report_fn on_load, const void *ctx);
/* A session that grades the questions of lesson l only (which must
 * outlive it): what `fptutor play LESSON` does for a class.  NULL when out
 * of memory. */
lesson_class *lesson_class_new_for(const lesson *l);
void lesson_class_free(lesson_class *c);
/* Grade one row: free text by the question's rubric, the closed types by
 * their key, exactly as `fptutor grade QUESTION` does.  LESSON_CLASS_BAD
 * (unknown question, invalid rubric) with msg (n bytes) set. */
lesson_class_status lesson_class_grade(lesson_class *c, const lesson_class_row *row,
    lesson_class_verdict *v, char *msg, size_t n);

/* ---- the tallies --------------------------------------------------------------- */

typedef struct lesson_class_student {
	const char *name;
	size_t answered, passed;	/* questions (a repeat counts once) */
	double score, max;
} lesson_class_student;

typedef struct lesson_class_question {
	const char *id;
	size_t answered, passed;	/* students */
} lesson_class_question;

typedef struct lesson_class_misc {
	const char *question, *id, *why;
	size_t *students;	/* indexes into the students, first seen first */
	size_t nstudents;
	size_t answered;	/* students who answered the question */
} lesson_class_misc;

typedef struct lesson_class_tally {
	size_t rows, bad;		/* answers graded, rows not graded */
	lesson_class_student *students;	/* in order of first appearance */
	size_t nstudents;
	lesson_class_question *questions;	/* in order of first appearance */
	size_t nquestions;
	lesson_class_misc *miscs;	/* most students first */
	size_t nmiscs;
} lesson_class_tally;

/* Count a row that was not graded (for the tallies' bad). */
void lesson_class_count_bad(lesson_class *c);
/* The figures over every student's counted answers (the last to each
 * question).  NULL when out of memory; valid until lesson_class_free(). */
const lesson_class_tally *lesson_class_tally_get(lesson_class *c);

#endif
