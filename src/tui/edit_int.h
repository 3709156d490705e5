/*
 * edit_int.h — the line editor's curses-free layout, shared by its draw
 * call (edit.c) and its unit tests: UTF-8 decoding, display widths and the
 * word-wrap positions of a tui_edit's text.  The editing model itself is
 * tui_edit_* in tui.h (edit_model.c).
 */
#ifndef FPTUTOR_TUI_EDIT_INT_H
#define FPTUTOR_TUI_EDIT_INT_H

#include <stddef.h>
#include <stdint.h>

/* Decode the UTF-8 character at s[0 .. n-1]: its length in bytes (1 to 4),
 * with *cp the code point; 0 when the bytes are not one valid, shortest-form
 * character (overlong, surrogate, beyond U+10FFFF, cut short). */
size_t edit_utf8_dec(const char *s, size_t n, uint32_t *cp);
/* Columns a character takes on screen: 2 for wide (CJK) characters, 1
 * otherwise (combining marks and unknowns count 1, so the cursor always
 * moves visibly). */
int edit_cp_width(uint32_t cp);

/* The wrap of text[0 .. len-1] into lines of at most width columns:
 * breaks after the last blank that fits, or inside a word longer than the
 * line.  starts[i] is the byte offset where line i begins (starts[0] = 0);
 * returns the number of lines (at least 1), at most max. */
int edit_wrap(const char *text, size_t len, int width, size_t *starts, int max);
/* Row and column of byte offset cur in that wrap.  The cursor at the very
 * end of a full line goes to the start of the next row. */
void edit_cursor_pos(const char *text, size_t len, int width,
    const size_t *starts, int nlines, size_t cur, int *row, int *col);

#endif
