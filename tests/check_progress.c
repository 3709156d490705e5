/*
 * check_progress.c — the progress store (src/state/progress.h): round
 * trips against hand-written files, the XDG directory rules, the merge,
 * unsavable directories and a full disk.  Damaged files are in
 * check_progress_damaged.c, the review items in check_progress_items.c,
 * the killed writers and concurrent instances in check_progress_kill.c.
 * The oracles are literal texts and values typed here, never the store's
 * own writer.
 */
#include <config.h>

#include <check.h>
#include <errno.h>
#include <grp.h>
#include <math.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "progress_test.h"

/* ---- round trip ------------------------------------------------------------ */

START_TEST(round_trip)
{
	const char *dir = tpath("a/b/state");
	const char *m1[] = { "q-1", "q 2" };
	const char *m2[] = { "%41", "q\xc3\xa9" };
	const char *want = HDR2
	    "lesson interview 3 12 0 2.5 4 1767323045 q-1 q%202\n"
	    "lesson a%20b%25c\\d=%C3%A9 5 5 1 0 0 1767323045\n"
	    "lesson end 0 0 0 0.10000000000000001 3 1767323045 %2541 q%C3%A9\n"
	    "end 3 0\n";
	char msg[512];
	struct stat st;
	progress *p = open_ok(dir);

	ck_assert_int_eq(stat(dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	ck_assert_str_eq(progress_path(p), tpath("a/b/state/progress"));
	ck_assert_int_eq(progress_count(p), 0);
	ck_assert(progress_set_step(p, "interview", 3, 12, false));
	ck_assert(progress_set_score(p, "interview", 2.5, 4, m1, 2));
	ck_assert(progress_set_step(p, "a b%c\\d=\xc3\xa9", 5, 5, true));
	ck_assert(progress_set_score(p, "end", 0.1, 3, m2, 2));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "save: %s", msg);
	assert_file(tpath("a/b/state/progress"), want, strlen(want));
	ck_assert_int_eq(stat(tpath("a/b/state/progress"), &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);	/* private */
	progress_free(p);

	/* Read back: the values typed above, not what the writer wrote. */
	p = open_ok(dir);
	ck_assert_int_eq(progress_count(p), 3);
	const progress_lesson *r = progress_at(p, 0);
	ck_assert_str_eq(r->id, "interview");
	ck_assert_uint_eq(r->step, 3);
	ck_assert_uint_eq(r->nsteps, 12);
	ck_assert(!r->done);
	ck_assert(r->best == 2.5 && r->max == 4);
	ck_assert_uint_eq(r->nmissed, 2);
	ck_assert_str_eq(r->missed[0], "q-1");
	ck_assert_str_eq(r->missed[1], "q 2");
	ck_assert(r->updated == FAKE_NOW);
	r = progress_get(p, "a b%c\\d=\xc3\xa9");
	ck_assert_ptr_eq(r, progress_at(p, 1));
	ck_assert(r->done && r->step == 5 && r->nsteps == 5);
	ck_assert(r->max == 0 && r->nmissed == 0);
	r = progress_get(p, "end");
	ck_assert(r->best == 0.1 && r->max == 3);
	ck_assert_str_eq(r->missed[0], "%41");
	ck_assert_str_eq(r->missed[1], "q\xc3\xa9");
	ck_assert_ptr_null(progress_get(p, "nope"));
	ck_assert_ptr_null(progress_at(p, 3));

	/* A worse score keeps the best and replaces the missed list; done
	 * stays; the same pointer still serves. */
	const progress_lesson *keep = progress_get(p, "interview");
	ck_assert(progress_set_score(p, "interview", 1, 4, NULL, 0));
	ck_assert(progress_set_step(p, "a b%c\\d=\xc3\xa9", 1, 5, false));
	ck_assert(keep->best == 2.5 && keep->nmissed == 0);
	ck_assert(progress_get(p, "a b%c\\d=\xc3\xa9")->done);
	ck_assert(progress_set_score(p, "interview", 3, 4, NULL, 0));
	ck_assert(keep->best == 3);
	progress_free(p);
}
END_TEST

START_TEST(bad_changes_refused)
{
	progress *p = open_ok(tpath("s"));
	char id49[50];
	const char *badm[] = { "ok", "new\nline" };

	memset(id49, 'a', 49);
	id49[49] = '\0';
	ck_assert(!progress_set_step(p, "", 0, 1, false));
	ck_assert(!progress_set_step(p, "tab\there", 0, 1, false));
	ck_assert(!progress_set_step(p, "del\x7f", 0, 1, false));
	ck_assert(!progress_set_step(p, id49, 0, 1, false));
	ck_assert(progress_set_step(p, id49 + 1, 0, 1, false));	/* 48 */
	ck_assert(!progress_set_step(p, "x", 2, 1, false));
	ck_assert(!progress_set_step(p, "x", 0, 1000001, false));
	ck_assert(!progress_set_score(p, "x", NAN, 1, NULL, 0));
	ck_assert(!progress_set_score(p, "x", 1, INFINITY, NULL, 0));
	ck_assert(!progress_set_score(p, "x", 2, 1, NULL, 0));
	ck_assert(!progress_set_score(p, "x", -1, 1, NULL, 0));
	ck_assert(!progress_set_score(p, "x", 1, 2e9, NULL, 0));
	ck_assert(!progress_set_score(p, "x", 1, 2, badm, 2));
	ck_assert_ptr_null(progress_get(p, "x"));
	ck_assert_int_eq(progress_count(p), 1);
	progress_free(p);
}
END_TEST

/* ---- where the directory is -------------------------------------------- */

static void
check_dir(const char *xdg, const char *want)
{
	progress *p;
	char msg[512];

	if (xdg)
		setenv("XDG_STATE_HOME", xdg, 1);
	else
		unsetenv("XDG_STATE_HOME");
	ck_assert_int_eq(progress_open(&p, NULL, msg, sizeof msg), PROGRESS_OK);
	ck_assert_str_eq(progress_path(p), want);
	ck_assert(progress_set_step(p, "l", 0, 1, false));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	ck_assert(exists(want));
	progress_free(p);
}

START_TEST(xdg_rules)
{
	char cwd[4096];

	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	ck_assert_int_eq(chdir(tmp_base), 0);
	ck_assert_int_eq(mkdir(tpath("home"), 0700), 0);
	setenv("HOME", tpath("home"), 1);
	check_dir(NULL, tpath("home/.local/state/fptutor/progress"));
	check_dir("", tpath("home/.local/state/fptutor/progress"));
	check_dir("relative/state", tpath("home/.local/state/fptutor/progress"));
	ck_assert(!exists(tpath("relative")));
	check_dir(tpath("xdg"), tpath("xdg/fptutor/progress"));
	/* An explicit state_dir is taken as it is, without "fptutor"; an
	 * empty one is no directory at all (not "/"). */
	progress *p = open_ok(tpath("mine"));
	ck_assert_str_eq(progress_path(p), tpath("mine/progress"));
	progress_free(p);
	char msg[200];
	ck_assert_int_eq(progress_open(&p, "", msg, sizeof msg),
	    PROGRESS_UNSAVABLE);
	ck_assert(progress_set_step(p, "l", 0, 1, false));
	ck_assert(!progress_save(p, msg, sizeof msg));
	ck_assert_str_eq(msg, "cannot save progress: no state directory");
	progress_free(p);
	ck_assert_int_eq(chdir(cwd), 0);
}
END_TEST

/* ---- merge with what another instance wrote --------------------------------- */

START_TEST(merge_on_save)
{
	/* x: ours is newer, the other's is done with a better score; z and
	 * w: the other's is newer, w was done here; v: 3 of 4 beats 5 of 10
	 * (scores compare as fractions); y: only the other has it. */
	const char *first = HDR
	    "lesson x 3 10 0 1 4 200\n"
	    "lesson z 1 8 0 0 0 100\n"
	    "lesson w 2 4 1 0 0 100 qw\n"
	    "lesson v 0 4 0 3 4 200\n"
	    "end 4\n";
	const char *other = HDR
	    "lesson y 2 6 0 5 5 150 qy\n"
	    "lesson x 5 10 1 4 4 100 qx\n"
	    "lesson z 6 8 0 0 0 300\n"
	    "lesson w 1 4 0 1 2 300\n"
	    "lesson v 0 4 0 5 10 100\n"
	    "end 5\n";
	const char *want = HDR2
	    "lesson x 3 10 1 4 4 200\n"
	    "lesson z 6 8 0 0 0 300\n"
	    "lesson w 1 4 1 1 2 300\n"
	    "lesson v 0 4 0 3 4 200\n"
	    "lesson y 2 6 0 5 5 150 qy\n"
	    "end 5 0\n";
	char msg[512];
	progress *p;

	make_state(first);
	p = open_ok(tpath("s"));
	put_file(tpath("s/progress"), other, strlen(other));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	assert_file(tpath("s/progress"), want, strlen(want));
	/* The store in memory is the merged one. */
	ck_assert_uint_eq(progress_get(p, "z")->step, 6);
	ck_assert_str_eq(progress_at(p, 4)->id, "y");
	progress_free(p);
}
END_TEST

START_TEST(leftover_tmp_cleaned)
{
	progress *p = open_ok(tpath("s"));
	char msg[512];

	put_file(tpath("s/progress.tmp.99999"), "half a fi", 9);
	put_file(tpath("s/progress.tmp.1"), "", 0);
	ck_assert(progress_set_step(p, "x", 0, 1, false));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	ck_assert_int_eq(count_prefix(tpath("s"), "progress\\.tmp"), 0);
	progress_free(p);
}
END_TEST

/* ---- unsavable ---------------------------------------------------------------- */

START_TEST(unsavable_notdir)
{
	progress *p;
	char msg[512];
	const char *dir = tpath("file/sub/state");

	put_file(tpath("file"), "a file\n", 7);
	ck_assert_int_eq(progress_open(&p, dir, msg, sizeof msg),
	    PROGRESS_UNSAVABLE);
	ck_assert_msg(strstr(msg, dir) && strstr(msg, strerror(ENOTDIR)),
	    "%s", msg);
	ck_assert(progress_set_step(p, "x", 1, 2, true));
	ck_assert(progress_get(p, "x")->done);
	ck_assert(!progress_save(p, msg, sizeof msg));
	ck_assert_msg(strstr(msg, dir) && strstr(msg, strerror(ENOTDIR)),
	    "%s", msg);
	assert_file(tpath("file"), "a file\n", 7);
	progress_free(p);
}
END_TEST

/* Root ignores permissions, so a test of them runs as nobody (in the
 * process Check forked for the test) or is skipped. */
static bool
unprivileged(void)
{
	const char *fork_mode = getenv("CK_FORK");
	struct passwd *pw = getpwnam("nobody");

	if (geteuid() != 0)
		return true;
	if ((fork_mode && strcmp(fork_mode, "no") == 0) || !pw ||
	    chown(tmp_base, pw->pw_uid, pw->pw_gid) != 0 ||
	    setgroups(0, NULL) != 0 || setgid(pw->pw_gid) != 0 ||
	    setuid(pw->pw_uid) != 0 || geteuid() == 0) {
		printf("check_progress: read-only directory: skipped, running "
		    "as root (root ignores permissions)\n");
		return false;
	}
	printf("check_progress: read-only directory: running as root, so "
	    "tested as nobody (root ignores permissions)\n");
	return true;
}

START_TEST(unsavable_readonly)
{
	const char *old = HDR "lesson x 1 2 0 0 0 100\nend 1\n";
	progress *p;
	char msg[512];

	if (!unprivileged())
		return;
	make_state(old);
	ck_assert_int_eq(chmod(tpath("s"), 0500), 0);
	ck_assert_int_eq(progress_open(&p, tpath("s"), msg, sizeof msg),
	    PROGRESS_UNSAVABLE);
	ck_assert_msg(strstr(msg, tpath("s")) && strstr(msg, strerror(EACCES)),
	    "%s", msg);
	ck_assert_int_eq(progress_count(p), 1);	/* read all the same */
	ck_assert(progress_set_step(p, "x", 2, 2, true));
	ck_assert(!progress_save(p, msg, sizeof msg));
	ck_assert_msg(strstr(msg, tpath("s")) && strstr(msg, strerror(EACCES)),
	    "%s", msg);
	assert_file(tpath("s/progress"), old, strlen(old));
	progress_free(p);

	/* Damaged in a read-only directory: it cannot be set aside, so it is
	 * left exactly as it is and nothing will be saved over it. */
	ck_assert_int_eq(chmod(tpath("s"), 0700), 0);
	put_file(tpath("s/progress"), "junk\n", 5);
	ck_assert_int_eq(chmod(tpath("s"), 0500), 0);
	ck_assert_int_eq(progress_open(&p, tpath("s"), msg, sizeof msg),
	    PROGRESS_DAMAGED);
	ck_assert_msg(strstr(msg, tpath("s/progress")) && strstr(msg,
	    strerror(EACCES)) && strstr(msg, "not be saved"), "%s", msg);
	ck_assert(progress_set_step(p, "x", 2, 2, true));
	ck_assert(!progress_save(p, msg, sizeof msg));
	assert_file(tpath("s/progress"), "junk\n", 5);
	ck_assert_int_eq(count_prefix(tpath("s"), "progress\\.damaged"), 0);
	progress_free(p);
}
END_TEST

/* A full disk: a child whose files may not grow past 4 KiB saves 400 KiB.
 * The save fails with a message, the old file stays, no temp is left. */
START_TEST(unsavable_full_disk)
{
	const char *old = HDR "lesson x 1 2 0 0 0 100\nend 1\n";
	int fds[2];
	pid_t pid;
	char msg[512] = "";
	int status;

	make_state(old);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork_ok();
	if (pid == 0) {
		struct rlimit rl = { 4096, 4096 };
		progress *p;
		char m[512];
		int code;

		close(fds[0]);
		signal(SIGXFSZ, SIG_IGN);
		if (progress_open(&p, tpath("s"), m, sizeof m) != PROGRESS_OK)
			_exit(3);
		fill_big(p, 2000);
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(4);
		code = progress_save(p, m, sizeof m) ? 1 : 0;
		if (write(fds[1], m, strlen(m) + 1) < 0)
			code = 5;
		_exit(code);
	}
	close(fds[1]);
	ck_assert(read(fds[0], msg, sizeof msg - 1) > 0);
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "the child's save: status %d: %s", status, msg);
	ck_assert_msg(strstr(msg, tpath("s")) && strstr(msg, strerror(EFBIG)),
	    "%s", msg);
	assert_file(tpath("s/progress"), old, strlen(old));
	ck_assert_int_eq(count_prefix(tpath("s"), "progress\\.tmp"), 0);
}
END_TEST

static Suite *
progress_suite(void)
{
	Suite *s = suite_create("progress");
	TCase *tc = tcase_create("file");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);	/* sanitizers and valgrind are slow */
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, bad_changes_refused);
	tcase_add_test(tc, xdg_rules);
	progress_damaged_tests(tc);	/* check_progress_damaged.c */
	tcase_add_test(tc, merge_on_save);
	tcase_add_test(tc, leftover_tmp_cleaned);
	tcase_add_test(tc, unsavable_notdir);
	tcase_add_test(tc, unsavable_readonly);
	tcase_add_test(tc, unsavable_full_disk);
	suite_add_tcase(s, tc);

	tc = tcase_create("items");
	tcase_add_checked_fixture(tc, setup, teardown);
	progress_item_tests(tc);
	suite_add_tcase(s, tc);

	tc = tcase_create("kill");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	progress_kill_tests(tc);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(progress_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
