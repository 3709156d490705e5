/*
 * bench_tui.c — figures for the full-screen tutor (run by `make bench`; a
 * figure, not a test): the time from start to the first full frame, the
 * bytes written to the terminal per step (ncurses should send only what
 * changed), and the peak memory.  It runs src/fptutor on a pseudo-terminal
 * of 80x24 (TERM=xterm-256color, a UTF-8 locale, a private state
 * directory), reads everything the program writes, presses keys and waits
 * for the output to go quiet after each one.  The lesson is anatomy: its
 * fourth step walks 10000 bit by bit in fp16, bf16 and fp32.
 *
 *   bench/bench_tui [PROGRAM]     (default src/fptutor, from the build dir)
 *
 * Exit status 0 unless the program could not be run.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

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

int
main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "src/fptutor";
	char state[] = "/tmp/fptutor-bench-tui.XXXXXX";
	struct winsize ws = { 24, 80, 0, 0 };
	int fd;

	if (mkdtemp(state) == NULL) {
		perror("bench_tui: mkdtemp");
		return 1;
	}
	double t0 = now();
	pid_t pid = forkpty(&fd, NULL, NULL, &ws);
	if (pid < 0) {
		perror("bench_tui: forkpty");
		return 1;
	}
	if (pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		setenv("XDG_STATE_HOME", state, 1);
		setenv("FPTUTOR_LESSON_PATH", TOP_SRCDIR "/lessons", 1);
		unsetenv("NO_COLOR");
		execl(prog, prog, "learn", "anatomy", (char *)NULL);
		_exit(127);
	}
	/* The key bar is the last row ncurses writes in the first frame. */
	long first = drain(fd, 3000, "quit");
	double t1 = now();

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
	press(fd, "q");
	drain(fd, 500, NULL);

	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("bench_tui: wait4");
		return 1;
	}
	close(fd);
	char cmd[sizeof state + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", state);
	if (system(cmd) != 0)
		fprintf(stderr, "bench_tui: could not remove %s\n", state);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench_tui: %s did not quit cleanly (status %d)\n",
		    prog, status);
		return 1;
	}
	printf("tui: first full frame          %6.1f ms   (goal < 30 ms), %ld bytes\n",
	    (t1 - t0) * 1e3, first);
	printf("tui: bytes per item (l)        %6ld      (a full 80x24 frame is ~%ld)\n",
	    nitem ? item / nitem : 0, first);
	printf("tui: bytes per step (PgDn)     %6ld\n", nstep ? step / nstep : 0);
	printf("tui: bytes per bit of the walk %6ld\n", nwalk ? walk / nwalk : 0);
	printf("tui: peak memory               %6.1f MiB (goal < 8 MiB)\n",
	    (double)ru.ru_maxrss / 1024.0);
	return 0;
}
