/*
 * validate_drill.c — "@drill KIND [N] [level=L] [seed=S]": N (1 to
 * LESSON_MAX_DRILLS, default 3) engine-made drills of KIND at level L
 * (1 to 3 or easy, normal, hard; default 2), each a question of the
 * lesson (type LQ_DRILL) whose id is the drill's own ("round-2-1a2b3c4d").
 * The parser reads the count with the same reader (lesson_drill_args) and
 * makes that many questions after the block; the validator draws the
 * drills into them.  Without seed=, the block's seed is made of the
 * lesson's id, the kind, the level and how many @drill blocks of that kind
 * and level come before it: prose can change around a block and its
 * drills stay the same, so review can schedule them by their ids.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "lesson/lesson.h"
#include "lesson/priv.h"

/* The next blank-separated word of s from *at: its start and length. */
static bool
word(const char *s, size_t *at, const char **w, size_t *n)
{
	size_t i = *at;

	while (lesson_blank(s[i]))
		i++;
	if (s[i] == '\0')
		return false;
	*w = s + i;
	while (s[i] && !lesson_blank(s[i]))
		i++;
	*n = (size_t)(s + i - *w);
	*at = i;
	return true;
}

static bool
prefixed(const char *w, size_t n, const char *key)
{
	size_t k = strlen(key);
	return n > k && memcmp(w, key, k) == 0;
}

bool
lesson_drill_args(const char *args, lesson_drill_spec *out)
{
	const char *w;
	size_t n, at = 0;
	bool counted = false, leveled = false;
	char buf[32];

	memset(out, 0, sizeof *out);
	out->kind = -1;
	out->count = 3;
	out->level = DRILL_LEVEL_DEFAULT;
	out->err = LMSG__COUNT;
	if (!word(args, &at, &w, &n)) {
		out->err = LMSG_DRILL_KIND;
		out->at = args;
		return false;
	}
	snprintf(buf, sizeof buf, "%.*s", (int)(n < 31 ? n : 31), w);
	out->kind = n < 31 ? drill_kind_find(buf) : -1;
	if (out->kind < 0) {
		out->err = LMSG_DRILL_KIND;
		out->at = w;
		out->len = n;
		return false;
	}
	while (word(args, &at, &w, &n)) {
		out->at = w;
		out->len = n;
		bool count = strspn(w, "0123456789") >= n;
		bool level = prefixed(w, n, "level=");
		bool seed = prefixed(w, n, "seed=");
		if ((count && counted) || (level && leveled) || (seed &&
		    out->seeded)) {
			out->err = LMSG_DRILL_TWICE;
			return false;
		}
		if (count) {
			counted = true;
			out->count = n <= 2 ? atoi(w) : 0;
			if (out->count < 1 || out->count > LESSON_MAX_DRILLS) {
				out->err = LMSG_DRILL_COUNT;
				return false;
			}
		} else if (level) {
			leveled = true;
			snprintf(buf, sizeof buf, "%.*s", (int)(n - 6 < 31 ? n - 6 :
			    31), w + 6);
			out->level = n - 6 < 31 ? drill_level_find(buf) : -1;
			if (out->level < 0) {
				out->err = LMSG_DRILL_LEVEL;
				return false;
			}
		} else if (seed) {
			char *end;
			out->seeded = true;
			snprintf(buf, sizeof buf, "%.*s", (int)(n - 5 < 31 ? n - 5 :
			    31), w + 5);
			errno = 0;
			out->seed = strtoull(buf, &end, 0);
			if (buf[0] < '0' || buf[0] > '9' || *end || errno ||
			    n - 5 > 30) {
				out->err = LMSG_DRILL_SEED;
				return false;
			}
		} else {
			out->err = LMSG_DRILL_ARG;
			return false;
		}
	}
	return true;
}

/* The block's seed when none is given: FNV-1a of the lesson's id, the
 * kind, the level and the place among the blocks of that kind and level. */
