/*
 * progress_io.c — the store on disk: finding and creating the directory,
 * the lock, reading (and setting aside a damaged file), and the atomic
 * save (temporary file, fsync, rename, fsync of the directory).  The rules
 * are in progress.h and doc/progress.md; the tests that hold them, with
 * killed writers and concurrent instances, are in tests/check_progress.c.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "state/progress_int.h"

#define CHUNK		65536		/* bytes per write(2) */
#define TMP_PREFIX	"progress.tmp."
#define NOT_REGULAR	(-1)		/* read_file: DIR/progress is no file */

static void
say(char *msg, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (!msg || n == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, n, fmt, ap);
	va_end(ap);
}

static void
append(char *msg, size_t n, const char *s)
{
	size_t len = msg && n ? strnlen(msg, n) : n;

	if (len < n)
		snprintf(msg + len, n - len, "%s", s);
}

static void
stage(enum progress_stage s)
{
	if (progress_stage_hook)
		progress_stage_hook(s);
}

static char *
join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 2);

	if (s) {
		memcpy(s, a, la);
		s[la] = '/';
		memcpy(s + la + 1, b, lb + 1);
	}
	return s;
}

/* $XDG_STATE_HOME/fptutor when it is absolute (the XDG spec says to ignore
 * a relative one), else $HOME/.local/state/fptutor, HOME falling back to
 * the password database.  NULL when there is no absolute home. */
static char *
default_dir(void)
{
	const char *x = getenv("XDG_STATE_HOME"), *h = getenv("HOME");

	if (x && x[0] == '/')
		return join(x, "fptutor");
	if (!h || h[0] != '/') {
		struct passwd *pw = getpwuid(getuid());

		h = pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
	}
	return h ? join(h, ".local/state/fptutor") : NULL;
}

static bool
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* mkdir -p with mode 0700 (the XDG spec's mode for the state directory).
 * Returns 0 or an errno value. */
static int
make_dir(const char *dir)
{
	size_t len = strlen(dir);
	char *s = malloc(len + 1);

	if (!s)
		return ENOMEM;
	memcpy(s, dir, len + 1);
	for (size_t i = 1; i <= len; i++) {
		if (s[i] != '/' && s[i] != '\0')
			continue;
		s[i] = '\0';
		if (mkdir(s, 0700) != 0 && errno != EEXIST && !is_dir(s)) {
			int e = errno;

			free(s);
			return e;
		}
		s[i] = dir[i];
	}
	free(s);
	if (!is_dir(dir))
		return errno && errno != ENOENT ? errno : ENOTDIR;
	return 0;
}

/* Take DIR/lock exclusively; the lock goes when *fd is closed (or the
 * process dies: flock locks never go stale).  A holder that never lets go
 * (an instance stopped with Ctrl-Z in the middle of a save) must not hang
 * this one, so give up after progress_lock_wait_ms with EWOULDBLOCK. */
static int
lock_dir(const char *dir, int *fd)
{
	char *path = join(dir, "lock");
	struct timespec pause = { 0, 10 * 1000000 };
	int f, e;

	if (!path)
		return ENOMEM;
	f = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
	free(path);
	if (f < 0)
		return errno;
	for (int waited = 0; flock(f, LOCK_EX | LOCK_NB) != 0; waited += 10) {
		e = errno;
		if (e == EINTR)
			continue;
		if (e != EWOULDBLOCK || waited >= progress_lock_wait_ms) {
			close(f);
			return e;
		}
		nanosleep(&pause, NULL);
	}
	*fd = f;
	return 0;
}

/* Read up to PROGRESS_MAX_FILE + 1 bytes (one more than the parser takes,
 * so an oversized file is seen as such).  Returns 0, ENOENT when there is
 * no file, NOT_REGULAR, or an errno value. */
static int
read_file(const char *path, char **buf, size_t *len)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK), e;

	if (fd < 0)
		return errno;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		e = S_ISREG(st.st_mode) ? errno : NOT_REGULAR;
		close(fd);
		return e;
	}
	*buf = malloc(PROGRESS_MAX_FILE + 1);
	*len = 0;
	if (!*buf) {
		close(fd);
		return ENOMEM;
	}
	while (*len < PROGRESS_MAX_FILE + 1) {
		ssize_t k = read(fd, *buf + *len, PROGRESS_MAX_FILE + 1 - *len);

		if (k == 0)
			break;
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			e = errno;
			free(*buf);
			close(fd);
			return e;
		}
		*len += (size_t)k;
	}
	close(fd);
	return 0;
}

/* Rename DIR/progress to DIR/progress.damaged-YYYYmmddTHHMMSS (local time),
 * adding -1, -2, ... when that exists: link(2) refuses to replace an
 * existing file, where rename(2) would silently destroy an earlier damaged
 * copy.  Returns 0 (out holds the new path) or an errno value. */
