/*
 * model.c — the lesson model's lifetime and lookups: names of the enums,
 * freeing (the load pipeline is open.c), the lookups,
 * and the checks that span lessons (question ids are global).
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grade/grade.h"
#include "lesson/lesson.h"
#include "lesson/priv.h"

static const char *const block_names[LB_NKINDS] = {
	"bits", "round", "calc", "scaling", "softmax", "scaler", "plot", "train",
	"inspect", "drill",
};
static const char *const qtype_names[LQ_NTYPES] = {
	"text", "choice", "order", "numeric", "bits", "drill",
};
static const char *const qtype_titles[LQ_NTYPES] = {
	"free text", "multiple choice", "ordering", "numeric", "bit pattern",
	"drill",
};

const char *
lesson_block_name(lesson_bkind k)
{
	return (unsigned)k < LB_NKINDS ? block_names[k] : "?";
}

const fp_exact *
lesson_block_exact(const lesson_block *b, int v)
{
	return v >= 0 && v < b->nvals && b->beyond[v] ? &b->exact[v] : NULL;
}

const char *
lesson_qtype_name(lesson_qtype t)
{
	return (unsigned)t < LQ_NTYPES ? qtype_names[t] : "?";
}

const char *
lesson_qtype_title(lesson_qtype t)
{
	return (unsigned)t < LQ_NTYPES ? qtype_titles[t] : "?";
}

/* The capacity is the next power of two at or above n, so the array
 * grows geometrically without storing it. */
void *
lesson_push(void *v, size_t *n, size_t sz, size_t max)
{
	char *nv = v;

	if (*n >= max)
		return NULL;
	if (*n == 0 || (*n & (*n - 1)) == 0) {
		nv = realloc(v, (*n ? *n * 2 : 1) * sz);
		if (nv == NULL)
			return NULL;
	}
	memset(nv + *n * sz, 0, sz);
	(*n)++;
	return nv;
}

char *
lesson_strndup(const char *s, size_t n)
{
	char *c = malloc(n + 1);
	if (c) {
		memcpy(c, s, n);
		c[n] = '\0';
	}
	return c;
}

bool
lesson_id_ok(const char *s, size_t len)
{
	if (len == 0 || len > LESSON_MAX_ID || s[0] == '-' || s[len - 1] == '-')
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
			return false;
	}
	return true;
}

/* ---- freeing ---------------------------------------------------------- */

void
lesson_value_clear(lesson_value *v)
{
	free(v->src);
	calc_free(v->expr);
	v->src = NULL;
	v->expr = NULL;
}

static void
free_para(lesson_para *p)
{
	for (size_t i = 0; i < p->nspans; i++) {
		free(p->spans[i].text);
		lesson_value_clear(&p->spans[i].value);
	}
	free(p->spans);
}

static void
free_text(lesson_text *t)
{
	for (size_t i = 0; i < t->n; i++)
		free_para(&t->paras[i]);
	free(t->paras);
	t->paras = NULL;
	t->n = 0;
}

static void
free_question(lesson_question *q)
{
	free(q->id);
	free_text(&q->prompt);
	for (size_t i = 0; i < q->nopts; i++) {
		free(q->opts[i].key);
		free_text(&q->opts[i].text);
	}
	free(q->opts);
	for (size_t i = 0; i < q->ncorrect; i++)
		free(q->correct[i]);
	free(q->correct);
	lesson_value_clear(&q->value);
	free(q->fmt_name);
	free(q->tol_text);
	for (size_t i = 0; i < q->nhints; i++)
		free_text(&q->hints[i]);
	free(q->hints);
	free_text(&q->answer);
	free_text(&q->concise);
	for (size_t i = 0; i < q->nrubric; i++)
		free(q->rubric[i].text);
	grade_rubric_free(q->compiled);
	free(q->drill);
	free(q->rubric);
}

static void
free_block(lesson_block *b)
{
	free(b->args);
	for (int i = 0; i < b->nvals; i++)
		free(b->valtext[i]);
	calc_free(b->expr);
	calc_free(b->expr2);
	free(b->vector);
	free(b->grad_text);
	free(b->grad_max_text);
	free(b->path);
	free(b->tensor);
}

void
lesson_free(lesson *l)
{
	if (l == NULL)
		return;
	free(l->file);
	free(l->id);
	free(l->title);
	free_text(&l->summary);
	for (size_t i = 0; i < l->nsteps; i++) {
		lesson_step *s = &l->steps[i];
		free(s->title);
		for (size_t k = 0; k < s->nitems; k++)
			if (s->items[k].kind == LI_PARA)
				free_para(&s->items[k].para);
		free(s->items);
	}
	free(l->steps);
	for (size_t i = 0; i < l->nblocks; i++)
		free_block(&l->blocks[i]);
	free(l->blocks);
	for (size_t i = 0; i < l->nquestions; i++)
		free_question(&l->questions[i]);
	free(l->questions);
	free(l);
}

/* ---- lookups ------------------------------------------------------------ */

const lesson_question *
lesson_question_find(const lesson *l, const char *id)
{
	for (size_t i = 0; i < l->nquestions; i++)
		if (strcmp(l->questions[i].id, id) == 0)
			return &l->questions[i];
	return NULL;
}

int
lesson_option_find(const lesson_question *q, const char *key, size_t len)
{
	for (size_t i = 0; i < q->nopts; i++)
		if (strlen(q->opts[i].key) == len &&
		    strncasecmp(q->opts[i].key, key, len) == 0)
			return (int)i;
	return -1;
}

size_t
lesson_check_unique(const lesson *const *ls, size_t n, lesson_diags *d)
{
	size_t found = 0;

	for (size_t a = 0; a < n; a++)
		for (size_t i = 0; i < ls[a]->nquestions; i++) {
			const lesson_question *q = &ls[a]->questions[i];
			for (size_t b = 0; b < a; b++) {
				const lesson_question *o = lesson_question_find(ls[b], q->id);
				if (o == NULL)
					continue;
				lesson_diag_add(d, ls[a]->file, q->id_loc.line,
				    q->id_loc.col, LMSG_QUESTION_ID_SHARED,
				    q->id, ls[b]->file, o->id_loc.line);
				found++;
				break;
			}
		}
	return found;
}
