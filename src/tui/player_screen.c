/*
 * player_screen.c — the lesson player screen: a view of the UI-free
 * player (src/lesson/player.h).  The body shows the current step's items
 * up to the current one: prose wrapped to the width, bits blocks as the
 * bits widget walking bit by bit (the player's frame is the walk's
 * position), the other blocks through the text view (the same numbers as
 * `fptutor play`, made once and kept: view/block_cache.h), questions as
 * answer panels (answer.c).  The step is drawn into a pad and the visible
 * slice copied, so a tall step scrolls.
 * Progress (the step, and the score when the lesson ends or is left) is
 * recorded and saved when the screen closes.
 */
#include <config.h>

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lesson/grade_text.h"
#include "view/block_cache.h"
#include "view/lesson_text.h"
#include "view/term.h"
#include "tui/tui_priv.h"

typedef struct pscreen {
	tui_screen s;
	lesson *l;
	lesson_player *p;
	view_block_cache *blocks;	/* the blocks' text, made when first shown */
	tui_answer **ans;	/* per question, made when first shown */
	int scroll;		/* first body row shown */
	bool follow;		/* keep the current item in view */
	int total;		/* rows of the last drawing */
	int rows;		/* body rows of the last drawing */
	int cur_top;		/* where the current item starts */
	int acy, acx;		/* the editor's cursor on the pad */
	bool has_cursor;
	char title[120];
	const char *keybar[24];	/* the key bar of the last call of keys() */
	char keyq[LESSON_MAX_ID + 16];	/* its entry naming the question */
	bool shown;		/* drawn at least once: there is progress to keep */
	bool *told;		/* per question: told once that -> skips it */
} pscreen;

/* ---- measuring and drawing items ----------------------------------------------- */

static int
text_width(int cols)
{
	int w = cols - 4;
	return w > 96 ? 96 : w;
}

static tui_answer *
answer_of(pscreen *ps, size_t qi)
{
	if (ps->ans[qi] == NULL)
		ps->ans[qi] = tui_answer_new(ps->p, &ps->l->questions[qi]);
	return ps->ans[qi];
}

/* Draw (w non-NULL) or measure item i of the current step from row y. */
static int
item(pscreen *ps, WINDOW *w, size_t i, int y, int cols)
{
	const lesson *l = ps->l;
	const lesson_item *it = &l->steps[ps->p->step].items[i];
	bool current = i == ps->p->item;
	int width = text_width(cols);
	int n = 0;

	switch (it->kind) {
	case LI_PARA:
		{
			char *buf = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&buf, &len);
			if (f) {
				view_lesson_para_text(f, &it->para, 0, 0, width);
				fclose(f);
			}
			n = tui_lines(w, y, 2, cols, buf);
			free(buf);
		}
		break;
	case LI_BLOCK: {
		const lesson_block *b = &l->blocks[it->index];
		if (b->kind == LB_BITS) {
			n = tui_bits_block(w, y, 1, cols - 2, b, current ? ps->p->frame : -1);
			break;
		}
		/* Kept, not made again per draw: a block's computation (five
		 * training runs, say) depends on the lesson alone. */
		const char *t = ps->blocks ? view_block_cache_text(ps->blocks, b) : NULL;
		n = tui_lines(w, y, 2, cols, t ? t : "(out of memory: the block is not shown)");
		break;
	}
	case LI_QUESTION: {
		tui_answer *a = answer_of(ps, it->index);
		if (a == NULL)
			break;
		tui_answer_set_current(a, current);
		n = w ? tui_answer_draw(a, w, y, cols) : tui_answer_rows(a, cols);
		if (w && current)
			ps->has_cursor = tui_answer_cursor(a, &ps->acy, &ps->acx);
		break;
	}
	}
	return n;
}

