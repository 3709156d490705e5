/*
 * facts.c — the figures an answer states, checked by the engine.  A right
 * answer beside one false figure is a wrong answer: "fp16's maximum is
 * 65535", "its smallest subnormal is about 1e-12", "exp(19) ≈ 1.8e4 fits
 * in fp16", "1e4 × 1e4 = 1e6".  Each figure is bound to what it measures —
 * a format's largest finite value, smallest subnormal or normal, machine
 * epsilon, exponent or mantissa width; exp(a); a product — and compared
 * with what src/fp and libm compute, to the precision the answer wrote it
 * in (65504 to the unit, 6.5e4 to the thousand, 2^-24 exactly; one unit of
 * the last digit either way, so "about 6e-8" is 5.96e-8).
 *
 * It is read charitably, because a right answer marked wrong is as bad as
 * a wrong number: a figure whose format is not named where it stands counts
 * as right when it fits any format the sentence (or the sentence the
 * answer last named a format in) names; a figure counts only when nothing
 * but linking words ("is", "of", "about", "only", "value", ...) stand
 * between it and what it measures; negated, conditional, quoted and
 * reported clauses state nothing.  A figure of a quantity the engine does
 * not know is not checked.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fp/fp.h"
#include "grade/grade_int.h"

#define NOFMT (-1)
#define FIG_SCAN 6		/* tokens from a quantity to its figure */

typedef enum qkind {
	Q_NONE, Q_MAX, Q_MIN, Q_EPS, Q_EXPBITS, Q_MANBITS,
	Q_MAX_AT, Q_MIN_AT	/* where it overflows, where it flushes */
} qkind;

/* The word of a token ("-" and "/" stand alone as stems only). */
static bool
is(const gtok *k, const char *w)
{
	return !k->isnum && strcmp(k->raw[0] ? k->raw : k->stem, w) == 0;
}

static bool
is_any(const gtok *k, const char *const *ws)
{
	for (; *ws; ws++)
		if (is(k, *ws))
			return true;
	return false;
}

/* The format a word names, or NOFMT.  "half" and "single" name one only
 * before "precision" ("half the smallest subnormal" names none). */
static int
format_of(const gtext *tx, size_t i)
{
	static const struct { const char *w; fp_id id; } names[] = {
		{ "fp16", FP_FP16 }, { "float16", FP_FP16 }, { "f16", FP_FP16 },
		{ "binary16", FP_FP16 }, { "bf16", FP_BF16 }, { "bfloat16", FP_BF16 },
		{ "bfloat", FP_BF16 }, { "fp32", FP_FP32 }, { "float32", FP_FP32 },
		{ "f32", FP_FP32 }, { "binary32", FP_FP32 }, { "tf32", FP_TF32 },
		{ "e4m3", FP_E4M3 }, { "e5m2", FP_E5M2 },
	};
	const gtok *k = &tx->t[i];

	if (k->isnum || !(k->cls & WC_FMT))
		return NOFMT;
	for (size_t n = 0; n < sizeof names / sizeof names[0]; n++)
		if (strcmp(k->raw, names[n].w) == 0)
			return (int)names[n].id;
	bool prec = i + 1 < tx->n && is(&tx->t[i + 1], "precision");
	if (prec && is(k, "half"))
		return FP_FP16;
	if (prec && is(k, "single"))
		return FP_FP32;
	return NOFMT;
}

/* Words between a format and what it has: "fp16's max", "the bf16
 * maximum", "fp16 has 10 mantissa bits", "bf16 keeps only 7". */
static const char *const between_named[] = { "the", "s", "has", "have", "with",
	"uses", "keeps", "only", "just", "a", "an", NULL };

/* The formats a figure at token i may be about, as a bit set: the one
 * named just before what it measures (from, "fp16's max", "the bf16
 * maximum") alone; else every format of its sentence and the formats
 * of the last earlier sentence that named one (the antecedent of "its"). */
static unsigned
candidates(const gtext *tx, size_t from)
{
	int sent = tx->t[from].sent;

	/* "the smallest fp16 value", "max fp16 is" */
	if (from + 1 < tx->n && tx->t[from + 1].clause == tx->t[from].clause &&
	    format_of(tx, from + 1) != NOFMT)
		return 1u << format_of(tx, from + 1);

	for (size_t j = from, k = 0; j-- > 0 && k < 4 && tx->t[j].clause == tx->t[from].clause; k++) {
		int f = format_of(tx, j);
		if (f != NOFMT)
			return 1u << f;
		if (!is_any(&tx->t[j], between_named))
			break;
	}
	unsigned set = 0;
	for (size_t j = 0; j < tx->n; j++)
		if (tx->t[j].sent == sent) {
			int f = format_of(tx, j);
			if (f != NOFMT)
				set |= 1u << f;
		}
	int last = -1;
	for (size_t j = 0; j < tx->n && tx->t[j].sent < sent; j++)
		if (format_of(tx, j) != NOFMT && tx->t[j].sent > last)
			last = tx->t[j].sent;
	for (size_t j = 0; last >= 0 && j < tx->n; j++)
		if (tx->t[j].sent == last && format_of(tx, j) != NOFMT)
			set |= 1u << format_of(tx, j);
	return set;
}

/* Words that may stand between a quantity and its figure. */
static const char *const linking[] = {
	"is", "are", "was", "of", "about", "approx", "approximately", "around",
	"roughly", "circa", "at", "only", "just", "to", "value", "values", "number",
	"numbers", "positive", "finite", "representable", "magnitude", "equal",
	"equals", "exactly", "near", "nearly", "some", "the", "a", "its", "s",
	"out", "up", "down", "goes", "go", "it", "can", "be", "has", "have",
	"represent", "store", "hold", "nonzero", "non", "zero", "subnormal",
	"denormal", "denormalized", "normal", "normalized", "one", "float",
	"threshold", "which", "like", "somewhere", "already", NULL
};

