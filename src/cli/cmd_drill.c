/*
 * cmd_drill.c — `fptutor drill [KIND...] [--count N] [--seed N]
 * [--level L] [--json] [--answers FILE] [--record]`: engine-made drills
 * (src/drill).  Without
 * --answers it prints the drills (a worksheet, the answers at its end; or
 * one JSON object per item); with --answers it grades "ID: answer" lines
 * (the ids it printed) and, with --record, schedules them for review.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/practice.h"
#include "cli/json.h"
#include "cli/review.h"
#include "drill/drill.h"

#define MAX_COUNT 100000

static void
json_num(const char *key, double v)
{
	char buf[48];

	printf(",\"%s\":", key);
	cli_json_str(fp_value_str(v, buf, sizeof buf));
}

static void
json_params(const drill_item *it)
{
	char hex[16];

	printf("{\"format\":\"%s\"", it->f ? it->f->name : "fp16");
	switch (it->kind) {
	case DRILL_ENCODE:
	case DRILL_ULP:
		printf(",\"value\":");
		cli_json_str(it->value);
		break;
	case DRILL_DECODE:
		printf(",\"bits\":\"%s\"", drill_hex(it->f, it->bits, hex,
		    sizeof hex));
		break;
	case DRILL_ROUND:
		printf(",\"value\":");
		cli_json_str(it->value);
		printf(",\"bits\":\"%s\"", drill_hex(it->f, it->bits, hex,
		    sizeof hex));
		break;
	case DRILL_SWALLOW:
		json_num("w", it->w);
		json_num("dw", it->dw);
		break;
	case DRILL_OVERFLOW:
		json_num("x", it->x0);
		printf(",\"steps\":[");
		for (int i = 0; i < it->nsteps; i++) {
			char op = it->ops[i];
			printf("%s{\"op\":\"%s\"", i ? "," : "", op == '*' ? "mul" :
			    op == '+' ? "add" : "exp");
			if (op != 'e')
				json_num("by", it->by[i]);
			printf("}");
		}
		printf("]");
		break;
	case DRILL_SCALE:
		printf(",\"grad_min\":\"%s\",\"grad_max\":\"%s\"", it->gmin,
		    it->gmax);
		break;
	case DRILL_ORDER:
		printf(",\"order\":[");
		for (int i = 0; i < it->norder; i++)
			printf("%s\"%s\"", i ? "," : "",
			    steporder_get(it->order[i])->key);
		printf("]");
		break;
	case DRILL_NKINDS:
		break;
	}
	printf("}");
}

static void
json_item(const drill_item *it, const drill_result *res)
{
	printf("{\"id\":\"%s\",\"kind\":\"%s\",\"level\":%d,\"params\":",
	    it->id, drill_kind_name(it->kind), it->level);
	json_params(it);
	printf(",\"prompt\":");
	cli_json_str(it->prompt);
	printf(",\"answer\":");
	cli_json_str(it->answer);
	if (res) {
		printf(",\"pass\":%s,\"feedback\":", res->pass ? "true" : "false");
		cli_json_str(res->feedback);
	}
	printf("}\n");
}

bool
cli_drill_grade_id(const char *id, const char *text, lesson_grade *g)
{
	drill_item it;
	drill_result r;

	if (!drill_from_id(id, &it))
		return false;
	drill_grade(&it, text, &r);
	memset(g, 0, sizeof *g);
	g->graded = true;
	g->pass = r.pass;
	g->score = r.pass;
	g->max = 1;
	size_t len = strnlen(r.feedback, sizeof g->feedback - 1);
	memcpy(g->feedback, r.feedback, len);
	g->feedback[len] = '\0';
	return true;
}

static bool
known(const char *id, void *ctx)
{
	drill_item it;

	(void)ctx;
	return drill_from_id(id, &it);
}

static int
grade_file(const char *cmd, const char *file, bool json, bool record)
{
	cli_item_answers a;
	int status = cli_item_answers_read(cmd, file, "fptutor drill --json", known,
	    NULL, &a);
	progress *pr = NULL;
	bool all = true;

	if (status == CLI_OK && record && (pr = cli_progress_open(cmd)) == NULL)
		status = CLI_IOERR;
	time_t now = progress_clock();
	for (size_t i = 0; status == CLI_OK && i < a.n; i++) {
		drill_item it;
		drill_result r;
		char topic[32];

		drill_from_id(a.v[i].id, &it);
		drill_grade(&it, a.v[i].text, &r);
		all = all && r.pass;
		if (json)
			json_item(&it, &r);
		else
			printf("%s: %s\n  %s\n", it.id, it.prompt, r.feedback);
		snprintf(topic, sizeof topic, "drill-%s", drill_kind_name(it.kind));
		if (pr)
			progress_rate(pr, it.id, PROGRESS_DRILL, topic,
			    r.pass ? 3 : 1, now);
	}
	cli_item_answers_free(&a);
	if (pr && status == CLI_OK && !cli_progress_save(cmd, pr))
		status = CLI_IOERR;
	progress_free(pr);
	if (status != CLI_OK)
		return status;
	return all ? CLI_OK : CLI_FAIL;
}

static bool
parse_count(const char *s, unsigned long long max, unsigned long long *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return errno == 0 && *end == '\0' && *out <= max;
}

enum { OPT_RECORD = CLI_KEY_FIRST };

static const struct option drill_table[] = {
	{ "count", required_argument, NULL, 'n' },
	{ "seed", required_argument, NULL, 's' },
	{ "level", required_argument, NULL, 'l' },
	{ "answers", required_argument, NULL, 'a' },
	{ "record", no_argument, NULL, OPT_RECORD },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct drill_args {
	unsigned long long count, seed;
	bool seeded, record;
	int level;
	const char *answers;
	drill_kind kinds[DRILL_NKINDS];
	size_t nk;
} drill_args;

static int
drill_opt(void *ctx, int key, char *v)
{
	drill_args *a = ctx;
	char qa[300];

	switch (key) {
	case 'n':
		if (!parse_count(v, MAX_COUNT, &a->count) || a->count == 0)
			return cli_usage_err("drill", "--count needs a number from "
			    "1 to %d, not '%s'", MAX_COUNT, cli_quote(v, strlen(v),
			    qa, sizeof qa));
		break;
	case 's':
		if (!parse_count(v, UINT64_MAX, &a->seed))
			return cli_usage_err("drill", "--seed needs a whole number, "
			    "not '%s'", cli_quote(v, strlen(v), qa, sizeof qa));
		a->seeded = true;
		break;
	case 'l':
		a->level = drill_level_find(v);
		if (a->level < 0)
			return cli_usage_err("drill", "--level is 1, 2 or 3 (easy, "
			    "normal, hard), not '%s'", cli_quote(v, strlen(v), qa,
			    sizeof qa));
		break;
	case 'a':
		a->answers = v;
		break;
	case OPT_RECORD:
		a->record = true;
		break;
	case CLI_OPT_OPERAND: {
		int k = drill_kind_find(v);
		if (k < 0)
			return cli_usage_err("drill", "no drill kind '%s' (kinds: "
			    "%s)", cli_quote(v, strlen(v), qa, sizeof qa),
			    drill_kind_names());
		if (a->nk < DRILL_NKINDS)
			a->kinds[a->nk++] = (drill_kind)k;
		break;
	}
	default:
		return CLI_OPTS_UNEXPECTED;
	}
	return CLI_OK;
}

static int
run_drill(const cli_cmd *cmd, int argc, char **argv)
{
	drill_args da = { .count = 8 };
	cli_opts p = { .cmd = cmd, .table = drill_table, .fn = drill_opt,
	    .ctx = &da };

	if (!cli_opts_parse(&p, argc, argv))
		return p.status;
	unsigned long long count = da.count, seed = da.seed;
	bool json = p.json, record = da.record, no_color = p.no_color,
	    seeded = da.seeded;
	const char *answers = da.answers;
	drill_kind *kinds = da.kinds;
	size_t nk = da.nk;
	if (record && !answers)
		return cli_usage_err(cmd->name, "--record goes with --answers");
	if (answers && (nk || seeded || da.level))
		return cli_usage_err(cmd->name, "--answers takes no kinds, --seed "
		    "or --level: each id names its drill");
	view_term_init(no_color || json);
	if (answers)
		return cli_finish_output(cmd->name, grade_file(cmd->name, answers,
		    json, record));
	if (nk == 0)
		for (int k = 0; k < DRILL_NKINDS; k++)
			kinds[nk++] = (drill_kind)k;
	if (!seeded)
		seed = (unsigned long long)time(NULL);
	int level = da.level ? da.level : DRILL_LEVEL_DEFAULT;
	for (size_t i = 0; i < count; i++) {
		drill_item it;
		drill_make(kinds[i % nk], level, drill_item_seed(seed, i), &it);
		if (json)
			json_item(&it, NULL);
		else
			printf("%zu. [%s] %s\n", i + 1, it.id, it.prompt);
	}
	if (!json) {
		printf("\nAnswers (seed %llu, level %d):\n", seed, level);
		for (size_t i = 0; i < count; i++) {
			drill_item it;
			drill_make(kinds[i % nk], level, drill_item_seed(seed, i),
			    &it);
			printf("%zu. %s\n", i + 1, it.answer);
		}
	}
	return cli_finish_output(cmd->name, CLI_OK);
}

const cli_cmd cli_cmd_drill = {
	"drill", "practise with drills the engine makes and grades",
	"fptutor drill [KIND...] [--count N] [--seed N] [--level L] [--json]\n"
	"       fptutor drill --answers FILE [--json] [--record]",
	"Drills with operands drawn at random from a seed (the same drills on\n"
	"every machine) and answers computed by the engine.  KIND is one or\n"
	"more of: encode (a decimal to its bits), decode (bits to the shortest\n"
	"decimal that reads back), round (which neighbour, and why), ulp (the\n"
	"spacing at a value), swallow (does w + dw change w), overflow (is a\n"
	"product, sum or exp finite; from level 2 a chain of them: which step\n"
	"first is not), scale (the power-of-two loss scales for a gradient\n"
	"range in fp16), order (the AMP step calls); all by default, in turn.\n"
	"\n"
	"  -n, --count N       how many drills (8)\n"
	"  -s, --seed N        the seed (default: the time; each id names its\n"
	"                      own drill either way)\n"
	"  -l, --level L       1 easy, 2 normal (the default), 3 hard: short\n"
	"                      normal values and clear cases; any normal value,\n"
	"                      two-step chains; subnormals, extremes, exact\n"
	"                      ties, chains of three or four (see fptutor(1))\n"
	"      --json          one JSON object per drill: id, kind, level,\n"
	"                      params (format and the drawn numbers), prompt,\n"
	"                      answer; with --answers also pass and feedback\n"
	"  -a, --answers FILE  grade 'DRILL-ID: answer' lines (the ids printed);\n"
	"                      hex with or without 0x, binary, decimals,\n"
	"                      scientific, 2^k, yes/no, 'no 2' (the first step\n"
	"                      not finite), up/down, 2^a..2^b, letters; '-' is\n"
	"                      standard input\n"
	"      --record        with --answers: schedule the drills for review\n"
	"                      (see 'fptutor review')\n"
	"      --no-color      plain output even on a terminal\n"
	"  -h, --help          show this help\n"
	"\n"
	"Exit status: 0 done (every answer passed); 1 some answer did not pass;\n"
	"2 usage error; 65 a bad answers file; 74 I/O error.\n",
	run_drill, NULL
};
