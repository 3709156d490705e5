/*
 * cmd_play_class.c — `fptutor play LESSON --answers DIR|CLASS-FILE`: a
 * scripted lesson run for a whole class.  A directory holds one answers
 * file per student (the file name without its extension is the student);
 * a .csv or .jsonl file is a class file as `grade --class` reads it.  Each
 * answer to a question of the lesson is graded as `fptutor grade` grades
 * it, and the report is the class report of `grade --class`: a table per
 * student, the pass rate per question, the misconceptions asserted.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/grade_class.h"
#include "cli/play_class.h"

static bool
is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool
cli_play_class_asked(const char *answers)
{
	size_t n = strlen(answers);
	static const char *const ext[] = { ".csv", ".jsonl", ".ndjson" };

	if (is_dir(answers))
		return true;
	for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
		size_t e = strlen(ext[i]);
		if (n > e && strcasecmp(answers + n - e, ext[i]) == 0)
			return true;
	}
	return false;
}

static int
by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int
keep_file(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/* Every student's answers file, in name order. */
static int
read_dir(cli_class *r, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, keep_file, by_name);
	char path[4096], student[256];

	if (n < 0)
		return errno ? errno : EIO;
	for (int i = 0; i < n && !r->nomem; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
		if (is_dir(path))
			continue;
		snprintf(student, sizeof student, "%s", names[i]->d_name);
		char *dot = strrchr(student, '.');
		if (dot && dot != student)
			*dot = '\0';
		cli_answer *ans = NULL;
		size_t nans = 0;
		r->file = path;
		if (cli_play_read_answers(r->cmd, path, r->only, &ans, &nans) != CLI_OK) {
			r->bad++;	/* the reader said what and where */
			lesson_class_count_bad(r->c);
		} else {
			for (size_t k = 0; k < nans; k++) {
				lesson_class_row row = { student, ans[k].id, ans[k].text,
				    strlen(ans[k].text), ans[k].line };
				if (!cli_class_row(r, &row))
					break;
			}
		}
		cli_play_free_answers(ans, nans);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return 0;
}

int
cli_play_class(const char *cmd, const lesson *l, const char *answers, bool json)
{
	cli_class r = { .cmd = cmd, .file = answers, .only = l,
	    .out = json ? CLI_CLASS_JSON : CLI_CLASS_TEXT };
	int e;

	if ((r.c = lesson_class_new_for(l)) == NULL) {
		cli_err(cmd, "out of memory");
		return CLI_IOERR;
	}
	cli_class_begin(&r);
	if (is_dir(answers)) {
		e = read_dir(&r, answers);
	} else {
		FILE *fp = fopen(answers, "rb");
		char head[4096];
		if (fp == NULL) {
			cli_err(cmd, "cannot open '%s': %s", answers, strerror(errno));
			lesson_class_free(r.c);
			return CLI_IOERR;
		}
		size_t n = fread(head, 1, sizeof head, fp);
		e = ferror(fp) ? (errno ? errno : EIO) : cli_class_read(&r, fp, head, n,
		    lesson_class_sniff(answers, head, n));
		fclose(fp);
	}
	r.file = answers;
	int status = cli_class_end(&r, e, answers);
	lesson_class_free(r.c);
	return status;
}
