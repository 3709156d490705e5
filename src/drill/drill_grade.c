/*
 * drill_grade.c — reading and grading drill answers, exactly: a pattern
 * must be the pattern, a value the value (any decimal that reads back to
 * the same bits, for decode), a range both ends, an order every letter.
 * A miss is explained with the engine's own data: the rounding walk
 * (guard, round, sticky, the decision), the fields of a pattern, the
 * ulp's binade, the scaler window, the step order's reason.  The overflow
 * chain has its own grader (drill_chain.c).
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill_int.h"

/* ---- readers ----------------------------------------------------------------- */

static const char *
skip(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* An integer at *s (optional sign), advancing *s; false when none. */
static bool
read_int(const char **s, long *out)
{
	char *end;
	const char *p = skip(*s);

	if (!(isdigit((unsigned char)*p) || ((*p == '-' || *p == '+') &&
	    isdigit((unsigned char)p[1]))))
		return false;
	*out = strtol(p, &end, 10);
	*s = end;
	return *out > -100000 && *out < 100000;
}

bool
drill_read_value(const char *text, fp_real *out)
{
	char buf[FP_READ_MAX + 1];
	bool neg = false;
	long k;

	/* "2^-5 (0.03125)": the answer as shown, with its gloss. */
	snprintf(buf, sizeof buf, "%s", text);
	char *gloss = strstr(buf, " (");
	if (gloss && strchr(gloss, ')') && *skip(strchr(gloss, ')') + 1) == '\0')
		*gloss = '\0';
	text = buf;
	const char *s = skip(text);

	if (*s == '-' || *s == '+') {
		neg = *s == '-';
		s = skip(s + 1);
	}
	if (s[0] == '2' && (s[1] == '^' || (s[1] == '*' && s[2] == '*'))) {
		const char *p = s + (s[1] == '^' ? 2 : 3);
		if (*p == '(')
			p++;
		if (!read_int(&p, &k))
			return false;
		if (*p == ')')
			p++;
		if (*skip(p) != '\0' || k < -1074 || k > 1023)
			return false;
		out->lo = neg ? -ldexp(1, (int)k) : ldexp(1, (int)k);
		out->sticky = false;
		return true;
	}
	if (fp_read(text, out, NULL) != FP_READ_OK)
		return false;
	return !isnan(out->lo);
}

int
drill_read_yes(const char *text)
{
	char w[8];
	size_t n = 0;

	for (const char *s = skip(text); isalpha((unsigned char)*s) && n < 7; s++)
		w[n++] = (char)tolower((unsigned char)*s);
	w[n] = '\0';
	if (!strcmp(w, "yes") || !strcmp(w, "y") || !strcmp(w, "true"))
		return 1;
	if (!strcmp(w, "no") || !strcmp(w, "n") || !strcmp(w, "false"))
		return 0;
	return -1;
}

/* ---- explanations -------------------------------------------------------------- */

static void
fields_text(const fp_format *f, uint32_t bits, char *buf, size_t n)
{
	fp_formula fo;
	char sig[48], v[48];

	fp_explain_formula(f, bits, &fo);
	drill_add(buf, n, "sign %u, exponent field %u", fo.fields.sign,
	    (unsigned)fo.fields.exp_raw);
	if (fo.fields.cls == FP_CLASS_SUBNORMAL)
		drill_add(buf, n, " (subnormal: 2^%d)", fo.fields.exp);
	else
		drill_add(buf, n, " (2^(%u - %d) = 2^%d)", (unsigned)fo.fields.exp_raw,
		    f->bias, fo.fields.exp);
	drill_add(buf, n, ", significand %s: %s", fp_value_str(fo.significand, sig,
	    sizeof sig), fp_value_str(fo.value, v, sizeof v));
}

/* ---- graders -------------------------------------------------------------------- */

static void
grade_encode(const drill_item *it, const char *a, drill_result *out)
{
	uint32_t b;
	fp_real x;

	if (!fp_parse_bits(it->f, skip(a), &b)) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, b == it->ans_bits, it);
	fp_read(it->value, &x, NULL);
	drill_walk_text(it->f, &x, out->feedback + strlen(out->feedback),
	    sizeof out->feedback - strlen(out->feedback));
	drill_add(out->feedback, sizeof out->feedback, "; ");
	fields_text(it->f, it->ans_bits, out->feedback, sizeof out->feedback);
	drill_add(out->feedback, sizeof out->feedback, ".");
}

