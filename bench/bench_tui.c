/*
 * bench_tui.c — figures for the full-screen tutor (run by `make bench`; a
 * figure, not a test).  It runs src/fptutor on a pseudo-terminal of 80x24
 * (TERM=xterm-256color, a UTF-8 locale, a private state directory), reads
 * everything the program writes, presses keys and waits for the output to
 * go quiet after each one.
 *
 *  1. On the anatomy lesson: the time from start to the first full frame,
 *     the bytes written to the terminal per item, step and bit of the
 *     walk (ncurses should send only what changed), and the peak memory.
 *  2. Key-to-frame latency over every shipped lesson: on every step, every
 *     key of the player (scrolling, the help, a hint, moving by item and
 *     back, first / last / previous step, and next step onto the step), the
 *     time from writing the key to the last byte of the frame it draws (or,
 *     for a key that changes nothing on the screen, until the program is
 *     asleep again waiting for the next, as /proc tells).
 *     Before the keys of a lesson, the bench waits as a reader would until
 *     the program has gone idle (its CPU time stops moving): the lesson's
 *     blocks are made in the background between keys.  Printed: the
 *     median, 99th percentile and worst over all keys, per lesson the step
 *     with the worst 99th percentile, and whether every step meets the
 *     goal (p99 < 16 ms), and how many keys changed nothing on the screen;
 *     and the processor time the program took per key on each step (its
 *     own keys; clock ticks, so only a slow step shows), which a loaded
 *     machine does not inflate as it does the wall time.
 *
 *   bench/bench_tui [PROGRAM]     (default src/fptutor, from the build dir)
 *
 * Exit status 0 unless the program could not be run.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_stats.h"

#define QUIET_MS 30		/* output quiet this long: the frame is done */
#define GOAL_MS 16.0
#define MAX_LESSONS 32
#define MAX_STEPS 64
#define MAX_SAMPLES 128		/* per step */

/* Read until the output has been quiet for quiet_ms (or ends); returns the
 * bytes read.  With want non-NULL, stop as soon as want has been seen. */
static long
drain(int fd, int quiet_ms, const char *want)
{
	char buf[8192], tail[64] = "";
	long total = 0;
	struct pollfd p = { fd, POLLIN, 0 };

	for (;;) {
		int r = poll(&p, 1, quiet_ms);
		if (r <= 0)
			return total;
		ssize_t n = read(fd, buf, sizeof buf - 1);
		if (n <= 0)
			return total;
		total += n;
		if (want) {
			/* The text may straddle two reads: keep the last bytes. */
			char seen[sizeof tail + sizeof buf];
			buf[n] = '\0';
			snprintf(seen, sizeof seen, "%s%s", tail, buf);
			if (strstr(seen, want))
				return total;
			size_t l = strlen(seen), k = l < sizeof tail - 1 ? l : sizeof tail - 1;
			memcpy(tail, seen + l - k, k + 1);
		}
	}
}

static long
press(int fd, const char *keys)
{
	if (write(fd, keys, strlen(keys)) < 0)
		return -1;
	return drain(fd, 150, NULL);
}

/* How often the program has gone to sleep (waiting for a key, say), and
 * whether it sleeps now: -1 and false where /proc cannot say. */
static long
sleeps(pid_t pid, bool *asleep)
{
	char path[64], line[256];
	long n = -1;

	*asleep = false;
	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "State:", 6) == 0)
			*asleep = strchr(line, 'S') != NULL;
		else if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1)
			break;
	}
	fclose(f);
	return n;
}

/* Press a key; the milliseconds until it is dealt with: the last byte of
 * the frame it draws, or, for a key that changes nothing on the screen,
 * the program asleep again waiting for the next (*drew false).  A key
 * that takes long without drawing is timed too.  -1: no answer. */