/* Does a negator stand in [lo, hi] (the clause of a figure)? */
static bool
negated(const gtext *tx, size_t lo, size_t hi)
{
	size_t from = lo >= 1 ? lo - 1 : 0;	/* "not fp16's max" */
	for (size_t j = from; j <= hi && j < tx->n; j++)
		if (tx->t[j].clause == tx->t[hi].clause && (tx->t[j].flags & TK_NEGATOR))
			return true;
	return false;
}

static bool
asserted(const gtext *tx, size_t i)
{
	return tx->hypo[tx->t[i].clause] == 0 && !(tx->t[i].flags & TK_QUESTION);
}

/* A figure: its value, the unit of its last digit (0: exact) and the
 * token after it.  "5.96 x 10^-8" is one figure. */
typedef struct fig {
	double v, unit;
	size_t end;
	bool sci;		/* written with an exponent (1e8): maybe a magnitude */
} fig;

static bool
figure_at(const gtext *tx, size_t i, fig *f)
{
	static const struct { const char *w; double m; } mult[] = {
		{ "thousand", 1e3 }, { "mn", 1e6 }, { "million", 1e6 },
		{ "millions", 1e6 }, { "bn", 1e9 }, { "billion", 1e9 },
	};
	if (i >= tx->n || !tx->t[i].isnum)
		return false;
	f->v = tx->t[i].num;
	f->unit = tx->t[i].unit;
	f->end = i + 1;
	f->sci = tx->t[i].sci;
	/* "65 504", "100 000 000": groups of three digits */
	while (f->end < tx->n && tx->t[f->end].isnum && tx->t[f->end].ndig == 3 &&
	    tx->t[f->end].unit == 1 && tx->t[f->end - 1].unit >= 1 &&
	    tx->t[f->end].clause == tx->t[i].clause && f->v >= 1 && f->v < 1e15 &&
	    f->v == floor(f->v) && tx->t[f->end].num == floor(tx->t[f->end].num)) {
		f->v = f->v * 1000 + tx->t[f->end].num;
		f->unit = 1;
		f->end++;
	}
	double a = fabs(f->v);
	if (f->end + 1 < tx->n && is(&tx->t[f->end], "x") && tx->t[f->end + 1].isnum &&
	    tx->t[f->end + 1].pow10 && !tx->t[i].pow10 && a >= 1 && a < 10) {
		f->v *= tx->t[f->end + 1].num;
		f->unit *= tx->t[f->end + 1].num;
		f->end += 2;
	} else if (f->end < tx->n) {	/* 485 million (65k is one token) */
		for (size_t k = 0; k < sizeof mult / sizeof mult[0]; k++)
			if (is(&tx->t[f->end], mult[k].w)) {
				f->v *= mult[k].m;
				f->unit = (f->unit ? f->unit : 1) * mult[k].m;
				f->end++;
				break;
			}
	}
	return true;
}

static bool is_op_after(const gtext *tx, size_t i);

/* Does the stated figure agree with the true value t, to within a unit
 * of its last digit ("65k" is 65504, "6e-8" 5.96e-8) but never more than
 * half of itself ("about 1e10" is not 65504), or to 0.1% when it was
 * written as an exact power (2^-24)? */
static bool
agrees(const fig *f, double t)
{
	/* a bare power of ten written with one digit (~1e8, 1e-7) is an
	 * order of magnitude: right within a factor of ten */
	double lg = f->v > 0 ? log10(f->v) : 0.5;
	if (f->sci && (f->unit >= f->v || f->unit == 0) && f->v > 0 && lg == floor(lg) && t > 0)
		return t > f->v / 10 && t < f->v * 10;
	double tol = f->unit > 0 ? f->unit : fabs(t) * 1e-3;
	if (tol > fabs(f->v) / 2)
		tol = fabs(f->v) / 2;
	return fabs(fabs(f->v) - fabs(t)) <= tol;
}

/* The figure bound to the quantity word at i: the first number after it
 * past linking words only, in its sentence. */
static bool
bound_figure(const gtext *tx, size_t i, fig *f, size_t *at)
{
	for (size_t j = i + 1; j < tx->n && j <= i + FIG_SCAN; j++) {
		if (tx->t[j].sent != tx->t[i].sent)
			return false;
		if (tx->t[j].isnum) {
			static const char *const counted[] = { "steps", "step", "iterations",
				"iteration", "bits", "bit", "times", "x", "digits", "epochs", NULL };
			*at = j;
			if (!figure_at(tx, j, f))
				return false;
			/* "a limit of 2000 steps" counts something else, and
			 * "max = (2 - 2^-10) x 2^15" is a formula */
			return !(f->end < tx->n && is_any(&tx->t[f->end], counted)) &&
			    !is_op_after(tx, f->end);
		}
		if (format_of(tx, j) == NOFMT && !is_any(&tx->t[j], linking))
			return false;
	}
	return false;
}

/* Is a format (or "its") named just before token i: "fp16's max", "the
 * bf16 maximum", "its smallest"? */
static bool
named_before(const gtext *tx, size_t i)
{
	if (i + 1 < tx->n && !tx->t[i].isnum && tx->t[i + 1].clause == tx->t[i].clause &&
	    format_of(tx, i + 1) != NOFMT)
		return true;	/* named just after: "the smallest fp16 value" */
	for (size_t j = i, k = 0; j-- > 0 && k < 4 && tx->t[j].clause == tx->t[i].clause; k++) {
		if (format_of(tx, j) != NOFMT || is(&tx->t[j], "its"))
			return true;
		if (!is_any(&tx->t[j], between_named))
			return false;
	}
	return false;
}

