/*
 * cmd_play.c — `fptutor play LESSON [--answers FILE] [--json]`: scripted
 * lesson mode.  Loads the lesson (by id along the search path, or a
 * path), feeds the answers file to the player as events, reveals the hints
 * and model answer of every question that did not pass, and prints the
 * whole lesson as a transcript (the text view) or the grades as JSON.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/practice.h"
#include "cli/json.h"
#include "cli/cli.h"
#include "cli/play_class.h"
#include "lesson/grade_text.h"
#include "lesson/player.h"
#include "view/lesson_md.h"
#include "view/lesson_text.h"

typedef cli_answer answer;

static void
show_json(const lesson_player *p)
{
	const lesson *l = p->l;
	lesson_score sc;

	for (size_t i = 0; i < l->nquestions; i++) {
		const lesson_question *q = &l->questions[i];
		const lesson_progress *g = &p->q[i];
		lesson_outcome o = lesson_progress_outcome(g);
		bool pass = o == LESSON_OUT_PASSED;
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
		    pass ? "true" : "false", g->answer ? g->first_score : 0,
		    g->answer && g->first_graded ? g->first_max : 1);
		cli_json_str(g->answer ? g->grade.feedback : "not answered");
		printf(",\"outcome\":\"%s\"}\n", lesson_outcome_name(o));
	}
	lesson_player_score(p, &sc);
	printf("{\"summary\":{\"lesson\":");
	cli_json_str(l->id);
	printf(",\"questions\":%zu,\"answered\":%zu,\"passed\":%zu,"
	    "\"retried\":%zu,\"score\":%g,\"max\":%g,\"pass\":%s}}\n",
	    sc.questions, sc.answered, sc.passed, sc.retried, sc.score, sc.max,
	    sc.passed == sc.questions ? "true" : "false");
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
play(const char *cmd, lesson *l, const answer *ans, size_t nans, bool json,
    bool record)
{
	lesson_player *p = lesson_player_new(l, lesson_grade_text);

	if (p == NULL) {
		cli_err(cmd, "out of memory");
		return CLI_IOERR;
	}
	for (size_t i = 0; i < nans; i++)
		lesson_player_event(p, &(lesson_event){ .type = LESSON_EV_ANSWER,
		    .question = ans[i].id, .text = ans[i].text });
	bool unsaved = false;
	if (record) {	/* before the reveals below, which are not the learner's */
		progress *pr = cli_progress_open(cmd);
		if (pr)
			lesson_record_reviews(p, pr, progress_clock());
		unsaved = pr == NULL || !cli_progress_save(cmd, pr);
		progress_free(pr);
	}
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
	if (unsaved)
		status = CLI_IOERR;
	lesson_player_free(p);
	return status;
}

enum { OPT_FORMAT = CLI_KEY_FIRST, OPT_KEY, OPT_RECORD };

static const struct option play_table[] = {
	{ "answers", required_argument, NULL, 'a' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "key", no_argument, NULL, OPT_KEY },
	{ "record", no_argument, NULL, OPT_RECORD },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct play_args {
	const char *lesson, *answers, *format;
	bool key, record;
} play_args;

static int
play_opt(void *ctx, int key, char *v)
{
	play_args *a = ctx;

	if (key == 'a') {
		a->answers = v;
	} else if (key == OPT_FORMAT) {
		a->format = v;
	} else if (key == OPT_KEY) {
		a->key = true;
	} else if (key == OPT_RECORD) {
		a->record = true;
	} else if (a->lesson) {
		char q1[300], q2[300];
		return cli_usage_err("play", "one lesson at a time ('%s' and '%s')",
		    cli_quote(a->lesson, strlen(a->lesson), q1, sizeof q1),
		    cli_quote(v, strlen(v), q2, sizeof q2));
	} else {
		a->lesson = v;
	}
	return CLI_OK;
}

static int
run_play(const cli_cmd *cmd, int argc, char **argv)
{
	play_args a = { NULL, NULL, "text", false, false };
	cli_opts p = { .cmd = cmd, .table = play_table, .fn = play_opt, .ctx = &a };

	if (!cli_opts_parse(&p, argc, argv))
		return p.status;
	const char *arg = a.lesson, *answers = a.answers, *format = a.format;
	bool json = p.json, key = a.key, record = a.record;
	if (arg == NULL)
		return cli_usage_err(cmd->name, "no lesson given (see 'fptutor lessons')");
	bool md = strcmp(format, "markdown") == 0;
	if (!md && strcmp(format, "text") != 0)
		return cli_usage_err(cmd->name, "--format is text or markdown");
	if (md && (answers || json))
		return cli_usage_err(cmd->name, "a markdown handout takes no answers "
		    "and no --json");
	if (key && !md)
		return cli_usage_err(cmd->name, "--key goes with --format markdown");
	view_term_init(p.no_color || json || md);
	if (md)
		view_tty.utf8 = true;	/* a handout is a UTF-8 file, whatever the locale */

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
	if (md)
		view_lesson_md(stdout, l, key);
	else if (answers)
		status = cli_play_class_asked(answers) ?
		    cli_play_class(cmd->name, l, answers, json) :
		    cli_play_read_answers(cmd->name, answers, l, &ans, &nans);
	if (status == CLI_OK && !md && !(answers && cli_play_class_asked(answers)))
		status = play(cmd->name, l, ans, nans, json, record);
	cli_play_free_answers(ans, nans);
	lesson_free(l);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_play = {
	"play", "print a lesson as a transcript and grade the answers in a file",
	"fptutor play LESSON [--answers FILE] [--json] [--record] [--no-color]\n"
	"       fptutor play LESSON --format markdown [--key]",
	"Scripted lesson mode: print the whole LESSON (an id, see 'fptutor\n"
	"lessons', or a path) as plain text, every number computed, with each\n"
	"question graded against FILE.  A question without an answer, or whose\n"
	"answer did not pass, shows its hints and model answer.\n"
	"\n"
	"  -a, --answers FILE  one answer per line, 'QUESTION-ID: answer text';\n"
	"                      blank lines and lines starting with '#' are\n"
	"                      skipped; '-' reads standard input.  For a class:\n"
	"                      a directory of such files, one per student (the\n"
	"                      file name without its extension), or a .csv or\n"
	"                      .jsonl class file (see 'fptutor help grade'):\n"
	"                      the class report of grade's class mode instead of the\n"
	"                      transcript, with its exit status\n"
	"      --json          one JSON object per question (question, type,\n"
	"                      answered, answer, graded, pass, score, max,\n"
	"                      feedback, outcome), then {\"summary\": ...}\n"
	"      --record        schedule the answered questions for review in\n"
	"                      your progress (see 'fptutor review'); without\n"
	"                      it, play records nothing\n"
	"      --format FMT    text (the transcript) or markdown: the lesson as a\n"
	"                      CommonMark handout, computed tables as GFM pipe\n"
	"                      tables, walks and traces as code blocks, the\n"
	"                      questions without answers\n"
	"      --key           with --format markdown: the answer key too (each\n"
	"                      answer, model answer and rubric's core points)\n"
	"      --no-color      plain output even on a terminal\n"
	"  -h, --help          show this help\n"
	"\n"
	"Free-text answers are graded by the question's rubric (see\n"
	"fptutor-lesson(5)).\n"
	"\n"
	"Exit status: 0 every question passed (a handout: printed); 1 some\n"
	"question did not pass or was not answered; 65 the lesson or the answers\n"
	"file is invalid; 2 usage error (no such lesson); 74 I/O error.\n",
	run_play, NULL
};
