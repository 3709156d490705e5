/*
 * check_progress_kill.c — the store under fire: a writer killed (SIGKILL
 * and SIGTERM) at every stage of a save and at random moments leaves the
 * old file or the new one byte for byte, never a torn one; several
 * processes saving at once lose none of each other's lessons.  The
 * expected files are typed out here from the values the writer was given.
 */
#include <config.h>

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <math.h>
#include <time.h>
#include <unistd.h>

#include "progress_test.h"
#include "state/progress_int.h"

#define NBIG	4000	/* lessons in the big store: several 64 KiB writes */
#define NRANDOM	30	/* writers killed at random moments */

/* The file a killed writer started from: big-0000 (which the writer
 * updates) and "old" (which it leaves alone). */
static const char old_text[] = "fptutor-progress 1\n"
    "lesson big-0000 1 7 0 0 0 100\n"
    "lesson old 2 3 1 1 2 100\n"
    "end 2\n";

void
fill_big(progress *p, int n)
{
	static const char *const q[] = { "q-0", "q-1", "q-2" };
	char id[32];

	for (int i = 0; i < n; i++) {
		snprintf(id, sizeof id, "big-%04d", i);
		if (!progress_set_step(p, id, (size_t)(i % 7), 7, false) ||
		    !progress_set_score(p, id, i % 5, 5, q, (size_t)(i % 4)))
			_exit(7);
		/* A review item each: good on even lessons, again on odd. */
		snprintf(id, sizeof id, "big-%04d:q", i);
		if (!progress_rate(p, id, PROGRESS_QUESTION, "big",
		    i % 2 ? 1 : 3, FAKE_NOW))
			_exit(7);
	}
}

/* The item line fill_big writes for lesson i, from FSRS-5's published
 * first-rating formulas: S0(G) = w[G-1], D0(G) = w4 - e^(w5 (G-1)) + 1,
 * a miss due now (relearning), a pass due after round(S0) days. */
static size_t
want_item(char *s, size_t cap, int i)
{
	const double w0 = 0.40255, w2 = 3.173, w4 = 7.1949, w5 = 0.5345;
	bool miss = i % 2;
	double st = miss ? w0 : w2;
	double d = w4 - exp(w5 * (miss ? 0 : 2)) + 1;
	long long due = (long long)FAKE_NOW + (miss ? 0 : 3 * 86400);

	return (size_t)snprintf(s, cap, "item question big-%04d:q big %s %.17g "
	    "%.17g %lld %lld 1 %d 1 %d 0 %lld\n", i,
	    miss ? "relearn" : "review", st, d, due, (long long)FAKE_NOW,
	    miss, !miss, (long long)FAKE_NOW);
}

/* What fill_big(p, n) over old_text must save, written out by hand. */
static char *
want_big(int n, size_t *len)
{
	size_t cap = 64 + (size_t)n * 200, k = 0;
	char *s = malloc(cap);

	ck_assert_ptr_nonnull(s);
	k += (size_t)snprintf(s, cap, "fptutor-progress 2\n");
	for (int i = 0; i < n; i++) {
		if (i == 1)
			k += (size_t)snprintf(s + k, cap - k,
			    "lesson old 2 3 1 1 2 100\n");
		k += (size_t)snprintf(s + k, cap - k, "lesson big-%04d %d 7 0 "
		    "%d 5 %lld", i, i % 7, i % 5, (long long)FAKE_NOW);
		for (int j = 0; j < i % 4; j++)
			k += (size_t)snprintf(s + k, cap - k, " q-%d", j);
		k += (size_t)snprintf(s + k, cap - k, "\n");
	}
	for (int i = 0; i < n; i++)
		k += want_item(s + k, cap - k, i);
	k += (size_t)snprintf(s + k, cap - k, "end %d %d\n", n + 1, n);
	ck_assert_uint_lt(k, cap);
	*len = k;
	return s;
}

/* In a child: open the test's store, fill it, tell notify_fd (if any)
 * that the save is next, save, exit 0 when saved. */
static void
saver(int notify_fd)
{
	progress *p;
	char m[512];

	if (progress_open(&p, tpath("s"), m, sizeof m) != PROGRESS_OK)
		_exit(3);
	fill_big(p, NBIG);
	if (notify_fd >= 0 && write(notify_fd, "x", 1) != 1)
		_exit(4);
	_exit(progress_save(p, m, sizeof m) ? 0 : 1);
}

