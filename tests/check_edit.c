/*
 * check_edit.c — unit tests of the line editor's model (src/tui/edit_model.c):
 * cursor moves and deletions over multibyte UTF-8, the Ctrl keys, the byte
 * cap, invalid UTF-8 kept out of the buffer, a paste as one edit (its
 * controls are text or nothing, never keys; the cap on a character
 * boundary), and the word-wrap positions.
 * Every expected offset and text is written out here by hand from the
 * UTF-8 encodings (é is 2 bytes, € 3, 😀 4; 日 is 3 bytes and 2 columns).
 */
#include <config.h>

#include <check.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "tui/edit_int.h"
#include "tui/tui_int.h"

#define CTRL(c) ((c) & 0x1f)

static tui_edit E;

static void
setup(void)
{
	ck_assert(tui_edit_init(&E, 64));
}

static void
teardown(void)
{
	tui_edit_free(&E);
}

static void
type(const char *s)
{
	/* One key per character, as wget_wch delivers them. */
	for (size_t i = 0; s[i];) {
		uint32_t cp;
		size_t k = edit_utf8_dec(s + i, strlen(s + i), &cp);
		ck_assert_uint_gt(k, 0);
		ck_assert_int_eq(tui_edit_key(&E, 0, (wint_t)cp), TUI_EDIT_CHANGED);
		i += k;
	}
}

static void
key(int is_key, wint_t ch)
{
	ck_assert_int_eq(tui_edit_key(&E, is_key, ch), TUI_EDIT_CHANGED);
}

static void
expect(const char *text, size_t cur)
{
	ck_assert_str_eq(E.buf, text);
	ck_assert_uint_eq(E.len, strlen(text));
	ck_assert_uint_eq(E.cur, cur);
}

START_TEST(test_type_and_move)
{
	type("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z");	/* a é € 😀 z */
	expect("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z", 11);
	key(1, KEY_LEFT);
	ck_assert_uint_eq(E.cur, 10);	/* before z */
	key(1, KEY_LEFT);
	ck_assert_uint_eq(E.cur, 6);	/* before 😀 */
	key(1, KEY_LEFT);
	ck_assert_uint_eq(E.cur, 3);	/* before € */
	key(1, KEY_LEFT);
	ck_assert_uint_eq(E.cur, 1);	/* before é */
	key(1, KEY_LEFT);
	key(1, KEY_LEFT);		/* stays at the start */
	ck_assert_uint_eq(E.cur, 0);
	key(1, KEY_RIGHT);
	key(1, KEY_RIGHT);
	ck_assert_uint_eq(E.cur, 3);
	type("x");			/* inserted in the middle */
	expect("a\xc3\xa9x\xe2\x82\xac\xf0\x9f\x98\x80z", 4);
	key(1, KEY_END);
	ck_assert_uint_eq(E.cur, 12);
	key(1, KEY_RIGHT);		/* stays at the end */
	ck_assert_uint_eq(E.cur, 12);
	key(1, KEY_HOME);
	ck_assert_uint_eq(E.cur, 0);
	key(0, CTRL('e'));
	ck_assert_uint_eq(E.cur, 12);
	key(0, CTRL('a'));
	ck_assert_uint_eq(E.cur, 0);
}
END_TEST

START_TEST(test_delete_multibyte)
{
	type("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");	/* é € 😀 */
	key(1, KEY_BACKSPACE);
	expect("\xc3\xa9\xe2\x82\xac", 5);
	key(0, 0x7f);			/* DEL as Backspace */
	expect("\xc3\xa9", 2);
	key(1, KEY_HOME);
	key(1, KEY_BACKSPACE);		/* nothing before the cursor */
	expect("\xc3\xa9", 0);
	key(1, KEY_DC);
	expect("", 0);
	key(1, KEY_DC);			/* nothing after */
	expect("", 0);
	type("a\xe2\x82\xac" "b");
	key(1, KEY_HOME);
	key(1, KEY_RIGHT);
	key(1, KEY_DC);			/* the whole € */
	expect("ab", 1);
	key(0, CTRL('h'));
	expect("b", 0);
}
END_TEST

START_TEST(test_ctrl_keys)
{
	type("one two  three");
	key(0, CTRL('w'));
	expect("one two  ", 9);
	key(0, CTRL('w'));		/* the blanks and the word before them */
	expect("one ", 4);
	type("\xe2\x82\xac\xe2\x82\xac");	/* €€ */
	key(0, CTRL('w'));
	expect("one ", 4);
	type("four five");
	key(1, KEY_LEFT);
	key(1, KEY_LEFT);
	key(1, KEY_LEFT);
	key(1, KEY_LEFT);		/* before "five" */
	key(0, CTRL('k'));
	expect("one four ", 9);
	key(1, KEY_LEFT);
	key(0, CTRL('u'));
	expect(" ", 0);
	key(0, CTRL('w'));		/* at the start: nothing */
	expect(" ", 0);
}
END_TEST

