/*
 * replay.c — a main() for a fuzz target built with the normal compiler:
 * each argument (a file, or a directory whose files are taken in turn) is
 * fed once to LLVMFuzzerTestOneInput.  `make check` runs it over
 * fuzz/regress/NAME/ (the inputs the fuzzers once broke on) and the seeds,
 * so a regression shows up without clang.  A crash or a failed invariant
 * aborts; otherwise it prints the number of inputs and exits 0.
 */
#include <config.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int ninputs;

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		perror(path);
		return 1;
	}
	size_t cap = 4096, len = 0, got;
	unsigned char *buf = malloc(cap);
	while (buf != NULL && (got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap) {
			unsigned char *nb = realloc(buf, cap *= 2);
			if (nb == NULL)
				free(buf);
			buf = nb;
		}
	}
	int bad = ferror(f) || buf == NULL;
	fclose(f);
	if (bad) {
		fprintf(stderr, "%s: cannot read\n", path);
		free(buf);
		return 1;
	}
	/* A private copy of exactly len bytes, as libFuzzer gives it, so that
	 * a read past the end is caught by the sanitizers or valgrind. */
	unsigned char *exact = malloc(len ? len : 1);
	if (exact == NULL) {
		free(buf);
		return 1;
	}
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	ninputs++;
	return 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
replay(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path);
	DIR *dir = opendir(path);
	if (dir == NULL) {
		perror(path);
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	int bad = 0;
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
			if (nn == NULL) {
				bad = 1;
				break;
			}
			names = nn;
		}
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		if ((names[n] = malloc(l)) == NULL) {
			bad = 1;
			break;
		}
		snprintf(names[n++], l, "%s/%s", path, e->d_name);
	}
	closedir(dir);
	if (n)
		qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		bad |= replay(names[i]);
		free(names[i]);
	}
	free(names);
	return bad;
}

int
main(int argc, char **argv)
{
	int bad = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		bad |= replay(argv[i]);
	printf("%s: %d inputs replayed\n", argv[0], ninputs);
	return bad;
}