static void
player_draw(tui_screen *s, WINDOW *w, int rows, int cols)
{
	pscreen *ps = s->data;
	const lesson_player *p = ps->p;

	ps->has_cursor = false;
	ps->shown = true;
	ps->rows = rows;
	if (p->done || p->step >= ps->l->nsteps) {
		tui_player_summary(ps->p, w, cols);
		return;
	}
	const lesson_step *st = &ps->l->steps[p->step];
	/* Measure: the step's title, then each item shown so far. */
	int total = 2;
	size_t last = p->item < st->nitems ? p->item : st->nitems - 1;
	for (size_t i = 0; i < st->nitems && i <= last; i++) {
		if (i == last)
			ps->cur_top = total;
		total += item(ps, NULL, i, 0, cols) + 1;
	}
	/* A question keeps its editor, or its answer and verdict, in view:
	 * a long answer or a tall question must not push them off below. */
	const lesson_item *li = &st->items[last];
	if (li->kind == LI_QUESTION && ps->ans[li->index])
		ps->cur_top += tui_answer_anchor(ps->ans[li->index]);
	ps->total = total;
	if (ps->follow) {
		ps->scroll = total > rows ? total - rows : 0;
		if (ps->scroll > ps->cur_top)
			ps->scroll = ps->cur_top;
	}
	if (ps->scroll > total - rows)
		ps->scroll = total > rows ? total - rows : 0;
	if (ps->scroll < 0)
		ps->scroll = 0;
	WINDOW *pad = newpad(total + rows, cols);
	if (pad == NULL)
		return;
	char head[300];
	snprintf(head, sizeof head, "Step %zu of %zu: %s", p->step + 1,
	    ps->l->nsteps, st->title);
	wattrset(pad, tui_attr(TR_TITLE) & ~(attr_t)A_REVERSE);
	tui_put(pad, 0, 1, cols - 2, head);
	wattrset(pad, tui_attr(TR_NORMAL));
	int y = 2;
	for (size_t i = 0; i < st->nitems && i <= last; i++)
		y += item(ps, pad, i, y, cols) + 1;
	copywin(pad, w, ps->scroll, 0, 0, 0, rows - 1, cols - 1, FALSE);
	/* The rest below (of a long feedback, say) is marked: Down, j or
	 * space shows it. */
	if (ps->scroll + rows < total) {
		wattrset(w, tui_attr(TR_KEY));
		tui_put(w, rows - 1, cols - 12, 12, view_tty.utf8 ?
		    " \xe2\x86\x93 more \xe2\x86\x93 " : " v more v ");
		wattrset(w, tui_attr(TR_NORMAL));
	}
	if (ps->has_cursor) {
		ps->acy -= ps->scroll;
		if (ps->acy < 0 || ps->acy >= rows)
			ps->has_cursor = false;
	}
	delwin(pad);
}

/* Between keys: make the blocks not made yet (a @train block's five runs
 * take a while), a small piece at a time, until a key waits or a tenth of
 * a second has gone; the shell then reads the key, and calls again when
 * none comes. */
static bool
player_idle(tui_screen *s)
{
	pscreen *ps = s->data;
	bool redraw = false;
	struct timespec t0, t;
	struct pollfd in = { STDIN_FILENO, POLLIN, 0 };

	if (ps->blocks == NULL)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (view_block_cache_busy(ps->blocks)) {
		redraw |= view_block_cache_work(ps->blocks);
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= 100 ||
		    poll(&in, 1, 0) != 0)
			break;
	}
	return redraw;
}

static bool
player_cursor(tui_screen *s, int *y, int *x)
{
	pscreen *ps = s->data;

	*y = ps->acy;
	*x = ps->acx;
	return ps->has_cursor;
}

static const char *
player_status(tui_screen *s, char *buf, size_t n)
{
	pscreen *ps = s->data;
	const lesson_player *p = ps->p;
	size_t N = ps->l->nsteps, at = p->done ? N : p->step + 1;
	char bar[64] = "";
	int fill = N ? (int)(10 * at / N) : 0;
	size_t o = 0;

	for (int i = 0; i < 10; i++)
		o += (size_t)snprintf(bar + o, sizeof bar - o, "%s", i < fill ?
		    (view_tty.utf8 ? "\xe2\x96\x88" : "#") :
		    (view_tty.utf8 ? "\xc2\xb7" : "."));
	if (p->done)
		snprintf(buf, n, "done %s", bar);
	else
		snprintf(buf, n, "step %zu/%zu %s", at, N, bar);
	return buf;
}

/* ---- keys --------------------------------------------------------------------- */

