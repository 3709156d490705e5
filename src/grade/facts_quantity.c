/*
 * facts_quantity.c — a format's quantities as an answer names them: which
 * quantity a word names (max, smallest, epsilon, where it overflows or
 * flushes), its true values in a format from the engine, and a figure
 * held to them in every format it may be about.  Used by the main loop
 * (facts.c) and the bounds (facts_bounds.c).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fp/fp.h"
#include "grade/facts_int.h"

/* A format named at most three words before i in its clause, with only
 * small words between ("fp16 can only reach", "bf16 keeps subnormals",
 * "fp16 can represent numbers down to"). */
static bool
format_just_before(const gtext *tx, size_t i)
{
	static const char *const small[] = { "can", "only", "ever", "at", "most", "just",
		"will", "keeps", "has", "its", "the", "represent", "hold", "store", "holds",
		"stores", "represents", "precision", NULL };
	for (size_t j = i, d = 0; j > 0 && d < 4; d++) {
		j--;
		if (tx->t[j].clause != tx->t[i].clause)
			return false;
		if (gf_format_of(tx, j) != GF_NOFMT)
			return true;
		if (!gf_is_any(&tx->t[j], small))
			return false;
	}
	return false;
}

/* The quantity a word at i names.  A noun (max, largest, smallest, limit)
 * names a format's quantity only with the format (or "its") before it or a
 * value word after it ("largest finite value"): softmax answers "subtract
 * the max (20)", clipping has a "max norm", gradients a "largest" one. */