/* The quantity a word at i names.  A noun (max, largest, smallest, limit)
 * names a format's quantity only with the format (or "its") before it or a
 * value word after it ("largest finite value"): softmax answers "subtract
 * the max (20)", clipping has a "max norm", gradients a "largest" one. */
static qkind
quantity_at(const gtext *tx, size_t i, bool *normal_only, bool *sub_only)
{
	static const char *const maxw[] = { "max", "maximum", "largest", "biggest",
		"highest", "greatest", "limit", "ceiling", NULL };
	static const char *const maxverb[] = { "tops", "maxes", "saturates", "saturate", NULL };
	static const char *const minw[] = { "smallest", "tiniest", "minimum", "min",
		"floor", NULL };
	static const char *const spec[] = { "value", "number", "finite",
		"representable", "positive", "normal", "normalized", "subnormal",
		"denormal", "nonzero", "magnitude", "float", NULL };
	const gtok *k = &tx->t[i];

	*normal_only = *sub_only = false;
	if (k->isnum)
		return Q_NONE;
	if (is(k, "epsilon") || is(k, "eps"))
		return Q_EPS;
	/* a threshold: "fp32 overflows beyond 1e16", "flushes below 2^-25";
	 * the figure follows the preposition */
	if (i + 1 < tx->n && i > 0 && (format_of(tx, i - 1) != NOFMT ||
	    (i > 1 && format_of(tx, i - 2) != NOFMT && tx->t[i - 2].clause == k->clause))) {
		static const char *const up[] = { "above", "beyond", "past", "over", "at", NULL };
		static const char *const down[] = { "below", "under", NULL };
		if ((is(k, "overflows") || is(k, "overflow")) && is_any(&tx->t[i + 1], up))
			return Q_MAX_AT;
		if ((is(k, "underflows") || is(k, "underflow") || is(k, "flushes")) &&
		    is_any(&tx->t[i + 1], down))
			return Q_MIN_AT;
	}
	if (is_any(k, maxverb))
		return Q_MAX;
	if (is(k, "up") && i + 1 < tx->n && is(&tx->t[i + 1], "to") && i > 0 &&
	    (is(&tx->t[i - 1], "goes") || is(&tx->t[i - 1], "go") || is(&tx->t[i - 1], "only")))
		return Q_MAX;
	bool spec_after = false;
	for (size_t j = i + 1; j < tx->n && j <= i + 3 && !tx->t[j].isnum; j++)
		if (is_any(&tx->t[j], spec))
			spec_after = true;
	if (!spec_after && !named_before(tx, i))
		return Q_NONE;
	if (is_any(k, maxw))
		return Q_MAX;
	if (!is_any(k, minw))
		return Q_NONE;
	for (size_t j = i + 1; j < tx->n && j <= i + 3 && !tx->t[j].isnum; j++) {
		if (is(&tx->t[j], "normal") || is(&tx->t[j], "normalized"))
			*normal_only = true;
		if (is(&tx->t[j], "subnormal") || is(&tx->t[j], "denormal") ||
		    is(&tx->t[j], "positive") || is(&tx->t[j], "nonzero") ||
		    is(&tx->t[j], "representable"))
			*sub_only = true;
	}
	if (*normal_only && *sub_only)
		*normal_only = false;
	return Q_MIN;
}

static void say(gfigure *out, size_t *n, size_t max, size_t tok, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void
say(gfigure *out, size_t *n, size_t max, size_t tok, const char *fmt, ...)
{
	if (*n >= max)
		return;
	for (size_t k = 0; k < *n; k++)
		if (out[k].tok == tok)
			return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out[*n].why, sizeof out[*n].why, fmt, ap);
	va_end(ap);
	out[(*n)++].tok = tok;
}

/* The true values of a quantity in format f (up to 3). */
static size_t
truths(qkind q, const fp_format *f, bool normal_only, bool sub_only, bool halved,
    double *t)
{
	size_t n = 0;
	switch (q) {
	case Q_MAX:
		t[n++] = fp_max_finite(f);
		break;
	case Q_MAX_AT:	/* the largest finite value, or the halfway point above it */
		t[n++] = fp_max_finite(f);
		t[n++] = fp_max_finite(f) + fp_ulp(f, f->max_bits) / 2;
		break;
	case Q_MIN_AT:	/* the smallest subnormal, half of it, or the smallest normal */
		t[n++] = fp_min_subnormal(f);
		t[n++] = fp_min_subnormal(f) / 2;
		t[n++] = fp_min_normal(f);
		break;
	case Q_MIN:
		if (!normal_only)
			t[n++] = fp_min_subnormal(f);
		if (!sub_only)
			t[n++] = fp_min_normal(f);
		if (halved)
			t[n++] = fp_min_subnormal(f) / 2;
		break;
	case Q_EPS:
		t[n++] = ldexp(1, -f->man_bits);
		t[n++] = ldexp(1, -f->man_bits - 1);	/* unit roundoff */
		break;
	case Q_EXPBITS:
		t[n++] = f->exp_bits;
		break;
	case Q_MANBITS:
		t[n++] = f->man_bits;
		t[n++] = f->man_bits + 1;	/* with the implicit bit */
		break;
	default:
		break;
	}
	return n;
}

static const char *
quantity_name(qkind q)
{
	switch (q) {
	case Q_MAX: return "largest finite value";
	case Q_MAX_AT: return "point where it overflows";
	case Q_MIN_AT: return "point where it flushes to zero";
	case Q_MIN: return "smallest value";
	case Q_EPS: return "machine epsilon";
	case Q_EXPBITS: return "width of the exponent";
	case Q_MANBITS: return "width of the mantissa";
	default: return "";
	}
}

