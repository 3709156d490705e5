/*
 * parse_text.c — what both halves of the parser (parse.c for the lesson's
 * structure, parse_q.c for a question's directives) use: diagnostics with
 * the parser's place, strings kept in the model, and prose cut into
 * paragraphs of literal text and {computed value} spans.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

void
lesson_pdiag_put(lesson_parser *p, int line, int col, lesson_msg m, ...)
{
	va_list ap;

	va_start(ap, m);
	lesson_diag_vput(p->d, p->src->file, line, col, m, ap);
	va_end(ap);
}

char *
lesson_pstrdup(lesson_parser *p, const char *s, size_t n)
{
	char *c = lesson_strndup(s, n);
	if (c == NULL)
		p->oom = true;
	return c;
}

/* ---- text: paragraphs and their spans ---------------------------------- */

static bool
add_span(lesson_parser *p, lesson_para *para, bool is_value, const char *s,
    size_t n, int line, int col)
{
	lesson_span *ns = lesson_push(para->spans, &para->nspans, sizeof *ns, SIZE_MAX);
	if (ns == NULL) {
		p->oom = true;
		return false;
	}
	para->spans = ns;
	lesson_span *sp = &ns[para->nspans - 1];
	sp->is_value = is_value;
	char *copy = lesson_pstrdup(p, s, n);
	if (is_value) {
		sp->value.src = copy;
		sp->value.loc = (lesson_loc){ line, col };
	} else {
		sp->text = copy;
	}
	return copy != NULL;
}

/* Cut a line into literal spans and {value} spans; "{{" is a literal '{'. */
static bool
add_spans(lesson_parser *p, lesson_para *para, const char *s, size_t len,
    int line, int col)
{
	size_t lit = 0, i = 0;

	while (i < len) {
		if (s[i] != '{') {
			i++;
			continue;
		}
		if (i + 1 < len && s[i + 1] == '{') {
			if (!add_span(p, para, false, s + lit, i + 1 - lit, line, col))
				return false;
			i += 2;
			lit = i;
			continue;
		}
		const char *close = memchr(s + i, '}', len - i);
		int bcol = col + lesson_chars(s, i);
		if (close == NULL) {
			lesson_pdiag(p, line, bcol, LMSG_BRACE_UNCLOSED);
			return true;
		}
		size_t a = i + 1, b = (size_t)(close - s);
		while (a < b && lesson_blank(s[a]))
			a++;
		while (b > a && lesson_blank(s[b - 1]))
			b--;
		if (a == b) {
			lesson_pdiag(p, line, bcol, LMSG_BRACES_EMPTY);
		} else {
			if (i > lit && !add_span(p, para, false, s + lit, i - lit, line, col))
				return false;
			if (!add_span(p, para, true, s + a, b - a, line,
			    col + lesson_chars(s, a)))
				return false;
		}
		i = (size_t)(close - s) + 1;
		lit = i;
	}
	if (len > lit)
		return add_span(p, para, false, s + lit, len - lit, line, col);
	return true;
}

bool
lesson_text_add(lesson_parser *p, lesson_text *t, const char *s, size_t len,
    int lineno, int col, bool cont)
{
	bool verbatim = len > 0 && lesson_blank(s[0]);
	lesson_para *para;

	if (cont && t->n > 0 && t->paras[t->n - 1].verbatim == verbatim) {
		para = &t->paras[t->n - 1];
		if (!add_span(p, para, false, verbatim ? "\n" : " ", 1, lineno, col))
			return false;
	} else {
		lesson_para *np = lesson_push(t->paras, &t->n, sizeof *np, SIZE_MAX);
		if (np == NULL) {
			p->oom = true;
			return false;
		}
		t->paras = np;
		para = &np[t->n - 1];
		para->verbatim = verbatim;
		para->loc = (lesson_loc){ lineno, col };
	}
	return add_spans(p, para, s, len, lineno, col);
}
