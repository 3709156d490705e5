/*
 * cmd_grade_class.c — `fptutor grade --class FILE [--json | --csv]`: every
 * answer of a class graded in one run (src/lesson/class.h), each verdict
 * the one `fptutor grade QUESTION` gives; the text report
 * (src/view/class_text.c), or one JSON object per answer and a summary,
 * or the per-answer rows as CSV.  A bad row is "FILE:LINE: error: ..." on
 * standard error and the other rows are still graded.
 * Exit 0 every row graded (whatever the verdicts), 65 some row or the
 * header bad, 2 usage, 74 I/O.
 */
#include <config.h>

#include <csv.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/grade_class.h"
#include "cli/json.h"
#include "lesson/class.h"
#include "view/class_text.h"

typedef cli_class run;
#define OUT_TEXT CLI_CLASS_TEXT
#define OUT_JSON CLI_CLASS_JSON
#define OUT_CSV CLI_CLASS_CSV

static void
print_load_diags(const void *cmd, const lesson_diags *d)
{
	cli_lesson_diags(cmd, d);
}

/* A bad row's message, up to CLASS_MAX_SHOWN of them: a file broken
 * from some line on (an unclosed quote early in a long file) must not
 * bury the report; the rest are counted. */
#define CLASS_MAX_SHOWN 100
static void
say_bad(run *r, int line, const char *msg)
{
	fflush(stdout);
	if (r->bad < CLASS_MAX_SHOWN)
		fprintf(stderr, "%s:%d: error: %s\n", r->file, line, msg);
	else if (r->bad == CLASS_MAX_SHOWN)
		fprintf(stderr, "%s: too many bad rows: the others are counted, not "
		    "shown\n", r->file);
	r->bad++;
}

void
cli_class_bad(void *ctx, int line, const char *msg)
{
	run *r = ctx;

	say_bad(r, line, msg);
	lesson_class_count_bad(r->c);
}

static void
json_ids(const char *key, const char **v, size_t n)
{
	printf(",\"%s\":[", key);
	for (size_t i = 0; i < n; i++) {
		if (i)
			putchar(',');
		cli_json_str(v[i]);
	}
	putchar(']');
}

/* A CSV field: quoted by libcsv (quotes doubled). */
static void
csv_str(const char *s, bool last)
{
	csv_fwrite(stdout, s, strlen(s));
	fputs(last ? "\r\n" : ",", stdout);
}

static void
csv_ids(const char **v, size_t n, bool last)
{
	size_t len = 1;
	for (size_t i = 0; i < n; i++)
		len += strlen(v[i]) + 1;
	char *s = malloc(len), *p = s;
	if (s == NULL) {
		csv_str("", last);
		return;
	}
	*p = '\0';
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "%s%s", i ? " " : "", v[i]);
	csv_str(s, last);
	free(s);
}

bool
cli_class_row(void *ctx, const lesson_class_row *row)
{
	run *r = ctx;
	lesson_class_verdict v;
	char msg[400];

	if (r->only && lesson_question_find(r->only, row->question) == NULL) {
		fflush(stdout);
		fprintf(stderr, "%s:%d: warning: lesson '%s' has no question '%.60s'; "
		    "the answer is ignored\n", r->file, row->line, r->only->id,
		    row->question);
		return true;
	}

	switch (lesson_class_grade(r->c, row, &v, msg, sizeof msg)) {
	case LESSON_CLASS_NOMEM:
		r->nomem = true;
		return false;
	case LESSON_CLASS_BAD:
		say_bad(r, row->line, msg);
		return true;
	case LESSON_CLASS_OK:
		break;
	}
	if (v.first_line) {
		fflush(stdout);
		fprintf(stderr, "%s:%d: warning: a second answer from '", r->file, row->line);
		view_class_name(stderr, row->student);
		fprintf(stderr, "' to '%s' (the first is at line %d): the later one "
		    "counts\n", row->question, v.first_line);
	}
	if (r->out == OUT_JSON) {
		printf("{\"student\":");
		cli_json_str(row->student);
		printf(",\"question\":");
		cli_json_str(row->question);
		printf(",\"line\":%d,\"pass\":%s,\"score\":%g,\"max\":%g", row->line,
		    v.pass ? "true" : "false", v.score, v.max);
		json_ids("misconceptions", v.miscs, v.nmiscs);
		json_ids("missing", v.missing, v.nmissing);
		printf("}\n");
	} else if (r->out == OUT_CSV) {
		csv_str(row->student, false);
		csv_str(row->question, false);
		printf("%d,%s,%g,%g,", row->line, v.pass ? "true" : "false", v.score, v.max);
		csv_ids(v.miscs, v.nmiscs, false);
		csv_ids(v.missing, v.nmissing, true);
	}
	return !ferror(stdout);
}