/* Check a format quantity's figure against every candidate format. */
static void
check_quantity(const gtext *tx, size_t head, qkind q, bool normal_only, bool sub_only,
    const fig *f, size_t figtok, gfigure *out, size_t *n, size_t max)
{
	unsigned shown = candidates(tx, head), set = shown;
	/* a figure whose format is not named where it stands may be about
	 * any of the subject's formats: "less precision (7 vs 10 mantissa
	 * bits)", "machine epsilon 2^-7" in an answer about bf16; "its" is
	 * the format of its sentence or the one before */
	if (!named_before(tx, head))
		set |= 1u << FP_FP16 | 1u << FP_BF16 | 1u << FP_FP32;
	if (set == 0 || !asserted(tx, figtok) || negated(tx, head, figtok))
		return;
	bool halved = head > 0 && is(&tx->t[head - 1], "half");
	if (head > 1 && is(&tx->t[head - 1], "the") && is(&tx->t[head - 2], "half"))
		halved = true;
	if (shown == 0)
		shown = set;
	char list[160] = "";
	size_t len = 0;
	for (int id = 0; id < FP_NFORMATS; id++) {
		if (!(set & (1u << id)))
			continue;
		const fp_format *fmt = fp_format_get((fp_id)id);
		double t[3] = { 0, 0, 0 };
		size_t nt = truths(q, fmt, normal_only, sub_only, halved, t);
		for (size_t k = 0; k < nt; k++)
			if (agrees(f, t[k]))
				return;
		if ((shown & (1u << id)) && len < sizeof list - 40)
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s's is %.6g",
			    len ? ", " : "", fmt->name, t[0]);
	}
	say(out, n, max, figtok, "%.6g is not the %s: %s", f->v, quantity_name(q), list);
}

/* "7 mantissa bits", "a 5-bit exponent", "mantissa of 10 bits". */
static qkind
bits_claim(const gtext *tx, size_t i)
{
	static const char *const man[] = { "mantissa", "fraction", "significand",
		"precision", NULL };
	size_t j = i + 1;
	if (j < tx->n && (is(&tx->t[j], "bit") || is(&tx->t[j], "bits")))
		j++;
	if (j < tx->n && is(&tx->t[j], "of"))
		j++;
	if (j < tx->n && is(&tx->t[j], "exponent"))
		return Q_EXPBITS;
	if (j < tx->n && is_any(&tx->t[j], man) &&
	    (j > i + 1 || (j + 1 < tx->n && (is(&tx->t[j + 1], "bits") || is(&tx->t[j + 1], "bit")))))
		return Q_MANBITS;
	return Q_NONE;
}

static bool
is_op_after(const gtext *tx, size_t i)
{
	return i < tx->n && (is(&tx->t[i], "-") || is(&tx->t[i], "/") || is(&tx->t[i], "x") ||
	    is(&tx->t[i], "plus") || is(&tx->t[i], "minus") || is(&tx->t[i], "times"));
}

/* Is token j in token i's clause, or in the clause an arrow opens right
 * after it ("1e-8 → 0", "e^20 ≈ 4.85e8 → inf": → reads as "then")? */
static bool
same_or_arrow(const gtext *tx, size_t i, size_t j)
{
	for (size_t k = i + 1; k <= j; k++)
		if (tx->t[k].clause != tx->t[k - 1].clause && !is(&tx->t[k], "then"))
			return false;
	return true;
}

/* A true claim at token tok (GF_ kind), for the rubric's %overflow and
 * %flush. */
static void
mark(gtext *tx, size_t tok, unsigned kind)
{
	tx->t[tok].fact |= (unsigned char)kind;
	tx->facts |= kind;
}

/* How v fares in format id: 1 overflows, 2 flushes to zero, 0 holds. */
static int
fate(int id, double v)
{
	const fp_format *F = fp_format_get((fp_id)id);
	unsigned flags;
	fp_class c = fp_classify(F, fp_encode(F, v, &flags));
	return c == FP_CLASS_INF || c == FP_CLASS_NAN ? 1 : c == FP_CLASS_ZERO && v != 0 ? 2 : 0;
}

/* A bound a comparison names: the format whose largest finite value
 * (sign 1) or smallest subnormal, or half of it (sign -1), b agrees with;
 * NOFMT when none.  "1e8 > 65504" compares with fp16's limit. */
static int
bound_of(const fig *b, int sign)
{
	static const fp_id order[] = { FP_FP16, FP_BF16, FP_FP32, FP_E4M3, FP_E5M2 };
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
		const fp_format *F = fp_format_get(order[k]);
		if (sign > 0 && agrees(b, fp_max_finite(F)))
			return (int)order[k];
		if (sign < 0 && (agrees(b, fp_min_subnormal(F)) || agrees(b, fp_min_subnormal(F) / 2)))
			return (int)order[k];
	}
	return NOFMT;
}

/* After an expression ending at token e whose value is v: a figure it is
 * said to equal, or a comparison ("greater than 65504"), and whether it
 * is said to be finite or inf in a named format. */