static tui_key_result
ev(pscreen *ps, lesson_ev_type t)
{
	bool was_done = ps->p->done;

	lesson_player_event(ps->p, &(lesson_event){ .type = t });
	ps->follow = true;
	if (ps->p->done && !was_done) {
		tui_player_record(ps->p, true);
		tui_save();
	}
	return TUI_KEY_HANDLED;
}

/* Whether the current item is a block drawn whole (every frame at once):
 * its frames are not visible states to step through. */
static bool
whole_block(const pscreen *ps)
{
	const lesson_item *it = ps->p->done ? NULL : lesson_player_item(ps->p);

	return it && it->kind == LI_BLOCK &&
	    ps->l->blocks[it->index].kind != LB_BITS;
}

/* Back to the previous visible state: a bit of the walk, or the item
 * before (past the invisible frames of a block drawn whole). */
static tui_key_result
back(pscreen *ps)
{
	size_t step = ps->p->step, item = ps->p->item;
	bool done = ps->p->done;

	ev(ps, LESSON_EV_PREV);
	while (!done && whole_block(ps) && ps->p->step == step &&
	    ps->p->item == item && ps->p->frame >= 0 &&
	    lesson_player_event(ps->p, &(lesson_event){ .type = LESSON_EV_PREV })
	    == LESSON_EV_OK)
		;
	return TUI_KEY_HANDLED;
}

/* The next visible state: the next bit of a walk; what is below the
 * screen of a step taller than it (like a pager); else the next item,
 * which may be the first of the next step.  Nothing is skipped. */
static tui_key_result next_item(pscreen *ps);

static tui_key_result
forward(pscreen *ps)
{
	/* Only the bits walk is drawn frame by frame; the other blocks show
	 * every frame at once, as the text view does. */
	const lesson_item *it = lesson_player_item(ps->p);
	bool walk = it && it->kind == LI_BLOCK && !whole_block(ps);

	if (!walk && !ps->p->done && ps->scroll + ps->rows < ps->total) {
		ps->follow = false;
		ps->scroll += ps->rows > 4 ? ps->rows - 2 : 1;
		return TUI_KEY_HANDLED;
	}
	return walk ? ev(ps, LESSON_EV_NEXT) : next_item(ps);
}

/*
 * Presenter mode: what a clicker sends (PgDn/PgUp, the arrows) walks the
 * lesson one visible state at a time, forward and back, so the room sees
 * every bit of a walk, every block and every question.  Up and Down stay
 * with an ordering question, which picks its items with them.
 */
static tui_key_result
present_key(pscreen *ps, const lesson_question *q, int is_key, wint_t ch)
{
	bool order = q && q->type == LQ_ORDER && !ps->p->done;

	if (!is_key)
		return ch == ' ' ? forward(ps) : TUI_KEY_UNHANDLED;
	switch (ch) {
	case KEY_DOWN:
		if (order)
			return TUI_KEY_UNHANDLED;
		/* fall through */
	case KEY_NPAGE:
	case KEY_RIGHT:
		return forward(ps);
	case KEY_UP:
		if (order)
			return TUI_KEY_UNHANDLED;
		/* fall through */
	case KEY_PPAGE:
	case KEY_LEFT:
		return back(ps);
	}
	return TUI_KEY_UNHANDLED;
}

/* Moving on from a question not answered yet: the first time, say so and
 * stay (the next press moves on).  Presenter mode clicks through. */
static bool
told_skip(pscreen *ps)
{
	const lesson_question *q = ps->p->done ? NULL :
	    lesson_player_question(ps->p);
	char msg[200];

	if (q == NULL || tui_presenting())
		return false;
	size_t qi = (size_t)(q - ps->l->questions);
	if (lesson_player_progress(ps->p, q)->answer || ps->told[qi])
		return false;
	ps->told[qi] = true;
	snprintf(msg, sizeof msg, "%s is not answered: %s answers it, %s again "
	    "skips it.", q->id, q->type == LQ_CHOICE ? "a letter" :
	    q->type == LQ_ORDER ? "Enter (after K/J)" : "Enter",
	    view_tty.utf8 ? "\xe2\x86\x92" : "Right");
	tui_warn(msg);
	return true;
}

static tui_key_result
next_item(pscreen *ps)
{
	return told_skip(ps) ? TUI_KEY_HANDLED : ev(ps, LESSON_EV_NEXT_ITEM);
}