qkind
gf_quantity_at(const gtext *tx, size_t i, bool *normal_only, bool *sub_only)
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
	if (gf_is(k, "epsilon") || gf_is(k, "eps"))
		return Q_EPS;
	/* a threshold: "fp32 overflows beyond 1e16", "flushes below 2^-25";
	 * the figure follows the preposition */
	if (i + 1 < tx->n && i > 0 && (gf_format_of(tx, i - 1) != GF_NOFMT ||
	    (i > 1 && gf_format_of(tx, i - 2) != GF_NOFMT && tx->t[i - 2].clause == k->clause))) {
		static const char *const up[] = { "above", "beyond", "past", "over", "at", NULL };
		static const char *const down[] = { "below", "under", NULL };
		if ((gf_is(k, "overflows") || gf_is(k, "overflow")) && gf_is_any(&tx->t[i + 1], up))
			return Q_MAX_AT;
		if ((gf_is(k, "underflows") || gf_is(k, "underflow") || gf_is(k, "flushes")) &&
		    gf_is_any(&tx->t[i + 1], down))
			return Q_MIN_AT;
	}
	if (gf_is_any(k, maxverb))
		return Q_MAX;
	/* "fp16 can only reach 1024", "fp16 keeps subnormals down to 1e-10":
	 * reach and down to are a format's only right after it (gradients
	 * reach and go down to anything) */
	if (gf_is(k, "reach") || gf_is(k, "reaches"))
		return format_just_before(tx, i) ? Q_MAX : Q_NONE;
	if (gf_is(k, "down") && i + 1 < tx->n && gf_is(&tx->t[i + 1], "to") && i > 0) {
		static const char *const held[] = { "subnormals", "denormals", "values",
			"numbers", "magnitudes", "represent", "represents", "holds", "stores", NULL };
		static const char *const go[] = { "go", "goes", "reach", "reaches", "extend",
			"extends", "run", "runs", NULL };
		size_t w = i - 1;	/* "subnormals (go) down to" */
		if (gf_is_any(&tx->t[w], go) && w > 0)
			w--;
		bool sub = gf_is(&tx->t[w], "subnormals") || gf_is(&tx->t[w], "denormals");
		/* subnormals are a format's own; values go down to anything */
		if (!gf_is_any(&tx->t[w], held) || (!sub && !format_just_before(tx, w)))
			return Q_NONE;
		*sub_only = sub;
		return Q_MIN;
	}
	/* "integers are exact only up to 256": the range of exact integers,
	 * not of the format */
	for (size_t j = i > 4 ? i - 4 : 0; gf_is(k, "up") && j < i; j++)
		if (gf_is(&tx->t[j], "integers") || gf_is(&tx->t[j], "integer") ||
		    gf_is(&tx->t[j], "exact") || gf_is(&tx->t[j], "exactly") ||
		    gf_is(&tx->t[j], "consecutive"))
			return Q_NONE;
	if (gf_is(k, "up") && i + 1 < tx->n && gf_is(&tx->t[i + 1], "to") && i > 0 &&
	    (gf_is(&tx->t[i - 1], "goes") || gf_is(&tx->t[i - 1], "go") || gf_is(&tx->t[i - 1], "only") ||
	    gf_is(&tx->t[i - 1], "range") ||	/* "a range up to about 1.8e308" */
	    ((gf_is(&tx->t[i - 1], "values") || gf_is(&tx->t[i - 1], "numbers")) && i > 1 &&
	    (gf_is(&tx->t[i - 2], "holds") || gf_is(&tx->t[i - 2], "hold") ||
	    gf_is(&tx->t[i - 2], "represents") || gf_is(&tx->t[i - 2], "represent") ||
	    gf_is(&tx->t[i - 2], "store") || gf_is(&tx->t[i - 2], "stores")))))
		return Q_MAX;
	/* "fp16 can represent up to about 65504": held by the format
	 * named just before */
	static const char *const holds[] = { "represent", "represents", "hold", "holds", "store",
		"stores", NULL };
	if (gf_is(k, "up") && i + 1 < tx->n && gf_is(&tx->t[i + 1], "to") && i > 0 &&
	    gf_is_any(&tx->t[i - 1], holds) && format_just_before(tx, i))
		return Q_MAX;
	/* "minus the max value (20) from every logit", "subtract the largest
	 * value": what is subtracted is the largest logit, no format's */
	static const char *const sub[] = { "minus", "subtract", "subtracting", "subtracts",
		"shift", "shifting", "deduct", "deducting", NULL };
	for (size_t j = i > 3 ? i - 3 : 0; j < i; j++)
		if (tx->t[j].clause == k->clause && gf_is_any(&tx->t[j], sub) &&
		    gf_format_of(tx, i - 1) == GF_NOFMT)
			return Q_NONE;
	bool spec_after = false;
	for (size_t j = i + 1; j < tx->n && j <= i + 3 && !tx->t[j].isnum; j++)
		if (gf_is_any(&tx->t[j], spec))
			spec_after = true;
	if (!spec_after && !gf_named_before(tx, i))
		return Q_NONE;
	if (gf_is_any(k, maxw))
		return Q_MAX;
	if (!gf_is_any(k, minw))
		return Q_NONE;
	for (size_t j = i + 1; j < tx->n && j <= i + 3 && !tx->t[j].isnum; j++) {
		if (gf_is(&tx->t[j], "normal") || gf_is(&tx->t[j], "normalized"))
			*normal_only = true;
		if (gf_is(&tx->t[j], "subnormal") || gf_is(&tx->t[j], "denormal") ||
		    gf_is(&tx->t[j], "positive") || gf_is(&tx->t[j], "nonzero") ||
		    gf_is(&tx->t[j], "representable"))
			*sub_only = true;
	}
	if (*normal_only && *sub_only)
		*normal_only = false;
	return Q_MIN;
}


/* The true values of a quantity in format f (up to 3). */
size_t
gf_truths(qkind q, const fp_format *f, bool normal_only, bool sub_only, bool halved,
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
	case Q_DIGITS:	/* significant decimal digits: p log10 2 */
		t[n++] = (f->man_bits + 1) * 0.30102999566398120;
		break;
	default:
		break;
	}
	return n;
}

const char *
gf_quantity_name(qkind q)
{
	switch (q) {
	case Q_MAX: return "largest finite value";
	case Q_MAX_AT: return "point where it overflows";
	case Q_MIN_AT: return "point where it flushes to zero";
	case Q_MIN: return "smallest value";
	case Q_EPS: return "machine epsilon";
	case Q_EXPBITS: return "width of the exponent";
	case Q_MANBITS: return "width of the mantissa";
	case Q_DIGITS: return "number of significant decimal digits";
	default: return "";
	}
}

/* Does the format at j name the owner of a field of the other kind than
 * quantity q measures: "more range (fp32 exponent), less precision
 * (7-bit mantissa)" lends bf16 fp32's exponent and says nothing of
 * fp32's mantissa; "fp16-level precision" says nothing of fp16's max.
 * Range and precision are the two kinds. */