static void
check_value(gtext *tx, size_t start, size_t e, double v, const char *what,
    gfigure *out, size_t *n, size_t max)
{
	static const char *const greater[] = { "greater", "above", "exceeds", "exceed",
		"over", "beyond", "bigger", "larger", "more", NULL };
	static const char *const less[] = { "less", "below", "under", "smaller",
		"within", NULL };
	static const char *const finite[] = { "finite", "fits", "fit", "representable",
		"fine", "ok", "okay", "safe", NULL };
	static const char *const inf[] = { "inf", "infinity", "infinite", "overflows",
		"overflow", "overflowed", NULL };
	if (!asserted(tx, start))
		return;
	int cmp = 0;
	for (size_t j = e; j < tx->n && j < e + FIG_SCAN && tx->t[j].sent == tx->t[start].sent; j++) {
		if (tx->t[j].isnum) {
			fig f;
			figure_at(tx, j, &f);
			if (negated(tx, start, j))
				break;
			if (cmp == 0 && !agrees(&f, v))
				say(out, n, max, j, "%s is %.4g, not %.6g", what, v, f.v);
			else if (cmp > 0 && !(v > f.v))
				say(out, n, max, j, "%s is %.4g, not more than %.6g", what, v, f.v);
			else if (cmp < 0 && !(v < f.v))
				say(out, n, max, j, "%s is %.4g, not less than %.6g", what, v, f.v);
			else if (cmp != 0) {	/* "exp(20) > 65504": beyond fp16's limit */
				int id = bound_of(&f, cmp);
				if (id != NOFMT && fate(id, v) == (cmp > 0 ? 1 : 2))
					mark(tx, start, cmp > 0 ? GF_OVERFLOW : GF_FLUSH);
			}
			break;
		}
		if (is_any(&tx->t[j], greater))
			cmp = 1;
		else if (is_any(&tx->t[j], less))
			cmp = -1;
		else if (!is_any(&tx->t[j], linking) && !is(&tx->t[j], "than") &&
		    !is(&tx->t[j], "much") && !is(&tx->t[j], "far"))
			break;
	}
	/* finite or inf in a format the clause (or sentence) names: "exp(19)
	 * on its own is still finite in fp16", "e^20 becomes inf" */
	static const char *const between[] = { "on", "own", "still", "also", "too",
		"in", "then", "becomes", "become", "would", "will", "stays", "remains",
		"perfectly", "easily", NULL };
	int claim = 0;
	size_t at = 0;
	for (size_t j = e; j < tx->n && j < e + 8 && same_or_arrow(tx, e - 1, j); j++) {
		if (is_any(&tx->t[j], finite))
			claim = 1;
		else if (is_any(&tx->t[j], inf))
			claim = -1;
		if (claim) {
			at = j;
			break;
		}
		if (!tx->t[j].isnum && format_of(tx, j) == NOFMT && !is_any(&tx->t[j], linking) &&
		    !is_any(&tx->t[j], between) && !(tx->t[j].flags & TK_NEGATOR))
			break;
	}
	/* "maximum finite value" names a quantity, it says nothing of v */
	if (claim > 0 && at + 1 < tx->n && (is(&tx->t[at + 1], "value") ||
	    is(&tx->t[at + 1], "values") || is(&tx->t[at + 1], "number") || is(&tx->t[at + 1], "range")))
		claim = 0;
	if (!claim)
		return;
	if (negated(tx, start, at))
		claim = -claim;
	int fmt = NOFMT;
	for (size_t j = start; j < tx->n && tx->t[j].clause == tx->t[start].clause && fmt == NOFMT; j++)
		fmt = format_of(tx, j);
	for (size_t j = 0; j < tx->n && fmt == NOFMT; j++)
		if (tx->t[j].sent == tx->t[start].sent)
			fmt = format_of(tx, j);
	if (fmt == NOFMT) {	/* no format named: a true "then inf" in fp16 still counts */
		if (claim < 0 && fate(FP_FP16, v) == 1)
			mark(tx, start, GF_OVERFLOW);
		return;
	}
	const fp_format *f = fp_format_get((fp_id)fmt);
	unsigned flags;
	uint32_t bits = fp_encode(f, v, &flags);
	fp_class c = fp_classify(f, bits);
	bool isinf = c == FP_CLASS_INF || c == FP_CLASS_NAN;
	if (claim > 0 && isinf)
		say(out, n, max, at, "%s is %.4g, beyond %s's largest finite value %.6g: it is inf there",
		    what, v, f->name, fp_max_finite(f));
	else if (claim < 0 && !isinf)
		say(out, n, max, at, "%s is %.4g, which %s holds as a finite value", what, v, f->name);
	else if (claim < 0)
		mark(tx, start, GF_OVERFLOW);
}

/* A plain figure said to overflow, fit or flush in a format named right
 * after the claim ("1e8 also exceeds fp32's range", "1e-8 underflows in
 * bf16 too", "65520 fits in fp16") or just before the figure ("in fp16,
 * 1e8 overflows").  A figure that is a bound ("anything above 65504
 * overflows", "bigger than 65504") is not said to do anything itself. */
