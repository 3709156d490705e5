/*
 * answer.c — a question on the player screen: its prompt, its options or
 * items, the answer editor (tui_edit, for free text, numbers and bit
 * patterns), choosing by letter, ordering by moving items, and the
 * feedback the player keeps (pass or fail as a word, the score, the
 * grader's feedback, hints shown, the model answer when revealed).  In
 * presenter mode the verdict, feedback and model answer stay hidden until
 * v shows them, so a room can think first.  Every answer goes through
 * the player (LESSON_EV_ANSWER); nothing is graded here, but a number or
 * a bit pattern (or a drill's answer) the grader could not read is sent
 * back to the editor with how to write it, as a fresh try and not an
 * attempt.  The question that
 * Enter (or a letter) answers is marked.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill.h"
#include "fp/fp.h"

#include "view/lesson_text.h"
#include "view/term.h"
#include "tui/tui_priv.h"

#define EDIT_ROWS 3

struct tui_answer {
	lesson_player *p;
	const lesson_question *q;
	tui_edit ed;
	bool ed_ok, editing;
	size_t order[LESSON_MAX_OPTIONS];	/* order: the current arrangement */
	size_t sel;				/* order: the selected row */
	bool chosen[LESSON_MAX_OPTIONS];	/* choice with several answers */
	bool shown;				/* presenter mode: v pressed */
	int anchor;	/* rows from the top to what the eye needs: the editor,
			 * else the verdict of the answer, else the prompt */
	int verdict;	/* rows from the feedback's top to the verdict */
	int cy, cx;
	bool has_cur;
	bool current;	/* the item Enter and the letters answer */
	bool model;	/* R after a pass: the model answer shown, the verdict kept */
	char format[260];	/* why the last submitted text could not be read */
};

tui_answer *
tui_answer_new(lesson_player *p, const lesson_question *q)
{
	tui_answer *a = calloc(1, sizeof *a);

	if (a == NULL)
		return NULL;
	a->p = p;
	a->q = q;
	a->ed_ok = tui_edit_init(&a->ed, TUI_ANSWER_MAX);
	for (size_t i = 0; i < q->nopts && i < LESSON_MAX_OPTIONS; i++)
		a->order[i] = i;
	return a;
}

void
tui_answer_free(tui_answer *a)
{
	if (a == NULL)
		return;
	if (a->ed_ok)
		tui_edit_free(&a->ed);
	free(a);
}

void
tui_answer_set_current(tui_answer *a, bool current)
{
	a->current = current;
}

bool
tui_answer_editing(const tui_answer *a)
{
	return a->editing;
}

bool
tui_answer_cursor(const tui_answer *a, int *y, int *x)
{
	*y = a->cy;
	*x = a->cx;
	return a->editing && a->has_cur;
}

/* ---- drawing ------------------------------------------------------------------- */

/* Text at role r, from row y; w NULL counts. */
static int
text(WINDOW *w, int y, int x, int cols, tui_role r, char *s)
{
	if (w)
		wattrset(w, tui_attr(r));
	int n = tui_lines(w, y, x, cols, s);
	if (w)
		wattrset(w, tui_attr(TR_NORMAL));
	free(s);
	return n;
}

static const char *
how(const lesson_question *q, char *buf, size_t n)
{
	switch (q->type) {
	case LQ_CHOICE:
		return q->ncorrect > 1 ? "Press the letters of every right option, "
		    "then Enter." : "Press the letter of your answer.";
	case LQ_ORDER:
		return "Up/Down pick an item, K/J move it, Enter submits the order.";
	case LQ_NUMERIC:
		return "Enter: type a number.";
	case LQ_BITS:
		snprintf(buf, n, "Enter: type a %d-bit pattern of %s, in hex or binary.",
		    q->fmt ? q->fmt->width : 0, q->fmt ? q->fmt->name : "the format");
		return buf;
	case LQ_DRILL: {
		char h[120];
		snprintf(buf, n, "Enter: type %s.", q->drill ? drill_how(q->drill, h,
		    sizeof h) : "the answer");
		return buf;
	}
	default:
		return "Enter: write your answer in a few sentences.";
	}
}

