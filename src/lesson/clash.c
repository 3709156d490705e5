/*
 * clash.c — a question id that another lesson on the search path defines
 * too.  `fptutor lessons` reports such a clash; `grade` and `play` must
 * refuse it, or a lesson earlier on the path could answer for another's
 * question (a trivial rubric under the id `overflow` would pass anything).
 * The other files are scanned for their "@question ID" lines, not loaded:
 * a clash is a matter of which ids a file declares, and scanning keeps
 * `grade` as fast as finding the question is.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

/* Whether line s[0 .. n-1] is "@question ID ..." for one of l's question
 * ids (only, when given, alone); the id into *qid. */
static bool
declares(const char *s, size_t n, const lesson *l, const char *only,
    const char **qid)
{
	static const char dir[] = "@question";
	size_t k = sizeof dir - 1;

	if (n <= k || memcmp(s, dir, k) != 0 || !lesson_blank(s[k]))
		return false;
	while (k < n && lesson_blank(s[k]))
		k++;
	size_t b = k;
	while (k < n && !lesson_blank(s[k]))
		k++;
	for (size_t i = 0; i < l->nquestions; i++) {
		const char *id = l->questions[i].id;
		if ((only == NULL || strcmp(only, id) == 0) && strlen(id) == k - b &&
		    memcmp(id, s + b, k - b) == 0) {
			*qid = id;
			return true;
		}
	}
	return false;
}

/* Whether line s[0 .. n-1] is "@lesson ID" with l's own id. */
static bool
same_lesson(const char *s, size_t n, const lesson *l)
{
	static const char dir[] = "@lesson";
	size_t k = sizeof dir - 1, idlen = strlen(l->id);

	if (n <= k || memcmp(s, dir, k) != 0 || !lesson_blank(s[k]))
		return false;
	while (k < n && lesson_blank(s[k]))
		k++;
	while (n > k && lesson_blank(s[n - 1]))
		n--;
	return n - k == idlen && memcmp(s + k, l->id, idlen) == 0;
}

/* Whether file, another lesson than l, declares one of l's question ids
 * (or only).  A copy of l itself (the same @lesson id, say a lesson
 * played by path that is also installed) is no clash. */
static bool
file_declares(const char *file, const lesson *l, const char *only,
    const char **qid)
{
	/* Never blocks on a FIFO or a device: only a regular file is read
	 * (the lesson reader refuses the others, and `lessons` says so);
	 * an unreadable one is reported by `lessons`. */
	size_t n, at = 0, len;
	char *text = lesson_peek(file, &n);
	const char *s;
	bool found = false;

	while (lesson_next_line(text, n, &at, &s, &len)) {
		len = strcspn(s, "\r\n");	/* not past the '\n' (or the end) */
		if (same_lesson(s, len, l)) {
			found = false;
			break;
		}
		if (!found)
			found = declares(s, len, l, only, qid);
	}
	free(text);
	return found;
}

bool
lesson_clash(const lesson *l, const char *only, const char **qid,
    char *other, size_t n)
{
	const char *dirs[LESSON_MAX_DIRS];
	char **paths;
	struct stat self, st;

	/* lesson_open_question() looked already: no other file asks it */
	if (only && l->alone && strcmp(l->alone->id, only) == 0)
		return false;
	bool have_self = stat(l->file, &self) == 0, found = false;
	long np = lesson_list(dirs, lesson_dirs(dirs, LESSON_MAX_DIRS), &paths);

	for (long i = 0; i < np && !found; i++) {
		if (have_self && stat(paths[i], &st) == 0 && st.st_dev == self.st_dev &&
		    st.st_ino == self.st_ino)
			continue;	/* the lesson itself */
		if (file_declares(paths[i], l, only, qid)) {
			snprintf(other, n, "%s", paths[i]);
			found = true;
		}
	}
	if (np > 0)
		lesson_paths_free(paths, np);
	return found;
}
