/*
 * class.c — the grading session of a class: every lesson on the search
 * path loaded once (the shelf), each question's rubric compiled the first
 * time it is answered and kept, each answer graded by the functions
 * `fptutor grade` calls (grade_answer() with the compiled rubric for free
 * text, lesson_grade_answer() for the closed types), and per student the
 * verdict of the last answer to each question, from which the tallies
 * are made at the end.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/class.h"
#include "lesson/grade_text.h"
#include "lesson/player.h"

/* A question id as the class wrote it: the question (NULL: unknown), its
 * rubric once compiled, and the misconceptions its answers asserted. */
typedef struct qentry {
	char *id;
	const lesson *l;
	const lesson_question *q;
	grade_rubric *rub;
	bool rub_tried;
	char rub_err[300];
	const char **mids, **mwhy;
	size_t nm;
	size_t used;		/* place in first appearance + 1; 0 = not yet */
} qentry;

/* A student's counted answer to one question. */
typedef struct slot {
	uint32_t q;
	int line;
	bool pass;
	double score, max;
	uint16_t *m;		/* indexes into the question's mids */
	size_t nm;
} slot;

typedef struct student {
	char *name;
	slot *s;
	size_t n;
} student;

/* Open addressing over names: 1 + index, 0 empty. */
typedef struct strmap {
	size_t *v;
	size_t cap, n;
} strmap;

struct lesson_class {
	lesson_shelf shelf;
	bool shelf_open;
	const lesson *only;	/* grade this lesson's questions, not the shelf's */
	lesson_report_fn on_load;
	const void *ctx;
	qentry *qs;
	size_t nqs, nused;
	strmap qmap;
	student *st;
	size_t nst;
	strmap smap;
	grade_result res;
	bool have_res;
	const char **vm, **vmiss;
	size_t capvm, capvmiss;
	size_t rows, bad;
	lesson_class_tally t;
	bool tallied;
};

static size_t
hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The index of name, or (size_t)-1; names(ctx, i) is the i-th name. */
static size_t
map_find(const strmap *m, const char *name, const char *(*names)(const void *, size_t),
    const void *ctx)
{
	if (m->cap == 0)
		return (size_t)-1;
	size_t i = hash(name) & (m->cap - 1);
	while (m->v[i]) {
		if (strcmp(names(ctx, m->v[i] - 1), name) == 0)
			return m->v[i] - 1;
		i = (i + 1) & (m->cap - 1);
	}
	return (size_t)-1;
}

/* Record index idx for name (not there yet); false when out of memory. */
static bool
map_add(strmap *m, size_t idx, const char *(*names)(const void *, size_t),
    const void *ctx)
{
	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		size_t *v = calloc(cap, sizeof *v);
		if (v == NULL)
			return false;
		for (size_t i = 0; i < m->cap; i++)
			if (m->v[i]) {
				size_t j = hash(names(ctx, m->v[i] - 1)) & (cap - 1);
				while (v[j])
					j = (j + 1) & (cap - 1);
				v[j] = m->v[i];
			}
		free(m->v);
		m->v = v;
		m->cap = cap;
	}
	size_t j = hash(names(ctx, idx)) & (m->cap - 1);
	while (m->v[j])
		j = (j + 1) & (m->cap - 1);
	m->v[j] = idx + 1;
	m->n++;
	return true;
}

static const char *
qname(const void *ctx, size_t i)
{
	return ((const lesson_class *)ctx)->qs[i].id;
}

static const char *
sname(const void *ctx, size_t i)
{
	return ((const lesson_class *)ctx)->st[i].name;
}

/* Grow an array of n elements by one; NULL when out of memory. */
static void *
grow(void *v, size_t n, size_t sz)
{
	/* capacities are the powers of two, so no capacity is stored */
	if (n == 0 || (n & (n - 1)) == 0) {
		void *nv = realloc(v, (n ? 2 * n : 1) * sz);
		return nv;
	}
	return v;
}

lesson_class *
lesson_class_new(lesson_report_fn on_load, const void *ctx)
{
	lesson_class *c = calloc(1, sizeof *c);

	if (c) {
		c->on_load = on_load;
		c->ctx = ctx;
	}
	return c;
}

