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

/* The three stages, in order; nothing half-loaded is kept.  rubric_of:
 * as lesson_validate_for() takes it. */
static lesson *
load(const char *file, const char *rubric_of, lesson_diags *d, int *ioerr)
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
			lesson_diag_add(d, file, 0, 0, LMSG_NO_MEMORY);
		*ioerr = ENOMEM;
		return NULL;
	}
	if (!lesson_validate_for(l, d, rubric_of) || d->nerrors != errors0) {
		lesson_free(l);
		return NULL;
	}
	return l;
}

lesson *
lesson_load(const char *file, lesson_diags *d, int *ioerr)
{
	return load(file, NULL, d, ioerr);
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
	size_t o, nd;

	msg[0] = '\0';
	switch (err) {
	case LESSON_OPEN_BADID:
		snprintf(msg, n, "'%s' is neither a lesson id nor a path to a "
		    ".lesson file", arg);
		break;
	case LESSON_OPEN_MISSING:
		o = (size_t)snprintf(msg, n, "no lesson '%s' in", arg);
		nd = lesson_dirs(dirs, LESSON_MAX_DIRS);
		for (size_t i = 0; i < nd && o < n; i++)
			o += (size_t)snprintf(msg + o, n - o, "%s %s", i ? "," : "",
			    dirs[i]);
		char near[LESSON_MAX_ID + 1];
		if (o < n && lesson_suggest_id(arg, dirs, nd, near, sizeof near))
			snprintf(msg + o, n - o, "; did you mean '%s'?", near);
		break;
	default:
		break;
	}
	return msg;
}

/* Does the file have a line "@question ID ..." (the directive as the
 * parser reads it: '@' in column 1, blanks after the name and after the
 * id)?  A cheap look at the text, no parse: the file that has it is then
 * loaded in full, and a file the look gets wrong costs time, not
 * correctness (lesson_open_question loads every lesson when no file has
 * the line). */
static bool
asks(const char *path, const char *id)
{
	size_t n, at = 0, len, idlen = strlen(id);
	char *text = lesson_peek(path, &n);
	const char *s;
	bool hit = false;

	/* Only the start of a line can open a directive: the lines looked at
	 * are those where memmem finds the name at the start (much quicker
	 * than cutting every line of every lesson). */
	while (!hit && text && at < n) {
		const char *q = memmem(text + at, n - at, "@question", 9);
		if (q == NULL)
			break;
		at = (size_t)(q - text) + 1;
		if (q > text && q[-1] != '\n')
			continue;
		const char *nl = memchr(q, '\n', n - (size_t)(q - text));
		s = q;
		len = nl ? (size_t)(nl - q) : n - (size_t)(q - text);
		if (len <= 9 || !lesson_blank(s[9]))
			continue;
		size_t k = 9;
		while (k < len && lesson_blank(s[k]))
			k++;
		/* (a NUL byte after the id ends it too: strchr finds it) */
		hit = len - k >= idlen && memcmp(s + k, id, idlen) == 0 &&
		    (k + idlen == len || strchr(" \t\r", s[k + idlen]) != NULL);
	}
	free(text);
	return hit;
}

/* Load path for the question: the lesson, with *q set, if it asks it;
 * *invalid set if it does not load. */
static lesson *
load_asking(const char *path, const char *id, const lesson_question **q,
    lesson_report_fn on_load, const void *ctx, bool *invalid)
{
	lesson_diags d = { 0 };
	int ioerr;
	/* the other questions' rubrics are not compiled: the answer is
	 * graded by this one's */
	lesson *l = load(path, id, &d, &ioerr);

	if (on_load)
		on_load(ctx, &d);
	lesson_diags_free(&d);
	if (l == NULL)
		*invalid = true;
	if (l && (*q = lesson_question_find(l, id)) != NULL)
		return l;
	lesson_free(l);
	return NULL;
}

lesson *
lesson_open_question(const char *id, const lesson_question **q,
    lesson_open_err *err, lesson_report_fn on_load, const void *ctx)
{
	const char *dirs[LESSON_MAX_DIRS];
	char **paths;
	lesson *found = NULL;
	const lesson_question *fq = NULL;
	size_t ndirs = lesson_dirs(dirs, LESSON_MAX_DIRS);
	long n = lesson_list(dirs, ndirs, &paths), nasks = 0;
	bool *hit = n > 0 ? calloc((size_t)n, sizeof *hit) : NULL;
	bool invalid = false, ignored, found_asks = false;

	*q = NULL;
	*err = LESSON_OPEN_MISSING;
	for (long i = 0; hit && i < n; i++)
		nasks += hit[i] = asks(paths[i], id);
	/* Load only the files that ask it, or every file when none seems to
	 * (or the look was wrong): two that ask it are refused, both named.
	 * Only a file that asks it and does not load makes it invalid.  The
	 * second pass skips the files the first loaded (their diagnostics
	 * were reported once). */
	for (int pass = nasks ? 0 : 1; pass < 2 && found == NULL; pass++) {
		for (long i = 0; i < n; i++) {
			if (hit ? hit[i] != (pass == 0) : pass == 0)
				continue;
			const lesson_question *tq;
			lesson *l = load_asking(paths[i], id, &tq, on_load, ctx,
			    pass == 0 ? &invalid : &ignored);
			if (l == NULL)
				continue;
			if (found == NULL) {
				found = l;
				fq = tq;
				found_asks = pass == 0;
				continue;
			}
			lesson_diags d = { 0 };
			const lesson *both[2] = { found, l };
			lesson_check_unique(both, 2, &d);
			if (on_load)
				on_load(ctx, &d);
			lesson_diags_free(&d);
			lesson_free(l);
			lesson_free(found);
			lesson_paths_free(paths, n);
			free(hit);
			*err = LESSON_OPEN_INVALID;
			return NULL;
		}
	}
	if (n > 0)
		lesson_paths_free(paths, n);
	free(hit);
	if (found) {
		*q = fq;
		*err = LESSON_OPEN_OK;
		/* the file that asks it was the only one: a line that clash.c
		 * reads as declaring the id is one that asks() sees too */
		if (nasks == 1 && found_asks)
			found->alone = fq;
	} else if (invalid) {
		*err = LESSON_OPEN_INVALID;
	}
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
