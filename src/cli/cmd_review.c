/*
 * cmd_review.c — `fptutor review`: spaced review of what the learner has
 * answered (lesson questions and engine-made drills), scheduled by FSRS-5
 * (src/state/fsrs.h).  --list prints every scheduled item, --stats the
 * mastery per topic, --answers FILE grades answers to the items due (the
 * scripted form) and records them, an answer to an item not due said so
 * and left alone; with no option, the due items full screen.
 * FPTUTOR_NOW sets the clock (seconds since the Epoch), for tests.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/practice.h"
#include "cli/json.h"
#include "cli/review.h"
#include "lesson/grade_text.h"
#include "tui/tui.h"

/* ---- --list and --stats ---------------------------------------------------- */

static void
show_time(time_t t, char *buf, size_t n)
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(buf, n, "%Y-%m-%d %H:%M UTC",
	    &tm) == 0)
		snprintf(buf, n, "%lld", (long long)t);
}

static void
list(const progress *p, time_t now, bool json)
{
	size_t n = progress_item_count(p), due = 0;
	char when[64];

	for (size_t i = 0; i < n; i++) {
		const progress_item *it = progress_item_at(p, i);
		bool now_due = progress_item_due(it, now);
		due += now_due;
		if (json) {
			printf("{\"id\":");
			cli_json_str(it->id);
			printf(",\"kind\":\"%s\",\"topic\":",
			    progress_kind_name(it->kind));
			cli_json_str(it->topic);
			printf(",\"due\":%lld,\"due_now\":%s,\"stability\":%.4g,"
			    "\"difficulty\":%.4g,\"reps\":%u,\"lapses\":%u}\n",
			    (long long)it->due, now_due ? "true" : "false",
			    it->s, it->d, it->reps, it->lapses);
			continue;
		}
		show_time(it->due, when, sizeof when);
		printf("%-40s %-8s %s%s\n", it->id, progress_kind_name(it->kind),
		    now_due ? "due now" : "due ", now_due ? "" : when);
	}
	if (!json)
		printf("%zu item%s scheduled, %zu due now.\n", n,
		    n == 1 ? "" : "s", due);
}

void
cli_review_stats(const progress *p, time_t now, cli_topic_stats **out,
    size_t *nout)
{
	size_t n = progress_item_count(p), nt = 0;
	cli_topic_stats *t = calloc(n ? n : 1, sizeof *t);

	for (size_t i = 0; t && i < n; i++) {
		const progress_item *it = progress_item_at(p, i);
		size_t k;
		for (k = 0; k < nt && strcmp(t[k].topic, it->topic) != 0; k++)
			;
		if (k == nt)
			t[nt++].topic = it->topic;
		t[k].items++;
		t[k].tries += it->tries;
		t[k].passes += it->passes;
		t[k].solid += it->rpasses >= 2;
		t[k].due += progress_item_due(it, now);
	}
	*out = t;
	*nout = t ? nt : 0;
}

static void
stats(const progress *p, time_t now, bool json)
{
	cli_topic_stats *t;
	size_t nt;

	cli_review_stats(p, now, &t, &nt);
	if (!json && nt == 0)
		printf("Nothing reviewed yet: answer a lesson's questions or "
		    "a drill with --record.\n");
	else if (!json)
		printf("%-24s %6s %9s %6s %4s\n", "topic", "items",
		    "first-try", "solid", "due");
	for (size_t k = 0; k < nt; k++) {
		double acc = t[k].tries ? 100.0 * t[k].passes / t[k].tries : 0;
		if (json) {
			printf("{\"topic\":");
			cli_json_str(t[k].topic);
			printf(",\"items\":%zu,\"tries\":%zu,\"first_try_passes\":"
			    "%zu,\"accuracy\":%.4g,\"solid\":%zu,\"due_now\":%zu}"
			    "\n", t[k].items, t[k].tries, t[k].passes, acc / 100,
			    t[k].solid, t[k].due);
		} else {
			printf("%-24s %6zu %8.0f%% %6zu %4zu\n", t[k].topic,
			    t[k].items, acc, t[k].solid, t[k].due);
		}
	}
	if (!json && nt)
		printf("first-try: passed on the first try, over all tries; "
		    "solid: passed in review at least twice.\n");
	free(t);
}