static void
grade_decode(const drill_item *it, const char *a, drill_result *out)
{
	fp_real x;
	unsigned fl;

	if (!drill_read_value(a, &x)) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, fp_encode_real(it->f, &x, &fl) == it->bits, it);
	fields_text(it->f, it->bits, out->feedback, sizeof out->feedback);
	drill_add(out->feedback, sizeof out->feedback, ".");
}

/* Whether the value text is exactly v (or its pattern in f). */
static bool
names_value(const drill_item *it, const char *a, double v)
{
	fp_real x;
	uint32_t b;
	unsigned fl;

	if (drill_read_value(a, &x))
		return x.lo == v && !x.sticky;
	return fp_parse_bits(it->f, skip(a), &b) && strchr(a, 'x') &&
	    fp_encode(it->f, v, &fl) == b;
}

static void
grade_round(const drill_item *it, const char *a, drill_result *out)
{
	const char *s = skip(a);
	fp_real x;
	uint32_t up;
	int dir = -1;

	if (strncmp(s, "up", 2) == 0)
		dir = 1;
	else if (strncmp(s, "down", 4) == 0)
		dir = 0;
	else {
		fp_next_up(it->f, it->bits, &up);
		if (names_value(it, a, fp_decode(it->f, up)))
			dir = 1;
		else if (names_value(it, a, fp_decode(it->f, it->bits)))
			dir = 0;
	}
	if (dir < 0) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, dir == it->ans_yes, it);
	fp_read(it->value, &x, NULL);
	drill_walk_text(it->f, &x, out->feedback + strlen(out->feedback),
	    sizeof out->feedback - strlen(out->feedback));
	drill_add(out->feedback, sizeof out->feedback, ".");
}

static void
grade_ulp(const drill_item *it, const char *a, drill_result *out)
{
	fp_real x;
	fp_fields fl;

	if (!drill_read_value(a, &x)) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, x.lo == it->ans_value && !x.sticky, it);
	fp_fields_of(it->f, it->bits, &fl);
	if (fl.cls == FP_CLASS_SUBNORMAL)
		drill_add(out->feedback, sizeof out->feedback, "%s is subnormal: the "
		    "spacing is fixed at 2^(%d - %d).", it->value, fl.exp,
		    it->f->man_bits);
	else
		drill_add(out->feedback, sizeof out->feedback, "%s lies in [2^%d, "
		    "2^%d), where %d stored bits give steps of 2^(%d - %d).",
		    it->value, fl.exp, fl.exp + 1, it->f->man_bits, fl.exp,
		    it->f->man_bits);
}

static void
grade_swallow(const drill_item *it, const char *a, drill_result *out)
{
	int y = drill_read_yes(a);
	char u[48], h[48];

	if (y < 0) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, y == it->ans_yes, it);
	double ulp = fp_ulp(it->f, it->bits);
	fp_real x = { it->w + it->dw, false };
	drill_add(out->feedback, sizeof out->feedback, "One ulp of w is %s, "
	    "half of it %s; w + dw = ", fp_value_str(ulp, u, sizeof u),
	    fp_value_str(ulp / 2, h, sizeof h));
	drill_walk_text(it->f, &x, out->feedback + strlen(out->feedback),
	    sizeof out->feedback - strlen(out->feedback));
	drill_add(out->feedback, sizeof out->feedback, ".");
}

