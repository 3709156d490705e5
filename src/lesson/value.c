/*
 * value.c — computed values: the names a lesson may interpolate ({max
 * fp16}, {calc fp16: 10000*10000}) or give as a question's @value, how each
 * is resolved from its text, computed by the format core or the calc
 * engine, and written as text.  A table maps each name to its kind and its
 * arguments, so a new value is one row and one case.
 */
#include <config.h>

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/priv.h"

typedef enum vargs { VA_FMT, VA_FMT_NUM, VA_CALC } vargs;

static const struct vname {
	const char *name;
	lesson_vkind kind;
	vargs args;
} vnames[] = {
	{ "max",		LV_MAX,			VA_FMT },
	{ "min_normal",		LV_MIN_NORMAL,		VA_FMT },
	{ "min_subnormal",	LV_MIN_SUBNORMAL,	VA_FMT },
	{ "eps",		LV_EPS,			VA_FMT },
	{ "bias",		LV_BIAS,		VA_FMT },
	{ "exp_bits",		LV_EXP_BITS,		VA_FMT },
	{ "man_bits",		LV_MAN_BITS,		VA_FMT },
	{ "round",		LV_ROUND,		VA_FMT_NUM },
	{ "bits",		LV_BITS,		VA_FMT_NUM },
	{ "hex",		LV_HEX,			VA_FMT_NUM },
	{ "ulp",		LV_ULP,			VA_FMT_NUM },
	{ "calc",		LV_CALC,		VA_CALC },
};
#define NVNAMES (sizeof vnames / sizeof vnames[0])

static const char value_list[] = "max, min_normal, min_subnormal, eps, bias, "
    "exp_bits, man_bits, round, bits, hex, ulp, calc";

static size_t
word_len(const char *s, const char *end)
{
	size_t n = 0;
	while (s + n < end && !lesson_blank(s[n]) && s[n] != ':')
		n++;
	return n;
}

static const char *
skip(const char *s, const char *end)
{
	while (s < end && lesson_blank(*s))
		s++;
	return s;
}

/* Where resolve() reports: the list and file name, and the value whose
 * text the places are in. */
typedef struct vres {
	lesson_diags *d;
	const char *file;
	lesson_value *v;
	const char *end;	/* of the spec, before any ~N */
} vres;

/* Report message m at `at`, a place in the value's text; false.  Called as
 * fail(r, at, LMSG_NAME, args...), which checks the arguments. */
static bool
fail_put(const vres *r, const char *at, lesson_msg m, ...)
{
	const lesson_value *v = r->v;
	size_t len = strlen(v->src), off = (size_t)(at - v->src);
	lesson_loc where = lesson_loc_at(v->loc, v->src, off < len ? off : len);
	va_list ap;

	va_start(ap, m);
	lesson_diag_vput(r->d, r->file, where.line, where.col, m, ap);
	va_end(ap);
	return false;
}
#define fail(r, at, ...) \
	(LESSON_MSG_CHECK(__VA_ARGS__), fail_put(r, at, __VA_ARGS__))

/* Find the ~N suffix: digits wanted for display.  Returns the end of the
 * spec proper, or NULL (reported). */
static const char *
digits_suffix(const vres *r, const char *end)
{
	lesson_value *v = r->v;
	const char *t = strrchr(v->src, '~');

	v->digits = 0;
	if (t == NULL)
		return end;
	const char *d = skip(t + 1, end);
	char *stop;
	long k = isdigit((unsigned char)*d) ? strtol(d, &stop, 10) : 0;
	if (k < 1 || k > 17 || *skip(stop, end) != '\0') {
		fail(r, t, LMSG_BAD_DIGITS);
		return NULL;
	}
	v->digits = (int)k;
	while (t > v->src && lesson_blank(t[-1]))
		t--;
	return t;
}