static void
check_plain(gtext *tx, size_t i, const fig *f, gfigure *out, size_t *n, size_t max)
{
	static const char *const bound[] = { "above", "over", "beyond", "past", "below",
		"under", "than", "least", "most", "exceeds", "exceed", "to", "from",
		"between", "and", "or", "vs", "versus", "like", NULL };
	static const char *const big[] = { "overflows", "overflow", "overflowed",
		"exceeds", "exceed", "inf", "infinity", NULL };
	static const char *const fits[] = { "fits", "fit", "representable", NULL };
	static const char *const zero[] = { "underflows", "underflow", "underflowed",
		"flushes", "vanishes", "zero", NULL };
	static const char *const pass[] = { "also", "too", "even", "itself",
		"already", "would", "will", "far", "rounds", "round", "easily", "still",
		"becomes", "become", "then", "gives", "exactly", NULL };
	static const char *const greater[] = { "greater", "bigger", "larger", "above",
		"exceeds", "exceed", "more", "beyond", NULL };
	static const char *const less[] = { "less", "smaller", "below", "under", NULL };

	static const char *const approx[] = { "about", "around", "roughly",
		"approximately", "approx", "only", "just", "some", NULL };
	size_t b = i;
	while (b > 0 && is_any(&tx->t[b - 1], approx))
		b--;	/* "above about 11": the bound stands before "about" */
	if (b > 0 && (is_any(&tx->t[b - 1], bound) || is(&tx->t[b - 1], "of") ||
	    is_op_after(tx, b - 1) || tx->t[b - 1].isnum || (tx->t[b - 1].cls & WC_FIG)))
		return;	/* a bound, an argument ("exp of 20"), a term of a formula */
	if (is_op_after(tx, f->end) || (f->end < tx->n && tx->t[f->end].isnum) || !asserted(tx, i))
		return;
	int claim = 0;	/* 1 overflows, 2 fits, 3 flushes */
	size_t at = 0;
	int cmp = 0;
	for (size_t j = f->end; j < tx->n && j < f->end + 5 && same_or_arrow(tx, i, j); j++) {
		if (tx->t[j].isnum && tx->t[j].num == 0 && j + 1 >= tx->n) {
			claim = 3;	/* "1e-8 then 0", at the end */
		} else if (tx->t[j].isnum && cmp) {
			/* "1e8 > 65504", "1e-8 < 2^-24": a comparison with a bound */
			fig lim;
			figure_at(tx, j, &lim);
			if ((cmp > 0 && !(f->v > lim.v)) || (cmp < 0 && !(f->v < lim.v))) {
				say(out, n, max, j, "%.6g is not %s than %.6g", f->v,
				    cmp > 0 ? "greater" : "less", lim.v);
				return;
			}
			int id = bound_of(&lim, cmp);
			if (id != NOFMT && fate(id, f->v) == (cmp > 0 ? 1 : 2))
				mark(tx, i, cmp > 0 ? GF_OVERFLOW : GF_FLUSH);
			return;
		} else if (tx->t[j].isnum && tx->t[j].num == 0) {
			claim = 3;	/* "1e-8 then 0", "rounds to 0" */
		} else {
			claim = is_any(&tx->t[j], big) ? 1 : is_any(&tx->t[j], fits) ? 2 :
			    is_any(&tx->t[j], zero) ? 3 : is(&tx->t[j], "subnormal") ||
			    is(&tx->t[j], "denormal") ? 4 : is(&tx->t[j], "normal") ? 5 : 0;
		}
		if (claim) {
			at = j;
			break;
		}
		if (is_any(&tx->t[j], greater))
			cmp = 1;
		else if (is_any(&tx->t[j], less))
			cmp = -1;
		else if (!is_any(&tx->t[j], linking) && !is_any(&tx->t[j], pass) &&
		    !(tx->t[j].flags & TK_NEGATOR) && !is(&tx->t[j], "than") && !is(&tx->t[j], "much"))
			return;
	}
	if (!claim || (cmp && claim != 1 && claim != 3))
		return;
	if (claim >= 4) {	/* "1e-8 is a subnormal in fp16": held to its class */
		int fmt = NOFMT;
		for (size_t j = at + 1; j < tx->n && j <= at + 3 && fmt == NOFMT; j++)
			fmt = format_of(tx, j);
		bool negc = false;
		for (size_t j = f->end; j <= at; j++)
			negc |= (tx->t[j].flags & TK_NEGATOR) != 0;
		if (fmt == NOFMT || negc || tx->t[at].clause != tx->t[i].clause || f->v == 0)
			return;
		const fp_format *F = fp_format_get((fp_id)fmt);
		unsigned fl;
		fp_class cl = fp_classify(F, fp_encode(F, f->v, &fl));
		if ((claim == 4) == (cl == FP_CLASS_SUBNORMAL) && (claim == 5) == (cl == FP_CLASS_NORMAL))
			return;
		say(out, n, max, at, cl == FP_CLASS_ZERO ? "%.6g flushes to zero in %s" :
		    "%.6g is %s in %s", f->v, cl == FP_CLASS_ZERO ? F->name : fp_class_name(cl),
		    F->name);
		return;
	}
	int fmt = NOFMT;
	for (size_t j = at + 1; j < tx->n && j <= at + 4 && tx->t[j].clause == tx->t[at].clause &&
	    fmt == NOFMT; j++)
		fmt = format_of(tx, j);
	for (size_t j = i, k = 0; fmt == NOFMT && j-- > 0 && k < 4 &&
	    tx->t[j].clause == tx->t[i].clause; k++)
		fmt = format_of(tx, j);
	bool neg = false;	/* a negator between the figure and its claim */
	for (size_t j = f->end; j <= at; j++)
		neg |= (tx->t[j].flags & TK_NEGATOR) != 0;
	if (fmt == NOFMT) {	/* no format named: a true claim in fp16 still counts */
		int fa = fate(FP_FP16, f->v);
		if (!neg && ((claim == 1 && fa == 1) || (claim == 3 && fa == 2)))
			mark(tx, i, claim == 1 ? GF_OVERFLOW : GF_FLUSH);
		return;
	}
	const fp_format *F = fp_format_get((fp_id)fmt);
	unsigned flags;
	fp_class c = fp_classify(F, fp_encode(F, f->v, &flags));
	bool isbig = c == FP_CLASS_INF || c == FP_CLASS_NAN;
	bool flushed = c == FP_CLASS_ZERO && f->v != 0;
	bool truth = claim == 1 ? isbig : claim == 2 ? !isbig && !flushed : flushed;
	/* past an arrow the claim may be about what follows ("fp16 caps at
	 * 65k → inf"): it is credited when true, never charged */
	bool arrow = tx->t[at].clause != tx->t[i].clause;
	if (truth != neg || arrow) {
		if (truth != neg && truth && claim != 2)
			mark(tx, i, claim == 1 ? GF_OVERFLOW : GF_FLUSH);
		return;
	}
	if (isbig)
		say(out, n, max, at, "%.6g overflows %s (its largest finite value is %.6g)",
		    f->v, F->name, fp_max_finite(F));
	else if (flushed)
		say(out, n, max, at, "%.6g flushes to zero in %s (its smallest subnormal is %.6g)",
		    f->v, F->name, fp_min_subnormal(F));
	else
		say(out, n, max, at, "%.6g is a finite nonzero value in %s (it is %.6g there)",
		    f->v, F->name, fp_decode(F, fp_encode(F, f->v, &flags)));
}

