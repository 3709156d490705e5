/*
 * bits_text.c — the text view of one value in one format, for `fptutor
 * bits` and for the bits blocks of lessons.
 * The human view explains: fields labelled S/exponent/mantissa (never
 * colour alone), how each field adds up, the rounding walk when the input
 * was not representable, and what overflow, underflow or a subnormal mean.
 */
#include <config.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/term.h"
#include "view/bits_text.h"

#define LABEL "  %-11s"

/* 2^k, with its decimal value when that is short. */
static const char *
pow2_str(int k, char *buf, size_t n)
{
	char v[40];

	if (k >= -16 && k <= 40)
		snprintf(buf, n, "2^%d = %s", k, fp_value_str(ldexp(1, k), v, sizeof v));
	else
		snprintf(buf, n, "2^%d %s %.5g", k, view_s(SYM_APPROX), ldexp(1, k));
	return buf;
}

static void
print_field(FILE *out, uint32_t bits, int from, int count, view_color col)
{
	fputs(view_c(col), out);
	for (int i = from + count - 1; i >= from; i--)
		fputc('0' + (int)((bits >> i) & 1u), out);
	fputs(view_c(COL_RESET), out);
}

static void
show_fields(FILE *out, const fp_format *f, uint32_t bits)
{
	int we = f->exp_bits > 8 ? f->exp_bits : 8;
	int wm = f->man_bits > 8 ? f->man_bits : 8;

	fprintf(out, LABEL "S %-*s mantissa\n", "fields", we, "exponent");
	fprintf(out, LABEL, "");
	print_field(out, bits, f->width - 1, 1, COL_SIGN);
	fputc(' ', out);
	print_field(out, bits, f->man_bits, f->exp_bits, COL_EXP);
	fprintf(out, "%*s", we - f->exp_bits + 1, "");
	print_field(out, bits, 0, f->man_bits, COL_MAN);
	fprintf(out, "%*s  = 0x%0*x\n", wm - f->man_bits, "", (f->width + 3) / 4, bits);
}

/* "2^4 + 2^3 + 2^2 = 28": the raw exponent as the sum of its set bits. */
static void
show_exponent(FILE *out, const fp_format *f, const fp_bit *b, int nb, const fp_formula *fm)
{
	const fp_fields *fl = &fm->fields;
	int terms = 0;

	fprintf(out, LABEL, "exponent");
	print_field(out, fl->exp_raw, 0, f->exp_bits, COL_EXP);
	fprintf(out, " = ");
	for (int i = 0; i < nb; i++)
		if (b[i].field == FP_FIELD_EXP && b[i].set)
			fprintf(out, "%s2^%d", terms++ ? " + " : "", b[i].power);
	fprintf(out, "%s%u", terms ? " = " : "", fl->exp_raw);
	if (fl->cls == FP_CLASS_INF || fl->cls == FP_CLASS_NAN)
		fprintf(out, f->has_inf ? ": all ones, so inf or NaN\n"
		    : ": with mantissa all ones, the NaN pattern (no inf in %s)\n",
		    f->name);
	else if (fl->exp_raw == 0)
		fprintf(out, ": subnormal or zero, so 2^(1 %s %d) = 2^%d, no implicit 1\n",
		    view_s(SYM_MINUS), f->bias, fl->exp);
	else
		fprintf(out, ", minus bias %d = %d\n", f->bias, fl->exp);
}

/* "1.0011100010 (binary) = 1 + 2^-3 + ... = 1.220703125" */
static void
show_mantissa(FILE *out, const fp_format *f, const fp_bit *b, int nb, const fp_formula *fm)
{
	const fp_fields *fl = &fm->fields;
	char v[40];
	int terms = 0, set = 0;

	fprintf(out, LABEL, "mantissa");
	if (fl->cls == FP_CLASS_INF || fl->cls == FP_CLASS_NAN) {
		print_field(out, fl->mantissa, 0, f->man_bits, COL_MAN);
		fprintf(out, fl->cls == FP_CLASS_INF ? ": zero, so infinity\n"
		    : ": %s, so NaN\n", f->has_inf ? "nonzero" : "all ones");
		return;
	}
	fprintf(out, "%u.", fl->implicit);
	print_field(out, fl->mantissa, 0, f->man_bits, COL_MAN);
	fprintf(out, " (binary)");
	for (int i = 0; i < nb; i++)
		set += b[i].field == FP_FIELD_MAN && b[i].set;
	fputs(" = ", out);
	if (fl->implicit || set == 0)
		terms += fprintf(out, "%u", fl->implicit) > 0;
	for (int i = 0; i < nb && set <= 8; i++)
		if (b[i].field == FP_FIELD_MAN && b[i].set)
			fprintf(out, "%s2^%d", terms++ ? " + " : "", b[i].power);
	if (set > 8)
		fprintf(out, "%s(%d fraction bits)", terms++ ? " + " : "", set);
	if (set > 0)
		fprintf(out, " = %s", fp_value_str(fm->significand, v, sizeof v));
	fputc('\n', out);
}