/* "DTYPE: EXPRESSION" at a. */
static bool
resolve_calc(const vres *r, const char *a)
{
	lesson_value *v = r->v;
	const char *colon = memchr(a, ':', (size_t)(r->end - a));
	char name[32], q[64];

	if (colon == NULL || colon == a)
		return fail(r, a, LMSG_CALC_NO_COLON);
	size_t nl = (size_t)(colon - a);
	while (nl && lesson_blank(a[nl - 1]))
		nl--;
	if (nl >= sizeof name)
		nl = sizeof name - 1;
	memcpy(name, a, nl);
	name[nl] = '\0';
	if (!calc_policy_parse(name, &v->policy))
		return fail(r, a, LMSG_UNKNOWN_DTYPE,
		    lesson_quote(a, nl, q, sizeof q));
	const char *e = skip(colon + 1, r->end);
	if (e == r->end)
		return fail(r, colon, LMSG_CALC_NO_EXPR, name);
	char *text = lesson_strndup(e, (size_t)(r->end - e));
	calc_error ce = { 0, "" };
	if (text == NULL)
		return fail(r, e, LMSG_NO_MEMORY);
	v->expr = calc_parse(text, &ce);
	free(text);
	if (v->expr == NULL)
		return fail(r, e + ce.pos, LMSG_CALC_BAD_EXPR, ce.msg);
	v->fmt = v->policy.fmt;
	return true;
}

/* "FMT" or "FMT NUMBER" at a. */
static bool
resolve_args(const vres *r, const struct vname *vn, const char *a)
{
	lesson_value *v = r->v;
	size_t al = word_len(a, r->end);
	char fname[32], q[64], num[FP_READ_MAX + 1];

	if (al == 0)
		return fail(r, a, LMSG_VALUE_NO_FORMAT, vn->name, vn->name,
		    vn->args == VA_FMT_NUM ? " 10000" : "");
	v->fmt = NULL;
	if (al < sizeof fname) {
		memcpy(fname, a, al);
		fname[al] = '\0';
		v->fmt = fp_format_find(fname);
	}
	if (v->fmt == NULL)
		return fail(r, a, LMSG_UNKNOWN_FORMAT,
		    lesson_quote(a, al, q, sizeof q), fp_format_names());
	const char *x = skip(a + al, r->end);
	if (vn->args == VA_FMT) {
		if (x != r->end)
			return fail(r, x, LMSG_VALUE_EXTRA,
			    lesson_quote(x, (size_t)(r->end - x), q, sizeof q),
			    vn->name, v->fmt->name);
		return true;
	}
	size_t xl = word_len(x, r->end);
	if (xl == 0)
		return fail(r, x, LMSG_VALUE_NO_NUMBER, vn->name, vn->name);
	size_t pos = 0, k = xl < FP_READ_MAX ? xl : FP_READ_MAX;
	memcpy(num, x, k);
	num[k] = '\0';
	fp_read_err re = fp_read(num, &v->x, &pos);
	if (re != FP_READ_OK)
		return fail(r, x + (re == FP_READ_SYNTAX ? pos : 0),
		    LMSG_NOT_A_NUMBER, lesson_quote(x, xl, q, sizeof q));
	const char *rest = skip(x + xl, r->end);
	if (rest != r->end)
		return fail(r, rest, LMSG_NUMBER_EXTRA,
		    lesson_quote(rest, (size_t)(r->end - rest), q, sizeof q));
	return true;
}

bool
lesson_value_resolve(lesson_value *v, lesson_diags *d, const char *file)
{
	const char *s = v->src, *end = s + strlen(s);
	char q[64];
	vres r = { d, file, v, end };

	while (lesson_blank(*s))
		s++;
	if ((end = digits_suffix(&r, end)) == NULL)
		return false;
	r.end = end;
	size_t wl = word_len(s, end);
	const struct vname *vn = NULL;
	for (size_t i = 0; i < NVNAMES; i++)
		if (strlen(vnames[i].name) == wl && memcmp(vnames[i].name, s, wl) == 0)
			vn = &vnames[i];
	if (vn == NULL)
		return fail(&r, s, LMSG_UNKNOWN_VALUE,
		    lesson_quote(s, wl ? wl : 1, q, sizeof q), value_list);
	v->kind = vn->kind;
	const char *a = skip(s + wl, end);
	return vn->args == VA_CALC ? resolve_calc(&r, a) : resolve_args(&r, vn, a);
}

/* ---- computing ------------------------------------------------------------- */