/* ---- killed at each stage ---------------------------------------------------- */

static const struct kill_at {
	enum progress_stage stage;
	int nth, sig;
	bool renamed, tmp_left;
} kills[] = {
	{ PROGRESS_STAGE_LOCKED, 1, SIGKILL, false, false },
	{ PROGRESS_STAGE_TMP, 1, SIGKILL, false, true },
	{ PROGRESS_STAGE_CHUNK, 1, SIGKILL, false, true },
	{ PROGRESS_STAGE_CHUNK, 2, SIGTERM, false, true },
	{ PROGRESS_STAGE_CHUNK, 3, SIGKILL, false, true },
	{ PROGRESS_STAGE_SYNCED, 1, SIGKILL, false, true },
	{ PROGRESS_STAGE_SYNCED, 1, SIGTERM, false, true },
	{ PROGRESS_STAGE_RENAMED, 1, SIGKILL, true, false },
	{ PROGRESS_STAGE_RENAMED, 1, SIGTERM, true, false },
	{ PROGRESS_STAGE_DONE, 1, SIGKILL, true, false },
};

static const struct kill_at *hook_at;
static int hook_seen;

static void
kill_hook(enum progress_stage s)
{
	if (s == hook_at->stage && ++hook_seen == hook_at->nth)
		raise(hook_at->sig);
}

START_TEST(killed_at_stage)
{
	const struct kill_at *k = &kills[_i];
	size_t blen;
	char *b = want_big(NBIG, &blen);
	char msg[512];
	int status;
	pid_t pid;

	ck_assert_uint_gt(blen, 2 * 65536);	/* so there are 3 chunks */
	make_state(old_text);
	pid = fork_ok();
	if (pid == 0) {
		signal(k->sig, SIG_DFL);
		hook_at = k;
		progress_stage_hook = kill_hook;
		saver(-1);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == k->sig,
	    "the writer was not killed: status %d", status);
	if (k->renamed)
		assert_file(tpath("s/progress"), b, blen);
	else
		assert_file(tpath("s/progress"), old_text, strlen(old_text));
	ck_assert_int_eq(count_prefix(tpath("s"), "progress\\.tmp"),
	    k->tmp_left ? 1 : 0);

	/* The next instance reads it as a good file and its save clears the
	 * temporary file left behind. */
	progress *p = open_ok(tpath("s"));
	ck_assert_int_eq(progress_count(p), k->renamed ? NBIG + 1 : 2);
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	ck_assert_int_eq(count_prefix(tpath("s"), "progress\\.tmp"), 0);
	progress_free(p);
	free(b);
}
END_TEST

/* ---- killed at random moments -------------------------------------------------- */