/* ---- --answers --------------------------------------------------------------- */

static bool
known(const char *id, void *ctx)
{
	return progress_item_get(ctx, id) != NULL;
}

/* Grade one answer to a lesson question item "LESSON:QUESTION". */
static bool
grade_question(const char *cmd, const progress_item *it, const char *text,
    lesson_grade *g)
{
	char lid[PROGRESS_MAX_ITEM_ID + 1];
	const char *colon = strchr(it->id, ':');
	lesson_diags d = { 0 };
	lesson_open_err err;

	if (colon == NULL)
		return false;
	snprintf(lid, sizeof lid, "%.*s", (int)(colon - it->id), it->id);
	lesson *l = lesson_open(lid, &d, &err);
	lesson_diags_free(&d);
	const lesson_question *q = l ? lesson_question_find(l, colon + 1) : NULL;
	if (q == NULL) {
		cli_err(cmd, "%s: the lesson or its question is gone; the "
		    "answer is ignored", it->id);
		lesson_free(l);
		return false;
	}
	lesson_grade_answer(l, q, text, lesson_grade_text, g);
	lesson_free(l);
	return true;
}

/* An answer to an item not due now: said, neither graded nor rated. */
static void
not_due(const progress_item *it, const char *answer, bool json)
{
	char when[64];

	if (json) {
		printf("{\"id\":");
		cli_json_str(it->id);
		printf(",\"kind\":\"%s\",\"answer\":", progress_kind_name(it->kind));
		cli_json_str(answer);
		printf(",\"rated\":false,\"due\":%lld,\"due_now\":false}\n",
		    (long long)it->due);
		return;
	}
	show_time(it->due, when, sizeof when);
	printf("%s: not due until %s: not graded, not rated.\n", it->id, when);
}

static int
answer_file(const char *cmd, progress *p, const char *file, time_t now,
    bool json)
{
	cli_item_answers a;
	int status = cli_item_answers_read(cmd, file, "fptutor review --list",
	    known, p, &a);
	bool all = true;

	for (size_t i = 0; status == CLI_OK && i < a.n; i++) {
		const progress_item *it = progress_item_get(p, a.v[i].id);
		lesson_grade g = { 0 };
		char when[64];
		if (!progress_item_due(it, now)) {
			/* Review rates what is due: an early answer would be
			 * rated as if recall had been tested at its interval. */
			not_due(it, a.v[i].text, json);
			continue;
		}
		bool ok = it->kind == PROGRESS_DRILL ?
		    cli_drill_grade_id(it->id, a.v[i].text, &g) :
		    grade_question(cmd, it, a.v[i].text, &g);
		if (!ok) {
			all = false;
			continue;
		}
		bool pass = g.graded && g.pass;
		all = all && pass;
		progress_rate(p, it->id, it->kind, it->topic, pass ? 3 : 1, now);
		if (json) {
			printf("{\"id\":");
			cli_json_str(it->id);
			printf(",\"kind\":\"%s\",\"answer\":",
			    progress_kind_name(it->kind));
			cli_json_str(a.v[i].text);
			printf(",\"rated\":true,\"pass\":%s,\"feedback\":", pass ?
			    "true" : "false");
			cli_json_str(g.feedback);
			printf(",\"due\":%lld,\"due_now\":%s}\n", (long long)it->due,
			    progress_item_due(it, now) ? "true" : "false");
		} else {
			show_time(it->due, when, sizeof when);
			printf("%s: %s. %s\n  next: %s\n", it->id, pass ? "passed" :
			    "not passed", g.feedback, it->relearn ?
			    "again in this sitting" : when);
		}
	}
	cli_item_answers_free(&a);
	if (status != CLI_OK)
		return status;
	if (!cli_progress_save(cmd, p))
		return CLI_IOERR;
	return all ? CLI_OK : CLI_FAIL;
}

int
cli_review_screen(const char *cmd)
{
	tui_opts o = { .start = TUI_START_REVIEW };

	(void)cmd;
	return tui_main(&o);
}

