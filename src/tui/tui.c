/*
 * tui.c — the shell of the full-screen UI: the terminal from newterm() to
 * endwin(), the signals, the screens' stack, the frame (header, body, key
 * bar, warning line), the size check and presenter mode's blank screen.
 * Looks, text drawing and the ? overlay are tui_look.c.
 *
 * Signals: SIGINT, SIGTERM and SIGHUP only set a flag (the handler calls
 * nothing else); the loop reads keys with a timeout and without
 * SA_RESTART, so it notices within a moment, closes the screens (which
 * saves progress), restores the terminal and returns 128+signal.  Our
 * handlers are installed before newterm() so that ncurses leaves them
 * alone.  SIGTSTP (Ctrl-Z) too only sets a flag: the loop then turns
 * bracketed paste off, leaves curses mode and stops; on SIGCONT it turns
 * them on again and redraws, so the shell never gets a terminal in the
 * tutor's modes.
 *
 * Input: keys already waiting are all taken before the screen is drawn
 * again (a paste the terminal does not mark arrives as a burst of keys);
 * a paste the terminal marks (paste.c) goes to the screen as one piece.
 */
#include <config.h>

#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "view/lesson_text.h"
#include "view/term.h"
#include "tui/edit_int.h"
#include "tui/tui_priv.h"

#define TUI_MIN_COLS 80
#define TUI_MIN_ROWS 24
#define TUI_MAX_SCREENS 8
#define WARN_ROWS 3		/* most rows a warning takes */
/* The key code curses gives the start mark of a bracketed paste (one
 * of our own, far above its KEY_* codes and the terminfo extensions'),
 * and the most bytes of a paste kept. */
#define TUI_KEY_PASTE 0x7e00
#define PASTE_KEEP (1u << 22)

static volatile sig_atomic_t got_signal, got_tstp;

enum { BLANK_OFF, BLANK_BLACK, BLANK_WHITE };
#define WHITE_PAIR 31	/* a pair the looks (tui_look.c) do not use */

static struct {
	tui_screen *stack[TUI_MAX_SCREENS];
	int n;
	progress *prog;
	char warning[512];	/* shown above the key bar until the next key */
	char last_save_err[300];	/* printed after endwin if still set */
	char lost[300];		/* progress not recorded: printed after endwin */
	int paste_key;		/* the key code of a paste's start mark */
	bool help;		/* the ? overlay is up */
	int blank;		/* presenter mode: BLANK_BLACK or BLANK_WHITE */
	bool present;
} sh;

static void
on_signal(int sig)
{
	got_signal = sig;
}

static void
on_tstp(int sig)
{
	(void)sig;
	got_tstp = 1;
}

progress *
tui_progress(void)
{
	return sh.prog;
}

void
tui_warn(const char *msg)
{
	snprintf(sh.warning, sizeof sh.warning, "%s", msg);
}

void
tui_warn_lost(const char *msg)
{
	snprintf(sh.lost, sizeof sh.lost, "%s", msg);
	tui_warn(msg);
}

void
tui_save(void)
{
	char msg[400] = "";

	/* presenter mode never writes the progress file */
	if (sh.prog == NULL || sh.present)
		return;
	if (progress_save(sh.prog, msg, sizeof msg)) {
		sh.last_save_err[0] = '\0';
		/* Saved, but a file damaged since we read it was set aside
		 * first: the learner must hear where it went. */
		if (msg[0])
			tui_warn(msg);
		return;
	}
	snprintf(sh.last_save_err, sizeof sh.last_save_err,
	    "progress not saved: %s", msg);
	tui_warn(sh.last_save_err);
}

void
tui_push(tui_screen *s)
{
	if (s == NULL)
		return;
	if (sh.n == TUI_MAX_SCREENS) {
		if (s->free)
			s->free(s);
		return;
	}
	sh.stack[sh.n++] = s;
}

static void
pop(void)
{
	tui_screen *s = sh.stack[--sh.n];

	if (s->free)
		s->free(s);
}

/* ---- drawing the frame ------------------------------------------------------ */

static void
draw_header(tui_screen *s, int cols)
{
	char buf[160], left[200];
	const char *st = s->status ? s->status(s, buf, sizeof buf) : NULL;

	attrset(tui_attr(TR_TITLE));
	move(0, 0);
	for (int i = 0; i < cols; i++)
		addch(' ');
	snprintf(left, sizeof left, " fptutor %s %s", view_tty.utf8 ?
	    "\xe2\x80\xa2" : "-", s->title ? s->title : "");
	char right[200];
	/* The right side is never cut: the title gives way. */
	snprintf(right, sizeof right, "%s%s", sh.present ? "[presenter] " : "",
	    st ? st : "");
	st = right[0] ? right : NULL;
	int sw = st ? view_lesson_width(st, strlen(st)) + 1 : 0;
	tui_put(stdscr, 0, 0, cols - sw - 1, left);
	if (st)
		tui_put(stdscr, 0, cols - sw, sw, st);
	attrset(tui_attr(TR_NORMAL));
}