static double
latency(int fd, pid_t pid, const char *key, bool *drew)
{
	char buf[8192];
	struct pollfd p = { fd, POLLIN, 0 };
	bool asleep;
	long before = sleeps(pid, &asleep);
	double t0 = bench_now(), out = -1, done = -1;

	*drew = false;
	if (write(fd, key, strlen(key)) < 0)
		return -1;
	for (;;) {
		int r = poll(&p, 1, 1);
		double t = bench_now();
		if (r > 0) {
			if (read(fd, buf, sizeof buf) <= 0)
				break;
			out = t;
			done = -1;	/* still drawing */
			continue;
		}
		if (done < 0 && before >= 0 && sleeps(pid, &asleep) > before && asleep)
			done = t;
		/* Done: asleep again (or, without /proc, drawn) and quiet. */
		double at = done >= 0 ? done : before < 0 ? out : -1;
		if (at >= 0 && t - (out > at ? out : at) >= QUIET_MS * 1e-3)
			break;
		if (t - t0 > 60)
			return -1;
	}
	*drew = out >= 0;
	return ((out >= 0 ? out : done) - t0) * 1e3;
}

/* The program's CPU time so far, in clock ticks; -1 if unknown. */
static long
cpu_ticks(pid_t pid)
{
	char path[64], buf[1024];
	long ut = -1, st = -1;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return -1;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	const char *p = strrchr(buf, ')');	/* after the command name */
	if (p == NULL || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld",
	    &ut, &st) != 2)
		return -1;
	return ut + st;
}

/* Wait, as a reader of the first step would, until the program has done
 * the work it does between keys: its CPU time still for 300 ms (at most
 * 10 s; a fixed 2 s where /proc is not there). */
static void
wait_idle(int fd, pid_t pid)
{
	long before = cpu_ticks(pid);

	if (before < 0) {
		drain(fd, 2000, NULL);
		return;
	}
	for (int i = 0; i < 100; i++) {
		drain(fd, 300, NULL);
		long t = cpu_ticks(pid);
		if (t == before)
			return;
		before = t;
	}
}

static pid_t
spawn(const char *prog, const char *lesson, const char *state, int *fd)
{
	struct winsize ws = { 24, 80, 0, 0 };
	pid_t pid = forkpty(fd, NULL, NULL, &ws);

	if (pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		setenv("XDG_STATE_HOME", state, 1);
		setenv("FPTUTOR_LESSON_PATH", TOP_SRCDIR "/lessons", 1);
		unsetenv("NO_COLOR");
		execl(prog, prog, "learn", lesson, (char *)NULL);
		_exit(127);
	}
	return pid;
}

/* Quit, reap; false if the program did not quit cleanly. */
static bool
finish(const char *prog, pid_t pid, int fd, struct rusage *ru)
{
	int status;
	pid_t got = 0;

	/* q closes the lesson; a program that has not quit a minute later
	 * (q pressed again every few seconds) is ended, not waited for. */
	for (int i = 0; i < 120 && got == 0; i++) {
		if (i % 10 == 0)
			press(fd, "q");
		drain(fd, 500, NULL);
		got = wait4(pid, &status, WNOHANG, ru);
	}
	if (got == 0) {
		kill(pid, SIGTERM);
		got = wait4(pid, &status, 0, ru);
	}
	if (got < 0) {
		perror("bench_tui: wait4");
		return false;
	}
	close(fd);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench_tui: %s did not quit cleanly (status %d)\n",
		    prog, status);
		return false;
	}
	return true;
}

/* ---- 1. the first frame and the bytes per key --------------------------- */

