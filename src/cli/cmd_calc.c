/*
 * calc.c — `fptutor calc`: evaluate one expression under one or more dtype
 * policies and show the trace (one dtype), the comparison (several), or
 * JSON.  A parse error shows the expression with a caret and exits 65.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/json.h"
#include "calc/calc.h"
#include "cli/cli.h"
#include "view/calc_text.h"

#define MAX_POLICIES 8

/* True when text is safe to echo to a terminal as it is: printable ASCII
 * and well-formed UTF-8 sequences (for x and the division sign), no
 * control bytes, no stray bytes that a terminal could take for one (0x9b
 * is CSI to some). */
static bool
echo_safe(const char *text)
{
	for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
		if (*s < 0x20 || *s == 0x7f)
			return false;
		if (*s < 0x80)
			continue;
		int more = *s >= 0xf0 && *s <= 0xf4 ? 3 : *s >= 0xe0 ? 2 : *s >= 0xc2 ? 1 : -1;
		if (more < 0 || *s > 0xf4 || (*s == 0xc2 && s[1] < 0xa0))
			return false;	/* not a lead byte, or a C1 control */
		while (more--)
			if ((*++s & 0xc0) != 0x80)
				return false;
	}
	return true;
}

/* "fptutor: calc: expected ')' (column 7)" and the caret picture. */
static void
show_error(const char *cmd, const char *what, const char *text, const calc_error *err)
{
	cli_err(cmd, "%s: %s (column %zu)", what, err->msg, err->pos + 1);
	if (strlen(text) > 200 || !echo_safe(text))
		return;
	fprintf(stderr, "  %s\n  %*s^\n", text, (int)err->pos, "");
}

static void
json_vec(const calc_step *s, bool bits)
{
	char v[40];

	putchar('[');
	for (size_t i = 0; i < s->n; i++) {
		if (bits)
			printf("%s\"0x%0*x\"", i ? "," : "", (s->dtype->width + 3) / 4, s->bits[i]);
		else
			printf("%s\"%s\"", i ? "," : "", fp_value_str(s->value[i], v, sizeof v));
	}
	putchar(']');
}

static void
show_json(const calc_trace *t, const char *text)
{
	char fl[96];
	const calc_step *r = calc_result(t);

	printf("{\"dtype\":\"%s\",\"expr\":", t->policy.name);
	cli_json_str(text);
	printf(",\"result\":");
	json_vec(r, false);
	printf(",\"bits\":");
	json_vec(r, true);
	if (t->first_nonfinite >= 0)
		printf(",\"first_nonfinite\":%d,\"cause\":\"%s\"", t->first_nonfinite,
		    calc_cause_name(t->steps[t->first_nonfinite].cause));
	else
		printf(",\"first_nonfinite\":null,\"cause\":null");
	printf(",\"steps\":[");
	for (size_t k = 0; k < t->nsteps; k++) {
		const calc_step *s = &t->steps[k];
		printf("%s{\"op\":\"%s\",\"label\":", k ? "," : "", s->op);
		cli_json_str(s->label);
		printf(",\"dtype\":\"%s\",\"result\":", s->dtype->name);
		json_vec(s, false);
		printf(",\"bits\":");
		json_vec(s, true);
		fp_flags_str(s->flags, "\",\"", fl, sizeof fl);
		printf(",\"flags\":[%s%s%s]}", fl[0] ? "\"" : "", fl, fl[0] ? "\"" : "");
	}
	printf("]}\n");
}

static bool
parse_policies(const char *cmd, const char *list, calc_policy *p, size_t *np)
{
	char buf[256], *save = NULL;

	if (strlen(list) >= sizeof buf) {
		cli_usage_err(cmd, "dtype list too long");
		return false;
	}
	strcpy(buf, list);
	*np = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (*np == MAX_POLICIES) {
			cli_usage_err(cmd, "at most %d dtypes", MAX_POLICIES);
			return false;
		}
		if (!calc_policy_parse(t, &p[*np])) {
			char qa[300];
			cli_usage_err(cmd, "unknown dtype '%s' (known: %s, autocast-fp16, "
			    "autocast-bf16)",
			    cli_quote(t, strlen(t), qa, sizeof qa), fp_format_names());
			return false;
		}
		(*np)++;
	}
	if (*np == 0) {
		cli_usage_err(cmd, "no dtype given to -d");
		return false;
	}
	return true;
}

/* The expression: the non-option arguments joined by spaces. */
static char *
join_args(char **v, int n)
{
	size_t len = 1;
	for (int i = 0; i < n; i++)
		len += strlen(v[i]) + 1;
	char *s = malloc(len);
	if (s == NULL)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, v[i]);
	}
	return s;
}