/* Formats compared: "bf16 has more range but less precision than fp16",
 * "bf16 is more precise than fp16", "e4m3 has a wider range than fp16",
 * "bf16 has the same exponent as fp32".  Each (comparative, property)
 * pair between the first format and "than"/"as" and the second is held
 * to the formats' fields: range by the largest finite value, precision
 * and the mantissa by fraction bits, the exponent by exponent bits.  A
 * negated comparison is not read. */
typedef enum prop { P_NONE, P_RANGE, P_PREC, P_EXP } prop;

/* Range is compared by the largest finite value's power of two: bf16's
 * range is fp32's ("the same exponent range as fp32"), though its largest
 * value is 3.3895e38 against 3.4028e38. */
static double
prop_of(prop p, const fp_format *f)
{
	return p == P_RANGE ? floor(log2(fp_max_finite(f))) : p == P_PREC ? f->man_bits :
	    f->exp_bits;
}

static void
check_comparison(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	static const char *const more[] = { "more", "higher", "wider", "larger", "bigger",
		"greater", "better", "finer", "extra", NULL };
	static const char *const less[] = { "less", "lower", "narrower", "smaller", "fewer",
		"worse", NULL };
	static const char *const rangew[] = { "range", "max", "maximum", "headroom", NULL };
	static const char *const precw[] = { "precision", "mantissa", "fraction",
		"significand", "accuracy", "resolution", NULL };
	int a = format_of(tx, i);
	struct { int cmp; prop p; } pairs[4];
	size_t np = 0;
	int cmp = 0;
	bool neg = false;

	for (size_t j = i + 1; j < tx->n && j < i + 14 && tx->t[j].clause == tx->t[i].clause; j++) {
		const gtok *k = &tx->t[j];
		neg |= (k->flags & TK_NEGATOR) != 0;
		if (is(k, "than") || (is(k, "as") && cmp == 2)) {
			size_t b = j + 1;
			while (b < tx->n && b < j + 3 && format_of(tx, b) == NOFMT &&
			    (is(&tx->t[b], "the") || is(&tx->t[b], "that") || is(&tx->t[b], "of")))
				b++;
			int fb = b < tx->n && tx->t[b].clause == k->clause ? format_of(tx, b) : NOFMT;
			if (fb == NOFMT || fb == a || neg || np == 0 || !asserted(tx, i))
				return;
			const fp_format *A = fp_format_get((fp_id)a), *B = fp_format_get((fp_id)fb);
			for (size_t q = 0; q < np; q++) {
				double x = prop_of(pairs[q].p, A), y = prop_of(pairs[q].p, B);
				bool truth = pairs[q].cmp == 1 ? x > y : pairs[q].cmp == -1 ? x < y : x == y;
				if (truth)
					continue;
				if (pairs[q].p == P_RANGE)
					say(out, n, max, j, "%s's largest finite value is %.6g, %s's %.6g",
					    A->name, fp_max_finite(A), B->name, fp_max_finite(B));
				else
					say(out, n, max, j, "%s has %.0f %s bits, %s %.0f", A->name, x,
					    pairs[q].p == P_PREC ? "fraction" : "exponent", B->name, y);
				return;
			}
			return;
		}
		if (is_any(k, more))
			cmp = 1;
		else if (is_any(k, less))
			cmp = -1;
		else if (is(k, "same") || is(k, "identical"))
			cmp = 2;
		prop p = is_any(k, rangew) ? P_RANGE : is_any(k, precw) ? P_PREC :
		    is(k, "exponent") || is(k, "exponents") ? P_EXP : P_NONE;
		/* "more precise", "coarser", "finer" name the property themselves */
		if (is(k, "precise") || is(k, "accurate"))
			p = P_PREC;
		if (is(k, "coarser") || is(k, "rougher")) {
			cmp = -1;
			p = P_PREC;
		}
		if (p != P_NONE && cmp != 0 && np < 4) {
			pairs[np].cmp = cmp == 2 ? 0 : cmp;
			pairs[np++].p = p;
			if (cmp != 2)
				cmp = 0;
		}
		if (format_of(tx, j) != NOFMT)
			return;	/* another format before "than": not this comparison */
	}
}

/* GradScaler's defaults: "the default initial scale is 2^24",
 * "growth_interval defaults to 1000", "backoff_factor is 0.25 by default",
 * "by default it doubles the scale every 500 steps".  Only a default is
 * held to the constants (a default word in the sentence: default, by
 * default, starts, out of the box): "GradScaler(init_scale=1024)" is a
 * choice the answer makes. */
