/*
 * answers.c — an answers file, `QUESTION-ID: answer` per line, read for
 * `fptutor play LESSON --answers FILE` (cmd_play.c) and for each student's
 * file of a class directory (cmd_play_class.c).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/play_class.h"

typedef cli_answer answer;

/*
 * Read the answers file: blank lines and lines starting with '#' are
 * skipped.  An id the lesson does not have is a warning (one answers file
 * may serve several lessons); a line without ':' or a second answer to
 * the same question is an error.  Returns CLI_OK or the status to exit.
 */
int
cli_play_read_answers(const char *cmd, const char *file, const lesson *l,
    answer **out, size_t *nout)
{
	lesson_source src;
	lesson_diags d = { 0 };
	answer *v = calloc(1, sizeof *v);
	size_t n = 0;
	char q[64];

	int e = lesson_source_read(file, &src, &d);
	if (e != 0 || v == NULL) {
		cli_lesson_diags(cmd, &d);
		lesson_diags_free(&d);
		free(v);
		return e > 0 ? CLI_IOERR : CLI_DATAERR;
	}
	for (size_t i = 0; i < src.nlines; i++) {
		const lesson_line *ln = &src.lines[i];
		const char *s = ln->text;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '#')
			continue;
		const char *colon = strchr(s, ':');
		size_t idlen = colon ? (size_t)(colon - s) : 0;
		while (idlen && (s[idlen - 1] == ' ' || s[idlen - 1] == '\t'))
			idlen--;
		int col = 1 + (int)(s - ln->text);
		if (colon == NULL || idlen == 0) {
			lesson_diag_add(&d, src.file, ln->lineno, col,
			    LMSG_ANSWER_SYNTAX);
			continue;
		}
		char *id = strndup(s, idlen);
		if (id == NULL)
			break;
		if (lesson_question_find(l, id) == NULL) {
			lesson_diag_add(&d, src.file, ln->lineno, col,
			    LMSG_ANSWER_NO_QUESTION, l->id,
			    lesson_quote(id, idlen, q, sizeof q));
			free(id);
			continue;
		}
		size_t k;
		for (k = 0; k < n && strcmp(v[k].id, id) != 0; k++)
			;
		if (k < n) {
			lesson_diag_add(&d, src.file, ln->lineno, col,
			    LMSG_ANSWER_TWICE, id, v[k].line);
			free(id);
			continue;
		}
		answer *nv = realloc(v, (n + 1) * sizeof *nv);
		const char *t = colon + 1;
		while (*t == ' ' || *t == '\t')
			t++;
		char *text = strdup(t);
		if (nv == NULL || text == NULL) {
			free(id);
			free(text);
			if (nv)
				v = nv;
			break;
		}
		v = nv;
		v[n++] = (answer){ id, text, ln->lineno };
	}
	lesson_source_free(&src);
	cli_lesson_diags(cmd, &d);
	int status = d.nerrors ? CLI_DATAERR : CLI_OK;
	lesson_diags_free(&d);
	*out = v;
	*nout = n;
	return status;
}

void
cli_play_free_answers(answer *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].id);
		free(v[i].text);
	}
	free(v);
}
