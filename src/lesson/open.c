/*
 * open.c — the one door to lessons: every command and every screen finds,
 * loads and reports lessons through here.  lesson_open() takes what a user
 * typed (an id looked up along the search path, or a path) and hands back
 * the loaded lesson or why there is none; lesson_shelf_open() loads every
 * lesson on the path, in teaching order, keeping the names of those that
 * did not load.  The diagnostics go back to the caller, which prints them
 * (src/view) or shows them on screen (src/tui).
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

/* The three stages, in order; nothing half-loaded is kept. */
lesson *
lesson_load(const char *file, lesson_diags *d, int *ioerr)
{
	lesson_source src;
	size_t errors0 = d->nerrors;

	*ioerr = 0;
	int e = lesson_source_read(file, &src, d);
	if (e != 0) {
		*ioerr = e > 0 ? e : 0;
		return NULL;
	}
	lesson *l = lesson_parse(&src, d);
	lesson_source_free(&src);
	if (l == NULL) {
		if (d->nerrors == errors0)
			lesson_diag_add(d, LESSON_ERROR, file, 0, 0, "out of memory");
		*ioerr = ENOMEM;
		return NULL;
	}
	if (!lesson_validate(l, d) || d->nerrors != errors0) {
		lesson_free(l);
		return NULL;
	}
	return l;
}

/* The installed lessons' directory, which only the program knows. */
static const char *installed_dir;

void
lesson_set_installed_dir(const char *dir)
{
	installed_dir = dir;
}

size_t
lesson_dirs(const char **dirs, size_t max)
{
	static char store[8192];
	return lesson_path(installed_dir, dirs, max, store, sizeof store);
}

lesson *
lesson_open(const char *arg, lesson_diags *d, lesson_open_err *err)
{
	const char *dirs[LESSON_MAX_DIRS];
	char path[4096];
	bool badid;
	int ioerr;
	size_t ndirs = lesson_dirs(dirs, LESSON_MAX_DIRS);

	if (!lesson_find(arg, dirs, ndirs, path, sizeof path, &badid)) {
		*err = badid ? LESSON_OPEN_BADID : LESSON_OPEN_MISSING;
		return NULL;
	}
	lesson *l = lesson_load(path, d, &ioerr);
	*err = l ? LESSON_OPEN_OK : ioerr ? LESSON_OPEN_IOERR : LESSON_OPEN_INVALID;
	return l;
}

const char *
lesson_open_msg(const char *arg, lesson_open_err err, char *msg, size_t n)
{
	const char *dirs[LESSON_MAX_DIRS];
	size_t o;

	msg[0] = '\0';
	switch (err) {
	case LESSON_OPEN_BADID:
		snprintf(msg, n, "'%s' is neither a lesson id nor a path to a "
		    ".lesson file", arg);
		break;
	case LESSON_OPEN_MISSING:
		o = (size_t)snprintf(msg, n, "no lesson '%s' in", arg);
		for (size_t i = 0, nd = lesson_dirs(dirs, LESSON_MAX_DIRS);
		    i < nd && o < n; i++)
			o += (size_t)snprintf(msg + o, n - o, "%s %s", i ? "," : "",
			    dirs[i]);
		char near[LESSON_MAX_ID + 1];
		if (o < n && lesson_suggest_id(arg, near, sizeof near))
			snprintf(msg + o, n - o, "; did you mean '%s'?", near);
		break;
	default:
		break;
	}
	return msg;
}

lesson *
lesson_open_question(const char *id, const lesson_question **q,
    lesson_report_fn on_load, const void *ctx)
{
	const char *dirs[LESSON_MAX_DIRS];
	char **paths;
	lesson *found = NULL;
	size_t ndirs = lesson_dirs(dirs, LESSON_MAX_DIRS);
	long n = lesson_list(dirs, ndirs, &paths);

	*q = NULL;
	for (long i = 0; i < n && found == NULL; i++) {
		lesson_diags d = { 0 };
		int ioerr;
		lesson *l = lesson_load(paths[i], &d, &ioerr);
		if (on_load)
			on_load(ctx, &d);
		lesson_diags_free(&d);
		if (l && (*q = lesson_question_find(l, id)) != NULL)
			found = l;
		else
			lesson_free(l);
	}
	if (n > 0)
		lesson_paths_free(paths, n);
	return found;
}

/* Append p to a list of strings; false when out of memory. */
static bool
keep(char ***v, size_t *n, const char *p)
{
	char *s = strdup(p);
	char **nv = s ? realloc(*v, (*n + 1) * sizeof **v) : NULL;

	if (nv == NULL) {
		free(s);
		return false;
	}
	*v = nv;
	(*v)[(*n)++] = s;
	return true;
}

int
lesson_shelf_open(lesson_shelf *s, lesson_report_fn on_load, const void *ctx)
{
	char **paths;

	memset(s, 0, sizeof *s);
	s->ndirs = lesson_dirs(s->dirs, LESSON_MAX_DIRS);
	long n = lesson_list(s->dirs, s->ndirs, &paths);
	if (n < 0)
		return -1;
	s->nfiles = (size_t)n;
	if ((s->v = calloc((size_t)n + 1, sizeof *s->v)) == NULL) {
		lesson_paths_free(paths, n);
		return -1;
	}
	for (long i = 0; i < n; i++) {
		lesson_diags d = { 0 };
		int ioerr;
		lesson *l = lesson_load(paths[i], &d, &ioerr);
		if (on_load)
			on_load(ctx, &d);
		lesson_diags_free(&d);
		if (l) {
			s->v[s->n++] = l;
			continue;
		}
		if (ioerr)
			s->ioerr = true;
		else
			s->invalid = true;
		if (!keep(&s->broken, &s->nbroken, paths[i])) {
			lesson_paths_free(paths, n);
			lesson_shelf_free(s);
			return -1;
		}
	}
	lesson_paths_free(paths, n);
	/* Teaching order (@order), so a list reads top down. */
	qsort(s->v, s->n, sizeof *s->v, lesson_cmp_order);
	return 0;
}

void
lesson_shelf_free(lesson_shelf *s)
{
	for (size_t i = 0; i < s->n; i++)
		lesson_free(s->v[i]);
	free(s->v);
	for (size_t i = 0; i < s->nbroken; i++)
		free(s->broken[i]);
	free(s->broken);
	memset(s, 0, sizeof *s);
}