static int
set_aside(const progress *p, char *out, size_t n)
{
	time_t now = progress_now();
	struct tm tm;
	char stamp[32] = "unknown";

	if (localtime_r(&now, &tm))
		strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &tm);
	for (int k = 0; k < 1000; k++) {
		if (k == 0)
			snprintf(out, n, "%s/progress.damaged-%s", p->dir, stamp);
		else
			snprintf(out, n, "%s/progress.damaged-%s-%d", p->dir,
			    stamp, k);
		if (link(p->path, out) == 0) {
			unlink(p->path);	/* the copy is safe either way */
			return 0;
		}
		if (errno == EEXIST)
			continue;
		if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP
		    && errno != EMLINK && errno != ENOSYS)
			return errno;
		/* A file system without hard links: check, then rename. */
		if (access(out, F_OK) == 0)
			continue;
		return rename(p->path, out) == 0 ? 0 : errno;
	}
	return EEXIST;
}

enum load {
	LOAD_OK,	/* read (or no file): disk holds it */
	LOAD_ASIDE,	/* damaged and set aside; msg says where */
	LOAD_STUCK,	/* damaged and could not be set aside */
	LOAD_UNREADABLE,
	LOAD_NOMEM,
};

/* Read DIR/progress into the empty store disk. */
static enum load
load(const progress *p, progress *disk, char *msg, size_t n)
{
	char *buf = NULL, err[200], aside[4200];
	size_t len = 0;
	int e = read_file(p->path, &buf, &len);

	if (e == ENOENT)
		return LOAD_OK;
	if (e == ENOMEM)
		return LOAD_NOMEM;
	if (e == NOT_REGULAR) {
		say(msg, n, "%s is not a regular file", p->path);
		return LOAD_UNREADABLE;
	}
	if (e) {
		say(msg, n, "cannot read %s: %s", p->path, strerror(e));
		return LOAD_UNREADABLE;
	}
	enum progress_parsed r = progress_read_text(disk, buf, len, err,
	    sizeof err);
	free(buf);
	if (r == PROGRESS_PARSED)
		return LOAD_OK;
	if (r == PROGRESS_PARSE_NOMEM)
		return LOAD_NOMEM;
	if ((e = set_aside(p, aside, sizeof aside)) != 0) {
		say(msg, n, "%s is damaged (%s) and cannot be set aside: %s",
		    p->path, err, strerror(e));
		return LOAD_STUCK;
	}
	say(msg, n, "%s was damaged (%s): set aside as %s, starting afresh",
	    p->path, err, aside);
	return LOAD_ASIDE;
}

progress_status
progress_open(progress **out, const char *state_dir, char *msg, size_t n)
{
	char *dir = state_dir ? NULL : default_dir();
	progress *p;
	int e, lk = -1, lkerr;

	say(msg, n, "%s", "");
	*out = NULL;
	p = progress_new(state_dir ? state_dir : dir);
	free(dir);
	if (!p)
		return PROGRESS_NOMEM;
	*out = p;
	if (!p->dir) {
		say(msg, n, "no state directory (neither XDG_STATE_HOME nor "
		    "HOME is an absolute path): progress will not be saved");
		return PROGRESS_UNSAVABLE;
	}
	if (!p->dir[0]) {
		say(msg, n, "the state directory given is empty: progress "
		    "will not be saved");
		return PROGRESS_UNSAVABLE;
	}
	if ((e = make_dir(p->dir)) != 0) {
		say(msg, n, "cannot create %s: %s: progress will not be saved",
		    p->dir, strerror(e));
		return PROGRESS_UNSAVABLE;
	}
	/* Under the lock, so a damaged file is set aside only while no other
	 * instance is replacing it with a good one. */
	lkerr = lock_dir(p->dir, &lk);
	enum load r = load(p, p, msg, n);
	if (lk >= 0)
		close(lk);
	switch (r) {
	case LOAD_NOMEM:
		progress_free(p);
		*out = NULL;
		return PROGRESS_NOMEM;
	case LOAD_ASIDE:
		return PROGRESS_DAMAGED;
	case LOAD_STUCK:
		append(msg, n, ": progress will not be saved");
		return PROGRESS_DAMAGED;
	case LOAD_UNREADABLE:
		append(msg, n, ": progress will not be saved");
		return PROGRESS_UNSAVABLE;
	case LOAD_OK:
		break;
	}
	if (lkerr == EWOULDBLOCK)	/* busy, not unwritable */
		lkerr = 0;
	else if (lkerr == 0 && access(p->dir, W_OK | X_OK) != 0)
		lkerr = errno;
	if (lkerr) {
		say(msg, n, "cannot write to %s: %s: progress will not be saved",
		    p->dir, strerror(lkerr));
		return PROGRESS_UNSAVABLE;
	}
	return PROGRESS_OK;
}

