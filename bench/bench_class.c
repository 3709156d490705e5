/*
 * bench_class.c — the figure for `fptutor grade --class` (run by `make
 * bench`; a figure, not a test): a 10,000-row class file made on the fly
 * from the shipped answer sets (tests/grade/NAME.answers, one question per
 * file, "PASS: text" or "FAIL: text" a line), with commas, quotes and
 * line breaks in some answers, graded in one run of the whole program.
 * It prints the answers per second end to end and the peak memory of the
 * child (getrusage).
 *
 *   bench/bench_class [PROGRAM [ROWS]]  (default src/fptutor, 10000 rows)
 *
 * Exit status 0 unless the program could not be run or did not grade
 * every row.
 */
#include <config.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_SETS 32
#define MAX_ANSWERS 512

typedef struct set {
	char id[64];
	char *answers[MAX_ANSWERS];
	size_t n;
} set;

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const set *)a)->id, ((const set *)b)->id);
}

static size_t
load_sets(const char *dir, set *sets)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;
	char path[4096], line[8192];

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < MAX_SETS) {
		size_t len = strlen(e->d_name);
		if (len < 9 || strcmp(e->d_name + len - 8, ".answers") != 0 || len - 8 >= 64)
			continue;
		set *s = &sets[n];
		memcpy(s->id, e->d_name, len - 8);
		s->id[len - 8] = '\0';
		s->n = 0;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		FILE *fp = fopen(path, "r");
		if (fp == NULL)
			continue;
		while (fgets(line, sizeof line, fp) && s->n < MAX_ANSWERS) {
			char *t = strchr(line, ':');
			if (t == NULL || line[0] == '#')
				continue;
			t += 1 + (t[1] == ' ');
			t[strcspn(t, "\n")] = '\0';
			s->answers[s->n++] = strdup(t);
		}
		fclose(fp);
		if (s->n)
			n++;
	}
	closedir(d);
	qsort(sets, n, sizeof *sets, by_name);
	return n;
}

/* The inside of an RFC 4180 quoted field: quotes doubled. */
static void
escaped(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
}

int
main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "src/fptutor";
	long rows = argc > 2 ? atol(argv[2]) : 10000;
	static set sets[MAX_SETS];
	char csv[] = "/tmp/bench_class.XXXXXX";
	size_t nsets = load_sets(TOP_SRCDIR "/tests/grade", sets);

	if (nsets == 0 || rows <= 0) {
		fprintf(stderr, "bench_class: no answer sets in %s/tests/grade\n", TOP_SRCDIR);
		return 1;
	}
	int fd = mkstemp(csv);
	FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (fp == NULL) {
		perror("bench_class: temporary file");
		return 1;
	}
	/* Each student answers every question once, cycling through its
	 * answers; every seventh answer is quoted over two lines. */
	fputs("student,question,answer\r\n", fp);
	for (long r = 0; r < rows; r++) {
		const set *s = &sets[r % (long)nsets];
		long student = r / (long)nsets;
		const char *a = s->answers[(size_t)student % s->n];
		fprintf(fp, "student-%05ld,%s,", student, s->id);
		fputc('"', fp);
		escaped(fp, a);
		fputs(r % 7 == 3 ? "\r\n(said \"\"twice\"\")\"\r\n" : "\"\r\n", fp);
	}
	long bytes = ftell(fp);
	fclose(fp);

	double t0 = now();
	pid_t pid = fork();
	if (pid == 0) {
		int out = open("/dev/null", O_WRONLY);
		dup2(out, 1);
		dup2(out, 2);
		setenv("FPTUTOR_LESSON_PATH", TOP_SRCDIR "/lessons", 1);
		execl(prog, prog, "grade", "--class", csv, "--json", (char *)NULL);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
		perror("bench_class: run");
		unlink(csv);
		return 1;
	}
	double dt = now() - t0;
	unlink(csv);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench_class: %s grade --class exited with %d\n", prog,
		    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return 1;
	}
	printf("grade --class: %ld answers (%zu questions, %ld KiB of CSV) in one run "
	    "of %.3f s: %.0f answers/s; peak RSS %.1f MiB\n", rows, nsets, bytes / 1024,
	    dt, (double)rows / dt, (double)ru.ru_maxrss / 1024.0);
	printf("goal: over 10000 answers/s with peak RSS under 32 MiB: %s\n",
	    (double)rows / dt > 10000 && ru.ru_maxrss < 32 * 1024 ? "met" : "NOT met");
	return 0;
}
