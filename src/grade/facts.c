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
#include <stdio.h>

#include "fp/fp.h"
#include "grade/facts_int.h"


/* "5.96e-8 is the smallest positive fp16 value; 1e-8 is ...", "(≈5.96e-8
 * smallest subnormal), 1e-8 rounds": a figure just before the quantity
 * is the one said of it, and the next figure is about something else. */
static bool
figure_before(const gtext *tx, size_t i)
{
	static const char *const link[] = { "is", "the", "approx", "its", "s", "fp16", "bf16",
		"fp32", "half", "as", "being", NULL };
	for (size_t j = i, d = 0; j-- > 0 && d < 4; d++) {
		/* "1 part in 128 (epsilon 2^-7)": another clause's figure */
		if (tx->t[j].isnum)
			return tx->t[j].sent == tx->t[i].sent && tx->t[j].clause == tx->t[i].clause;
		if (!gf_is_any(&tx->t[j], link) && gf_format_of(tx, j) == GF_NOFMT)
			return false;
	}
	return false;
}

/* "7 mantissa bits", "a 5-bit exponent", "mantissa of 10 bits"; "about 3
 * decimal digits", "7 significant digits". */
static qkind
bits_claim(const gtext *tx, size_t i)
{
	/* "gives up 3 bits of precision", "trades 3 mantissa bits for
	 * exponent", "3 fewer bits": a difference of widths, not a width */
	static const char *const diff[] = { "up", "trades", "trade", "trading",
		"loses", "lose", "losing", "lost", "sacrifices", "sacrifice", "drops",
		"extra", "additional", "more", "fewer", "less", "another", "gains",
		"gain", "spends", "spend", "moves", "borrows", "steals", "costs", "bottom", "top",
		"lowest", "low", "upper", "last", "leading", "trailing", "chopped", "truncated",
		"removed", "dropped", "discarded", NULL };
	static const char *const approx[] = { "about", "roughly", "around", "only",
		"just", NULL };
	size_t p = i;
	while (p > 0 && gf_is_any(&tx->t[p - 1], approx))
		p--;
	if ((p > 0 && gf_is_any(&tx->t[p - 1], diff)) ||
	    (i + 1 < tx->n && gf_is_any(&tx->t[i + 1], diff)))
		return Q_NONE;
	/* "the price is 3 mantissa bits (7 vs 10)": what is paid */
	static const char *const paid[] = { "price", "cost", "difference", "penalty", "catch",
		"tradeoff", "loss", "gap", NULL };
	if (p > 1 && (gf_is(&tx->t[p - 1], "is") || gf_is(&tx->t[p - 1], "of")) &&
	    gf_is_any(&tx->t[p - 2], paid))
		return Q_NONE;
	size_t d = i + 1;
	while (d < tx->n && d < i + 3 && (gf_is(&tx->t[d], "decimal") || gf_is(&tx->t[d], "significant")))
		d++;
	if (d < tx->n && d > i + 1 && (gf_is(&tx->t[d], "digits") || gf_is(&tx->t[d], "digit")))
		return Q_DIGITS;
	static const char *const man[] = { "mantissa", "fraction", "significand",
		"precision", NULL };
	size_t j = i + 1;
	bool bits = j < tx->n && (gf_is(&tx->t[j], "bit") || gf_is(&tx->t[j], "bits"));
	if (bits)
		j++;
	/* "5 bits on the mantissa", and then "10 on the exponent": the
	 * field after a preposition, its unit said before in the sentence */
	static const char *const to_field[] = { "of", "on", "for", "in", "to", NULL };
	bool prep = j < tx->n && gf_is_any(&tx->t[j], to_field);
	if (prep) {
		j++;
		if (j < tx->n && (gf_is(&tx->t[j], "the") || gf_is(&tx->t[j], "its")))
			j++;
	}
	if (prep && !bits) {
		bool said = false;
		for (size_t q = i; q-- > 0 && tx->t[q].sent == tx->t[i].sent;)
			said |= gf_is(&tx->t[q], "bits");
		if (!said)
			return Q_NONE;
	}
	if (j < tx->n && gf_is(&tx->t[j], "exponent"))
		return Q_EXPBITS;
	if (j < tx->n && gf_is_any(&tx->t[j], man) &&
	    (j > i + 1 || (j + 1 < tx->n && (gf_is(&tx->t[j + 1], "bits") || gf_is(&tx->t[j + 1], "bit")))))
		return Q_MANBITS;
	return Q_NONE;
}