/* Temporary files left by a writer that was killed.  Only called with the
 * lock held, so no live writer owns one. */
static void
clean_tmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, TMP_PREFIX, sizeof TMP_PREFIX - 1) == 0)
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

static int
write_all(int fd, const char *s, size_t len)
{
	size_t off = 0;

	while (off < len) {
		size_t k = len - off > CHUNK ? CHUNK : len - off;
		ssize_t w = write(fd, s + off, k);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return errno;
		if (w == 0)
			return EIO;
		off += (size_t)w;
		stage(PROGRESS_STAGE_CHUNK);
	}
	return 0;
}

/* The rename is durable only once the directory is synced.  Best effort:
 * some file systems refuse to fsync a directory, and the new file is in
 * place either way. */
static void
sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

static bool
write_store(const progress *p, char *msg, size_t n)
{
	size_t len;
	char *text = progress_format(p, &len), *tmp;
	char pid[32];
	int fd, e = 0;

	if (!text) {
		say(msg, n, "cannot save %s: out of memory", p->path);
		return false;
	}
	if (len > PROGRESS_MAX_FILE) {
		say(msg, n, "cannot save %s: it would be larger than %ld bytes",
		    p->path, PROGRESS_MAX_FILE);
		free(text);
		return false;
	}
	snprintf(pid, sizeof pid, TMP_PREFIX "%ld", (long)getpid());
	if (!(tmp = join(p->dir, pid))) {
		free(text);
		say(msg, n, "cannot save %s: out of memory", p->path);
		return false;
	}
	clean_tmp(p->dir);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
	    0600);
	if (fd < 0) {
		say(msg, n, "cannot create %s: %s", tmp, strerror(errno));
		goto fail;
	}
	stage(PROGRESS_STAGE_TMP);
	e = write_all(fd, text, len);
	if (!e && fsync(fd) != 0)
		e = errno;
	if (close(fd) != 0 && !e)
		e = errno;
	if (e) {
		say(msg, n, "cannot write %s: %s", tmp, strerror(e));
		unlink(tmp);
		goto fail;
	}
	stage(PROGRESS_STAGE_SYNCED);
	if (rename(tmp, p->path) != 0) {
		say(msg, n, "cannot rename %s to %s: %s", tmp, p->path,
		    strerror(errno));
		unlink(tmp);
		goto fail;
	}
	stage(PROGRESS_STAGE_RENAMED);
	sync_dir(p->dir);
	stage(PROGRESS_STAGE_DONE);
	free(tmp);
	free(text);
	return true;
fail:
	free(tmp);
	free(text);
	return false;
}

/* Lock, re-read what another instance may have written, merge it in, and
 * write the whole store atomically.  A damaged file found here is set
 * aside as in progress_open; the save then succeeds and msg says so. */
bool
progress_save(progress *p, char *msg, size_t n)
{
	progress *disk;
	int e, lk;
	bool ok = false;

	say(msg, n, "%s", "");
	if (!p->dir || !p->dir[0]) {
		say(msg, n, "cannot save progress: no state directory");
		return false;
	}
	if ((e = make_dir(p->dir)) != 0) {
		say(msg, n, "cannot create %s: %s", p->dir, strerror(e));
		return false;
	}
	if ((e = lock_dir(p->dir, &lk)) != 0) {
		if (e == EWOULDBLOCK)
			say(msg, n, "cannot lock %s/lock: another fptutor has "
			    "held it for %d ms", p->dir, progress_lock_wait_ms);
		else
			say(msg, n, "cannot lock %s/lock: %s", p->dir,
			    strerror(e));
		return false;
	}
	stage(PROGRESS_STAGE_LOCKED);
	if (!(disk = progress_new(NULL))) {
		say(msg, n, "cannot save %s: out of memory", p->path);
		close(lk);
		return false;
	}
	switch (load(p, disk, msg, n)) {
	case LOAD_OK:
	case LOAD_ASIDE:
		if (!progress_merge(p, disk))
			say(msg, n, "cannot merge %s: more than %d lessons, or "
			    "out of memory", p->path, PROGRESS_MAX_LESSONS);
		else {
			char note[4600];

			snprintf(note, sizeof note, "%s", msg && n ? msg : "");
			ok = write_store(p, msg, n);
			if (ok)
				say(msg, n, "%s", note);
		}
		break;
	case LOAD_NOMEM:
		say(msg, n, "cannot save %s: out of memory", p->path);
		break;
	case LOAD_STUCK:
	case LOAD_UNREADABLE:
		break;
	}
	progress_free(disk);
	close(lk);
	return ok;
}