/* ---- the command ------------------------------------------------------------- */

enum { OPT_LIST = CLI_KEY_FIRST, OPT_STATS };

static const struct option review_table[] = {
	{ "list", no_argument, NULL, OPT_LIST },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "answers", required_argument, NULL, 'a' },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct review_args {
	const char *answers;
	bool list, stats;
} review_args;

static int
review_opt(void *ctx, int key, char *v)
{
	review_args *a = ctx;

	if (key == OPT_LIST)
		a->list = true;
	else if (key == OPT_STATS)
		a->stats = true;
	else if (key == 'a')
		a->answers = v;
	else
		return CLI_OPTS_UNEXPECTED;
	return CLI_OK;
}

static int
run_review(const cli_cmd *cmd, int argc, char **argv)
{
	review_args ra = { NULL, false, false };
	cli_opts o = { .cmd = cmd, .table = review_table, .fn = review_opt,
	    .ctx = &ra };

	if (!cli_opts_parse(&o, argc, argv))
		return o.status;
	const char *answers = ra.answers;
	bool do_list = ra.list, do_stats = ra.stats, json = o.json,
	    no_color = o.no_color;
	if (do_list + do_stats + (answers != NULL) > 1)
		return cli_usage_err(cmd->name, "--list, --stats and --answers "
		    "go one at a time");
	view_term_init(no_color || json);
	if (!do_list && !do_stats && !answers) {
		if (json)
			return cli_usage_err(cmd->name, "--json goes with --list "
			    "or --stats");
		if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
			return cli_usage_err(cmd->name, "the review screen needs a "
			    "terminal; use --list, --stats or --answers FILE");
		return cli_review_screen(cmd->name);
	}
	progress *p = cli_progress_open(cmd->name);
	if (p == NULL)
		return CLI_IOERR;
	time_t now = progress_clock();
	int status = CLI_OK;
	if (do_list)
		list(p, now, json);
	else if (do_stats)
		stats(p, now, json);
	else
		status = answer_file(cmd->name, p, answers, now, json);
	progress_free(p);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_review = {
	"review", "spaced review of the questions and drills answered so far",
	"fptutor review [--list | --stats] [--json]\n"
	"       fptutor review --answers FILE [--json]\n"
	"       fptutor review",
	"Review what you have answered, when you are about to forget it: each\n"
	"lesson question answered (in the tutor, or by play and drill when\n"
	"they are told to record) is an item scheduled by FSRS-5 for 90%\n"
	"recall.  A first-try pass counts as good, a pass on retry as hard, a\n"
	"miss as again; a missed item comes back in the same sitting.  With no\n"
	"option, the due items full screen.\n"
	"\n"
	"      --list          every scheduled item and when it is due\n"
	"      --stats         per topic: first-try accuracy, what is solid\n"
	"                      (passed in review at least twice), what is due\n"
	"  -a, --answers FILE  grade 'ITEM-ID: answer' lines (the ids --list\n"
	"                      prints) of the items due now and record them; an\n"
	"                      answer to an item not due is said so, neither\n"
	"                      graded nor rated; '-' is standard input\n"
	"      --json          one JSON object per line: --list gives id, kind\n"
	"                      (question or drill), topic, due (seconds since\n"
	"                      the Epoch), due_now, stability, difficulty, reps,\n"
	"                      lapses; --stats topic, items, tries,\n"
	"                      first_try_passes, accuracy, solid, due_now;\n"
	"                      --answers id, kind, answer, rated, pass,\n"
	"                      feedback, due, due_now (not due: id, kind,\n"
	"                      answer, rated false, due, due_now)\n"
	"      --no-color      plain output even on a terminal\n"
	"  -h, --help          show this help\n"
	"\n"
	"FPTUTOR_NOW (seconds since the Epoch) sets the clock.\n"
	"\n"
	"Exit status: 0 done (every answer rated passed); 1 some answer rated\n"
	"did not pass; 2 usage error; 65 a bad answers file; 74 I/O error.\n",
	run_review, NULL
};