static long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Start a saver; return its pid once it is about to save. */
static pid_t
start_saver(void)
{
	int fds[2];
	char c;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork_ok();
	if (pid == 0) {
		close(fds[0]);
		signal(SIGTERM, SIG_DFL);
		saver(fds[1]);
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	close(fds[0]);
	return pid;
}

START_TEST(killed_at_random)
{
	size_t blen;
	char *b = want_big(NBIG, &blen);
	int status, nold = 0, nnew = 0, nfinished = 0;
	long long t0, span;
	pid_t pid;

	make_state(NULL);
	/* How long a save takes here, so the kills land inside one. */
	put_file(tpath("s/progress"), old_text, strlen(old_text));
	pid = start_saver();
	t0 = now_ns();
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	span = now_ns() - t0;
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_file(tpath("s/progress"), b, blen);

	srand(12345);
	for (int i = 0; i < NRANDOM; i++) {
		size_t len;
		int r = rand();
		long long d = (long long)(r / (double)RAND_MAX * 1.2 *
		    (double)span);
		struct timespec ts = { (time_t)(d / 1000000000), d % 1000000000 };

		put_file(tpath("s/progress"), old_text, strlen(old_text));
		pid = start_saver();
		nanosleep(&ts, NULL);
		kill(pid, i % 2 ? SIGKILL : SIGTERM);
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		nfinished += WIFEXITED(status);
		char *got = get_file(tpath("s/progress"), &len);
		ck_assert_ptr_nonnull(got);
		if (len == strlen(old_text) && memcmp(got, old_text, len) == 0)
			nold++;
		else if (len == blen && memcmp(got, b, len) == 0)
			nnew++;
		else
			ck_abort_msg("kill %d after %lld ns: a torn file of %zu "
			    "bytes", i, d, len);
		free(got);
	}
	printf("check_progress: %d writers killed at random in a %lld us "
	    "save: %d left the old file, %d the new (%d had finished)\n",
	    NRANDOM, span / 1000, nold, nnew, nfinished);
	free(b);
}
END_TEST

/* ---- instances at once ------------------------------------------------------------ */

START_TEST(concurrent_saves)
{
	enum { NPROC = 4, NSAVE = 25 };
	int gate[2], status;
	pid_t pids[NPROC];
	char id[32];

	make_state(NULL);
	ck_assert_int_eq(pipe(gate), 0);
	for (int k = 0; k < NPROC; k++) {
		pids[k] = fork();
		ck_assert_int_ne(pids[k], -1);
		if (pids[k] != 0)
			continue;
		progress *p;
		char m[512], c;

		close(gate[1]);
		if (read(gate[0], &c, 1) != 0)	/* all start together */
			_exit(5);
		/* Waiting is what is tested here, not the 5 s patience with a
		 * stuck holder (lock_held): a loaded machine with slow fsyncs
		 * must not fail the test. */
		progress_lock_wait_ms = 60000;
		if (progress_open(&p, tpath("s"), m, sizeof m) != PROGRESS_OK)
			_exit(3);
		for (int i = 0; i < NSAVE; i++) {
			snprintf(id, sizeof id, "p%d-%02d", k, i);
			if (!progress_set_step(p, id, (size_t)i, NSAVE, false)
			    || !progress_save(p, m, sizeof m))
				_exit(1);
		}
		_exit(0);
	}
	close(gate[0]);
	close(gate[1]);
	for (int k = 0; k < NPROC; k++) {
		ck_assert_int_eq(waitpid(pids[k], &status, 0), pids[k]);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "process %d: status %d", k, status);
	}
	progress *p = open_ok(tpath("s"));
	ck_assert_int_eq(progress_count(p), NPROC * NSAVE);
	for (int k = 0; k < NPROC; k++)
		for (int i = 0; i < NSAVE; i++) {
			snprintf(id, sizeof id, "p%d-%02d", k, i);
			const progress_lesson *r = progress_get(p, id);
			ck_assert_msg(r != NULL, "%s was lost", id);
			ck_assert_uint_eq(r->step, (size_t)i);
			ck_assert_uint_eq(r->nsteps, NSAVE);
		}
	ck_assert_int_eq(count_prefix(tpath("s"), "progress\\.tmp"), 0);
	progress_free(p);
}
END_TEST

/* An instance stopped in the middle of a save (Ctrl-Z) holds the lock:
 * another one still opens and reads the file, and its save gives up with
 * a message instead of hanging; once the holder is gone it saves. */
START_TEST(lock_held)
{
	const char *old = "fptutor-progress 1\nlesson x 1 2 0 0 0 100\nend 1\n";
	int fds[2], status;
	char c, msg[512];
	pid_t pid;

	make_state(old);
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork_ok();
	if (pid == 0) {
		int fd = open(tpath("s/lock"), O_RDWR | O_CREAT, 0600);

		if (fd < 0 || flock(fd, LOCK_EX) != 0 || write(fds[1], "x", 1)
		    != 1)
			_exit(1);
		for (;;)
			pause();
	}
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	progress_lock_wait_ms = 300;
	progress *p = open_ok(tpath("s"));
	ck_assert_int_eq(progress_count(p), 1);
	ck_assert(progress_set_step(p, "y", 0, 1, false));
	ck_assert(!progress_save(p, msg, sizeof msg));
	ck_assert_msg(strstr(msg, tpath("s/lock")) && strstr(msg,
	    "another fptutor"), "%s", msg);
	assert_file(tpath("s/progress"), old, strlen(old));
	kill(pid, SIGKILL);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	ck_assert_ptr_nonnull(progress_get(p, "x"));
	progress_free(p);
	p = open_ok(tpath("s"));
	ck_assert_int_eq(progress_count(p), 2);
	progress_free(p);
}
END_TEST

void
progress_kill_tests(TCase *tc)
{
	tcase_add_loop_test(tc, killed_at_stage, 0,
	    (int)(sizeof kills / sizeof kills[0]));
	tcase_add_test(tc, killed_at_random);
	tcase_add_test(tc, concurrent_saves);
	tcase_add_test(tc, lock_held);
}
