/*
 * play.c — `fptutor play LESSON [--answers FILE] [--json]`: scripted
 * lesson mode.  Loads the lesson (by id along the search path, or a
 * path), feeds the answers file to the player as events, reveals the hints
 * and model answer of every question that did not pass, and prints the
 * whole lesson as a transcript (the text view) or the grades as JSON.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/json.h"
#include "cli/cli.h"
#include "lesson/grade_text.h"
#include "lesson/player.h"
#include "view/lesson_text.h"

/* One "QUESTION-ID: answer" line of the answers file. */
typedef struct answer {
	char *id;
	char *text;
	int line;
} answer;

/*
 * Read the answers file: blank lines and lines starting with '#' are
 * skipped.  An id the lesson does not have is a warning (one answers file
 * may serve several lessons); a line without ':' or a second answer to
 * the same question is an error.  Returns CLI_OK or the status to exit.
 */
static int
read_answers(const char *cmd, const char *file, const lesson *l,
    answer **out, size_t *nout)
{
	lesson_source src;
	lesson_diags d = { 0 };
	answer *v = calloc(1, sizeof *v);
	size_t n = 0;
	char q[64];

	int e = lesson_source_read(file, &src, &d);
	if (e != 0 || v == NULL) {
		cli_lesson_diags(cmd, &d);
		lesson_diags_free(&d);
		free(v);
		return e > 0 ? CLI_IOERR : CLI_DATAERR;
	}
	for (size_t i = 0; i < src.nlines; i++) {
		const lesson_line *ln = &src.lines[i];
		const char *s = ln->text;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '#')
			continue;
		const char *colon = strchr(s, ':');
		size_t idlen = colon ? (size_t)(colon - s) : 0;
		while (idlen && (s[idlen - 1] == ' ' || s[idlen - 1] == '\t'))
			idlen--;
		int col = 1 + (int)(s - ln->text);
		if (colon == NULL || idlen == 0) {
			lesson_diag_add(&d, LESSON_ERROR, src.file, ln->lineno, col,
			    "expected 'QUESTION-ID: answer'");
			continue;
		}
		char *id = strndup(s, idlen);
		if (id == NULL)
			break;
		if (lesson_question_find(l, id) == NULL) {
			lesson_diag_add(&d, LESSON_WARNING, src.file, ln->lineno, col,
			    "lesson '%s' has no question '%s'; the answer is ignored",
			    l->id, lesson_quote(id, idlen, q, sizeof q));
			free(id);
			continue;
		}
		size_t k;
		for (k = 0; k < n && strcmp(v[k].id, id) != 0; k++)
			;
		if (k < n) {
			lesson_diag_add(&d, LESSON_ERROR, src.file, ln->lineno, col,
			    "second answer to '%s' (the first is at line %d)", id,
			    v[k].line);
			free(id);
			continue;
		}
		answer *nv = realloc(v, (n + 1) * sizeof *nv);
		const char *t = colon + 1;
		while (*t == ' ' || *t == '\t')
			t++;
		char *text = strdup(t);
		if (nv == NULL || text == NULL) {
			free(id);
			free(text);
			if (nv)
				v = nv;
			break;
		}
		v = nv;
		v[n++] = (answer){ id, text, ln->lineno };
	}
	lesson_source_free(&src);
	cli_lesson_diags(cmd, &d);
	int status = d.nerrors ? CLI_DATAERR : CLI_OK;
	lesson_diags_free(&d);
	*out = v;
	*nout = n;
	return status;
}

static void
free_answers(answer *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].id);
		free(v[i].text);
	}
	free(v);
}

static void
show_json(const lesson_player *p)
{
	const lesson *l = p->l;
	lesson_score sc;

	for (size_t i = 0; i < l->nquestions; i++) {
		const lesson_question *q = &l->questions[i];
		const lesson_progress *g = &p->q[i];
		bool pass = g->answer && g->grade.pass && !g->revealed;
		printf("{\"question\":");
		cli_json_str(q->id);
		printf(",\"type\":\"%s\",\"answered\":%s,\"answer\":",
		    lesson_qtype_name(q->type), g->answer ? "true" : "false");
		if (g->answer)
			cli_json_str(g->answer);
		else
			printf("null");
		printf(",\"graded\":%s,\"pass\":%s,\"score\":%g,\"max\":%g,"
		    "\"feedback\":", g->answer && g->grade.graded ? "true" : "false",
		    pass ? "true" : "false", pass ? g->grade.score : 0,
		    g->answer && g->grade.graded ? g->grade.max : 1);
		cli_json_str(g->answer ? g->grade.feedback : "not answered");
		printf("}\n");
	}
	lesson_player_score(p, &sc);
	printf("{\"summary\":{\"lesson\":");
	cli_json_str(l->id);
	printf(",\"questions\":%zu,\"answered\":%zu,\"passed\":%zu,\"score\":%g,"
	    "\"max\":%g,\"pass\":%s}}\n", sc.questions, sc.answered, sc.passed,
	    sc.score, sc.max, sc.passed == sc.questions ? "true" : "false");
}