static bool
borrowed_field(const gtext *tx, size_t j, qkind q)
{
	static const char *const range[] = { "exponent", "exponents", "range", "ranges", NULL };
	static const char *const precision[] = { "mantissa", "mantissas", "precision",
		"fraction", "significand", "resolution", NULL };
	size_t k = j + 1;
	if (k < tx->n && (gf_is(&tx->t[k], "level") || gf_is(&tx->t[k], "like") ||
	    gf_is(&tx->t[k], "style") || gf_is(&tx->t[k], "sized")))
		k++;
	if (k >= tx->n || tx->t[k].clause != tx->t[j].clause)
		return false;
	bool measures_precision = q == Q_MANBITS || q == Q_EPS || q == Q_DIGITS;
	bool measures_range = q == Q_MAX || q == Q_MIN || q == Q_EXPBITS || q == Q_MAX_AT ||
	    q == Q_MIN_AT;
	return (measures_precision && gf_is_any(&tx->t[k], range)) ||
	    (measures_range && gf_is_any(&tx->t[k], precision));
}

/* Is the format of set (one bit) the only one the figure's sentence
 * names, with no word in it that sets formats side by side ("7 vs 10
 * bits", "fewer than fp16's", "like fp32")?  Then the figure is that
 * format's alone: "half precision is 1 sign bit, 8 exponent bits and 7
 * mantissa bits" is false of fp16, though those are bf16's fields. */
static bool
sole_format(const gtext *tx, size_t head, qkind q, unsigned set)
{
	static const char *const side[] = { "vs", "versus", "than", "compared",
		"instead", "against", "whereas", "while", "unlike", "like", "rather",
		"same", "relative", "equivalent", "match", "matches", "from", "trades",
		"trade", NULL };
	if (set == 0 || (set & (set - 1)) != 0)
		return false;
	int sent = tx->t[head].sent, named = -1;
	for (size_t j = 0; j < tx->n; j++) {
		if (tx->t[j].sent != sent)
			continue;
		/* "like" sets formats side by side only before one ("like
		 * fp32"); "any scale you like" does not */
		bool verb_like = gf_is(&tx->t[j], "like");
		for (size_t m = j + 1; verb_like && m < tx->n && m <= j + 3; m++)
			verb_like = gf_format_of(tx, m) == GF_NOFMT;
		if (gf_is_any(&tx->t[j], side) && !verb_like)
			return false;
		int f = gf_format_of(tx, j);
		if (f != GF_NOFMT && borrowed_field(tx, j, q))
			return false;
		if (f != GF_NOFMT) {
			if (named >= 0 && f != named)
				return false;
			named = f;
		}
	}
	return named >= 0 && (set & (1u << named));
}

/* "fp16's smallest positive value is 1e-8": a bare power of ten agrees
 * with a value it rounds to in log space (gf_agrees: an order of
 * magnitude), but said of a format's limit without "about" or "~" it must
 * be within a factor of three (1e5 for 65504 is fine, 1e-8 for 5.96e-8 is
 * not). */
static bool
bare_magnitude_off(const gtext *tx, const gfig *f, size_t figtok, double t)
{
	static const char *const approx[] = { "about", "around", "roughly", "approximately",
		"approx", "circa", "order", "magnitude", "ish", NULL };
	double lg = f->v > 0 ? log10(f->v) : 0.5;
	if (!(f->sci && (f->unit >= f->v || f->unit == 0) && f->v > 0 && lg == floor(lg)) || t <= 0)
		return false;
	for (size_t j = figtok, d = 0; j-- > 0 && d < 2; d++)
		if (gf_is_any(&tx->t[j], approx))
			return false;
	return f->v / t > 3 || t / f->v > 3;
}

static void check_set(const gtext *tx, size_t head, qkind q, bool normal_only,
    bool sub_only, const gfig *f, size_t figtok, int side, unsigned set, unsigned shown,
    gfigure *out, size_t *n, size_t max);

/* Check a format quantity's figure against every candidate format.  A
 * bound said of every value past it is true on one side as well:
 * "anything above 1e8 overflows" (side 1: any figure at or above where
 * it overflows), "anything below 1e-10 flushes" (side -1: at or below
 * where it flushes); side 0 wants the value itself. */