static void
draw_all(void)
{
	int rows = LINES, cols = COLS;
	tui_screen *s = sh.stack[sh.n - 1];

	curs_set(0);
	erase();
	if (sh.blank) {
		/* white: black on white where there are colours, else the
		 * terminal's reverse video */
		chtype white = has_colors() && init_pair(WHITE_PAIR, COLOR_BLACK,
		    COLOR_WHITE) == OK ? COLOR_PAIR(WHITE_PAIR) : A_REVERSE;
		if (sh.blank == BLANK_WHITE)
			for (int y = 0; y < rows; y++)
				mvhline(y, 0, ' ' | white, cols);
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	if (cols < TUI_MIN_COLS || rows < TUI_MIN_ROWS) {
		char msg[80];
		snprintf(msg, sizeof msg, "fptutor needs at least %dx%d (now %dx%d)",
		    TUI_MIN_COLS, TUI_MIN_ROWS, cols, rows);
		int len = (int)strlen(msg);
		tui_put(stdscr, rows / 2, len < cols ? (cols - len) / 2 : 0, cols, msg);
		if (rows > 2)
			tui_put(stdscr, rows / 2 + 1, cols > 24 ? (cols - 24) / 2 : 0,
			    cols, "(enlarge it, or q to quit)");
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	draw_header(s, cols);
	/* A warning takes up to three rows above the key bar: a damaged
	 * progress file's message names two paths, and the second (where the
	 * learner's file went) must not be cut off. */
	int wrows = 0;
	if (sh.warning[0]) {
		char line[600];
		snprintf(line, sizeof line, "%s %s", view_tty.utf8 ? "\xe2\x9a\xa0" : "!",
		    sh.warning);
		WINDOW *pad = newpad(WARN_ROWS, cols);
		if (pad) {
			wattrset(pad, tui_attr(TR_WARN));
			wrows = tui_wrap(pad, 0, 0, cols, WARN_ROWS, line);
			copywin(pad, stdscr, 0, 0, rows - 1 - wrows, 0, rows - 2, cols - 1,
			    FALSE);
			delwin(pad);
		}
	}
	int body_rows = rows - 2 - wrows;
	tui_draw_keybar(s, rows - 1, cols);
	wnoutrefresh(stdscr);
	WINDOW *body = newwin(body_rows, cols, 1, 0);
	if (body == NULL)
		return;
	s->draw(s, body, body_rows, cols);
	int cy, cx;
	bool cur = !sh.help && s->cursor && s->cursor(s, &cy, &cx);
	wnoutrefresh(body);
	if (sh.help)
		tui_draw_help(s, rows, cols, sh.present);
	if (cur) {
		curs_set(1);
		wmove(body, cy, cx);
		wnoutrefresh(body);
	}
	delwin(body);
	doupdate();
}

/* ---- the loop ------------------------------------------------------------------- */

/* Whether a printable character is already waiting (without waiting for
 * one): what follows an Enter at once in pasted text, never a person's
 * next key.  The character stays queued. */
static bool
printable_follows(void)
{
	wint_t c;

	timeout(0);
	int r = get_wch(&c);
	if (r == ERR)
		return false;
	if (r == KEY_CODE_YES) {
		ungetch((int)c);
		return false;
	}
	unget_wch(c);
	return c >= 0x20 && c != 0x7f;
}

/* Our handler for sig: it only sets a flag, and without SA_RESTART
 * get_wch returns at once. */
static void
handle(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	sigaction(sig, &sa, NULL);
}

static void
catch_tstp(void)
{
	handle(SIGTSTP, on_tstp);
}

/* Ctrl-Z: the terminal as the shell wants it, stop, and back. */
static void
suspend(void)
{
	got_tstp = 0;
	tui_paste_mode(false);
	endwin();
	signal(SIGTSTP, SIG_DFL);
	raise(SIGTSTP);		/* stopped here until SIGCONT */
	catch_tstp();
	tui_paste_mode(true);
	clearok(curscr, TRUE);
}

/* Whether the current screen has a text field in focus. */
static bool
field_focused(tui_screen *s)
{
	int fy, fx;

	return s->cursor && s->cursor(s, &fy, &fx);
}

/* A paste the terminal marked: read it whole, give it to the screen as one
 * piece (or, to a screen that takes none, as keys to its text field); a
 * screen with no field refuses it, so pasted text never runs as keys. */
static void
take_paste(void)
{
	tui_paste p;
	tui_screen *s = sh.stack[sh.n - 1];

	if (!tui_paste_read(&p, PASTE_KEEP, &got_signal)) {
		tui_warn("out of memory: the paste was not taken");
		return;
	}
	sh.blank = sh.help = false;
	sh.warning[0] = '\0';
	if (COLS < TUI_MIN_COLS || LINES < TUI_MIN_ROWS) {
		;		/* nothing to paste into */
	} else if (s->paste) {
		s->paste(s, p.text, p.len);
	} else if (field_focused(s)) {
		for (size_t i = 0; i < p.len;) {
			uint32_t cp;
			size_t k = edit_utf8_dec(p.text + i, p.len - i, &cp);
			i += k ? k : 1;
			if (k == 0 || cp == 0x1b || cp == '\r')
				continue;
			if (cp == '\n' || cp == '\t')
				cp = ' ';
			if (s->key)
				s->key(s, 0, (wint_t)cp);
		}
	} else {
		tui_warn("A paste is text: it goes into an answer or a field, "
		    "and there is none here (nothing pasted was run as keys).");
	}
	if (p.dropped) {
		char msg[160];
		snprintf(msg, sizeof msg, "The paste was cut: %zu bytes beyond the "
		    "first %u were left out.", p.dropped, PASTE_KEEP);
		tui_warn(msg);
	}
	free(p.text);
}

/* Returns 0 when the last screen closed, or the signal that ended it. */
static int
loop(void)
{
	bool dirty = true;

	while (sh.n > 0) {
		if (got_signal)
			return got_signal;
		if (got_tstp) {
			suspend();
			dirty = true;
		}
		/* A screen with work of its own (the train lab running) gets it
		 * done between keys; the others wait for keys, waking now and
		 * then to notice a signal. */
		tui_screen *cur = sh.stack[sh.n - 1];
		bool idle = cur->idle && !sh.help && !sh.blank &&
		    COLS >= TUI_MIN_COLS && LINES >= TUI_MIN_ROWS;
		wint_t ch;
		int r;
		/* Keys already waiting are taken before the screen is drawn
		 * again: a burst of input (a paste the terminal did not mark)
		 * is one redraw, not one per byte. */
		if (dirty) {
			timeout(0);
			r = get_wch(&ch);
			if (r == ERR) {
				if (got_signal || got_tstp)
					continue;
				draw_all();
				dirty = false;
				continue;
			}
		} else {
			timeout(idle ? TUI_IDLE_MS : 250);
			r = get_wch(&ch);
			if (r == ERR) {		/* the timeout, or a signal */
				if (idle && !got_signal && cur->idle(cur))
					dirty = true;
				continue;
			}
		}
		int is_key = r == KEY_CODE_YES;
		dirty = true;
		if (is_key && ch == KEY_RESIZE)
			continue;
		if (is_key && (int)ch == sh.paste_key) {
			take_paste();
			continue;
		}
		if (sh.blank || sh.help) {
			sh.blank = BLANK_OFF;
			sh.help = false;
			continue;
		}
		sh.warning[0] = '\0';
		if (COLS < TUI_MIN_COLS || LINES < TUI_MIN_ROWS) {
			if (!is_key && (ch == 'q' || ch == 'Q'))
				pop();
			continue;
		}
		tui_screen *s = sh.stack[sh.n - 1];
		/* Pasting into a text field: a line break with more text right
		 * behind it is a space, not Enter, so the rest of the paste is
		 * typed into the field instead of submitting half an answer
		 * and running the other half as commands (R reveals, q quits). */
		bool typing = field_focused(s);
		if (!is_key && (ch == '\n' || ch == '\r') && typing &&
		    printable_follows())
			ch = ' ';
		/* Likewise an ESC with text right behind it is pasted, not
		 * typed: it must not cancel the field and run the rest. */
		if (!is_key && ch == 0x1b && typing && printable_follows())
			continue;
		/* The presenter blanks the screen with keys that answer no
		 * question (as presentation programs do); in a text field they
		 * are typed. */
		if (sh.present && !is_key && !typing && (ch == '.' || ch == 'w')) {
			sh.blank = ch == '.' ? BLANK_BLACK : BLANK_WHITE;
			continue;
		}
		tui_key_result res = s->key ? s->key(s, is_key, ch) : TUI_KEY_UNHANDLED;
		if (res == TUI_KEY_CLOSE) {
			if (sh.stack[sh.n - 1] == s)
				pop();
			continue;
		}
		if (res == TUI_KEY_HANDLED || is_key)
			continue;
		if (ch == 'q' || ch == 'Q')
			pop();
		else if (ch == '?')
			sh.help = true;
		else if (ch == 0x0c)	/* Ctrl-L */
			clearok(curscr, TRUE);
	}
	return 0;
}

static void
catch_signals(void)
{
	handle(SIGINT, on_signal);
	handle(SIGTERM, on_signal);
	handle(SIGHUP, on_signal);
	catch_tstp();
}

int
tui_run(const tui_opts *o, int (*start)(const tui_opts *o))
{
	char msg[300];

	memset(&sh, 0, sizeof sh);
	got_signal = got_tstp = 0;
	/* Messages say which command failed, as every command's do
	 * ("fptutor: learn: ..."); `fptutor` alone has none. */
	const char *who = o->start == TUI_START_LAB ? "lab: " :
	    o->start == TUI_START_LESSON ? "learn: " : "";
	view_term_init(o->no_color);
	/* The colour decision is curses' from here; the text views that draw
	 * blocks into the TUI must not write escape sequences. */
	bool want_color = view_tty.color;
	view_tty.color = false;
	sh.present = o->present;
	/* Presenter mode keeps progress in memory only (an empty state
	 * directory: nothing is read or written), so a demo leaves the
	 * presenter's file alone. */
	progress_status ps = progress_open(&sh.prog, o->present ? "" : o->state_dir,
	    msg, sizeof msg);
	if (sh.prog == NULL) {
		fprintf(stderr, "fptutor: %sprogress: %s\n", who, msg);
		return 74;
	}
	/* A lesson that does not load never reaches the screen. */
	int status = start(o);
	if (status != 0) {
		while (sh.n > 0)
			pop();
		progress_free(sh.prog);
		return status;
	}
	if (ps != PROGRESS_OK && !o->present)
		tui_warn(msg);
	catch_signals();
	SCREEN *scr = newterm(NULL, stdout, stdin);
	if (scr == NULL) {
		while (sh.n > 0)
			pop();
		progress_free(sh.prog);
		fprintf(stderr, "fptutor: %scannot use the terminal '%s' (no terminfo "
		    "entry?); try TERM=xterm or 'fptutor play'\n", who,
		    getenv("TERM") ? getenv("TERM") : "");
		return 1;
	}
	set_term(scr);
	/* A terminal that cannot move its cursor (TERM=dumb) cannot show a
	 * full screen: leave before drawing anything. */
	char *cup = tigetstr("cup");
	if (cup == NULL || cup == (char *)-1) {
		endwin();
		delscreen(scr);
		while (sh.n > 0)
			pop();
		progress_free(sh.prog);
		fprintf(stderr, "fptutor: %sthe terminal '%s' cannot move its cursor; "
		    "use 'fptutor play' for scripted mode\n", who,
		    getenv("TERM") ? getenv("TERM") : "");
		return 1;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	intrflush(stdscr, FALSE);
	set_escdelay(25);
	/* Home and End as terminals other than the terminfo entry's send
	 * them (tmux and screen under TERM=xterm, the Linux console). */
	static const char *const home_seq[] = { "\033[1~", "\033[7~", "\033[H",
	    "\033OH" };
	static const char *const end_seq[] = { "\033[4~", "\033[8~", "\033[F",
	    "\033OF" };
	for (size_t i = 0; i < 4; i++) {
		if (key_defined(home_seq[i]) == 0)
			define_key(home_seq[i], KEY_HOME);
		if (key_defined(end_seq[i]) == 0)
			define_key(end_seq[i], KEY_END);
	}
	/* Bracketed paste: the start mark is a key of our own (or the one
	 * the terminfo entry already gives it). */
	sh.paste_key = key_defined("\033[200~");
	if (sh.paste_key <= 0 && define_key("\033[200~", TUI_KEY_PASTE) == OK)
		sh.paste_key = TUI_KEY_PASTE;
	tui_paste_mode(true);
	timeout(250);
	bool color = false;
	if (has_colors() && want_color) {
		start_color();
		use_default_colors();
		color = true;
	}
	tui_look_init(color, o->present);

	int sig = loop();
	/* Closing the screens saves the lesson's progress. */
	while (sh.n > 0)
		pop();
	endwin();
	tui_paste_mode(false);
	delscreen(scr);
	if (sh.last_save_err[0])
		fprintf(stderr, "fptutor: %s%s\n", who, sh.last_save_err);
	if (sh.lost[0])
		fprintf(stderr, "fptutor: %s%s\n", who, sh.lost);
	progress_free(sh.prog);
	sh.prog = NULL;
	return sig ? 128 + sig : 0;
}