/* The exact value's binary digits around the cut, e.g.
 * "1.0011100|010000 x 2^13" or "0.0000000000|0010101... x 2^-14". */
static void
show_walk(FILE *out, const fp_format *f, const fp_walk *w)
{
	int emin = 1 - f->bias;
	int top = w->subnormal_range ? emin : w->lead;
	int last = w->lead - (w->nbits - 1);	/* lowest nonzero bit shown */
	int stop = w->lsb - 3;

	if (w->decision == FP_ROUND_SPECIAL) {	/* overflowed before any cut */
		fprintf(out, LABEL "1.%.12s%s %s 2^%d: the exponent is above %s's "
		    "largest, %d\n", "rounding", w->nbits > 1 ? w->expansion + 1 : "0",
		    w->nbits > 13 || w->more ? view_s(SYM_ELLIPSIS) : "",
		    view_s(SYM_TIMES), w->lead, f->name,
		    (int)((f->max_bits >> f->man_bits) - (uint32_t)f->bias));
		return;
	}
	if (last < stop)
		stop = last;
	if (stop < w->lsb - 16)
		stop = w->lsb - 16;
	fprintf(out, LABEL, "rounding");
	fputc(w->subnormal_range ? '0' : '1', out);
	fputc('.', out);
	for (int p = top - 1; p >= stop; p--) {
		int i = w->lead - p;
		fputc(i >= 0 && i < w->nbits ? w->expansion[i] : '0', out);
		if (p == w->lsb)
			fputc('|', out);
	}
	if (w->more || last < stop)
		fputs(view_s(SYM_ELLIPSIS), out);
	fprintf(out, " %s 2^%d", view_s(SYM_TIMES), top);
	if (w->lead < stop)
		fprintf(out, " (its first 1 is at 2^%d)", w->lead);
	fputc('\n', out);
	fprintf(out, LABEL "keep %d fraction bits, cut at '|': guard %u, round %u, "
	    "sticky %u %s %s\n", "", f->man_bits, w->guard, w->round, w->sticky,
	    view_s(SYM_ARROW), fp_decision_name(w->decision));
	if (w->carry && !w->overflow)
		fprintf(out, LABEL "the carry moves the value up to the next power of two\n", "");
}

static void
show_notes(FILE *out, const view_bits_item *it, double v)
{
	const fp_format *f = it->fmt;
	char a[40], b[64];

	if (it->flags & FP_FLAG_INVALID)
		fprintf(out, LABEL "%s has no infinity: inf becomes NaN (invalid)\n",
		    "note", f->name);
	if (it->flags & FP_FLAG_OVERFLOW)
		fprintf(out, LABEL "overflow: above the largest finite %s, %s, so %s\n",
		    "note", f->name, fp_value_str(fp_max_finite(f), a, sizeof a),
		    f->has_inf ? "the result is inf" : "the result is NaN (no inf)");
	if ((it->flags & FP_FLAG_UNDERFLOW) && v == 0)
		fprintf(out, LABEL "underflow: not above half the smallest subnormal "
		    "(%s), flushed to zero\n", "note",
		    pow2_str(1 - f->bias - f->man_bits - 1, b, sizeof b));
	else if (fp_classify(f, it->bits) == FP_CLASS_SUBNORMAL) {
		uint32_t m = it->bits & ((1u << f->man_bits) - 1);
		int sig = 32 - __builtin_clz(m);
		fprintf(out, LABEL "subnormal: below %s, only %d significant bit%s left "
		    "(normals have %d)\n", "note",
		    pow2_str(1 - f->bias, b, sizeof b), sig, sig == 1 ? "" : "s",
		    f->man_bits + 1);
	}
}