static bool
frame_figures(const char *prog, const char *state)
{
	int fd;
	double t0 = bench_now();
	pid_t pid = spawn(prog, "anatomy", state, &fd);
	struct rusage ru;

	if (pid < 0) {
		perror("bench_tui: forkpty");
		return false;
	}
	/* The key bar is the last row ncurses writes in the first frame. */
	long first = drain(fd, 3000, "quit");
	double t1 = bench_now();

	long item = 0, step = 0, walk = 0;
	int nitem = 0, nstep = 0, nwalk = 0;
	for (int i = 0; i < 2; i++, nitem++)
		item += press(fd, "l");			/* next item */
	for (int i = 0; i < 3; i++, nstep++)
		step += press(fd, "\033[6~");		/* PgDn: to step 4 */
	for (int i = 0; i < 3; i++)
		press(fd, " ");				/* to the @bits of 10000 */
	for (int i = 0; i < 20; i++, nwalk++)
		walk += press(fd, " ");			/* the bits walk */
	if (!finish(prog, pid, fd, &ru))
		return false;
	printf("tui: first full frame          %6.1f ms   (goal < 30 ms), %ld bytes\n",
	    (t1 - t0) * 1e3, first);
	printf("tui: bytes per item (l)        %6ld      (a full 80x24 frame is ~%ld)\n",
	    nitem ? item / nitem : 0, first);
	printf("tui: bytes per step (PgDn)     %6ld\n", nstep ? step / nstep : 0);
	printf("tui: bytes per bit of the walk %6ld\n", nwalk ? walk / nwalk : 0);
	printf("tui: peak memory               %6.1f MiB (goal < 8 MiB)\n",
	    (double)ru.ru_maxrss / 1024.0);
	return true;
}

/* ---- 2. key-to-frame latency, every key, every step, every lesson ------- */

struct step_lat {
	double ms[MAX_SAMPLES];
	int n;
	double cpu;		/* processor time per key of the step's own keys */
	char title[64];
};

static struct step_lat steps[MAX_STEPS];
static double all[MAX_LESSONS * MAX_STEPS * MAX_SAMPLES];
static int nall, nnone;
static double cpu_worst;	/* processor time per key, the worst step */

static void
add(int step, double ms, bool drew)
{
	nnone += !drew;
	if (ms < 0)
		return;
	if (step >= 0 && step < MAX_STEPS && steps[step].n < MAX_SAMPLES)
		steps[step].ms[steps[step].n++] = ms;
	if (nall < (int)(sizeof all / sizeof all[0]))
		all[nall++] = ms;
}

/* The steps of a lesson file, with their titles. */
static int
read_steps(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	int n = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "@step ", 6) == 0 && n < MAX_STEPS) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(steps[n].title, sizeof steps[n].title, "%.63s", line + 6);
			steps[n].cpu = 0;
			steps[n++].n = 0;
		}
	fclose(f);
	return n;
}

/* The keys pressed on each step, before moving on: none leaves the
 * lesson.  Keypad keys as xterm sends them in keypad mode. */
static const struct { const char *name, *seq; } step_keys[] = {
	{ "j", "j" }, { "k", "k" }, { "Down", "\033OB" }, { "Up", "\033OA" },
	{ "?", "?" }, { "? (closes)", "?" }, { "H", "H" },
	{ "l", "l" }, { "space", " " }, { "Right", "\033OC" },
	{ "h", "h" }, { "Left", "\033OD" },
};