static void
json_summary(const run *r, const lesson_class_tally *t, const char *title)
{
	printf("{\"summary\":{\"file\":");
	cli_json_str(title);
	printf(",\"answers\":%zu,\"bad_rows\":%zu,\"students\":[", t->rows, r->bad);
	for (size_t i = 0; i < t->nstudents; i++) {
		const lesson_class_student *s = &t->students[i];
		printf("%s{\"student\":", i ? "," : "");
		cli_json_str(s->name);
		printf(",\"answered\":%zu,\"passed\":%zu,\"score\":%g,\"max\":%g}",
		    s->answered, s->passed, s->score, s->max);
	}
	printf("],\"questions\":[");
	for (size_t i = 0; i < t->nquestions; i++) {
		const lesson_class_question *q = &t->questions[i];
		printf("%s{\"question\":", i ? "," : "");
		cli_json_str(q->id);
		printf(",\"answered\":%zu,\"passed\":%zu}", q->answered, q->passed);
	}
	printf("],\"misconceptions\":[");
	for (size_t i = 0; i < t->nmiscs; i++) {
		const lesson_class_misc *m = &t->miscs[i];
		printf("%s{\"question\":", i ? "," : "");
		cli_json_str(m->question);
		printf(",\"id\":");
		cli_json_str(m->id);
		printf(",\"answered\":%zu,\"students\":[", m->answered);
		for (size_t k = 0; k < m->nstudents; k++) {
			if (k)
				putchar(',');
			cli_json_str(t->students[m->students[k]].name);
		}
		printf("]}");
	}
	printf("]}}\n");
}

int
cli_grade_class(const cli_cmd *cmd, const cli_class_opts *o)
{
	const char *file = o->file;
	lesson_class_fmt fmt = LESSON_CLASS_AUTO;
	run r = { .cmd = cmd->name, .out = OUT_TEXT };
	bool no_color = o->no_color;
	char qa[300];

	if (o->format) {
		if (strcmp(o->format, "csv") == 0)
			fmt = LESSON_CLASS_CSV;
		else if (strcmp(o->format, "jsonl") == 0)
			fmt = LESSON_CLASS_JSONL;
		else
			return cli_usage_err(cmd->name, "--format is csv or jsonl, not "
			    "'%s'", cli_quote(o->format, strlen(o->format), qa, sizeof qa));
	}
	if (o->json && o->csv)
		return cli_usage_err(cmd->name, "--json and --csv exclude each other");
	r.out = o->json ? OUT_JSON : o->csv ? OUT_CSV : OUT_TEXT;
	if (file[0] == '\0')
		return cli_usage_err(cmd->name, "--class needs a file ('-' for standard input)");
	view_term_init(no_color || r.out != OUT_TEXT);

	bool is_stdin = strcmp(file, "-") == 0;
	FILE *fp = is_stdin ? stdin : fopen(file, "rb");
	r.file = is_stdin ? "stdin" : file;
	if (fp == NULL) {
		cli_err(cmd->name, "cannot open '%s': %s",
		    cli_quote(file, strlen(file), qa, sizeof qa), strerror(errno));
		return CLI_IOERR;
	}
	char head[4096];
	size_t nhead = fread(head, 1, sizeof head, fp);
	if (fmt == LESSON_CLASS_AUTO)
		fmt = lesson_class_sniff(is_stdin ? "" : file, head, nhead);
	if ((r.c = lesson_class_new(print_load_diags, cmd->name)) == NULL) {
		if (!is_stdin)
			fclose(fp);
		cli_err(cmd->name, "out of memory");
		return CLI_IOERR;
	}
	cli_class_begin(&r);
	int e = ferror(fp) ? (errno ? errno : EIO)
	    : cli_class_read(&r, fp, head, nhead, fmt);
	if (!is_stdin)
		fclose(fp);
	int status = cli_class_end(&r, e, r.file);
	lesson_class_free(r.c);
	return cli_finish_output(cmd->name, status);
}

void
cli_class_begin(cli_class *r)
{
	if (r->out == OUT_CSV)
		fputs("student,question,line,pass,score,max,misconceptions,missing\r\n",
		    stdout);
}

int
cli_class_read(cli_class *r, FILE *fp, const char *head, size_t n,
    lesson_class_fmt fmt)
{
	return lesson_class_read(fp, head, n, fmt, cli_class_row, cli_class_bad, r);
}

int
cli_class_end(cli_class *r, int e, const char *title)
{
	char qa[300];
	int status = r->bad ? CLI_DATAERR : CLI_OK;

	if (r->nomem || e == -2) {
		cli_err(r->cmd, "out of memory");
		status = CLI_IOERR;
	} else if (e > 0) {
		cli_err(r->cmd, "cannot read '%s': %s",
		    cli_quote(r->file, strlen(r->file), qa, sizeof qa), strerror(e));
		status = CLI_IOERR;
	} else if (e == 0) {
		const lesson_class_tally *t = lesson_class_tally_get(r->c);
		if (t == NULL) {
			cli_err(r->cmd, "out of memory");
			status = CLI_IOERR;
		} else if (r->out == OUT_TEXT) {
			view_class_text(stdout, title, t);
		} else if (r->out == OUT_JSON) {
			json_summary(r, t, title);
		}
	}
	return status;
}