static void
show_error(FILE *out, const view_bits_item *it, double v)
{
	double x = it->real->lo;
	char e[64];

	if (!(it->flags & FP_FLAG_INEXACT) || !isfinite(x) || isnan(v))
		return;
	const char *approx = it->real->sticky ? view_s(SYM_APPROX) : "";
	if (isinf(v)) {
		fprintf(out, LABEL "infinite\n", "error");
		return;
	}
	if (x == 0 && v == 0) {		/* below every double, flushed */
		fprintf(out, LABEL "all of it (100%%): the value is below every "
		    "double\n", "error");
		return;
	}
	double err = v - x;
	snprintf(e, sizeof e, "%.5g", err);
	fprintf(out, LABEL "%s%s", "error", approx, e[0] == '-' ? view_s(SYM_MINUS) : "+");
	fputs(e[0] == '-' ? e + 1 : e, out);
	if (x != 0)
		fprintf(out, " (%s%.3g%%)", approx, fabs(err / x) * 100);
	fputc('\n', out);
}

static const char *
outcome(const view_bits_item *it, fp_class c)
{
	if (it->flags & FP_FLAG_INVALID)
		return "invalid";
	if (it->flags & FP_FLAG_OVERFLOW)
		return "overflow";
	if (c == FP_CLASS_ZERO && (it->flags & FP_FLAG_UNDERFLOW))
		return "flushed to zero";
	if ((it->flags & FP_FLAG_INEXACT) && isfinite(it->real->lo))
		return fp_decode(it->fmt, it->bits) < it->real->lo ||
		    (fp_decode(it->fmt, it->bits) == it->real->lo && it->real->lo >= 0)
		    ? "rounded down" : "rounded up";
	return "exact";
}

/* The input as the heading names it: whole up to 64 bytes, else its
 * first 40 and last 12 bytes and its length, so that a 10^6-digit literal
 * heads its view in one line ("1.000488281250000…0001 (1000003 bytes)").
 * Number text is ASCII, so the cuts fall between characters. */
static const char *
heading_input(const char *s, char *buf, size_t n)
{
	size_t len = strlen(s);

	if (len <= 64)
		return s;
	snprintf(buf, n, "%.40s%s%s (%zu bytes)", s, view_s(SYM_ELLIPSIS),
	    s + len - 12, len);
	return buf;
}

void
view_bits_text(FILE *out, const view_bits_item *it)
{
	const fp_format *f = it->fmt;
	fp_formula fm;
	fp_bit b[32];
	char v[40], n1[40], n2[40], u[64], in[96];
	uint32_t nb;

	fp_explain_formula(f, it->bits, &fm);
	int nbits = fp_explain_bits(f, it->bits, b);
	fp_class c = fm.fields.cls;

	fprintf(out, "%s%s %s %s: %s%s", view_c(COL_BOLD),
	    heading_input(it->input, in, sizeof in),
	    it->real ? "in" : "as", f->name,
	    fp_value_str(fm.value, v, sizeof v), view_c(COL_RESET));
	if (it->real)
		fprintf(out, ", %s", outcome(it, c));
	fprintf(out, " (%s)\n", fp_class_name(c));

	show_fields(out, f, it->bits);
	fprintf(out, LABEL "%u: %s\n", "sign", fm.fields.sign,
	    fm.fields.sign ? "negative" : "positive");
	show_exponent(out, f, b, nbits, &fm);
	show_mantissa(out, f, b, nbits, &fm);
	if (c != FP_CLASS_NAN && c != FP_CLASS_INF)
		fprintf(out, LABEL "%s%s %s 2^%d = %s\n", "value",
		    fm.fields.sign ? view_s(SYM_MINUS) : "+",
		    fp_value_str(fm.significand, u, sizeof u), view_s(SYM_TIMES),
		    fm.fields.exp, v);

	if (it->real && (it->flags & FP_FLAG_INEXACT)) {
		fp_walk w;
		fp_exact x;
		/* Beyond double's range fp_real only says "beyond": the text's
		 * exact reading gives the walk its true exponent. */
		const fp_exact *ex = it->exact != NULL ? it->exact
		    : fp_read_beyond(it->input, it->real, &x) ? &x : NULL;
		fp_explain_round_x(f, it->real, ex, &w);
		if (!w.special)
			show_walk(out, f, &w);
	}
	show_notes(out, it, fm.value);
	if (it->real)
		show_error(out, it, fm.value);

	if (c != FP_CLASS_NAN && c != FP_CLASS_INF) {
		fprintf(out, LABEL "%s\n", "ulp",
		    pow2_str(fm.fields.exp - f->man_bits, u, sizeof u));
		fprintf(out, LABEL "%s < %s < %s\n", "neighbours",
		    fp_next_down(f, it->bits, &nb) ? fp_value_str(fp_decode(f, nb), n1, sizeof n1) : "none",
		    v, fp_next_up(f, it->bits, &nb) ? fp_value_str(fp_decode(f, nb), n2, sizeof n2) : "none");
	}
}
