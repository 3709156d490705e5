/*
 * grade.c — `fptutor grade QUESTION-ID [--json]`: grade the answer on
 * standard input against the question's rubric (free text) or its key
 * (the closed types), with feedback: the score, each concept hit or
 * missed, each misconception with why it is wrong, and the model answer.
 * Exit 0 pass, 1 fail, 2 unknown question id or usage.  With --class a
 * whole class file is graded instead (cmd_grade_class.c).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/grade_class.h"
#include "cli/json.h"
#include "cli/cli.h"
#include "lesson/grade_text.h"
#include "view/lesson_text.h"

/* Read standard input, at most GRADE_MAX_ANSWER bytes (the rest is left
 * unread, with a warning).  NULL on a read error. */
static char *
read_answer(const char *cmd, size_t *len)
{
	char *buf = malloc(GRADE_MAX_ANSWER + 1);
	size_t n = 0, got;

	if (buf == NULL)
		return NULL;
	while (n < GRADE_MAX_ANSWER &&
	    (got = fread(buf + n, 1, GRADE_MAX_ANSWER - n, stdin)) > 0)
		n += got;
	if (ferror(stdin)) {
		free(buf);
		return NULL;
	}
	if (n == GRADE_MAX_ANSWER && getchar() != EOF)
		cli_err(cmd, "warning: the answer is longer than %d KiB; only the "
		    "first %d KiB are graded", GRADE_MAX_ANSWER / 1024,
		    GRADE_MAX_ANSWER / 1024);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Each lesson's diagnostics as it is tried, under the command's name. */
static void
print_load_diags(const void *cmd, const lesson_diags *d)
{
	cli_lesson_diags(cmd, d);
}

static void
json_items(const char *key, const grade_item *it, size_t n, bool misc)
{
	printf(",\"%s\":[", key);
	for (size_t i = 0; i < n; i++) {
		printf("%s{\"id\":", i ? "," : "");
		cli_json_str(it[i].id);
		if (!misc)
			printf(",\"hit\":%s,\"weight\":%d,\"required\":%s",
			    it[i].hit ? "true" : "false", it[i].weight,
			    it[i].required ? "true" : "false");
		printf(",\"%s\":", misc ? "why" : "text");
		cli_json_str(it[i].text ? it[i].text : "");
		putchar('}');
	}
	putchar(']');
}

static void
show_text(const lesson_question *q, const grade_result *r)
{
	printf("%s%s%s: %s", view_c(COL_BOLD), q->id, view_c(COL_RESET),
	    r->pass ? "pass" : "not yet");
	if (!r->pass)
		printf(" (%s)", grade_verdict_text(r->verdict));
	printf(", score %d of %d\n", r->score, r->max);
	if (r->order_found[0])
		printf("  your order: %s\n", r->order_found);
	if (r->inversion[0])
		printf("  order: %s\n", r->inversion);
	if (r->contradiction[0])
		printf("  contradiction: %s\n", r->contradiction);
	for (size_t i = 0; i < r->nmiscs; i++)
		printf("  misconception %s: %s\n", r->miscs[i].id, r->miscs[i].text);
	for (size_t i = 0; i < r->nconcepts; i++) {
		const grade_item *c = &r->concepts[i];
		printf("  %s %s%s", c->hit ? "+" : "-", c->id, c->text[0] ? ": " : "");
		view_lesson_puts(stdout, c->text);
		putchar('\n');
	}
}

enum { OPT_CLASS = CLI_KEY_FIRST, OPT_FORMAT, OPT_CSV };

static const struct option grade_table[] = {
	{ "class", required_argument, NULL, OPT_CLASS },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "csv", no_argument, NULL, OPT_CSV },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct grade_args {
	const char *id;		/* the one operand: the question id */
	cli_class_opts class;	/* --class FILE and what goes with it */
} grade_args;

static int
grade_arg(void *ctx, int key, char *arg)
{
	grade_args *g = ctx;

	switch (key) {
	case OPT_CLASS:
		g->class.file = arg;
		return CLI_OK;
	case OPT_FORMAT:
		g->class.format = arg;
		return CLI_OK;
	case OPT_CSV:
		g->class.csv = true;
		return CLI_OK;
	case CLI_OPT_OPERAND:
		if (g->id)
			return cli_usage_err("grade", "one question id only");
		g->id = arg;
		return CLI_OK;
	}
	return CLI_OPTS_UNEXPECTED;
}

static int
run_grade(const cli_cmd *cmd, int argc, char **argv)
{
	char qa[300];
	grade_args ga = { 0 };
	cli_opts p = { .cmd = cmd, .table = grade_table, .fn = grade_arg, .ctx = &ga };
	bool json;

	if (!cli_opts_parse(&p, argc, argv))
		return p.status;
	json = p.json;
	if (ga.class.file) {
		if (ga.id)
			return cli_usage_err(cmd->name, "--class grades the questions "
			    "its file names: no question id ('%s')",
			    cli_quote(ga.id, strlen(ga.id), qa, sizeof qa));
		ga.class.json = p.json;
		ga.class.no_color = p.no_color;
		return cli_grade_class(cmd, &ga.class);
	}
	if (ga.class.format || ga.class.csv)
		return cli_usage_err(cmd->name, "--%s goes with --class",
		    ga.class.format ? "format" : "csv");
	if (ga.id == NULL)
		return cli_usage_err(cmd->name, "no question id given (see fptutor lessons)");
	view_term_init(p.no_color || json);

	const lesson_question *q = NULL;
	lesson_open_err oerr;
	lesson *l = lesson_open_question(ga.id, &q, &oerr, print_load_diags, cmd->name);
	if (l == NULL && oerr == LESSON_OPEN_INVALID)
		return CLI_DATAERR;	/* the diagnostics say why */
	if (l == NULL)
		return cli_usage_err(cmd->name, "unknown question id '%s' "
		    "(fptutor lessons lists them)",
		    cli_quote(ga.id, strlen(ga.id), qa, sizeof qa));
	/* Another lesson's question of the same id could answer for this
	 * one: refuse, naming both files. */
	const char *cq;
	char other[4200];
	if (lesson_clash(l, ga.id, &cq, other, sizeof other)) {
		cli_err(cmd->name, "question id '%s' is defined twice on the lesson "
		    "path, in %s and in %s: rename one", cq, l->file, other);
		lesson_free(l);
		return CLI_DATAERR;
	}
	size_t len;
	char *answer = read_answer(cmd->name, &len);
	if (answer == NULL) {
		lesson_free(l);
		cli_err(cmd->name, "cannot read the answer from standard input");
		return CLI_IOERR;
	}

	int status;
	if (q->type == LQ_TEXT) {
		grade_diag d;
		int line;
		grade_result r;
		/* compiled when the lesson was checked: not again */
		const grade_rubric *rub = lesson_rubric(q);
		grade_rubric *own = NULL;
		if (rub == NULL && (rub = own = lesson_rubric_compile(q, &line, &d)) == NULL) {
			cli_err(cmd->name, "%s:%d:%zu: error: %s", l->file, line, d.col + 1, d.msg);
			free(answer);
			lesson_free(l);
			return CLI_DATAERR;
		}
		if (!grade_answer(rub, answer, len, &r)) {
			grade_rubric_free(own);
			free(answer);
			lesson_free(l);
			cli_err(cmd->name, "out of memory");
			return CLI_IOERR;
		}
		if (json) {
			printf("{\"question\":");
			cli_json_str(q->id);
			printf(",\"score\":%d,\"max\":%d,\"pass\":%s,\"verdict\":",
			    r.score, r.max, r.pass ? "true" : "false");
			cli_json_str(grade_verdict_text(r.verdict));
			json_items("concepts", r.concepts, r.nconcepts, false);
			json_items("misconceptions", r.miscs, r.nmiscs, true);
			printf(",\"contradiction\":");
			cli_json_str(r.contradiction);
			printf(",\"inversion\":");
			cli_json_str(r.inversion);
			lesson_grade g;
			lesson_grade_text(l, q, answer, &g);
			printf(",\"feedback\":");
			cli_json_str(g.feedback);
			printf("}\n");
		} else {
			show_text(q, &r);
		}
		status = r.pass ? CLI_OK : CLI_FAIL;
		grade_result_free(&r);
		grade_rubric_free(own);
	} else {
		lesson_grade g;
		lesson_grade_answer(l, q, answer, lesson_grade_text, &g);
		if (json) {
			printf("{\"question\":");
			cli_json_str(q->id);
			printf(",\"score\":%g,\"max\":%g,\"pass\":%s,\"concepts\":[],"
			    "\"misconceptions\":[],\"feedback\":", g.score, g.max,
			    g.pass ? "true" : "false");
			cli_json_str(g.feedback);
			printf("}\n");
		} else {
			printf("%s%s%s: %s, score %g of %g\n  ", view_c(COL_BOLD), q->id,
			    view_c(COL_RESET), g.pass ? "pass" : "not yet", g.score, g.max);
			view_lesson_puts(stdout, g.feedback);
			putchar('\n');
		}
		status = g.pass ? CLI_OK : CLI_FAIL;
	}
	if (!json && q->answer.n) {
		printf("  model answer: ");
		view_lesson_rich_text(stdout, &q->answer, 4, 16, 78);
	}
	free(answer);
	lesson_free(l);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_grade = {
	"grade", "grade an answer read from standard input",
	"fptutor grade QUESTION-ID [--json] [--no-color] < ANSWER\n"
	"       fptutor grade --class FILE [--format csv|jsonl] [--json | --csv] [--no-color]",
	"Grade the answer on standard input to the question QUESTION-ID of the\n"
	"lessons (fptutor lessons lists the ids): free-text answers by the\n"
	"question's rubric, the other kinds by their key.  Show the score, each\n"
	"point made or missed, each misconception with why it is wrong, and the\n"
	"model answer.  At most 64 KiB of the answer is read.  A question id\n"
	"that two lessons ask is refused (status 65), both lessons named.\n"
	"\n"
	"      --json      one JSON object: question, score, max, pass, verdict,\n"
	"                  concepts, misconceptions, contradiction, inversion,\n"
	"                  feedback\n"
	"      --no-color  plain output even on a terminal\n"
	"  -h, --help      show this help\n"
	"\n"
	"Exit status: 0 the answer passes; 1 it does not; 2 unknown question id\n"
	"or usage error; 65 the question's rubric is invalid; 74 I/O error.\n"
	"\n"
	"Class mode grades every answer of a class in one run, each verdict the\n"
	"one 'fptutor grade QUESTION-ID' gives:\n"
	"      --class FILE    a CSV file with a header naming student, question\n"
	"                      and answer (RFC 4180: quoted fields may hold\n"
	"                      commas, quotes and line breaks; other columns are\n"
	"                      ignored), or JSON Lines with those keys; '-' reads\n"
	"                      standard input\n"
	"      --format FMT    csv or jsonl; by default .csv is CSV, .jsonl,\n"
	"                      .ndjson and .json are JSON Lines, and any other\n"
	"                      file is JSON Lines when it begins with '{'\n"
	"      --json          one object per answer (student, question, line,\n"
	"                      pass, score, max, misconceptions, missing), then\n"
	"                      {\"summary\": ...}\n"
	"      --csv           one CSV row per answer, with a header\n"
	"Without --json or --csv: a table of students (questions passed, score),\n"
	"each question's pass rate, and the misconceptions asserted with how many\n"
	"students hold each and which.  A bad row is 'FILE:LINE: error: ...' on\n"
	"standard error and the other rows are still graded; a student's second\n"
	"answer to a question replaces the first (a warning).\n"
	"Exit status in class mode: 0 every row graded, whatever the verdicts;\n"
	"65 some row (or the header) could not be graded; 2 usage error; 74 I/O\n"
	"error.\n",
	run_grade, NULL
};