static bool
lesson_latency(const char *prog, const char *dir, const char *file,
    bool *all_met)
{
	char path[1024], state[] = "/tmp/fptutor-bench-tui.XXXXXX";
	int fd;
	struct rusage ru;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	int nsteps = read_steps(path);
	if (nsteps == 0 || mkdtemp(state) == NULL)
		return true;
	pid_t pid = spawn(prog, path, state, &fd);
	if (pid < 0) {
		perror("bench_tui: forkpty");
		return false;
	}
	drain(fd, 3000, "quit");
	wait_idle(fd, pid);
	bool drew;
	for (int s = 0; s < nsteps; s++) {
		long t0 = cpu_ticks(pid);
		for (size_t k = 0; k < sizeof step_keys / sizeof step_keys[0]; k++) {
			double ms = latency(fd, pid, step_keys[k].seq, &drew);
			add(s, ms, drew);
		}
		long t1 = cpu_ticks(pid), hz = sysconf(_SC_CLK_TCK);
		if (t0 >= 0 && t1 >= 0 && hz > 0)	/* the step's own keys */
			steps[s].cpu = (double)(t1 - t0) * 1e3 / (double)hz /
			    (double)(sizeof step_keys / sizeof step_keys[0]);
		/* Last step, the one before, the first, then on step by step
		 * to the next: each frame is of a known step. */
		static const char *const nav[] = { "\033OF", "\033[5~", "\033OH" };
		int where[] = { nsteps - 1, nsteps > 1 ? nsteps - 2 : 0, 0 };
		for (int k = 0; k < 3; k++) {		/* End, PgUp, Home */
			double ms = latency(fd, pid, nav[k], &drew);
			add(where[k], ms, drew);
		}
		for (int t = 1; t <= s + 1 && t < nsteps; t++) {
			double ms = latency(fd, pid, "\033[6~", &drew);	/* PgDn */
			add(t, ms, drew);
		}
	}
	bool ok = finish(prog, pid, fd, &ru);
	char cmd[sizeof state + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", state);
	if (system(cmd) != 0)
		fprintf(stderr, "bench_tui: could not remove %s\n", state);
	if (!ok)
		return false;

	int worst = 0, samples = 0, cworst = 0;
	double wp99 = -1, wmax = 0;
	for (int s = 0; s < nsteps; s++) {
		samples += steps[s].n;
		if (steps[s].cpu > steps[cworst].cpu)
			cworst = s;
		if (steps[s].cpu > cpu_worst)
			cpu_worst = steps[s].cpu;
		double p99 = bench_quantile(steps[s].ms, steps[s].n, 0.99);
		if (p99 > wp99) {
			wp99 = p99;
			worst = s;
		}
		if (steps[s].n && steps[s].ms[steps[s].n - 1] > wmax)
			wmax = steps[s].ms[steps[s].n - 1];
		*all_met = *all_met && p99 < GOAL_MS;
	}
	printf("  %-22s %2d steps %4d keys: worst step %d (%s): p99 %5.1f ms, "
	    "max %5.1f ms\n", file, nsteps, samples, worst + 1, steps[worst].title,
	    wp99, wmax);
	printf("  %-22s processor time per key, worst step %d: %.1f ms\n", "",
	    cworst + 1, steps[cworst].cpu);
	return true;
}

static double
load_avg(void)
{
	double l[1] = { -1 };

	return getloadavg(l, 1) == 1 ? l[0] : -1;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool
latency_figures(const char *prog)
{
	const char *dir = TOP_SRCDIR "/lessons";
	DIR *d = opendir(dir);
	char *names[MAX_LESSONS];
	int n = 0;
	bool met = true, ok = true;

	if (d == NULL) {
		perror("bench_tui: " TOP_SRCDIR "/lessons");
		return false;
	}
	for (struct dirent *e; (e = readdir(d)) != NULL && n < MAX_LESSONS; ) {
		size_t l = strlen(e->d_name);
		if (l > 7 && strcmp(e->d_name + l - 7, ".lesson") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, cmp_str);
	printf("tui: key-to-frame latency, every key on every step of %d lessons "
	    "(frame done: %d ms quiet)\n", n, QUIET_MS);
	for (int i = 0; i < n; i++) {
		if (ok && names[i])
			ok = lesson_latency(prog, dir, names[i], &met);
		free(names[i]);
	}
	if (!ok)
		return false;
	double p50 = bench_quantile(all, nall, 0.50), p99 = bench_quantile(all, nall, 0.99);
	printf("tui: all %d keys: median %.1f ms, p99 %.1f ms, max %.1f ms "
	    "(%d of them changed nothing on the screen)\n", nall, p50, p99,
	    nall ? all[nall - 1] : 0.0, nnone);
	printf("tui: processor time per key, the worst step of all: %.1f ms (the "
	    "load average was %.1f)\n", cpu_worst, load_avg());
	printf("  goal: p99 < %.0f ms on every step of every lesson: %s\n", GOAL_MS,
	    met ? "met" : "NOT met");
	return true;
}

int
main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "src/fptutor";
	char state[] = "/tmp/fptutor-bench-tui.XXXXXX";

	if (mkdtemp(state) == NULL) {
		perror("bench_tui: mkdtemp");
		return 1;
	}
	bool ok = frame_figures(prog, state);
	char cmd[sizeof state + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", state);
	if (system(cmd) != 0)
		fprintf(stderr, "bench_tui: could not remove %s\n", state);
	if (ok)
		ok = latency_figures(prog);
	return ok ? 0 : 1;
}