static void
show_text(lesson_player *p)
{
	view_lesson_header_text(stdout, p->l);
	while (!p->done) {
		view_lesson_item_text(stdout, p);
		lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_NEXT_ITEM });
	}
	view_lesson_summary_text(stdout, p);
}

/* Feed the answers, then reveal what did not pass: its hints and the
 * model answer. */
static int
play(const char *cmd, lesson *l, const answer *ans, size_t nans, bool json)
{
	lesson_player *p = lesson_player_new(l, lesson_grade_text);

	if (p == NULL) {
		cli_err(cmd, "out of memory");
		return CLI_IOERR;
	}
	for (size_t i = 0; i < nans; i++)
		lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_ANSWER,
		    .question = ans[i].id, .text = ans[i].text });
	for (size_t i = 0; i < l->nquestions; i++) {
		const lesson_progress *g = &p->q[i];
		if (g->answer && g->grade.pass)
			continue;
		lesson_event ev = { .type = LESSON_EV_HINT, .question = l->questions[i].id };
		while (lesson_player_event(p, &ev) == LESSON_EV_OK)
			;
		ev.type = LESSON_EV_REVEAL;
		lesson_player_event(p, &ev);
	}
	if (json)
		show_json(p);
	else
		show_text(p);
	int status = lesson_player_passed(p) ? CLI_OK : CLI_FAIL;
	lesson_player_free(p);
	return status;
}

static int
run_play(const cli_cmd *cmd, int argc, char **argv)
{
	const char *arg = NULL, *answers = NULL;
	bool json = false, no_color = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			cli_print_help(cmd, stdout);
			return cli_finish_output(cmd->name, CLI_OK);
		} else if (strcmp(a, "--json") == 0) {
			json = true;
		} else if (strcmp(a, "--no-color") == 0) {
			no_color = true;
		} else if (strcmp(a, "--answers") == 0 || strcmp(a, "-a") == 0) {
			if (i + 1 >= argc)
				return cli_usage_err(cmd->name, "option '%s' needs a file", a);
			answers = argv[++i];
		} else if (strncmp(a, "--answers=", 10) == 0) {
			answers = a + 10;
		} else if (a[0] == '-' && a[1] != '\0') {
			char qa[300];
			return cli_usage_err(cmd->name, "unknown option '%s'",
			    cli_quote(a, strlen(a), qa, sizeof qa));
		} else if (arg) {
			return cli_usage_err(cmd->name, "one lesson at a time ('%s' and '%s')",
			    arg, a);
		} else {
			arg = a;
		}
	}
	if (arg == NULL)
		return cli_usage_err(cmd->name, "no lesson given (see 'fptutor lessons')");
	view_term_init(no_color || json);

	lesson_diags d = { 0 };
	lesson_open_err err;
	char msg[4400];
	lesson *l = lesson_open(arg, &d, &err);
	cli_lesson_diags(cmd->name, &d);
	lesson_diags_free(&d);
	if (err == LESSON_OPEN_BADID)
		return cli_usage_err(cmd->name, "%s",
		    lesson_open_msg(arg, err, msg, sizeof msg));
	if (err == LESSON_OPEN_MISSING) {
		cli_err(cmd->name, "%s (see '%s lessons')",
		    lesson_open_msg(arg, err, msg, sizeof msg), cli_progname);
		return CLI_USAGE;
	}
	if (l == NULL)
		return cli_lesson_status(err);
	const char *cq;
	if (lesson_clash(l, NULL, &cq, msg, sizeof msg)) {
		cli_err(cmd->name, "question id '%s' is defined twice on the lesson "
		    "path, in %s and in %s: rename one", cq, l->file, msg);
		lesson_free(l);
		return CLI_DATAERR;
	}
	int status = CLI_OK;

	answer *ans = NULL;
	size_t nans = 0;
	if (answers)
		status = read_answers(cmd->name, answers, l, &ans, &nans);
	if (status == CLI_OK)
		status = play(cmd->name, l, ans, nans, json);
	free_answers(ans, nans);
	lesson_free(l);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_play = {
	"play", "print a lesson as a transcript and grade the answers in a file",
	"fptutor play LESSON [--answers FILE] [--json] [--no-color]",
	"Scripted lesson mode: print the whole LESSON (an id, see 'fptutor\n"
	"lessons', or a path) as plain text, every number computed, with each\n"
	"question graded against FILE.  A question without an answer, or whose\n"
	"answer did not pass, shows its hints and model answer.\n"
	"\n"
	"  -a, --answers FILE  one answer per line, 'QUESTION-ID: answer text';\n"
	"                      blank lines and lines starting with '#' are\n"
	"                      skipped; '-' reads standard input\n"
	"      --json          one JSON object per question (question, type,\n"
	"                      answered, answer, graded, pass, score, max,\n"
	"                      feedback), then {\"summary\": ...}\n"
	"      --no-color      plain output even on a terminal\n"
	"  -h, --help          show this help\n"
	"\n"
	"Free-text answers are graded by the question's rubric (see\n"
	"fptutor-lesson(5)).\n"
	"\n"
	"Exit status: 0 every question passed; 1 some question did not pass or\n"
	"was not answered; 65 the lesson or the answers file is invalid; 2 usage\n"
	"error (no such lesson); 74 I/O error.\n",
	run_play
};
