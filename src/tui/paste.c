/*
 * paste.c — bracketed paste (xterm's mode 2004) for the shell: turning the
 * mode on and off, and reading a paste whole once its start mark came in
 * as a key.  A terminal in this mode wraps pasted text in ESC [ 200 ~ and
 * ESC [ 201 ~, so what is between is text, never keys: an ESC, a tab or a
 * line break inside it cannot cancel, leave or submit anything.
 *
 * Reading goes straight to the terminal's file descriptor in large
 * chunks: curses reads a byte per system call and the shell would redraw
 * after each, which made a 100 KB paste take half a minute.  When the
 * start mark has been matched, curses holds no byte after it (it reads
 * one at a time and stops at a complete key), so nothing is skipped.
 */
#include <config.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui/tui_priv.h"

#define PASTE_END "\033[201~"
#define PASTE_END_LEN 6
/* A terminal that sent the start mark but not the end one (a broken
 * one, or a cut connection): after this long with no byte, the paste is
 * over. */
#define PASTE_QUIET_MS 2000

void
tui_paste_mode(bool on)
{
	fputs(on ? "\033[?2004h" : "\033[?2004l", stdout);
	fflush(stdout);
}

/* Keep byte c of the paste if there is room; count it either way. */
static void
keep(tui_paste *p, char c)
{
	if (p->len < p->cap)
		p->text[p->len++] = c;
	else
		p->dropped++;
}

bool
tui_paste_read(tui_paste *p, size_t cap, volatile sig_atomic_t *stop)
{
	char chunk[65536];
	size_t m = 0;		/* bytes of the end mark matched so far */

	memset(p, 0, sizeof *p);
	p->text = malloc(cap + 1);
	if (p->text == NULL)
		return false;
	p->cap = cap;
	for (;;) {
		struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
		int r = poll(&pfd, 1, PASTE_QUIET_MS);
		if (r < 0 && errno == EINTR && !*stop)
			continue;
		if (r <= 0)
			break;
		ssize_t k = read(STDIN_FILENO, chunk, sizeof chunk);
		if (k < 0 && errno == EINTR && !*stop)
			continue;
		if (k <= 0)
			break;
		for (ssize_t i = 0; i < k; i++) {
			char c = chunk[i];
			if (c == PASTE_END[m]) {
				if (++m < PASTE_END_LEN)
					continue;
				/* Keys typed right after the paste, read with
				 * it: back to curses, in order. */
				for (ssize_t j = k - 1; j > i; j--)
					ungetch((unsigned char)chunk[j]);
				p->text[p->len] = '\0';
				return true;
			}
			/* Not the end mark after all: what matched is text
			 * (the mark starts with its only ESC, so c may only
			 * begin a new match). */
			for (size_t j = 0; j < m; j++)
				keep(p, PASTE_END[j]);
			m = c == PASTE_END[0];
			if (!m)
				keep(p, c);
		}
	}
	for (size_t j = 0; j < m; j++)
		keep(p, PASTE_END[j]);
	p->text[p->len] = '\0';
	return true;
}