START_TEST(test_submit_cancel_other)
{
	type("x");
	ck_assert_int_eq(tui_edit_key(&E, 0, '\n'), TUI_EDIT_SUBMIT);
	ck_assert_int_eq(tui_edit_key(&E, 0, '\r'), TUI_EDIT_SUBMIT);
	ck_assert_int_eq(tui_edit_key(&E, 1, KEY_ENTER), TUI_EDIT_SUBMIT);
	ck_assert_int_eq(tui_edit_key(&E, 0, 0x1b), TUI_EDIT_CANCEL);
	/* Not editing keys: the screen may use them. */
	ck_assert_int_eq(tui_edit_key(&E, 1, KEY_UP), TUI_EDIT_NONE);
	ck_assert_int_eq(tui_edit_key(&E, 1, KEY_NPAGE), TUI_EDIT_NONE);
	ck_assert_int_eq(tui_edit_key(&E, 0, '\t'), TUI_EDIT_NONE);
	/* Controls, C1 controls, surrogates and beyond U+10FFFF never enter. */
	ck_assert_int_eq(tui_edit_key(&E, 0, 0x07), TUI_EDIT_NONE);
	ck_assert_int_eq(tui_edit_key(&E, 0, 0x85), TUI_EDIT_NONE);
	ck_assert_int_eq(tui_edit_key(&E, 0, 0xd800), TUI_EDIT_NONE);
	ck_assert_int_eq(tui_edit_key(&E, 0, 0x110000), TUI_EDIT_NONE);
	/* q and ? are text while the field has the keys. */
	type("q?");
	expect("xq?", 3);
}
END_TEST

START_TEST(test_max_cap)
{
	tui_edit e;

	ck_assert(tui_edit_init(&e, 5));
	tui_edit_key(&e, 0, 'a');
	tui_edit_key(&e, 0, 'b');
	tui_edit_key(&e, 0, 'c');
	tui_edit_key(&e, 0, 'd');
	/* é is 2 bytes: 6 > 5, refused, but still the field's key. */
	ck_assert_int_eq(tui_edit_key(&e, 0, 0xe9), TUI_EDIT_CHANGED);
	ck_assert_str_eq(e.buf, "abcd");
	ck_assert_int_eq(tui_edit_key(&e, 0, 'e'), TUI_EDIT_CHANGED);
	ck_assert_str_eq(e.buf, "abcde");
	tui_edit_key(&e, 0, 'f');
	ck_assert_str_eq(e.buf, "abcde");
	ck_assert_uint_eq(e.len, 5);
	/* set: cut at the cap on a character boundary. */
	tui_edit_set(&e, "abc\xe2\x82\xac");	/* 6 bytes */
	ck_assert_str_eq(e.buf, "abc");
	ck_assert_uint_eq(e.cur, 3);
	tui_edit_free(&e);
}
END_TEST

START_TEST(test_set_invalid)
{
	tui_edit_set(&E, "a\xff" "b\xc0\xaf" "c\xed\xa0\x80" "d\xf4\x90\x80\x80" "e\xc3");
	expect("abcde", 5);
	tui_edit_set(&E, "\xe2\x82\xac ok");
	expect("\xe2\x82\xac ok", 6);
	tui_edit_set(&E, NULL);
	expect("", 0);
}
END_TEST