/* "1 + 0.001 is 1.000977 in fp16 but stays 1.0 in bf16": a sum said to
 * come out as a figure in a format its clause names, held to the sum the
 * format rounds (each term rounded, then the sum). */
static void
check_sum(const gtext *tx, size_t i, const gfig *a, const gfig *b, gfigure *out, size_t *n,
    size_t max)
{
	static const char *const comes[] = { "is", "stays", "remains", "becomes", "gives",
		"equals", "still", "rounds", "to", "=", "approx", "exactly", "just", "comes",
		"out", "as", "only", "gets", NULL };
	size_t r = b->end;
	while (r < tx->n && r < b->end + 4 && !tx->t[r].isnum && gf_is_any(&tx->t[r], comes))
		r++;
	gfig c;
	if (r == b->end || r >= tx->n || !tx->t[r].isnum || !gf_figure_at(tx, r, &c) ||
	    gf_is_op_after(tx, c.end) || !gf_asserted(tx, r) || gf_negated(tx, i, r))
		return;
	int fmt = GF_NOFMT;	/* "... in bf16", or "in bf16, 1 + ..." */
	for (size_t q = c.end; q < tx->n && q <= c.end + 3 && fmt == GF_NOFMT &&
	    tx->t[q].clause == tx->t[r].clause; q++)
		fmt = gf_format_of(tx, q);
	for (size_t q = i; fmt == GF_NOFMT && q-- > 0 && q + 4 > i && tx->t[q].sent == tx->t[i].sent;)
		fmt = gf_format_of(tx, q);
	if (fmt == GF_NOFMT)
		return;
	const fp_format *F = fp_format_get((fp_id)fmt);
	unsigned fl;
	double x = fp_decode(F, fp_encode(F, a->v, &fl)), y = fp_decode(F, fp_encode(F, b->v, &fl));
	double sum = fp_decode(F, fp_encode(F, x + y, &fl));
	/* to half a unit of its last digit: 1.001 is not bf16's 1.0 */
	double tol = c.unit > 0 ? c.unit / 2 * (1 + 1e-9) : fabs(sum) * 1e-4;
	if (!isfinite(sum) || fabs(c.v - sum) <= tol)
		return;
	gf_say(out, n, max, r, "in %s, %g + %g rounds to %.9g, not %.6g", F->name, a->v, b->v,
	    sum, c.v);
}

/* "The format is 1 sign bit, 8 exponent bits and 10 mantissa bits": an
 * exponent and a mantissa width said in one sentence of one format (or of
 * none named there) are one layout, and some format must have it; each
 * width alone may be any format's. */
static void
check_layout(const gtext *tx, gfigure *out, size_t *n, size_t max)
{
	for (size_t i = 0; i < tx->n; i++) {
		if (!tx->t[i].isnum || bits_claim(tx, i) != Q_EXPBITS || !gf_asserted(tx, i))
			continue;
		size_t m = i + 1;
		while (m < tx->n && tx->t[m].sent == tx->t[i].sent &&
		    !(tx->t[m].isnum && bits_claim(tx, m) == Q_MANBITS))
			m++;
		if (m >= tx->n || tx->t[m].sent != tx->t[i].sent || !gf_asserted(tx, m))
			continue;
		/* "8-bit exponent like fp32, 7 vs 10 mantissa bits": a
		 * comparison names widths of two formats */
		static const char *const versus[] = { "vs", "versus", "than", "against", "compared",
			"whereas", "while", "unlike", "instead", "like", "as", NULL };
		unsigned named = 0;
		bool compared = false;
		for (size_t j = 0; j < tx->n; j++)
			if (tx->t[j].sent == tx->t[i].sent) {
				compared |= gf_is_any(&tx->t[j], versus) || ((tx->t[j].flags & TK_POSS) &&
				    gf_format_of(tx, j) != GF_NOFMT && j + 1 < tx->n && tx->t[j + 1].isnum);
				if (gf_format_of(tx, j) != GF_NOFMT && !(tx->t[j].flags & TK_POSS))
					named |= 1u << gf_format_of(tx, j);
			}
		/* ... unless the two widths are said together, "8 exponent bits
		 * and 10 mantissa bits against fp16's 5 and 10": nothing of
		 * another format stands between them */
		bool together = m <= i + 6;
		for (size_t j = i + 1; j < m && together; j++)
			together = !tx->t[j].isnum && !gf_is_any(&tx->t[j], versus) &&
			    gf_format_of(tx, j) == GF_NOFMT;
		if (!together && (compared || (named & (named - 1))))
			continue;	/* two formats: the widths may be of each */
		unsigned set = named ? named : gf_candidates(tx, i) |
		    1u << FP_FP16 | 1u << FP_BF16 | 1u << FP_FP32;
		double e = tx->t[i].num, w = tx->t[m].num;
		/* "1 sign bit, 8 exponent bits and 8 mantissa bits": with the
		 * sign counted the fields fill the word, so the mantissa is the
		 * stored fraction, without the implicit bit */
		bool sign = false;
		for (size_t j = 0; j + 1 < tx->n && !sign; j++)
			sign = tx->t[j].sent == tx->t[i].sent && tx->t[j].isnum && tx->t[j].num == 1 &&
			    gf_is(&tx->t[j + 1], "sign");
		bool some = false;
		for (int id = 0; id < FP_NFORMATS && !some; id++) {
			const fp_format *F = fp_format_get((fp_id)id);
			some = (set & (1u << id)) && e == F->exp_bits &&
			    (w == F->man_bits || (!sign && w == F->man_bits + 1));
		}
		if (!some)
			gf_say(out, n, max, m, "%g exponent and %g mantissa bits are no format's "
			    "layout: fp16 has 5 and 10, bf16 8 and 7, fp32 8 and 23", e, w);
		i = m;
	}
}