static void
check_scaler(const gtext *tx, size_t i, const grade_constants *c, gfigure *out, size_t *n,
    size_t max)
{
	static const char *const deflt[] = { "default", "defaults", "starts", "start",
		"starting", "begins", "initially", NULL };
	const gtok *k = &tx->t[i];
	const char *what = NULL;
	double truth = 0;

	if ((is(k, "init") || is(k, "initial") || is(k, "starting")) && i + 1 < tx->n &&
	    is(&tx->t[i + 1], "scale")) {
		what = "initial scale";
		truth = c->init_scale;
		i++;
	} else if ((is(k, "s") || is(k, "scale")) && i + 1 < tx->n &&
	    (is(&tx->t[i + 1], "starts") || is(&tx->t[i + 1], "begins"))) {
		what = "initial scale";	/* "by default S starts at 2^24" */
		truth = c->init_scale;
		i++;
	} else if (is(k, "growth") && i + 1 < tx->n && is(&tx->t[i + 1], "interval")) {
		what = "growth_interval";
		truth = c->growth_interval;
		i++;
	} else if (is(k, "growth") && i + 1 < tx->n && is(&tx->t[i + 1], "factor")) {
		what = "growth_factor";
		truth = c->growth_factor;
		i++;
	} else if ((is(k, "backoff") || is(k, "back")) && i + 1 < tx->n &&
	    is(&tx->t[i + 1], "factor")) {
		what = "backoff_factor";
		truth = c->backoff_factor;
		i++;
	} else if ((is(k, "every") || is(k, "after")) && i + 1 < tx->n && tx->t[i + 1].isnum) {
		/* "doubles the scale every 500 steps" */
		bool grows = false;
		for (size_t j = tx->cstart[k->clause]; j < i; j++)
			grows |= is(&tx->t[j], "doubles") || is(&tx->t[j], "double") ||
			    is(&tx->t[j], "grows") || is(&tx->t[j], "grow") ||
			    is(&tx->t[j], "increases") || is(&tx->t[j], "raises");
		fig f;
		figure_at(tx, i + 1, &f);
		if (!grows || f.end >= tx->n || !(is(&tx->t[f.end], "steps") ||
		    is(&tx->t[f.end], "iterations") || is(&tx->t[f.end], "clean") ||
		    is(&tx->t[f.end], "good") || is(&tx->t[f.end], "successful")))
			return;
		what = "growth_interval";
		truth = c->growth_interval;
	}
	if (what == NULL)
		return;
	bool said_default = false;
	for (size_t j = 0; j < tx->n; j++)
		if (tx->t[j].sent == k->sent && is_any(&tx->t[j], deflt))
			said_default = true;
	if (!said_default)
		return;
	fig f;
	size_t at;
	if (!bound_figure(tx, i, &f, &at)) {
		if (!(i + 1 < tx->n && tx->t[i + 1].isnum))
			return;
		at = i + 1;
		figure_at(tx, at, &f);
	}
	if (negated(tx, i, at) || !asserted(tx, at) || agrees(&f, truth))
		return;
	say(out, n, max, at, "GradScaler's default %s is %.6g, not %.6g", what, truth, f.v);
}

size_t
grade_false_figures(gtext *tx, const grade_constants *c, gfigure *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < tx->n && n < max; i++) {
		const gtok *k = &tx->t[i];
		if (c && tx->hasnum && (k->cls & WC_SCL))
			check_scaler(tx, i, c, out, &n, max);
		if (!k->isnum && !(k->cls & WC_FIG))
			continue;
		if (k->cls & WC_FMT)
			check_comparison(tx, i, out, &n, max);
		if (!tx->hasnum)
			continue;	/* the rest reads figures */

		bool normal_only, sub_only;
		qkind q = quantity_at(tx, i, &normal_only, &sub_only);
		fig f;
		size_t at;
		size_t from = q == Q_MAX_AT || q == Q_MIN_AT ? i + 1 : i;
		if (q != Q_NONE && bound_figure(tx, from, &f, &at)) {
			check_quantity(tx, i, q, normal_only, sub_only, &f, at, out, &n, max);
			continue;
		}
		if (k->isnum && (q = bits_claim(tx, i)) != Q_NONE) {
			fig b = { k->num, 0.5, i + 1, false };
			check_quantity(tx, i, q, false, false, &b, i, out, &n, max);
			continue;
		}
		/* exp(a), e^a */
		if ((is(k, "exp") || is(k, "e")) && i + 1 < tx->n &&
		    !(i > 0 && (tx->t[i - 1].isnum || is_op_after(tx, i - 1)))) {
			size_t j = i + 1;
			double sign = 1;
			if (is(&tx->t[j], "-") && j + 1 < tx->n) {
				sign = -1;
				j++;
			}
			if (!tx->t[j].isnum || tx->t[j].clause != k->clause || is_op_after(tx, j + 1))
				continue;
			double a = sign * tx->t[j].num;
			char what[48];
			snprintf(what, sizeof what, "exp(%g)", a);
			check_value(tx, i, j + 1, exp(a), what, out, &n, max);
			continue;
		}
		/* a product: A x B, A times B, A squared */
		if (k->isnum) {
			fig a, b;
			figure_at(tx, i, &a);
			size_t j = a.end;
			if (j + 1 < tx->n && (is(&tx->t[j], "x") || is(&tx->t[j], "times")) &&
			    figure_at(tx, j + 1, &b) && !is_op_after(tx, b.end) &&
			    (i == 0 || !is_op_after(tx, i - 1))) {
				char what[64];
				snprintf(what, sizeof what, "%g x %g", a.v, b.v);
				check_value(tx, i, b.end, a.v * b.v, what, out, &n, max);
				i = b.end - 1;
			} else if (j < tx->n && is(&tx->t[j], "squared") && (i == 0 || !is_op_after(tx, i - 1))) {
				char what[64];
				snprintf(what, sizeof what, "%g squared", a.v);
				check_value(tx, i, j + 1, a.v * a.v, what, out, &n, max);
			} else {
				check_plain(tx, i, &a, out, &n, max);
				i = a.end - 1;
			}
		}
	}
	return n;
}
