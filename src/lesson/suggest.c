/*
 * suggest.c — "did you mean": the known word closest to a mistyped one,
 * by edit distance (insertions, deletions, substitutions and swaps of
 * two neighbours, case ignored), for a lesson id found nowhere on the
 * search path and for an unknown directive.  Only a close word is
 * offered: at most one edit in a short word, a third of its length in a
 * longer one, so a wild guess gets no suggestion at all.
 */
#include <config.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

#define SUGGEST_MAX 64		/* longer words get no suggestion */

/* The optimal string alignment distance of a[0..n-1] and b[0..m-1]. */
static size_t
distance(const char *a, size_t n, const char *b, size_t m)
{
	size_t d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];

	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]);
			size_t v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

const char *
lesson_suggest(const char *word, size_t len, const char *const *cands,
    size_t n)
{
	const char *best = NULL;
	size_t bestd = (len < 6 ? 1 : len / 3) + 1;

	if (len == 0 || len > SUGGEST_MAX)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t m = strlen(cands[i]);
		if (m > SUGGEST_MAX || (m == len && strncasecmp(cands[i], word,
		    len) == 0))
			continue;
		size_t dd = distance(word, len, cands[i], m);
		if (dd < bestd) {
			bestd = dd;
			best = cands[i];
		}
	}
	return best;
}

bool
lesson_suggest_id(const char *arg, const char *const *dirs, size_t ndirs,
    char *out, size_t n)
{
	char **paths;
	long np = lesson_list(dirs, ndirs, &paths);
	bool found = false;

	if (np <= 0)
		return false;
	/* The ids are the files' names. */
	const char **ids = malloc((size_t)np * sizeof *ids);
	char *names = malloc((size_t)np * (SUGGEST_MAX + 1));
	if (ids && names) {
		for (long i = 0; i < np; i++) {
			const char *b = strrchr(paths[i], '/');
			b = b ? b + 1 : paths[i];
			size_t k = strcspn(b, ".");
			if (k > SUGGEST_MAX)
				k = SUGGEST_MAX;
			char *dst = names + (size_t)i * (SUGGEST_MAX + 1);
			memcpy(dst, b, k);
			dst[k] = '\0';
			ids[i] = dst;
		}
		const char *s = lesson_suggest(arg, strlen(arg), ids, (size_t)np);
		if (s && strlen(s) < n) {
			strcpy(out, s);
			found = true;
		}
	}
	free(ids);
	free(names);
	lesson_paths_free(paths, np);
	return found;
}