lesson_class *
lesson_class_new_for(const lesson *l)
{
	lesson_class *c = lesson_class_new(NULL, NULL);

	if (c)
		c->only = l;
	return c;
}

/* The cache entry of id, made on first sight; NULL when out of memory. */
static qentry *
question(lesson_class *c, const char *id)
{
	size_t i = map_find(&c->qmap, id, qname, c);

	if (i != (size_t)-1)
		return &c->qs[i];
	if (!c->shelf_open && !c->only) {
		if (lesson_shelf_open(&c->shelf, c->on_load, c->ctx) != 0)
			return NULL;
		c->shelf_open = true;
	}
	qentry *nq = grow(c->qs, c->nqs, sizeof *nq);
	char *dup = strdup(id);
	if (nq == NULL || dup == NULL) {
		free(dup);
		if (nq)
			c->qs = nq;
		return NULL;
	}
	c->qs = nq;
	qentry *e = memset(&c->qs[c->nqs], 0, sizeof *e);
	e->id = dup;
	if (c->only && (e->q = lesson_question_find(c->only, id)) != NULL)
		e->l = c->only;
	for (size_t k = 0; k < c->shelf.n && e->q == NULL; k++)
		if ((e->q = lesson_question_find(c->shelf.v[k], id)) != NULL)
			e->l = c->shelf.v[k];
	if (!map_add(&c->qmap, c->nqs, qname, c)) {
		free(dup);
		return NULL;
	}
	return &c->qs[c->nqs++];
}

static student *
student_of(lesson_class *c, const char *name)
{
	size_t i = map_find(&c->smap, name, sname, c);

	if (i != (size_t)-1)
		return &c->st[i];
	student *ns = grow(c->st, c->nst, sizeof *ns);
	char *dup = strdup(name);
	if (ns == NULL || dup == NULL) {
		free(dup);
		if (ns)
			c->st = ns;
		return NULL;
	}
	c->st = ns;
	c->st[c->nst] = (student){ dup, NULL, 0 };
	if (!map_add(&c->smap, c->nst, sname, c)) {
		free(dup);
		return NULL;
	}
	return &c->st[c->nst++];
}

/* The misconception's index in e's list, added on first sight. */
static long
misc_index(qentry *e, const char *id, const char *why)
{
	for (size_t i = 0; i < e->nm; i++)
		if (strcmp(e->mids[i], id) == 0)
			return (long)i;
	if (e->nm >= UINT16_MAX)
		return -1;
	const char **a = grow(e->mids, e->nm, sizeof *a);
	if (a == NULL)
		return -1;
	e->mids = a;
	const char **b = grow(e->mwhy, e->nm, sizeof *b);
	if (b == NULL)
		return -1;
	e->mwhy = b;
	e->mids[e->nm] = id;
	e->mwhy[e->nm] = why;
	return (long)e->nm++;
}

static bool
push_str(const char ***v, size_t *cap, size_t n, const char *s)
{
	if (n >= *cap) {
		size_t nc = *cap ? 2 * *cap : 8;
		const char **nv = realloc(*v, nc * sizeof *nv);
		if (nv == NULL)
			return false;
		*v = nv;
		*cap = nc;
	}
	(*v)[n] = s;
	return true;
}

/* The verdict of a free-text answer, as `fptutor grade` reaches it. */
static lesson_class_status
grade_text(lesson_class *c, qentry *e, const lesson_class_row *row,
    lesson_class_verdict *v, char *msg, size_t n)
{
	if (!e->rub_tried) {
		grade_diag d;
		int line;
		e->rub_tried = true;
		e->rub = lesson_rubric_compile(e->q, &line, &d);
		if (e->rub == NULL)
			snprintf(e->rub_err, sizeof e->rub_err, "the rubric of '%s' is "
			    "invalid (%s:%d:%zu: %s)", e->id, e->l->file, line,
			    d.col + 1, d.msg);
	}
	if (e->rub == NULL) {
		snprintf(msg, n, "%s", e->rub_err);
		return LESSON_CLASS_BAD;
	}
	if (!grade_answer(e->rub, row->answer, row->answer_len, &c->res))
		return LESSON_CLASS_NOMEM;
	c->have_res = true;
	v->pass = c->res.pass;
	v->score = c->res.score;
	v->max = c->res.max;
	for (size_t i = 0; i < c->res.nmiscs; i++)
		if (!push_str(&c->vm, &c->capvm, v->nmiscs++, c->res.miscs[i].id))
			return LESSON_CLASS_NOMEM;
	for (size_t i = 0; i < c->res.nconcepts; i++)
		if (!c->res.concepts[i].hit &&
		    !push_str(&c->vmiss, &c->capvmiss, v->nmissing++, c->res.concepts[i].id))
			return LESSON_CLASS_NOMEM;
	v->miscs = c->vm;
	v->missing = c->vmiss;
	return LESSON_CLASS_OK;
}

