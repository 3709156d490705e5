/*
 * progress_test.h — what the files of tests/check_progress share: the
 * temporary directory of the running test, file helpers, the fixed clock,
 * the files' header lines.
 */
#ifndef FPTUTOR_TESTS_PROGRESS_TEST_H
#define FPTUTOR_TESTS_PROGRESS_TEST_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "state/progress.h"

/* The tests' clock (progress_now), and its local time under TZ=UTC0 as
 * a damaged file's name shows it, worked out by hand. */
#define FAKE_NOW	((time_t)1767323045)
#define FAKE_STAMP	"20260102T030405"

/* The header of a version 1 file, and of what a save writes. */
#define HDR	"fptutor-progress 1\n"
#define HDR2	"fptutor-progress 2\n"

extern char tmp_base[256];
time_t fake_clock(void);
void setup(void);		/* a fresh tmp_base, the fake clock, TZ=UTC0 */
void teardown(void);
char *tpath(const char *rel);	/* tmp_base/rel; four buffers in turn */
void put_file(const char *path, const char *buf, size_t len);
char *get_file(const char *path, size_t *len);
void assert_file(const char *path, const char *want, size_t wlen);
bool exists(const char *path);
int count_prefix(const char *dir, const char *prefix);
progress *open_ok(const char *dir);
void make_state(const char *text);	/* tmp_base/s, with progress = text */
pid_t fork_ok(void);

/* check_progress_kill.c */
void fill_big(progress *p, int n);
void progress_kill_tests(TCase *tc);
void progress_item_tests(TCase *tc);	/* check_progress_items.c */
void progress_damaged_tests(TCase *tc);	/* check_progress_damaged.c */

#endif