static uint64_t
default_seed(const lesson *l, const lesson_block *b, int kind, int level)
{
	uint64_t h = 1469598103934665603u;
	char key[LESSON_MAX_ID + 48];
	unsigned before = 0;

	for (const lesson_block *o = l->blocks; o < b; o++)
		before += o->kind == LB_DRILL && o->drill_kind == kind &&
		    o->drill_level == level;
	int n = snprintf(key, sizeof key, "%s/%s/%d/%u", l->id ? l->id : "",
	    drill_kind_name((drill_kind)kind), level, before);
	for (int i = 0; i < n && i < (int)sizeof key; i++)
		h = (h ^ (unsigned char)key[i]) * 1099511628211u;
	return h;
}

/* One paragraph of one literal span: the engine's text, for the views. */
static bool
set_text(lesson_text *t, const char *s, lesson_loc loc)
{
	lesson_para *p = calloc(1, sizeof *p);
	lesson_span *sp = calloc(1, sizeof *sp);
	char *copy = strdup(s);

	if (p == NULL || sp == NULL || copy == NULL) {
		free(p);
		free(sp);
		free(copy);
		return false;
	}
	sp->text = copy;
	p->spans = sp;
	p->nspans = 1;
	p->loc = loc;
	*t = (lesson_text){ p, 1, loc };
	return true;
}

/* Draw drill i of the block into its question. */
static bool
make_question(lesson *l, const lesson_block *b, int i)
{
	lesson_question *q = &l->questions[b->drill_q0 + (size_t)i];
	drill_item *d = malloc(sizeof *d);
	char *id;

	if (d == NULL)
		return false;
	drill_make((drill_kind)b->drill_kind, b->drill_level,
	    drill_item_seed(b->drill_seed, (size_t)i), d);
	if ((id = strdup(d->id)) == NULL) {
		free(d);
		return false;
	}
	free(q->id);
	q->id = id;
	q->drill = d;
	q->answer_loc = b->loc;
	return set_text(&q->prompt, d->prompt, b->loc) &&
	    set_text(&q->answer, d->answer, b->loc);
}

void
lesson_check_drill(lesson_checker *c, lesson_block *b)
{
	lesson_drill_spec a;
	char q[64];

	b->drill_kind = -1;
	if (!lesson_drill_args(b->args, &a)) {
		lesson_loc at = lesson_loc_at(b->args_loc, b->args,
		    (size_t)(a.at - b->args));
		const char *w = lesson_quote(a.at, a.len, q, sizeof q);
		switch (a.err) {
		case LMSG_DRILL_KIND:
			lesson_vdiag(c, at, LMSG_DRILL_KIND, w, drill_kind_names());
			break;
		case LMSG_DRILL_COUNT:
			lesson_vdiag(c, at, LMSG_DRILL_COUNT, LESSON_MAX_DRILLS, w);
			break;
		case LMSG_DRILL_LEVEL:
			lesson_vdiag(c, at, LMSG_DRILL_LEVEL, w);
			break;
		case LMSG_DRILL_SEED:
			lesson_vdiag(c, at, LMSG_DRILL_SEED, w);
			break;
		case LMSG_DRILL_TWICE:
			lesson_vdiag(c, at, LMSG_DRILL_TWICE, w);
			break;
		default:
			lesson_vdiag(c, at, LMSG_DRILL_ARG, w);
			break;
		}
		return;
	}
	b->drill_kind = a.kind;
	b->drill_level = a.level;
	b->drill_count = a.count;
	b->drill_seed = a.seeded ? a.seed : default_seed(c->l, b, a.kind,
	    a.level);
	/* the parser made the questions; a cap may have stopped it short */
	if (b->drill_q0 + (size_t)a.count > c->l->nquestions)
		return;
	for (int i = 0; i < a.count; i++)
		if (!make_question(c->l, b, i)) {
			lesson_vdiag(c, b->loc, LMSG_NO_MEMORY);
			return;
		}
}