static const struct option calc_table[] = {
	{ "dtype", required_argument, NULL, 'd' },
	CLI_OPT_JSON,
	CLI_OPT_NO_COLOR,
	CLI_OPT_HELP,
	CLI_OPT_END
};

typedef struct calc_args {
	const char *cmd;
	calc_policy pol[MAX_POLICIES];
	size_t np;
	char **parts;		/* the expression's pieces: "-1e8*2" is one */
	int nparts;
} calc_args;

static int
calc_opt(void *ctx, int key, char *arg)
{
	calc_args *c = ctx;

	if (key == 'd')
		return parse_policies(c->cmd, arg, c->pol, &c->np) ? CLI_OK : CLI_USAGE;
	c->parts[c->nparts++] = arg;
	return CLI_OK;
}

static int
run_calc(const cli_cmd *cmd, int argc, char **argv)
{
	calc_args c = { .cmd = cmd->name, .np = 0 };
	calc_policy *pol = c.pol;
	calc_trace tr[MAX_POLICIES];
	cli_opts p = { .cmd = cmd, .table = calc_table, .fn = calc_opt, .ctx = &c };
	char **parts = calloc((size_t)argc + 1, sizeof *parts);

	if (parts == NULL)
		return cli_err(cmd->name, "out of memory"), CLI_IOERR;
	c.parts = parts;
	if (!cli_opts_parse(&p, argc, argv)) {
		free(parts);
		return p.status;
	}
	size_t np = c.np;
	bool json = p.json, no_color = p.no_color;
	int nparts = c.nparts;
	if (nparts == 0) {
		free(parts);
		return cli_usage_err(cmd->name, "no expression given");
	}
	if (np == 0)
		calc_policy_parse("fp16", &pol[np++]);
	char *text = join_args(parts, nparts);
	free(parts);
	if (text == NULL)
		return cli_err(cmd->name, "out of memory"), CLI_IOERR;
	view_term_init(no_color || json);

	calc_error err;
	calc_expr *e = calc_parse(text, &err);
	if (e == NULL) {
		show_error(cmd->name, "cannot parse the expression", text, &err);
		free(text);
		return CLI_DATAERR;
	}
	size_t done = 0;
	int status = CLI_OK;
	for (; done < np; done++)
		if (!calc_eval(e, &pol[done], &tr[done], &err)) {
			show_error(cmd->name, "cannot evaluate", text, &err);
			status = CLI_DATAERR;
			break;
		}
	if (status == CLI_OK) {
		if (json)
			for (size_t k = 0; k < np; k++)
				show_json(&tr[k], text);
		else if (np == 1)
			view_calc_trace(stdout, &tr[0]);
		else {
			printf("%s\n\n", text);
			view_calc_compare(stdout, tr, np, 80);
		}
	}
	for (size_t k = 0; k < done; k++)
		calc_trace_free(&tr[k]);
	calc_free(e);
	free(text);
	return cli_finish_output(cmd->name, status);
}

const cli_cmd cli_cmd_calc = {
	"calc", "evaluate an expression with every operation's dtype and rounding in view",
	"fptutor calc [-d DTYPE[,DTYPE...]] [--json] [--no-color] EXPR",
	"Evaluate EXPR with each operation rounded once to the dtype it runs in,\n"
	"and show the trace: each step's dtype, inputs, exact and rounded results,\n"
	"bits and flags, the first nonfinite value and why it appeared.\n"
	"\n"
	"  -d, --dtype DTYPE[,...]  fp16 (default), bf16, fp32, tf32, e4m3, e5m2,\n"
	"                           autocast-fp16 or autocast-bf16; several run\n"
	"                           side by side\n"
	"      --json               one JSON object per dtype\n"
	"      --no-color           plain output even on a terminal\n"
	"  -h, --help               show this help\n"
	"\n"
	"EXPR: numbers, vectors [20, 19], + - * / @ (also x and the signs of\n"
	"UTF-8), unary minus, parentheses; exp log sqrt abs max min sum mean dot\n"
	"matmul softmax log_softmax logsumexp cross_entropy(logits, class)\n"
	"cross_entropy_grad(logits, class) linspace(a, b, n) range(n); casts fp16()\n"
	"bf16() fp32() tf32() e4m3() e5m2().  sum, mean, dot and matmul take an\n"
	"accumulator last, acc=fp16, for a running sum rounded after each term.\n"
	"Quote EXPR for the shell.\n"
	"\n"
	"Exit status: 0 evaluated; 65 the expression does not parse or cannot be\n"
	"evaluated; 2 usage error; 74 output error.\n",
	run_calc, NULL
};
