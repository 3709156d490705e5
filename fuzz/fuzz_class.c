/*
 * fuzz_class.c — class files (`fptutor grade --class`): the first byte
 * picks the format (even: CSV, odd: JSON Lines), the rest is the file,
 * read by lesson_class_read() in its chunks and graded against the
 * questions of lessons/interview.lesson (FUZZ_LESSON, or
 * $FPTUTOR_FUZZ_LESSON).  Invariants: every row handed over has non-empty
 * NUL-free student and question fields and an answer of answer_len bytes
 * without a NUL; rows come in line order (two on a line after a lone CR); a verdict's score
 * is within 0..max; the tallies count every graded row.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "lesson/class.h"

#ifndef FUZZ_LESSON
#define FUZZ_LESSON "lessons/interview.lesson"
#endif

static lesson *les;

typedef struct seen {
	lesson_class *c;
	int last_line;
	size_t graded;
} seen;

static bool
on_row(void *ctx, const lesson_class_row *row)
{
	seen *s = ctx;
	lesson_class_verdict v;
	char msg[400];

	FUZZ_CHECK(row->student[0] && row->question[0]);
	FUZZ_CHECK(strlen(row->answer) == row->answer_len);
	FUZZ_CHECK(row->line >= s->last_line);	/* a lone CR: two rows, one line */
	s->last_line = row->line;
	lesson_class_status st = lesson_class_grade(s->c, row, &v, msg, sizeof msg);
	FUZZ_CHECK(st != LESSON_CLASS_NOMEM);
	if (st == LESSON_CLASS_OK) {
		FUZZ_CHECK(v.score >= 0 && v.score <= v.max);
		s->graded++;
	}
	return true;
}

static void
on_bad(void *ctx, int line, const char *msg)
{
	seen *s = ctx;
	FUZZ_CHECK(line >= 1 && msg[0]);
	lesson_class_count_bad(s->c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (les == NULL) {
		const char *file = getenv("FPTUTOR_FUZZ_LESSON");
		lesson_diags d = { 0 };
		int ioerr;
		les = lesson_load(file ? file : FUZZ_LESSON, &d, &ioerr);
		lesson_diags_free(&d);
		if (les == NULL) {
			fprintf(stderr, "fuzz_class: cannot load %s\n", file ? file : FUZZ_LESSON);
			abort();
		}
	}
	if (size == 0)
		return 0;
	/* a copy: fmemopen wants a buffer of its own, and one byte at least */
	char *buf = malloc(size);
	if (buf == NULL)
		return 0;
	memcpy(buf, data + 1, size - 1);
	FILE *fp = fmemopen(buf, size - 1 ? size - 1 : 1, "rb");
	if (fp == NULL) {
		free(buf);
		return 0;
	}
	if (size == 1)
		fgetc(fp);	/* an empty file */
	seen s = { lesson_class_new_for(les), 0, 0 };
	FUZZ_CHECK(s.c != NULL);
	int e = lesson_class_read(fp, NULL, 0, data[0] & 1 ? LESSON_CLASS_JSONL :
	    LESSON_CLASS_CSV, on_row, on_bad, &s);
	FUZZ_CHECK(e == 0 || e == -1);
	if (e == 0) {
		const lesson_class_tally *t = lesson_class_tally_get(s.c);
		FUZZ_CHECK(t != NULL && t->rows == s.graded);
	}
	lesson_class_free(s.c);
	fclose(fp);
	free(buf);
	return 0;
}
