/*
 * source.c — the first stage: read a lesson file's bytes and cut them into
 * lines, refusing anything that is not plain text.  A lesson is data from
 * anywhere, so the reader never blocks on a FIFO or a device, never reads
 * more than LESSON_MAX_BYTES, and lets no control character through to a
 * terminal (escape sequences in a lesson would be an attack on the
 * learner's terminal).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

int
lesson_chars(const char *s, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* Check one line's bytes: one error per line, at its first bad byte. */
static bool
check_line(const char *file, const char *s, size_t len, int lineno,
    lesson_diags *d)
{
	if (len > LESSON_MAX_LINE) {
		lesson_diag_add(d, file, lineno,
		    lesson_chars(s, LESSON_MAX_LINE) + 1, LMSG_LINE_TOO_LONG,
		    LESSON_MAX_LINE);
		return false;
	}
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) {	/* most bytes: nothing to check */
			i++;
			continue;
		}
		/* Counted only for a message: counting every byte's column
		 * would make a long line quadratic. */
		int col = lesson_chars(s, i) + 1;
		if (c == '\0') {
			lesson_diag_add(d, file, lineno, col, LMSG_NUL_BYTE);
			return false;
		}
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			lesson_diag_add(d, file, lineno, col, LMSG_CONTROL_CHAR,
			    c);
			return false;
		}
		size_t k = lesson_utf8_len(s + i, len - i);
		/* A C1 control is well-formed UTF-8 (C2 80 to C2 9F): say
		 * what it is. */
		if (k == 0 && c == 0xc2 && i + 1 < len &&
		    (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9f) {
			lesson_diag_add(d, file, lineno, col, LMSG_C1_CONTROL,
			    (unsigned)lesson_utf8_cp(s + i, 2));
			return false;
		}
		if (k == 0) {
			lesson_diag_add(d, file, lineno, col, LMSG_BAD_UTF8, c);
			return false;
		}
		uint32_t cp = lesson_utf8_cp(s + i, k);
		if (lesson_utf8_format_char(cp)) {
			lesson_diag_add(d, file, lineno, col, LMSG_FORMAT_CHAR,
			    (unsigned)cp);
			return false;
		}
		i += k;
	}
	return true;
}

/* Read at most max + 1 bytes of fd into a new buffer. */
static int
read_all(int fd, size_t max, char **out, size_t *outlen)
{
	size_t cap = 8192, len = 0;
	char *buf = malloc(cap + 1);

	if (buf == NULL)
		return ENOMEM;
	for (;;) {
		if (len == cap) {
			if (cap > max)
				break;
			cap *= 2;
			char *nb = realloc(buf, cap + 1);
			if (nb == NULL) {
				free(buf);
				return ENOMEM;
			}
			buf = nb;
		}
		ssize_t r = read(fd, buf + len, cap - len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			free(buf);
			return e;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	buf[len] = '\0';
	*out = buf;
	*outlen = len;
	return 0;
}

/* Open without following into a FIFO's wait or a device: O_NONBLOCK for
 * the open, then only regular files are read. */
static int
open_file(const char *file, bool is_stdin, int *fdp, lesson_diags *d)
{
	struct stat st;

	if (is_stdin) {
		*fdp = STDIN_FILENO;
		return 0;
	}
	int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		int e = errno;
		lesson_diag_add(d, file, 0, 0, LMSG_CANNOT_OPEN, strerror(e));
		return e;
	}
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		lesson_diag_add(d, file, 0, 0, LMSG_CANNOT_READ, strerror(e));
		return e;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		lesson_diag_add(d, file, 0, 0, LMSG_NOT_REGULAR,
		    S_ISDIR(st.st_mode) ? " (a directory)" : "");
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl != -1)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	*fdp = fd;
	return 0;
}

int
lesson_source_read(const char *file, lesson_source *src, lesson_diags *d)
{
	char *buf = NULL;
	size_t len = 0;
	int fd = -1, e;
	size_t errors0 = d->nerrors;

	memset(src, 0, sizeof *src);
	bool is_stdin = strcmp(file, "-") == 0;
	if (is_stdin)
		file = "<stdin>";
	if ((e = open_file(file, is_stdin, &fd, d)) != 0)
		return e;
	e = read_all(fd, LESSON_MAX_BYTES, &buf, &len);
	if (fd != STDIN_FILENO)
		close(fd);
	if (e != 0 || buf == NULL) {
		e = e ? e : ENOMEM;
		lesson_diag_add(d, file, 0, 0, LMSG_CANNOT_READ, strerror(e));
		return e;
	}
	bool toobig = len > LESSON_MAX_BYTES;
	if (toobig)
		len = LESSON_MAX_BYTES;
	buf[len] = '\0';

	size_t nlines = 1;
	for (size_t i = 0; i < len; i++)
		nlines += buf[i] == '\n';
	src->lines = calloc(nlines, sizeof *src->lines);
	src->file = strdup(file);
	if (src->lines == NULL || src->file == NULL) {
		free(buf);
		lesson_source_free(src);
		lesson_diag_add(d, file, 0, 0, LMSG_NO_MEMORY);
		return ENOMEM;
	}
	src->buf = buf;

	size_t at = 0;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		at = 3;		/* a UTF-8 byte-order mark */
	int lineno = 0;
	while (at < len) {
		char *s = buf + at;
		char *nl = memchr(s, '\n', len - at);
		size_t l = nl ? (size_t)(nl - s) : len - at;
		lineno++;
		at += l + (nl != NULL);
		s[l] = '\0';
		if (l && s[l - 1] == '\r')
			s[--l] = '\0';
		if (toobig && nl == NULL) {	/* the cap cuts this line */
			if (l > LESSON_MAX_LINE)
				check_line(file, s, l, lineno, d);
			lesson_diag_add(d, file, lineno, lesson_chars(s, l) + 1,
			    LMSG_FILE_TOO_LARGE, LESSON_MAX_BYTES);
			toobig = false;
			break;
		}
		if (!check_line(file, s, l, lineno, d))
			continue;
		src->lines[src->nlines++] = (lesson_line){ s, l, lineno };
	}
	if (toobig)	/* the cap fell at the end of a line */
		lesson_diag_add(d, file, lineno + 1, 1, LMSG_FILE_TOO_LARGE,
		    LESSON_MAX_BYTES);
	if (d->nerrors != errors0) {
		lesson_source_free(src);
		return -1;
	}
	return 0;
}

void
lesson_source_free(lesson_source *src)
{
	free(src->file);
	free(src->buf);
	free(src->lines);
	memset(src, 0, sizeof *src);
}