/* "bf16's epsilon is 2^-7 versus fp16's ≈ 0.0098": after a quantity's
 * figure (ending at e), another format's figure of the same quantity with
 * the quantity left out. */
static void
check_elided(const gtext *tx, size_t e, qkind q, bool normal_only, bool sub_only,
    gfigure *out, size_t *n, size_t max)
{
	static const char *const versus[] = { "vs", "versus", "against", "compared", "to",
		"with", "while", "whereas", "and", "but", "for", "in", NULL };
	static const char *const link[] = { "is", "of", "about", "around", "roughly", "approx",
		"approximately", "only", "just", NULL };
	static const char *const ends[] = { "and", "so", "but", "which", "while", "whereas",
		"vs", "versus", NULL };
	gfig g;
	/* "2^-7 ≈ 0.0078": the same figure again */
	if (e + 1 < tx->n && gf_is(&tx->t[e], "approx") && tx->t[e + 1].isnum &&
	    gf_figure_at(tx, e + 1, &g))
		e = g.end;
	size_t j = e;
	while (j < tx->n && j < e + 3 && tx->t[j].sent == tx->t[e - 1].sent &&
	    gf_is_any(&tx->t[j], versus))
		j++;
	if (j == e || j >= tx->n || tx->t[j].sent != tx->t[e - 1].sent ||
	    !(tx->t[j].flags & TK_POSS) || gf_format_of(tx, j) == GF_NOFMT)
		return;
	/* "7 mantissa bits (eps 2^-7) against fp16's 10": widths are
	 * compared too, and the figure may be either's */
	for (size_t b = j; b-- > 0 && tx->t[b].sent == tx->t[j].sent;)
		if (gf_is(&tx->t[b], "bits") || gf_is(&tx->t[b], "bit") || gf_is(&tx->t[b], "digits"))
			return;
	size_t k = j + 1;
	while (k < tx->n && k < j + 4 && gf_is_any(&tx->t[k], link))
		k++;
	/* "... against fp16's 10 bits": a figure of something else */
	if (k >= tx->n || !tx->t[k].isnum || tx->t[k].sent != tx->t[j].sent ||
	    !gf_figure_at(tx, k, &g) || gf_is_op_after(tx, g.end) || !gf_asserted(tx, k) ||
	    gf_negated(tx, j, k) || (g.end < tx->n && tx->t[g.end].clause == tx->t[k].clause &&
	    !gf_is_any(&tx->t[g.end], ends)))
		return;
	gf_check_quantity_of(tx, j, gf_format_of(tx, j), q, normal_only, sub_only, &g, k,
	    out, n, max);
}

/* "1e-8 × 4096 ≈ 4.1e-5": a small gradient times a scale, its product
 * stated right after and true (the caller found no false figure), is a
 * gradient worked through the scale, for %scaled. */