void
gf_check_quantity(const gtext *tx, size_t head, qkind q, bool normal_only, bool sub_only,
    const gfig *f, size_t figtok, int side, gfigure *out, size_t *n, size_t max)
{
	unsigned shown = gf_candidates(tx, head), set = shown;
	/* a figure whose format is not named where it stands may be about
	 * any of the subject's formats: "less precision (7 vs 10 mantissa
	 * bits)", "machine epsilon 2^-7" in an answer about bf16; "its" is
	 * the format of its sentence or the one before */
	/* a bound is held to a format its own clause names ("in bf16
	 * anything smaller than ..."): every format passes some loose bound */
	bool in_clause = false;
	for (size_t j = 0; side != 0 && j < tx->n; j++)
		in_clause |= tx->t[j].clause == tx->t[head].clause && gf_format_of(tx, j) != GF_NOFMT;
	if (!in_clause && !gf_named_before(tx, head) && gf_named_in_after(tx, head) == GF_NOFMT &&
	    !sole_format(tx, head, q, set))
		set |= 1u << FP_FP16 | 1u << FP_BF16 | 1u << FP_FP32;
	check_set(tx, head, q, normal_only, sub_only, f, figtok, side, set, shown, out, n, max);
}

/* The figure f (at figtok) of quantity q held to the formats of set; the
 * message names those of shown (when any). */
static void
check_set(const gtext *tx, size_t head, qkind q, bool normal_only, bool sub_only,
    const gfig *f, size_t figtok, int side, unsigned set, unsigned shown, gfigure *out,
    size_t *n, size_t max)
{
	if (set == 0 || !gf_asserted(tx, figtok) || gf_negated(tx, head, figtok))
		return;
	/* "a thermometer that tops out at 100 degrees": a figure in a unit
	 * is a measurement of an analogy, no value of a format */
	static const char *const unit[] = { "degrees", "degree", "celsius", "fahrenheit",
		"km", "kph", "mph", "miles", "mile", "meters", "metres", "kg", "pounds",
		"dollars", "euros", "volts", "rpm", "litres", "liters", "cm", "mm", NULL };
	if (f->end < tx->n && gf_is_any(&tx->t[f->end], unit))
		return;
	/* "half the smallest subnormal", "half of that smallest subnormal
	 * (≈2.98e-8)": half of it, a few words back */
	bool halved = false;
	for (size_t b = head, k = 0; b-- > 0 && k < 4 && !halved; k++)
		halved = gf_is(&tx->t[b], "half") || gf_is(&tx->t[b], "halfway");
	if (shown == 0)
		shown = set;
	char list[160] = "";
	size_t len = 0;
	for (int id = 0; id < FP_NFORMATS; id++) {
		if (!(set & (1u << id)))
			continue;
		const fp_format *fmt = fp_format_get((fp_id)id);
		double t[3] = { 0, 0, 0 };
		size_t nt = gf_truths(q, fmt, normal_only, sub_only, halved, t);
		for (size_t k = 0; k < nt; k++)
			/* below the flush point everything vanishes; between it
			 * and the smallest normal the subnormals do not */
			if ((gf_agrees(f, t[k]) && !bare_magnitude_off(tx, f, figtok, t[k])) ||
			    (side > 0 && f->v >= t[k]) ||
			    (side < 0 && f->v <= t[0]))
				return;
		if ((shown & (1u << id)) && len < sizeof list - 40)
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s's is %.6g",
			    len ? ", " : "", fmt->name, t[0]);
	}
	gf_say(out, n, max, figtok, "%.6g is not the %s: %s", f->v, gf_quantity_name(q), list);
}

/* The figure of a quantity said of one format: "versus fp16's ≈ 0.0098"
 * after "bf16's epsilon is 2^-7" (facts.c's elided quantity). */
void
gf_check_quantity_of(const gtext *tx, size_t head, int fmt, qkind q, bool normal_only,
    bool sub_only, const gfig *f, size_t figtok, gfigure *out, size_t *n, size_t max)
{
	check_set(tx, head, q, normal_only, sub_only, f, figtok, 0, 1u << fmt, 1u << fmt,
	    out, n, max);
}