static void
grade_scale(const drill_item *it, const char *a, drill_result *out)
{
	long v[2];
	const char *s = a;
	int n = 0;
	char mn[48], edge[48];

	while (n < 2 && *s) {
		if (isdigit((unsigned char)*s) || ((*s == '-' || *s == '+') &&
		    isdigit((unsigned char)s[1]))) {
			/* "2^k" or "2**k": the power; a bare k: k itself */
			if (s[0] == '2' && (s[1] == '^' || s[1] == '*')) {
				s += s[1] == '^' ? 2 : 3;
				if (*s == '(')
					s++;
			}
			if (!read_int(&s, &v[n]))
				break;
			n++;
			continue;
		}
		s++;
	}
	if (n < 2) {
		drill_not_read(out, it);
		return;
	}
	drill_verdict(out, v[0] == it->ans_lo && v[1] == it->ans_hi, it);
	double big = fp_max_finite(it->f) + fp_ulp(it->f, it->f->max_bits) / 2;
	drill_add(out->feedback, sizeof out->feedback, "2^%d is the smallest scale "
	    "that lifts %s to fp16's smallest normal %s; 2^%d the largest that "
	    "keeps %s below %s, where fp16 rounds to inf.", it->ans_lo,
	    it->gmin, fp_value_str(fp_min_normal(it->f), mn, sizeof mn),
	    it->ans_hi, it->gmax, fp_value_str(big, edge, sizeof edge));
}

static void
grade_order(const drill_item *it, const char *a, drill_result *out)
{
	steporder_id got[STEP_NSTEPS];
	bool seen[STEP_NSTEPS] = { false }, bad = false;
	int n = 0;

	for (const char *s = a; *s && !bad; s++) {
		int c = tolower((unsigned char)*s);
		if (c >= 'a' && c < 'a' + it->norder) {
			bad = n == it->norder || seen[c - 'a'] ||
			    isalpha((unsigned char)s[1]);
			if (!bad) {
				seen[c - 'a'] = true;
				got[n++] = it->order[c - 'a'];
			}
		} else if (isalnum(c)) {
			bad = true;
		}
	}
	if (bad || n != it->norder) {
		drill_not_read(out, it);
		return;
	}
	steporder_inversion inv;
	bool ok = steporder_check(got, (size_t)n, &inv);
	drill_verdict(out, ok, it);
	if (ok || inv.edge == NULL)
		return;
	char *fb = out->feedback;
	drill_add(fb, sizeof out->feedback, "%s comes before %s",
	    steporder_get(inv.first)->code, steporder_get(inv.second)->code);
	/* The reason may be a later link of the chain between them, through
	 * calls this drill does not show: name them. */
	if (inv.edge->from != inv.first) {
		drill_add(fb, sizeof out->feedback, " (with");
		for (int k = (int)inv.first + 1; k < (int)inv.second; k++)
			drill_add(fb, sizeof out->feedback, "%s %s", k >
			    (int)inv.first + 1 ? "," : "",
			    steporder_get((steporder_id)k)->code);
		drill_add(fb, sizeof out->feedback, " between)");
	}
	drill_add(fb, sizeof out->feedback, ": %s", inv.edge->reason);
}

void
drill_grade(const drill_item *it, const char *answer, drill_result *out)
{
	static void (*const graders[DRILL_NKINDS])(const drill_item *,
	    const char *, drill_result *) = {
		[DRILL_ENCODE] = grade_encode,
		[DRILL_DECODE] = grade_decode,
		[DRILL_ROUND] = grade_round,
		[DRILL_ULP] = grade_ulp,
		[DRILL_SWALLOW] = grade_swallow,
		[DRILL_OVERFLOW] = drill_grade_chain,
		[DRILL_SCALE] = grade_scale,
		[DRILL_ORDER] = grade_order,
	};

	memset(out, 0, sizeof *out);
	graders[it->kind](it, answer ? answer : "", out);
	size_t n = strlen(out->feedback);	/* "Right: x. " with nothing after */
	while (n && out->feedback[n - 1] == ' ')
		out->feedback[--n] = '\0';
}
