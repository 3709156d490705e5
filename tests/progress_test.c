/*
 * progress_test.c — the helpers the files of tests/check_progress share
 * (progress_test.h): a temporary directory per test, whole-file reads and
 * writes, the fixed clock.
 */
#include <config.h>

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "state/progress_int.h"
#include "progress_test.h"

char tmp_base[256];

time_t
fake_clock(void)
{
	return FAKE_NOW;
}

/* A fresh directory per test (Check forks each test, so the fixture and
 * the clock hook are the test's own). */
void
setup(void)
{
	snprintf(tmp_base, sizeof tmp_base, "%s/check_progress.XXXXXX",
	    getenv("TMPDIR") && getenv("TMPDIR")[0] == '/' ? getenv("TMPDIR")
	    : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmp_base));
	progress_now = fake_clock;
	setenv("TZ", "UTC0", 1);
	tzset();
}

void
teardown(void)
{
	char cmd[3 * sizeof tmp_base];

	snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s'; rm -rf '%s'",
	    tmp_base, tmp_base);
	if (system(cmd) != 0)
		fprintf(stderr, "check_progress: could not remove %s\n",
		    tmp_base);
}

char *
tpath(const char *rel)
{
	static char buf[4][512];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", tmp_base, rel);
	return buf[k];
}

void
put_file(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	ck_assert_msg(f != NULL, "fopen %s: %s", path, strerror(errno));
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

/* The whole file, malloc'd, or NULL if it does not exist. */
char *
get_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (*len == cap) {
			cap = cap ? 2 * cap : 4096;
			buf = realloc(buf, cap + 1);
			ck_assert_ptr_nonnull(buf);
		}
		size_t k = fread(buf + *len, 1, cap - *len, f);
		*len += k;
		if (k == 0)
			break;
	}
	fclose(f);
	buf[*len] = '\0';
	return buf;
}

void
assert_file(const char *path, const char *want, size_t wlen)
{
	size_t len;
	char *got = get_file(path, &len);

	ck_assert_msg(got != NULL, "%s is missing", path);
	ck_assert_msg(len == wlen && memcmp(got, want, len) == 0,
	    "%s differs:\n--- got (%zu bytes)\n%.*s--- want (%zu bytes)\n%s",
	    path, len, (int)(len > 2000 ? 2000 : len), got, wlen, want);
	free(got);
}

bool
exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* How many names in dir start with prefix. */
int
count_prefix(const char *dir, const char *prefix)
{
	char cmd[600];
	FILE *f;
	int n = 0, c;

	snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -c '^%s'", dir, prefix);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	if (fscanf(f, "%d", &n) != 1)
		n = -1;
	while ((c = fgetc(f)) != EOF)
		;
	pclose(f);
	return n;
}

progress *
open_ok(const char *dir)
{
	progress *p;
	char msg[512];
	progress_status st = progress_open(&p, dir, msg, sizeof msg);

	ck_assert_msg(st == PROGRESS_OK, "open %s: status %d: %s", dir, st,
	    msg);
	return p;
}

void
make_state(const char *text)
{
	ck_assert_int_eq(mkdir(tpath("s"), 0700), 0);
	if (text)
		put_file(tpath("s/progress"), text, strlen(text));
}

pid_t
fork_ok(void)
{
	pid_t pid = fork();

	ck_assert_int_ne(pid, -1);
	return pid;
}
