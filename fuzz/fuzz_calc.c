/*
 * fuzz_calc.c — `calc` expressions: the first byte picks a dtype policy,
 * the rest is the expression.  Parse, evaluate, explain; the invariants:
 * a parse error points inside the text, a trace ends in a result, the
 * first nonfinite step is a step and has a cause.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "calc/calc.h"
#include "fp/fp.h"
#include "fuzz.h"

static const char *const policies[] = {
	"fp16", "bf16", "fp32", "tf32", "e4m3", "e5m2",
	"autocast-fp16", "autocast-bf16",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	calc_policy pol;
	size_t npol = sizeof policies / sizeof policies[0];
	FUZZ_CHECK(calc_policy_parse(policies[data[0] % npol], &pol));
	char *text = fuzz_cstr(data + 1, size - 1, CALC_MAX_TEXT + 64);
	if (text == NULL)
		return 0;
	calc_error err;
	calc_expr *e = calc_parse(text, &err);
	if (e == NULL) {
		FUZZ_CHECK(err.pos <= strlen(text));
		FUZZ_CHECK(err.msg[0] != '\0');
		free(text);
		return 0;
	}
	calc_trace t;
	if (calc_eval(e, &pol, &t, &err)) {
		FUZZ_CHECK(calc_result(&t) != NULL);
		if (t.first_nonfinite >= 0) {
			FUZZ_CHECK((size_t)t.first_nonfinite < t.nsteps);
			FUZZ_CHECK(t.steps[t.first_nonfinite].nonfinite);
			FUZZ_CHECK(t.steps[t.first_nonfinite].cause != CALC_CAUSE_NONE);
		}
		char buf[512];
		calc_explain(&t, buf, sizeof buf);
		calc_trace_free(&t);
	} else {
		FUZZ_CHECK(err.msg[0] != '\0');
	}
	calc_free(e);
	free(text);
	return 0;
}