static int
options(tui_answer *a, WINDOW *w, int y, int cols, int width)
{
	const lesson_question *q = a->q;
	int n = 0;
	char first[80];

	for (size_t i = 0; i < q->nopts; i++) {
		size_t k = q->type == LQ_ORDER ? a->order[i] : i;
		const lesson_option *o = &q->opts[k];
		bool cur = q->type == LQ_ORDER && i == a->sel && !a->p->done;
		if (q->type == LQ_ORDER)
			snprintf(first, sizeof first, "%s %zu. %s  ", cur ? ">" : " ",
			    i + 1, o->key);
		else
			snprintf(first, sizeof first, "%s %s  ", q->ncorrect > 1 ?
			    (a->chosen[k] ? "[x]" : "[ ]") : " ", o->key);
		int fw = (int)strlen(first);
		char *t = tui_rich(&o->text, fw + 2, 0, width);
		if (t && strlen(t) >= (size_t)fw + 2)
			memcpy(t + 2, first, (size_t)fw);
		n += text(w, y + n, 0, cols, cur ? TR_CURSOR : TR_NORMAL, t);
	}
	return n;
}

/* How to try again, in the keys of the question's kind: a letter is
 * the answer to a choice, so Enter alone does nothing there. */
static const char *
retry(const lesson_question *q)
{
	switch (q->type) {
	case LQ_CHOICE:
		return q->ncorrect > 1 ? "Change your letters and press Enter to try "
		    "again; H gives a hint; R reveals the model answer." :
		    "Press another letter to try again; H gives a hint; R reveals "
		    "the model answer.";
	case LQ_ORDER:
		return "Move the items and press Enter to try again; H gives a hint; "
		    "R reveals the model answer.";
	default:
		return "Enter tries again; H gives a hint; R reveals the model answer.";
	}
}

static int
feedback(tui_answer *a, WINDOW *w, int y, int cols, int width)
{
	const lesson_progress *g = lesson_player_progress(a->p, a->q);
	char line[160];
	int n = 0;

	if (g->answer && !a->editing) {
		n += text(w, y + n, 0, cols, TR_NORMAL, tui_flow("Your answer:", 2, width));
		n += text(w, y + n, 0, cols, TR_NORMAL, tui_flow(g->answer, 4, width));
	}
	a->verdict = n;	/* a long answer may scroll off; its verdict may not */
	bool hidden = tui_presenting() && !a->shown;
	if (g->answer && !a->editing && hidden) {
		n += text(w, y + n, 0, cols, TR_DIM, tui_flow("(result and feedback "
		    "hidden: v shows them)", 2, width));
	} else if (g->answer && !a->editing) {
		bool ok = g->grade.graded && g->grade.pass && !g->revealed;
		/* The first try is the question's score: a later pass is
		 * practice, and says so (lesson_progress_outcome). */
		snprintf(line, sizeof line, "%s  score %g/%g", !g->grade.graded ?
		    "NOT GRADED" : !ok ? "NOT PASSED" : g->first_pass ? "PASSED" :
		    "PASSED ON RETRY (practice: the first try counts)",
		    ok ? g->grade.score : 0, g->grade.max);
		n += text(w, y + n, 2, cols, ok ? TR_GOOD : TR_BAD, strdup(line));
		n += text(w, y + n, 0, cols, TR_NORMAL, tui_flow(g->grade.feedback, 4,
		    width));
		if (!ok)
			n += text(w, y + n, 0, cols, TR_DIM, tui_flow(retry(a->q), 2,
			    width));
	}
	for (size_t i = 0; i < g->hints_shown && i < a->q->nhints; i++) {
		snprintf(line, sizeof line, "Hint %zu:", i + 1);
		n += text(w, y + n, 0, cols, TR_WARN, tui_flow(line, 2, width));
		n += text(w, y + n, 0, cols, TR_NORMAL, tui_rich(&a->q->hints[i], 4, 0,
		    width));
	}
	bool model = g->revealed || a->model;
	if (model && !hidden) {
		n += text(w, y + n, 0, cols, TR_TITLE, tui_flow("Model answer:", 2,
		    width));
		n += text(w, y + n, 0, cols, TR_NORMAL, tui_rich(&a->q->answer, 4, 0,
		    width));
	} else if (model) {
		n += text(w, y + n, 0, cols, TR_DIM, tui_flow("(model answer hidden: "
		    "v shows it)", 2, width));
	}
	return n;
}