void
lesson_result_free(lesson_result *r)
{
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

bool
lesson_value_eval(const lesson_value *v, lesson_result *out)
{
	const fp_format *f = v->fmt;

	memset(out, 0, sizeof *out);
	out->fmt = f;
	if (v->kind == LV_CALC) {
		calc_trace t;
		calc_error ce;
		if (v->expr == NULL || !calc_eval(v->expr, &v->policy, &t, &ce))
			return false;
		const calc_step *r = calc_result(&t);
		if (r == NULL || (out->v = malloc(r->n * sizeof *out->v)) == NULL) {
			calc_trace_free(&t);
			return false;
		}
		memcpy(out->v, r->value, r->n * sizeof *out->v);
		out->n = r->n;
		out->vector = r->vector;
		out->fmt = r->dtype;
		calc_trace_free(&t);
		return true;
	}
	if (f == NULL || (out->v = malloc(sizeof *out->v)) == NULL)
		return false;
	out->n = 1;
	uint32_t b = fp_encode_real(f, &v->x, NULL);
	double *x = out->v;
	switch (v->kind) {
	case LV_MAX:		*x = fp_max_finite(f); break;
	case LV_MIN_NORMAL:	*x = fp_min_normal(f); break;
	case LV_MIN_SUBNORMAL:	*x = fp_min_subnormal(f); break;
	case LV_EPS:		*x = ldexp(1, -f->man_bits); break;
	case LV_BIAS:		*x = f->bias; out->integer = true; break;
	case LV_EXP_BITS:	*x = f->exp_bits; out->integer = true; break;
	case LV_MAN_BITS:	*x = f->man_bits; out->integer = true; break;
	case LV_ROUND:		*x = fp_decode(f, b); break;
	case LV_BITS:
	case LV_HEX:
		*x = fp_decode(f, b);
		out->pattern = true;
		out->hex = v->kind == LV_HEX;
		out->bits = b;
		break;
	case LV_ULP:		*x = fp_ulp(f, b); break;
	default:
		lesson_result_free(out);
		return false;
	}
	return true;
}

/* Significant digits of a number written by printf (%g style). */
static int
sig_digits(const char *s)
{
	int n = 0, lead = 1;

	for (; *s && *s != 'e'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		if (lead && *s == '0')
			continue;
		lead = 0;
		n++;
	}
	return n;
}

char *
lesson_num_str(const fp_format *f, double x, int digits, char *buf, size_t n)
{
	if (isnan(x) || isinf(x))
		return fp_value_str(x, buf, n);
	if (digits > 0) {
		snprintf(buf, n, "%.*g", digits, x);
		return buf;
	}
	/* Whole numbers in full (99614720, not 9.961e+07); other values
	 * exactly when that is short (0.0078125), else with the format's
	 * round-trip digits (1.0252e-05). */
	if (x == floor(x) && fabs(x) < 1e15) {
		snprintf(buf, n, "%.0f", x);
		return buf;
	}
	fp_value_str(x, buf, n);
	if (f == NULL || sig_digits(buf) <= 7)
		return buf;
	return fp_short_str(f, x, buf, n);
}

static void
pattern_str(const fp_format *f, uint32_t b, bool hex, char *buf, size_t n)
{
	size_t o = 0;

	if (hex) {
		snprintf(buf, n, "0x%0*x", (f->width + 3) / 4, (unsigned)b);
		return;
	}
	for (int i = f->width - 1; i >= 0 && o + 2 < n; i--) {
		buf[o++] = (char)('0' + ((b >> i) & 1u));
		if (i == f->width - 1 || i == f->man_bits)
			if (i > 0)
				buf[o++] = ' ';
	}
	buf[o] = '\0';
}

char *
lesson_value_str(const lesson_value *v, char *buf, size_t n)
{
	lesson_result r;
	char one[48];
	size_t o = 0;

	if (n == 0)
		return buf;
	if (!lesson_value_eval(v, &r)) {
		snprintf(buf, n, "(not computable)");
		return buf;
	}
	if (r.pattern)
		pattern_str(r.fmt, r.bits, r.hex, buf, n);
	else if (r.integer)
		snprintf(buf, n, "%d", (int)r.v[0]);
	else if (!r.vector)
		lesson_num_str(r.fmt, r.v[0], v->digits, buf, n);
	else {
		o += (size_t)snprintf(buf + o, n - o, "[");
		for (size_t i = 0; i < r.n && o < n; i++) {
			if (i == 8) {
				o += (size_t)snprintf(buf + o, n - o, ", ...");
				break;
			}
			lesson_num_str(r.fmt, r.v[i], v->digits, one, sizeof one);
			o += (size_t)snprintf(buf + o, n - o, "%s%s", i ? ", " : "", one);
		}
		if (o < n)
			snprintf(buf + o, n - o, "]");
	}
	lesson_result_free(&r);
	return buf;
}