START_TEST(test_utf8_dec)
{
	uint32_t cp = 0;

	ck_assert_uint_eq(edit_utf8_dec("\xf0\x9f\x98\x80", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x1f600);
	ck_assert_uint_eq(edit_utf8_dec("\xf0\x9f\x98", 3, &cp), 0);	/* short */
	ck_assert_uint_eq(edit_utf8_dec("\xe0\x80\x80", 3, &cp), 0);	/* overlong */
	ck_assert_uint_eq(edit_utf8_dec("\x80", 1, &cp), 0);
}
END_TEST

static int
wrap(const char *s, int width, size_t *starts)
{
	return edit_wrap(s, strlen(s), width, starts, 16);
}

START_TEST(test_wrap)
{
	size_t st[16];
	int row, col;

	/* Breaks after the last blank that fits. */
	ck_assert_int_eq(wrap("hello world foo", 11, st), 2);
	ck_assert_uint_eq(st[1], 12);			/* "foo" */
	ck_assert_int_eq(wrap("hello world foo", 15, st), 1);
	ck_assert_int_eq(wrap("hello world", 8, st), 2);
	ck_assert_uint_eq(st[1], 6);			/* "world" whole */
	/* A blank that does not fit hangs at the end of its line. */
	ck_assert_int_eq(wrap("abcde fgh", 5, st), 2);
	ck_assert_uint_eq(st[1], 6);
	/* A word longer than the line is cut. */
	ck_assert_int_eq(wrap("abcdefghijkl", 5, st), 3);
	ck_assert_uint_eq(st[1], 5);
	ck_assert_uint_eq(st[2], 10);
	/* Columns, not bytes: 日本 fills 4 of 5 columns, 語 goes down. */
	ck_assert_int_eq(wrap("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 5, st), 2);
	ck_assert_uint_eq(st[1], 6);
	/* é is one column: "ééééé" fits 5. */
	ck_assert_int_eq(wrap("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 5, st), 1);
	ck_assert_int_eq(wrap("", 5, st), 1);

	/* The cursor: the end of a full line goes to the next row. */
	const char *s = "abcde";
	int n = wrap(s, 5, st);
	edit_cursor_pos(s, 5, 5, st, n, 5, &row, &col);
	ck_assert_int_eq(row, 1);
	ck_assert_int_eq(col, 0);
	edit_cursor_pos(s, 5, 5, st, n, 2, &row, &col);
	ck_assert_int_eq(row, 0);
	ck_assert_int_eq(col, 2);
	s = "hello world foo";
	n = wrap(s, 11, st);
	edit_cursor_pos(s, strlen(s), 11, st, n, 13, &row, &col);
	ck_assert_int_eq(row, 1);
	ck_assert_int_eq(col, 1);
	s = "\xe6\x97\xa5\xe6\x9c\xac" "x";		/* 日本x */
	n = wrap(s, 10, st);
	edit_cursor_pos(s, strlen(s), 10, st, n, 6, &row, &col);
	ck_assert_int_eq(col, 4);
}
END_TEST

START_TEST(test_paste)
{
	/* ESC, CR LF, a lone LF and a tab inside a paste: spaces or nothing,
	 * and the cursor after the pasted text, in the middle of a word. */
	static const char p[] = "x\033Rq\r\ny\tz\n\xc3\xa9";
	type("ab");
	tui_edit_key(&E, 1, KEY_LEFT);
	ck_assert_uint_eq(tui_edit_paste(&E, p, sizeof p - 1), 0);
	ck_assert_str_eq(E.buf, "ax" "Rq y z \xc3\xa9" "b");
	ck_assert_uint_eq(E.len, 12);
	ck_assert_uint_eq(E.cur, 11);
	/* Invalid UTF-8 and C1 controls are dropped. */
	tui_edit_set(&E, "");
	ck_assert_uint_eq(tui_edit_paste(&E, "a\xff\xc2\x85" "b", 5), 0);
	ck_assert_str_eq(E.buf, "ab");
}
END_TEST

START_TEST(test_paste_cap)
{
	/* 64 bytes at most: 60 typed, then "\xe2\x82\xac" (3 bytes) fits,
	 * the next euro does not, so the paste stops before it and reports
	 * the bytes left out: 3 of the second euro and 4 of "tail". */
	static const char p[] = "\xe2\x82\xac\xe2\x82\xac" "tail";
	for (int i = 0; i < 60; i++)
		tui_edit_key(&E, 0, 'a');
	ck_assert_uint_eq(tui_edit_paste(&E, p, sizeof p - 1), 7);
	ck_assert_uint_eq(E.len, 63);
	ck_assert_str_eq(E.buf + 60, "\xe2\x82\xac");
	/* A large paste: only what fits is looked at. */
	size_t n = 1u << 20;
	char *big = malloc(n);
	ck_assert_ptr_nonnull(big);
	memset(big, 'x', n);
	tui_edit_set(&E, "");
	ck_assert_uint_eq(tui_edit_paste(&E, big, n), n - 64);
	ck_assert_uint_eq(E.len, 64);
	free(big);
}
END_TEST

static Suite *
edit_suite(void)
{
	Suite *s = suite_create("edit");
	TCase *tc = tcase_create("model");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_type_and_move);
	tcase_add_test(tc, test_delete_multibyte);
	tcase_add_test(tc, test_ctrl_keys);
	tcase_add_test(tc, test_submit_cancel_other);
	tcase_add_test(tc, test_max_cap);
	tcase_add_test(tc, test_set_invalid);
	tcase_add_test(tc, test_paste);
	tcase_add_test(tc, test_paste_cap);
	tcase_add_test(tc, test_utf8_dec);
	suite_add_tcase(s, tc);
	tc = tcase_create("wrap");
	tcase_add_test(tc, test_wrap);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	/* Display widths (wcwidth) need a UTF-8 locale. */
	if (setlocale(LC_ALL, "C.UTF-8") == NULL)
		setlocale(LC_ALL, "en_US.UTF-8");
	SRunner *sr = srunner_create(edit_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