static int
render(tui_answer *a, WINDOW *w, int y, int cols)
{
	const lesson_question *q = a->q;
	const lesson_progress *g = lesson_player_progress(a->p, q);
	int width = cols - 4 > 96 ? 96 : cols - 4;
	char line[200];
	int n = 0;

	/* The current question is marked, the others are not: with two on
	 * screen, the learner sees which one Enter answers. */
	snprintf(line, sizeof line, "%s Question %s (%s)", a->current ?
	    (view_tty.utf8 ? "\xe2\x96\xb6" : ">") : " ", q->id,
	    lesson_qtype_title(q->type));
	n += text(w, y, 0, cols, a->current ? TR_TITLE : TR_DIM, strdup(line));
	n += text(w, y + n, 0, cols, TR_NORMAL, tui_rich(&q->prompt, 2, 0, width));
	if (q->nopts) {
		n++;
		n += options(a, w, y + n, cols, width);
	}
	n++;
	a->anchor = 0;
	if (a->editing) {
		if (a->format[0])
			n += text(w, y + n, 0, cols, TR_WARN, tui_flow(a->format, 2,
			    width));
		a->anchor = n;
		if (w) {
			tui_put(w, y + n, 2, cols - 4, "Your answer (Enter submits, Esc "
			    "cancels):");
			a->has_cur = false;
			int cy = -1, cx = -1;
			tui_edit_draw(&a->ed, w, y + n + 1, 4, width - 2, EDIT_ROWS, &cy,
			    &cx);
			if (cy >= 0) {
				a->cy = cy, a->cx = cx;
				a->has_cur = true;
			}
		}
		n += 1 + EDIT_ROWS;
	} else if (g->answer == NULL) {
		char buf[160];
		n += text(w, y + n, 0, cols, TR_DIM, tui_flow(how(q, buf, sizeof buf), 2,
		    width));
	}
	int fb = n;
	n += feedback(a, w, y + n, cols, width);
	if (!a->editing && g->answer)
		a->anchor = fb + a->verdict;
	return n;
}

int
tui_answer_anchor(const tui_answer *a)
{
	return a->anchor;
}

int
tui_answer_draw(tui_answer *a, WINDOW *w, int y, int cols)
{
	return render(a, w, y, cols);
}

int
tui_answer_rows(tui_answer *a, int cols)
{
	return render(a, NULL, 0, cols);
}

/* ---- keys ------------------------------------------------------------------------ */

static void
answer(tui_answer *a, const char *s)
{
	lesson_player_event(a->p, &(lesson_event){ .type = LESSON_EV_ANSWER,
	    .question = a->q->id, .text = s });
	a->shown = false;
}

/* Whether the grader can read s as an answer of its kind; if not, the
 * message saying how to write it goes to a->format.  The same reader as
 * the grader's (fp_read, fp_parse_bits), after the blanks it skips too. */
static bool
readable(tui_answer *a, const char *s)
{
	const lesson_question *q = a->q;
	char quoted[64];
	fp_real r;
	size_t pos;
	uint32_t b;

	while (*s == ' ' || *s == '\t')
		s++;
	a->format[0] = '\0';
	if (q->type == LQ_NUMERIC && (strlen(s) > FP_READ_MAX ||
	    fp_read(s, &r, &pos) != FP_READ_OK))
		snprintf(a->format, sizeof a->format, "'%s' is not a number: write "
		    "it as 65504, 1e-8 or inf (no units or %%), then Enter.",
		    lesson_quote(s, strlen(s), quoted, sizeof quoted));
	else if (q->type == LQ_BITS && q->fmt && !fp_parse_bits(q->fmt, s, &b))
		snprintf(a->format, sizeof a->format, "'%s' is not a %d-bit pattern "
		    "of %s: write it in hex such as 0x%0*x, or as %d binary digits, "
		    "then Enter.", lesson_quote(s, strlen(s), quoted, sizeof quoted),
		    q->fmt->width, q->fmt->name, (q->fmt->width + 3) / 4,
		    (unsigned)q->fmt->max_bits, q->fmt->width);
	else if (q->type == LQ_DRILL && q->drill) {
		/* graded for its form only: the verdict waits for Enter */
		drill_result dr;
		char h[120];
		drill_grade(q->drill, s, &dr);
		if (!dr.understood)
			snprintf(a->format, sizeof a->format, "'%s' is not read: "
			    "answer with %s, then Enter.", lesson_quote(s,
			    strlen(s), quoted, sizeof quoted), drill_how(q->drill,
			    h, sizeof h));
	}
	return a->format[0] == '\0';
}

bool
tui_answer_paste(tui_answer *a, const char *s, size_t n, size_t *left_out)
{
	*left_out = 0;
	if (!a->editing)
		return false;
	*left_out = tui_edit_paste(&a->ed, s, n);
	return true;
}

static tui_key_result
edit_key(tui_answer *a, int is_key, wint_t ch)
{
	/* Tab is no editing key (a lab's field leaves on it); in an answer
	 * it comes from pasted text, where it separates words. */
	if (!is_key && ch == '\t')
		ch = ' ';
	switch (tui_edit_key(&a->ed, is_key, ch)) {
	case TUI_EDIT_SUBMIT:
		if (!readable(a, a->ed.buf))
			break;		/* a fresh try, not an attempt */
		a->editing = false;
		answer(a, a->ed.buf);
		break;
	case TUI_EDIT_CANCEL:
		a->editing = false;
		a->format[0] = '\0';
		break;
	default:
		break;
	}
	return TUI_KEY_HANDLED;	/* the editor takes every key */
}