static tui_key_result
player_key(tui_screen *s, int is_key, wint_t ch)
{
	pscreen *ps = s->data;
	const lesson_question *q = lesson_player_question(ps->p);
	tui_answer *cur = q && !ps->p->done ? answer_of(ps, (size_t)(q -
	    ps->l->questions)) : NULL;

	if (tui_presenting() && !(cur && tui_answer_editing(cur))) {
		tui_key_result r = present_key(ps, q, is_key, ch);
		if (r != TUI_KEY_UNHANDLED)
			return r;
	}
	if (q && !ps->p->done) {
		tui_answer *a = answer_of(ps, (size_t)(q - ps->l->questions));
		if (a) {
			tui_key_result r = tui_answer_key(a, is_key, ch);
			if (r != TUI_KEY_UNHANDLED) {
				ps->follow = true;
				return r;
			}
		}
	}
	if (is_key) {
		switch (ch) {
		case KEY_RIGHT: return next_item(ps);
		case KEY_LEFT: return back(ps);
		case KEY_NPAGE: return ev(ps, LESSON_EV_NEXT_STEP);
		case KEY_PPAGE: return ev(ps, LESSON_EV_PREV_STEP);
		case KEY_HOME:
			lesson_player_event(ps->p, &(lesson_event){
			    .type = LESSON_EV_GOTO_STEP, .step = 0 });
			ps->follow = true;
			return TUI_KEY_HANDLED;
		case KEY_END:
			lesson_player_event(ps->p, &(lesson_event){
			    .type = LESSON_EV_GOTO_STEP, .step = ps->l->nsteps - 1 });
			ps->follow = true;
			return TUI_KEY_HANDLED;
		case KEY_DOWN:
			ps->follow = false;
			if (ps->scroll + ps->rows < ps->total)
				ps->scroll++;
			return TUI_KEY_HANDLED;
		case KEY_UP:
			ps->follow = false;
			if (ps->scroll > 0)
				ps->scroll--;
			return TUI_KEY_HANDLED;
		}
		return TUI_KEY_UNHANDLED;
	}
	switch (ch) {
	case 'l': return next_item(ps);
	case 'h': return back(ps);
	case ' ':
		return forward(ps);
	case 'j':
		return player_key(s, 1, KEY_DOWN);
	case 'k':
		return player_key(s, 1, KEY_UP);
	}
	return TUI_KEY_UNHANDLED;
}

/* One entry of the key bar being built. */
static void
bar_add(pscreen *ps, size_t *n, const char *key, const char *what)
{
	ps->keybar[(*n)++] = key;
	ps->keybar[(*n)++] = what;
}

/* The last entries, always there whole, and the end. */
static const char *const *
bar_end(pscreen *ps, size_t n)
{
	bar_add(ps, &n, "?", "help");
	bar_add(ps, &n, "q", "quit");
	ps->keybar[n] = NULL;
	return ps->keybar;
}

/* How q is answered, for the bar. */
static void
bar_answer(pscreen *ps, size_t *n, const lesson_question *q)
{
	if (q->type == LQ_CHOICE)
		bar_add(ps, n, "A-Z", "choose");
	else if (q->type == LQ_ORDER)
		bar_add(ps, n, "K/J", "move, Enter");
	else
		bar_add(ps, n, "Enter", "answer");
}

/* The presenter's bar: the clicker's keys, how to answer for the room,
 * v and the blank screen. */
static const char *const *
present_keys(pscreen *ps, const lesson_question *q)
{
	size_t n = 0;

	bar_add(ps, &n, "PgDn", "next");
	bar_add(ps, &n, "PgUp", "back");
	if (q) {
		bar_answer(ps, &n, q);
		bar_add(ps, &n, "v", "show");
	}
	bar_add(ps, &n, ". w", "blank");
	return bar_end(ps, n);
}

/* A paste goes into the open answer editor as one edit; anywhere else it
 * is refused whole, so pasted text never runs as keys. */
