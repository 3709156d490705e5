/*
 * find.c — where lessons live: FPTUTOR_LESSON_PATH, then the installed
 * directory, then ./lessons (an uninstalled build).  A lesson is found by
 * id as DIR/ID.lesson; an id is a plain name, so it can never walk out of
 * those directories ("../x" is not an id, it is a path the user typed).
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

#define MAX_LISTED 10000	/* lessons listed from all directories */

size_t
lesson_path(const char *installed, const char **dirs, size_t max,
    char *store, size_t storesize)
{
	const char *env = getenv("FPTUTOR_LESSON_PATH");
	size_t n = 0;

	if (env && storesize > 0) {
		snprintf(store, storesize, "%s", env);
		for (char *s = store; *s && n < max;) {
			char *colon = strchr(s, ':');
			if (colon)
				*colon = '\0';
			if (*s)
				dirs[n++] = s;
			if (colon == NULL)
				break;
			s = colon + 1;
		}
	}
	if (installed && *installed && n < max)
		dirs[n++] = installed;
	if (n < max)
		dirs[n++] = "lessons";
	return n;
}

static bool
is_path(const char *arg)
{
	size_t n = strlen(arg);
	return strchr(arg, '/') != NULL ||
	    (n >= 7 && strcmp(arg + n - 7, ".lesson") == 0);
}

bool
lesson_find(const char *arg, const char *const *dirs, size_t ndirs,
    char *path, size_t n, bool *badid)
{
	struct stat st;

	*badid = false;
	if (is_path(arg)) {
		snprintf(path, n, "%s", arg);
		return strlen(arg) < n;
	}
	if (!lesson_id_ok(arg, strlen(arg))) {
		*badid = true;
		return false;
	}
	for (size_t i = 0; i < ndirs; i++) {
		int len = snprintf(path, n, "%s/%s.lesson", dirs[i], arg);
		/* lstat: an entry that is there but cannot be opened (a
		 * symlink loop, a dangling link) is found, as lesson_list
		 * lists it, so that loading names what is wrong with it. */
		if (len > 0 && (size_t)len < n && lstat(path, &st) == 0)
			return true;
	}
	return false;
}

static int
by_id(const void *a, const void *b)
{
	const char *x = strrchr(*(char *const *)a, '/');
	const char *y = strrchr(*(char *const *)b, '/');
	return strcmp(x ? x + 1 : "", y ? y + 1 : "");
}

/* Is the id (name without ".lesson") already in out[0..n)? */
static bool
seen(char **out, long n, const char *name, size_t idlen)
{
	for (long i = 0; i < n; i++) {
		const char *b = strrchr(out[i], '/') + 1;
		if (strncmp(b, name, idlen) == 0 && strcmp(b + idlen, ".lesson") == 0)
			return true;
	}
	return false;
}

long
lesson_list(const char *const *dirs, size_t ndirs, char ***outp)
{
	char **out = NULL;
	long n = 0;

	for (size_t i = 0; i < ndirs && n < MAX_LISTED; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *e;
		if (d == NULL)
			continue;	/* a directory that is not there is fine */
		while ((e = readdir(d)) != NULL && n < MAX_LISTED) {
			size_t len = strlen(e->d_name);
			if (len <= 7 || strcmp(e->d_name + len - 7, ".lesson") != 0 ||
			    !lesson_id_ok(e->d_name, len - 7) ||
			    seen(out, n, e->d_name, len - 7))
				continue;
			size_t plen = strlen(dirs[i]) + len + 2;
			char *p = malloc(plen);
			char **no = realloc(out, (size_t)(n + 1) * sizeof *no);
			if (no != NULL)
				out = no;
			if (p == NULL || no == NULL) {
				free(p);
				lesson_paths_free(out, n);
				closedir(d);
				return -1;
			}
			snprintf(p, plen, "%s/%s", dirs[i], e->d_name);
			out[n++] = p;
		}
		closedir(d);
	}
	if (n > 1)
		qsort(out, (size_t)n, sizeof *out, by_id);
	*outp = out;
	return n;
}

char *
lesson_peek(const char *path, size_t *n)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	struct stat st;
	char *buf = NULL;
	size_t have = 0;

	*n = 0;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		size_t cap = st.st_size < LESSON_MAX_BYTES ? (size_t)st.st_size
		    : LESSON_MAX_BYTES;
		buf = malloc(cap + 1);
		while (buf && have < cap) {
			ssize_t got = read(fd, buf + have, cap - have);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0)
				break;	/* an error: what was read is looked at */
			have += (size_t)got;
		}
		if (buf)
			buf[have] = '\0';
	}
	close(fd);
	*n = have;
	return buf;
}

int
lesson_cmp_order(const void *a, const void *b)
{
	const lesson *x = *(const lesson *const *)a;
	const lesson *y = *(const lesson *const *)b;
	/* No order sorts after every order. */
	long ox = x->order ? x->order : LESSON_MAX_ORDER + 1L;
	long oy = y->order ? y->order : LESSON_MAX_ORDER + 1L;

	if (ox != oy)
		return ox < oy ? -1 : 1;
	return strcmp(x->id, y->id);
}

void
lesson_paths_free(char **paths, long n)
{
	for (long i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}
