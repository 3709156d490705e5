/*
 * item_answers.c — the answers file of `review --answers` and `drill
 * --answers`: "ID: answer" lines (blank lines and '#' lines skipped,
 * '-' is standard input), checked against the ids the command knows.
 * An unknown id is a warning (the answer is ignored); a line without ':'
 * or a second answer to one id is an error.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/practice.h"

static int
add(cli_item_answers *a, char *id, const char *text, int line)
{
	cli_item_answer *v = realloc(a->v, (a->n + 1) * sizeof *v);
	char *t = strdup(text);

	if (v == NULL || t == NULL) {
		free(t);
		if (v)
			a->v = v;
		return -1;
	}
	a->v = v;
	a->v[a->n++] = (cli_item_answer){ id, t, line };
	return 0;
}

int
cli_item_answers_read(const char *cmd, const char *file, const char *list_cmd,
    bool (*known)(const char *id, void *ctx), void *ctx, cli_item_answers *out)
{
	lesson_source src;
	lesson_diags d = { 0 };
	char q[160];

	memset(out, 0, sizeof *out);
	int e = lesson_source_read(file, &src, &d);
	if (e != 0) {
		cli_lesson_diags(cmd, &d);
		lesson_diags_free(&d);
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
		/* Item ids hold ':' ("LESSON:QUESTION"): the answer starts
		 * after the first ": " or the last ':' before any space. */
		const char *sep = strstr(s, ": ");
		if (sep == NULL && colon) {
			const char *sp = strpbrk(s, " \t");
			const char *c = colon;
			for (const char *x = colon; x && (!sp || x < sp);
			    x = strchr(x + 1, ':'))
				c = x;
			sep = c;
		}
		size_t idlen = sep ? (size_t)(sep - s) : 0;
		while (idlen && (s[idlen - 1] == ' ' || s[idlen - 1] == '\t'))
			idlen--;
		int col = 1 + (int)(s - ln->text);
		if (sep == NULL || idlen == 0) {
			lesson_diag_add(&d, src.file, ln->lineno, col,
			    LMSG_ANSWER_SYNTAX);
			continue;
		}
		char *id = strndup(s, idlen);
		if (id == NULL)
			break;
		if (!known(id, ctx)) {
			lesson_diag_add(&d, src.file, ln->lineno, col,
			    LMSG_ANSWER_NO_ITEM, lesson_quote(id, idlen, q,
			    sizeof q), list_cmd);
			free(id);
			continue;
		}
		size_t k;
		for (k = 0; k < out->n && strcmp(out->v[k].id, id) != 0; k++)
			;
		if (k < out->n) {
			lesson_diag_add(&d, src.file, ln->lineno, col,
			    LMSG_ANSWER_TWICE, id, out->v[k].line);
			free(id);
			continue;
		}
		const char *t = sep + 1;
		while (*t == ' ' || *t == '\t')
			t++;
		if (add(out, id, t, ln->lineno) != 0) {
			free(id);
			break;
		}
	}
	lesson_source_free(&src);
	cli_lesson_diags(cmd, &d);
	int status = d.nerrors ? CLI_DATAERR : CLI_OK;
	lesson_diags_free(&d);
	return status;
}

void
cli_item_answers_free(cli_item_answers *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].id);
		free(a->v[i].text);
	}
	free(a->v);
	memset(a, 0, sizeof *a);
}