static tui_key_result
order_key(tui_answer *a, int is_key, wint_t ch)
{
	size_t n = a->q->nopts;
	bool up = is_key ? ch == KEY_UP : false, down = is_key && ch == KEY_DOWN;
	bool mup = is_key ? ch == KEY_SR : ch == 'K';
	bool mdown = is_key ? ch == KEY_SF : ch == 'J';

	if (n == 0)
		return TUI_KEY_UNHANDLED;
	if (up && a->sel > 0)
		a->sel--;
	else if (down && a->sel + 1 < n)
		a->sel++;
	else if ((mup && a->sel > 0) || (mdown && a->sel + 1 < n)) {
		size_t j = mup ? a->sel - 1 : a->sel + 1, t = a->order[a->sel];
		a->order[a->sel] = a->order[j];
		a->order[j] = t;
		a->sel = j;
	} else if (!is_key && (ch == '\r' || ch == '\n')) {
		char buf[LESSON_MAX_OPTIONS * (LESSON_MAX_ID + 1) + 1];
		size_t o = 0;
		for (size_t i = 0; i < n && o < sizeof buf; i++)
			o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", i ? " " : "",
			    a->q->opts[a->order[i]].key);
		answer(a, buf);
	} else if (!(up || down || mup || mdown)) {
		return TUI_KEY_UNHANDLED;
	}
	return TUI_KEY_HANDLED;
}

static tui_key_result
choice_key(tui_answer *a, int is_key, wint_t ch)
{
	const lesson_question *q = a->q;

	if (is_key)
		return TUI_KEY_UNHANDLED;
	if (ch == '\r' || ch == '\n') {
		char buf[LESSON_MAX_OPTIONS * (LESSON_MAX_ID + 1) + 1];
		size_t o = 0;
		if (q->ncorrect <= 1)
			return TUI_KEY_HANDLED;
		for (size_t i = 0; i < q->nopts && o < sizeof buf; i++)
			if (a->chosen[i])
				o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s",
				    o ? " " : "", q->opts[i].key);
		answer(a, buf);
		return TUI_KEY_HANDLED;
	}
	if (ch == 'q' || ch == '?' || ch > 0x7f)
		return TUI_KEY_UNHANDLED;
	char k = (char)ch;
	int i = lesson_option_find(q, &k, 1);
	if (i < 0)
		return TUI_KEY_UNHANDLED;
	if (q->ncorrect > 1)
		a->chosen[i] = !a->chosen[i];
	else
		answer(a, q->opts[i].key);
	return TUI_KEY_HANDLED;
}

tui_key_result
tui_answer_key(tui_answer *a, int is_key, wint_t ch)
{
	if (a->editing)
		return edit_key(a, is_key, ch);
	tui_key_result r = TUI_KEY_UNHANDLED;
	if (a->q->type == LQ_CHOICE)
		r = choice_key(a, is_key, ch);
	else if (a->q->type == LQ_ORDER)
		r = order_key(a, is_key, ch);
	if (r != TUI_KEY_UNHANDLED || is_key)
		return r;
	lesson_event ev = { .type = LESSON_EV_HINT, .question = a->q->id };
	switch (ch) {
	case '\r':
	case '\n':
		if (a->q->type == LQ_CHOICE || a->q->type == LQ_ORDER || !a->ed_ok)
			return TUI_KEY_UNHANDLED;
		const lesson_progress *g = lesson_player_progress(a->p, a->q);
		tui_edit_set(&a->ed, g->answer ? g->answer : "");
		a->editing = true;
		a->format[0] = '\0';
		return TUI_KEY_HANDLED;
	case 'H':
		lesson_player_event(a->p, &ev);
		return TUI_KEY_HANDLED;
	case 'R': {
		/* After a pass the model answer is there to compare with: it
		 * does not take the pass back.  Before one, seeing it gives
		 * the question up (the player records that). */
		const lesson_progress *pg = lesson_player_progress(a->p, a->q);
		if (pg->answer && pg->grade.graded && pg->grade.pass && !pg->revealed)
			a->model = true;
		else {
			ev.type = LESSON_EV_REVEAL;
			lesson_player_event(a->p, &ev);
		}
		a->shown = false;	/* presenter mode: hidden until v again */
		return TUI_KEY_HANDLED;
	}
	case 'v':
		if (!tui_presenting())
			return TUI_KEY_UNHANDLED;
		a->shown = !a->shown;
		return TUI_KEY_HANDLED;
	}
	return TUI_KEY_UNHANDLED;
}
