/*
 * fuzz_lesson.c — lesson files: the bytes are written to a memfd and
 * loaded through lesson_load() as a file, the path every lesson takes
 * (read, parse, validate).  A lesson that loads is then played through:
 * every question answered with its model answer, graded by the same
 * graders `play` uses.  Invariants: a failed load reports an error, a
 * loaded one reports none.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "lesson/lesson.h"
#include "lesson/grade_text.h"
#include "lesson/player.h"

/* The model answer of q as one line of text (its spans joined). */
static void
model_answer(const lesson_question *q, char *buf, size_t n)
{
	size_t at = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < q->answer.n; i++) {
		const lesson_para *p = &q->answer.paras[i];
		for (size_t j = 0; j < p->nspans; j++) {
			char v[128];
			const lesson_span *s = &p->spans[j];
			const char *t = s->is_value ? lesson_value_str(&s->value, v, sizeof v) : s->text;
			int w = snprintf(buf + at, n - at, "%s ", t ? t : "");
			if (w < 0 || (size_t)w >= n - at)
				return;
			at += (size_t)w;
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("fuzz.lesson", 0);
		if (fd < 0) {
			perror("memfd_create");
			abort();
		}
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) {
		perror("memfd");
		abort();
	}

	lesson_diags d = { 0 };
	int ioerr = 0;
	lesson *l = lesson_load(path, &d, &ioerr);
	FUZZ_CHECK(l != NULL ? d.nerrors == 0 : d.nerrors > 0);
	FUZZ_CHECK(ioerr == 0);
	if (l != NULL) {
		for (size_t i = 0; i < l->nquestions; i++) {
			const lesson_question *q = &l->questions[i];
			char answer[2048];
			lesson_grade g;
			model_answer(q, answer, sizeof answer);
			lesson_grade_answer(l, q, answer, lesson_grade_text, &g);
			lesson_grade_answer(l, q, "", lesson_grade_text, &g);
		}
		lesson_free(l);
	}
	lesson_diags_free(&d);
	return 0;
}