/* Keep the verdict as the student's answer to the question. */
static lesson_class_status
count(lesson_class *c, qentry *e, const lesson_class_row *row,
    lesson_class_verdict *v)
{
	student *s = student_of(c, row->student);
	if (s == NULL)
		return LESSON_CLASS_NOMEM;
	uint32_t qi = (uint32_t)(e - c->qs);
	slot *sl = NULL;
	for (size_t i = 0; i < s->n && sl == NULL; i++)
		if (s->s[i].q == qi)
			sl = &s->s[i];
	if (sl) {
		v->first_line = sl->line;
		free(sl->m);
	} else {
		slot *ns = grow(s->s, s->n, sizeof *ns);
		if (ns == NULL)
			return LESSON_CLASS_NOMEM;
		s->s = ns;
		sl = &s->s[s->n++];
	}
	*sl = (slot){ qi, row->line, v->pass, v->score, v->max, NULL, 0 };
	if (v->nmiscs && (sl->m = calloc(v->nmiscs, sizeof *sl->m)) == NULL)
		return LESSON_CLASS_NOMEM;
	for (size_t i = 0; i < v->nmiscs; i++) {
		long k = misc_index(e, v->miscs[i], c->res.miscs[i].text);
		if (k < 0)
			return LESSON_CLASS_NOMEM;
		sl->m[sl->nm++] = (uint16_t)k;
	}
	if (e->used == 0)
		e->used = ++c->nused;
	c->rows++;
	return LESSON_CLASS_OK;
}

lesson_class_status
lesson_class_grade(lesson_class *c, const lesson_class_row *row,
    lesson_class_verdict *v, char *msg, size_t n)
{
	memset(v, 0, sizeof *v);
	v->miscs = v->missing = NULL;
	if (c->have_res) {
		grade_result_free(&c->res);
		c->have_res = false;
	}
	c->tallied = false;
	qentry *e = question(c, row->question);
	if (e == NULL)
		return LESSON_CLASS_NOMEM;
	if (e->q == NULL) {
		snprintf(msg, n, "unknown question '%.60s' (fptutor lessons lists them)",
		    row->question);
		c->bad++;
		return LESSON_CLASS_BAD;
	}
	lesson_class_status st;
	if (e->q->type == LQ_TEXT) {
		st = grade_text(c, e, row, v, msg, n);
	} else {
		lesson_grade g;
		lesson_grade_answer(e->l, e->q, row->answer, lesson_grade_text, &g);
		v->pass = g.pass;
		v->score = g.score;
		v->max = g.max;
		st = LESSON_CLASS_OK;
	}
	if (st == LESSON_CLASS_BAD)
		c->bad++;
	return st == LESSON_CLASS_OK ? count(c, e, row, v) : st;
}

void
lesson_class_count_bad(lesson_class *c)
{
	c->bad++;
	c->tallied = false;
}

static void
tally_free(lesson_class_tally *t)
{
	for (size_t i = 0; i < t->nmiscs; i++)
		free(t->miscs[i].students);
	free(t->students);
	free(t->questions);
	free(t->miscs);
	memset(t, 0, sizeof *t);
}

typedef struct ranked {
	lesson_class_misc m;
	size_t rank;
} ranked;