static bool
scaled_product(const gtext *tx, const gfig *a, const gfig *b)
{
	double g = a->v < b->v ? a->v : b->v, s = a->v < b->v ? b->v : a->v;
	if (!(g > 0 && g < 1e-2 && s >= 16))
		return false;
	size_t j = b->end;
	if (j + 1 >= tx->n || !(gf_is(&tx->t[j], "approx") || gf_is(&tx->t[j], "is") ||
	    gf_is(&tx->t[j], "=") || gf_is(&tx->t[j], "gives") || gf_is(&tx->t[j], "then")))
		return false;
	gfig r;
	return gf_figure_at(tx, j + 1, &r) && gf_agrees(&r, g * s);
}

size_t
grade_false_figures(gtext *tx, const grade_constants *c, gfigure *out, size_t max)
{
	size_t n = 0;

	if (tx->hasnum)
		gf_check_softmax(tx, out, &n, max);
	/* the sentences that hold a figure: every check below but the
	 * scaler's words and the comparisons reads a figure of its own
	 * sentence, so the others are passed over (most of an answer) */
	enum { NSENT = 512 };
	unsigned char numsent[NSENT / 8] = { 0 };
	for (size_t i = 0; tx->hasnum && i < tx->n; i++)
		if (tx->t[i].isnum && tx->t[i].sent < NSENT)
			numsent[tx->t[i].sent / 8] |= (unsigned char)(1u << (tx->t[i].sent % 8));
	for (size_t i = 0; i < tx->n && n < max; i++) {
		const gtok *k = &tx->t[i];
		bool hasnum = tx->hasnum && (k->sent >= NSENT ||
		    (numsent[k->sent / 8] & (1u << (k->sent % 8))));
		if (c && (k->cls & WC_SCL))	/* "cuts it to a quarter": no digit */
			gf_check_scaler(tx, i, c, out, &n, max);
		size_t ffrom;
		gfig ff;
		size_t fat;
		if (hasnum && !k->isnum && gf_floor_claim(tx, i, &ffrom) &&
		    gf_bound_figure(tx, ffrom, &ff, &fat)) {
			gf_check_quantity(tx, i, Q_MIN_AT, false, false, &ff, fat, -1, out, &n, max);
			continue;
		}
		if (hasnum && !k->isnum && gf_ceiling_claim(tx, i, &ffrom) &&
		    gf_bound_figure(tx, ffrom, &ff, &fat)) {
			gf_check_quantity(tx, i, Q_MAX_AT, false, false, &ff, fat, 1, out, &n, max);
			continue;
		}
		if (hasnum && !k->isnum) {
			gf_check_vs_quantity(tx, i, out, &n, max);
			gf_check_exp_threshold(tx, i, out, &n, max);
			gf_check_ratio(tx, i, out, &n, max);
		}
		if (k->isnum) {
			gf_check_bytes(tx, i, out, &n, max);
			gf_check_equal(tx, i, out, &n, max);
		}
		else if (hasnum)
			gf_check_scaled(tx, i, out, &n, max);
		/* "bf16, which is more precise than fp16": a pronoun compares
		 * the format it stands for */
		if (!k->isnum && (gf_is(k, "it") || gf_is(k, "which")))
			gf_check_comparison(tx, i, out, &n, max);
		if (!k->isnum && !(k->cls & WC_FIG))
			continue;
		if (k->cls & WC_FMT)
			gf_check_comparison(tx, i, out, &n, max);
		if (!hasnum)
			continue;	/* the rest reads figures */

		bool normal_only, sub_only;
		qkind q = gf_quantity_at(tx, i, &normal_only, &sub_only);
		gfig f;
		size_t at;
		size_t from = q == Q_MAX_AT || q == Q_MIN_AT ? i + 1 : i;
		if (q != Q_NONE && !figure_before(tx, i) && gf_bound_figure(tx, from, &f, &at)) {
			gf_check_quantity(tx, i, q, normal_only, sub_only, &f, at, 0, out, &n, max);
			check_elided(tx, f.end, q, normal_only, sub_only, out, &n, max);
			continue;
		}
		/* "6-7 significant digits", "2 to 3 digits": a range, right when
		 * it comes within a digit of the truth */
		size_t hi = i + 1 < tx->n && tx->t[i + 1].isnum ? i + 1 :
		    i + 2 < tx->n && gf_is(&tx->t[i + 1], "to") && tx->t[i + 2].isnum ? i + 2 : i;
		if (k->isnum && hi > i && tx->t[hi].num > k->num && tx->t[hi].clause == k->clause &&
		    bits_claim(tx, hi) == Q_DIGITS) {
			double lo = k->num, up = tx->t[hi].num;
			gfig b = { (lo + up) / 2, (up - lo) / 2 + 1.0, hi + 1, false };
			gf_check_quantity(tx, i, Q_DIGITS, false, false, &b, i, 0, out, &n, max);
			i = hi;
			continue;
		}
		if (k->isnum && (q = bits_claim(tx, i)) != Q_NONE) {
			gfig b = { k->num, q == Q_DIGITS ? 1.0 : 0.5, i + 1, false };
			gf_check_quantity(tx, i, q, false, false, &b, i, 0, out, &n, max);
			continue;
		}
		/* exp(a), e^a */
		if ((gf_is(k, "exp") || gf_is(k, "e")) && i + 1 < tx->n &&
		    !(i > 0 && (tx->t[i - 1].isnum || gf_is_op_after(tx, i - 1)))) {
			size_t j = i + 1;
			double sign = 1;
			if (gf_is(&tx->t[j], "-") && j + 1 < tx->n) {
				sign = -1;
				j++;
			}
			if (!tx->t[j].isnum || tx->t[j].clause != k->clause || gf_is_op_after(tx, j + 1))
				continue;
			/* "exp([20, 19]) ≈ [4.85e8, 1.78e8]": the exponential of
			 * a list is facts_softmax.c's, value by value */
			if (j + 1 < tx->n && tx->t[j + 1].isnum && tx->t[j + 1].clause == k->clause)
				continue;
			double a = sign * tx->t[j].num;
			char what[48];
			snprintf(what, sizeof what, "exp(%g)", a);
			/* an argument with decimals is known to half its last digit */
			double u = tx->t[j].unit > 0 && tx->t[j].unit < 1 ? tx->t[j].unit : 0;
			gf_check_value(tx, i, j + 1, exp(a), expm1(u / 2), what, out, &n, max);
			continue;
		}
		/* ln(a): "ln(65504) ≈ 11.09", the threshold past which exp overflows */
		if (gf_is(k, "ln") && i + 2 < tx->n && tx->t[i + 1].isnum && tx->t[i + 1].num > 0 &&
		    tx->t[i + 1].clause == k->clause && !gf_is_op_after(tx, i + 2) &&
		    !(i > 0 && (tx->t[i - 1].isnum || gf_is_op_after(tx, i - 1)))) {	/* "20 + ln(1.368)" */
			gfig a;
			gf_figure_at(tx, i + 1, &a);
			char what[48];
			snprintf(what, sizeof what, "ln(%g)", a.v);
			gf_check_value(tx, i, a.end, log(a.v), 0.005, what, out, &n, max);
			continue;
		}
		/* a product: A x B, A times B, A squared */
		if (k->isnum) {
			gfig a, b;
			gf_figure_at(tx, i, &a);
			size_t j = a.end;
			/* "x = 10^4, x^2 = 10^8": a variable after a comma is no times */
			if (j + 1 < tx->n && (gf_is(&tx->t[j], "x") || gf_is(&tx->t[j], "times")) &&
			    tx->t[j].clause == k->clause && tx->t[j + 1].clause == k->clause &&
			    gf_figure_at(tx, j + 1, &b) && !gf_is_op_after(tx, b.end) &&
			    (i == 0 || !gf_is_op_after(tx, i - 1))) {
				char what[64];
				snprintf(what, sizeof what, "%g x %g", a.v, b.v);
				size_t before = n;
				gf_check_value(tx, i, b.end, a.v * b.v, 0, what, out, &n, max);
				if (n == before && scaled_product(tx, &a, &b))
					gf_mark(tx, i, GF_SCALED);
				i = b.end - 1;
			} else if (j + 1 < tx->n && gf_is(&tx->t[j], "plus") && tx->t[j + 1].isnum &&
			    (i == 0 || !gf_is_op_after(tx, i - 1)) && gf_figure_at(tx, j + 1, &b) &&
			    !gf_is_op_after(tx, b.end)) {
				check_sum(tx, i, &a, &b, out, &n, max);
				i = b.end - 1;
			} else if (j < tx->n && gf_is(&tx->t[j], "squared") && (i == 0 || !gf_is_op_after(tx, i - 1))) {
				char what[64];
				snprintf(what, sizeof what, "%g squared", a.v);
				gf_check_value(tx, i, j + 1, a.v * a.v, 0, what, out, &n, max);
			} else {
				gf_check_plain(tx, i, &a, out, &n, max);
				i = a.end - 1;
			}
		}
	}
	if (tx->hasnum && n == 0)
		check_layout(tx, out, &n, max);
	return n;
}