static void
player_paste(tui_screen *s, const char *text, size_t n)
{
	pscreen *ps = s->data;
	const lesson_question *q = ps->p->done ? NULL :
	    lesson_player_question(ps->p);
	tui_answer *a = q ? answer_of(ps, (size_t)(q - ps->l->questions)) : NULL;
	size_t left = 0;
	char msg[200];

	if (a && tui_answer_paste(a, text, n, &left)) {
		ps->follow = true;
		if (left) {
			snprintf(msg, sizeof msg, "The paste was cut: an answer holds at "
			    "most %d bytes (%zu bytes of the paste left out).",
			    TUI_ANSWER_MAX, left);
			tui_warn(msg);
		}
		return;
	}
	tui_warn("A paste is text for an answer: press Enter on a question to "
	    "open its editor first (nothing pasted was run as keys).");
}

static const char *const *
player_keys(tui_screen *s)
{
	static const char *const edit[] = {
		"Enter", "submit", "Esc", "cancel", "Ctrl-U", "clear", NULL
	};
	pscreen *ps = s->data;
	const lesson_question *q = ps->p->done ? NULL : lesson_player_question(ps->p);
	size_t n = 0;

	if (q && ps->ans[q - ps->l->questions] &&
	    tui_answer_editing(ps->ans[q - ps->l->questions]))
		return edit;
	if (tui_presenting())
		return present_keys(ps, q);
	/* What the keys do here: the bar follows the item in view. */
	if (ps->p->done) {	/* the summary: only back into the lesson */
		bar_add(ps, &n, view_tty.utf8 ? "\xe2\x86\x90" : "<-", "back");
	} else {
		bar_add(ps, &n, view_tty.utf8 ? "\xe2\x86\x90\xe2\x86\x92" : "<- ->",
		    "move");
		bar_add(ps, &n, "space", "next");
		/* At a question its keys and its name take the room of PgDn
		 * (in the help). */
		if (q == NULL)
			bar_add(ps, &n, "PgDn", "next step");
	}
	if (q) {
		bar_answer(ps, &n, q);
		/* The bar names the question the keys answer. */
		snprintf(ps->keyq, sizeof ps->keyq, "%s %s", ps->keybar[n - 1],
		    q->id);
		ps->keybar[n - 1] = ps->keyq;
		bar_add(ps, &n, "H", "hint");
	}
	return bar_end(ps, n);
}

static const char *const *
player_help(tui_screen *s)
{
	(void)s;
	return tui_player_help(tui_presenting());
}

static void
pfree(tui_screen *s)
{
	pscreen *ps = s->data;

	if (ps->shown) {	/* not when the terminal was refused */
		tui_player_record(ps->p, true);
		tui_save();
	}
	for (size_t i = 0; i < ps->l->nquestions; i++)
		tui_answer_free(ps->ans[i]);
	free(ps->ans);
	view_block_cache_free(ps->blocks);
	free(ps->told);
	lesson_player_free(ps->p);
	lesson_free(ps->l);
	free(ps);
}

tui_screen *
tui_player_new(lesson *l, bool restart)
{
	pscreen *ps = calloc(1, sizeof *ps);

	if (ps == NULL || (ps->p = lesson_player_new(l, lesson_grade_text)) == NULL ||
	    (ps->ans = calloc(l->nquestions + 1, sizeof *ps->ans)) == NULL ||
	    (ps->told = calloc(l->nquestions + 1, sizeof *ps->told)) == NULL) {
		if (ps) {
			lesson_player_free(ps->p);
			free(ps->ans);
		}
		free(ps);
		lesson_free(l);
		return NULL;
	}
	ps->l = l;
	ps->blocks = view_block_cache_new(l);	/* NULL: each draw makes them */
	ps->follow = true;
	snprintf(ps->title, sizeof ps->title, "%s", l->title);
	const progress_lesson *r = tui_progress() ?
	    progress_get(tui_progress(), l->id) : NULL;
	if (!restart && r && r->step > 0 && r->step < l->nsteps)
		lesson_player_event(ps->p, &(lesson_event){
		    .type = LESSON_EV_GOTO_STEP, .step = r->step });
	ps->s = (tui_screen){
		.title = ps->title, .status = player_status, .draw = player_draw, .key = player_key,
		.keys = player_keys, .help = player_help, .cursor = player_cursor, .free = pfree,
		.idle = player_idle,
		.paste = player_paste, .data = ps,
	};
	return &ps->s;
}