static int
by_students(const void *a, const void *b)
{
	const ranked *x = a, *y = b;
	if (x->m.nstudents != y->m.nstudents)
		return x->m.nstudents > y->m.nstudents ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static bool
tally(lesson_class *c, lesson_class_tally *t)
{
	t->rows = c->rows;
	t->bad = c->bad;
	t->students = calloc(c->nst + 1, sizeof *t->students);
	t->questions = calloc(c->nused + 1, sizeof *t->questions);
	size_t nm = 0, *first = calloc(c->nqs + 1, sizeof *first);
	for (size_t i = 0; i < c->nqs; i++) {
		first[i] = nm;
		nm += c->qs[i].nm;
	}
	t->miscs = calloc(nm + 1, sizeof *t->miscs);
	if (!t->students || !t->questions || !first || !t->miscs) {
		free(first);
		return false;
	}
	for (size_t i = 0; i < c->nqs; i++) {
		qentry *e = &c->qs[i];
		if (e->used)
			t->questions[e->used - 1].id = e->id;
		for (size_t k = 0; k < e->nm; k++)
			t->miscs[first[i] + k] = (lesson_class_misc){ e->id, e->mids[k],
			    e->mwhy[k], NULL, 0, 0 };
	}
	t->nquestions = c->nused;
	t->nmiscs = nm;
	t->nstudents = c->nst;
	for (size_t i = 0; i < c->nst; i++) {
		lesson_class_student *ts = &t->students[i];
		ts->name = c->st[i].name;
		for (size_t j = 0; j < c->st[i].n; j++) {
			const slot *sl = &c->st[i].s[j];
			const qentry *e = &c->qs[sl->q];
			lesson_class_question *tq = &t->questions[e->used - 1];
			ts->answered++;
			ts->passed += sl->pass;
			ts->score += sl->score;
			ts->max += sl->max;
			tq->answered++;
			tq->passed += sl->pass;
			for (size_t k = 0; k < e->nm; k++)
				t->miscs[first[sl->q] + k].answered++;
			for (size_t k = 0; k < sl->nm; k++) {
				lesson_class_misc *m = &t->miscs[first[sl->q] + sl->m[k]];
				size_t *ns = grow(m->students, m->nstudents, sizeof *ns);
				if (ns == NULL) {
					free(first);
					return false;
				}
				m->students = ns;
				m->students[m->nstudents++] = i;
			}
		}
	}
	/* most students first; ties in the order of the questions' first
	 * appearance, then of the misconceptions' */
	ranked *rk = malloc((nm + 1) * sizeof *rk);
	if (rk == NULL) {
		free(first);
		return false;
	}
	for (size_t i = 0; i < c->nqs; i++)
		for (size_t k = 0; k < c->qs[i].nm; k++) {
			size_t at = first[i] + k;
			rk[at].m = t->miscs[at];
			rk[at].rank = (c->qs[i].used ? c->qs[i].used : c->nqs + 1) *
			    ((size_t)UINT16_MAX + 1) + k;
		}
	qsort(rk, nm, sizeof *rk, by_students);
	for (size_t i = 0; i < nm; i++)
		t->miscs[i] = rk[i].m;
	free(rk);
	free(first);
	/* drop the misconceptions no counted answer asserts any more */
	size_t k = 0;
	for (size_t i = 0; i < nm; i++)
		if (t->miscs[i].nstudents)
			t->miscs[k++] = t->miscs[i];
	t->nmiscs = k;
	return true;
}

const lesson_class_tally *
lesson_class_tally_get(lesson_class *c)
{
	if (c->tallied)
		return &c->t;
	tally_free(&c->t);
	if (!tally(c, &c->t)) {
		tally_free(&c->t);
		return NULL;
	}
	c->tallied = true;
	return &c->t;
}

void
lesson_class_free(lesson_class *c)
{
	if (c == NULL)
		return;
	tally_free(&c->t);
	if (c->have_res)
		grade_result_free(&c->res);
	for (size_t i = 0; i < c->nqs; i++) {
		free(c->qs[i].id);
		grade_rubric_free(c->qs[i].rub);
		free(c->qs[i].mids);
		free(c->qs[i].mwhy);
	}
	free(c->qs);
	for (size_t i = 0; i < c->nst; i++) {
		for (size_t j = 0; j < c->st[i].n; j++)
			free(c->st[i].s[j].m);
		free(c->st[i].s);
		free(c->st[i].name);
	}
	free(c->st);
	free(c->qmap.v);
	free(c->smap.v);
	free(c->vm);
	free(c->vmiss);
	if (c->shelf_open)
		lesson_shelf_free(&c->shelf);
	free(c);
}
