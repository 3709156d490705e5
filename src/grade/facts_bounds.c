/*
 * facts_bounds.c — bounds an answer states: a floor or a ceiling said of
 * every value past a figure ("anything smaller than 0.001 becomes zero",
 * "anything above 148 overflows"), and a figure set against a format's
 * quantity ("0.37 is below fp16's smallest normal"), and the argument
 * past which exp overflows ("exp(x) overflows once x goes past 15").
 */
#include <config.h>

#include <math.h>

#include "fp/fp.h"
#include "grade/facts_int.h"

/* "anything smaller than 0.001 becomes zero", "values below 1e-4 can't be
 * represented": a floor stated for every value under a figure.  Token i
 * is the comparison; true with the token the figure's scan starts from
 * when a word of vanishing (zero, flush, underflow, lost, "not
 * represented") follows the figure in its sentence. */
/* Is the sentence of token i about what is lost next to a larger value
 * ("at 1.0, anything below 2^-8 disappears", "added to a weight",
 * "relative to 1"), a matter of precision, not of the format's floor? */
static bool
relative(const gtext *tx, size_t i)
{
	static const char *const rel[] = { "relative", "added", "adding", "add", "increment",
		"increments", "update", "updates", "spacing", "gap", "resolution", "weight",
		"weights", NULL };
	static const char *const at[] = { "at", "near", "to", "around", "from", NULL };
	for (size_t j = 0; j < tx->n; j++) {
		if (tx->t[j].sent != tx->t[i].sent)
			continue;
		if (gf_is_any(&tx->t[j], rel) || (gf_is_any(&tx->t[j], at) && j + 1 < tx->n &&
		    tx->t[j + 1].isnum && tx->t[j + 1].num == 1))
			return true;
	}
	return false;
}

bool
gf_floor_claim(const gtext *tx, size_t i, size_t *from)
{
	static const char *const less[] = { "smaller", "less", "below", "under", "lower", NULL };
	static const char *const every[] = { "anything", "everything", "values", "numbers",
		"magnitudes", "gradients", "grads", "whatever", "value", "number", "all", NULL };
	static const char *const gone[] = { "zero", "flush", "flushes", "flushed",
		"underflow", "underflows", "lost", "vanish", "vanishes", "disappear",
		"disappears", NULL };

	if (i == 0 || !gf_is_any(&tx->t[i], less) || !gf_is_any(&tx->t[i - 1], every) ||
	    tx->t[i - 1].clause != tx->t[i].clause || relative(tx, i))
		return false;
	*from = i + 1 < tx->n && gf_is(&tx->t[i + 1], "than") ? i + 1 : i;
	size_t fig = *from + 1;
	while (fig < tx->n && fig <= *from + 3 && !tx->t[fig].isnum)
		fig++;
	if (fig >= tx->n || !tx->t[fig].isnum)
		return false;
	/* "fp16 can't represent anything smaller than 1e-6": the vanishing
	 * said before */
	static const char *const held[] = { "represent", "hold", "store", "express", "encode", NULL };
	for (size_t j = i - 1, d = 0; j > 0 && d < 4; d++) {
		j--;
		if (gf_is_any(&tx->t[j], held) && ((tx->t[j].flags & TK_NEGATOR) ||
		    (j > 0 && (tx->t[j - 1].flags & TK_NEGATOR)) ||
		    (j > 1 && (tx->t[j - 2].flags & TK_NEGATOR))))
			return true;
	}
	for (size_t j = fig + 1; j < tx->n && j <= fig + 10 && tx->t[j].sent == tx->t[i].sent; j++)
		if (gf_is_any(&tx->t[j], gone) || (tx->t[j].isnum && tx->t[j].num == 0) ||
		    ((gf_is(&tx->t[j], "represented") || gf_is(&tx->t[j], "stored")) &&
		    (tx->t[j - 1].flags & TK_NEGATOR || (j > 1 && tx->t[j - 2].flags & TK_NEGATOR))))
			return true;	/* "can't be represented", not "is representable" */
	return false;
}

/* Is the figure v of a bound at token i an argument of exp: its sentence
 * names exp before it and v is one an exponential could take before it
 * leaves any format ("exp of a float16 20.0 is inf (anything above about
 * 11.09 is)")?  A value the format holds, "exp(20) is 4.85e8 and anything
 * above 65504 overflows", is far past that. */
static bool
exp_argument(const gtext *tx, size_t i, double v)
{
	if (fabs(v) >= 1000)
		return false;
	for (size_t j = i; j-- > 0 && tx->t[j].sent == tx->t[i].sent;)
		if (gf_is(&tx->t[j], "exp") || gf_is(&tx->t[j], "exponential") ||
		    gf_is(&tx->t[j], "exponentials"))
			return true;
	return false;
}

/* Does the sentence of token i give the loss scale a value or divide by
 * it ("with S = 65536 that's anything above about 1.0", "above 65504/S")?
 * Then a bound in it is on gradients before the scale, not where the
 * format overflows. */
static bool
scale_valued(const gtext *tx, size_t i)
{
	for (size_t j = 0; j + 2 < tx->n; j++) {
		if (tx->t[j].sent != tx->t[i].sent)
			continue;
		bool scale = gf_is(&tx->t[j], "s") || gf_is(&tx->t[j], "scale");
		if (scale && (gf_is(&tx->t[j + 1], "is") || gf_is(&tx->t[j + 1], "of")) &&
		    tx->t[j + 2].isnum)
			return true;
		if (gf_is(&tx->t[j], "/") && (gf_is(&tx->t[j + 1], "s") ||
		    gf_is(&tx->t[j + 1], "scale")))
			return true;
	}
	return false;
}

/* "anything above 148 overflows", "it overflows for values over 1e4": a
 * ceiling stated for every value past a figure, checked as where the
 * format overflows.  Token i is the comparison, as in floor_claim. */
bool
gf_ceiling_claim(const gtext *tx, size_t i, size_t *from)
{
	static const char *const more[] = { "above", "over", "beyond", "larger", "bigger",
		"greater", "exceeding", "past", "higher", NULL };
	static const char *const every[] = { "anything", "everything", "values", "numbers",
		"magnitudes", "whatever", "value", "number", "all", NULL };
	static const char *const blown[] = { "overflow", "overflows", "overflowed", "inf",
		"infinity", "infinite", "saturates", "saturate", NULL };

	if (i == 0 || !gf_is_any(&tx->t[i], more) || !gf_is_any(&tx->t[i - 1], every) ||
	    tx->t[i - 1].clause != tx->t[i].clause)
		return false;
	/* "fp16 can't represent anything above 32768": nothing past the
	 * figure is held, which is a ceiling too */
	static const char *const hold[] = { "represent", "hold", "store", "express", "encode",
		NULL };
	bool held_not = false;
	for (size_t j = i; j > 0 && tx->t[j - 1].clause == tx->t[i].clause; j--)
		if (tx->t[j - 1].flags & TK_NEGATOR) {
			if (j + 1 < i && gf_is_any(&tx->t[j], hold))
				held_not = true;
			else
				return false;	/* "no more inf from values over 65504" */
		}
	/* "exp of anything above 11 is inf", "logits above 11": the figure is
	 * an argument of exp, not a value of the format; "a product of two
	 * values above 256 overflows": of a product */
	static const char *const arg[] = { "exp", "e", "exponential", "logit", "logits",
		"input", "inputs", "argument", "arguments", "x", "product", "operand", "operands",
		"factors", "two", "both", "square", "squared", "multiplying", "multiplied", NULL };
	for (size_t j = i - 1, d = 0; j > 0 && d < 3; d++)
		if (gf_is_any(&tx->t[--j], arg))
			return false;
	*from = i + 1 < tx->n && gf_is(&tx->t[i + 1], "than") ? i + 1 : i;
	/* "above e^5 ≈ 148": the value written after the expression */
	size_t e = *from + 1;
	if (e + 3 < tx->n && (gf_is(&tx->t[e], "e") || gf_is(&tx->t[e], "exp")) &&
	    tx->t[e + 1].isnum && (gf_is(&tx->t[e + 2], "approx") || gf_is(&tx->t[e + 2], "=")) &&
	    tx->t[e + 3].isnum)
		*from = e + 2;
	size_t fig = *from + 1;
	while (fig < tx->n && fig <= *from + 3 && !tx->t[fig].isnum)
		fig++;
	if (fig >= tx->n || !tx->t[fig].isnum)
		return false;
	if (exp_argument(tx, i, tx->t[fig].num) || scale_valued(tx, i))
		return false;
	if (held_not)
		return true;
	size_t lo = i > 8 ? i - 8 : 0;
	for (size_t j = lo; j < tx->n && j <= fig + 10; j++)
		if (tx->t[j].sent == tx->t[i].sent && gf_is_any(&tx->t[j], blown))
			return true;
	return false;
}

/* Is the figure at b an argument of exp: "exp 20", "e^20", "exp of 20",
 * and the second of a pair, "exp of 20 and 19"? */
static bool
exp_arg_at(const gtext *tx, size_t b)
{
	if (b > 0 && (gf_is(&tx->t[b - 1], "exp") || gf_is(&tx->t[b - 1], "e")))
		return true;
	if (b > 1 && gf_is(&tx->t[b - 1], "of") && (gf_is(&tx->t[b - 2], "exp") ||
	    gf_is(&tx->t[b - 2], "exponential")))
		return true;
	return b > 2 && (gf_is(&tx->t[b - 1], "and") || gf_is(&tx->t[b - 1], "or")) &&
	    tx->t[b - 2].isnum && exp_arg_at(tx, b - 2);
}

/* "e^-1 ≈ 0.37 is below fp16's smallest normal", "1e8 is above fp16's
 * max": a figure set against a quantity of the one format named, true
 * when it stands on the side it says (or on the value itself). */
void
gf_check_vs_quantity(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	static const char *const under[] = { "below", "under", "smaller", "less", "lower", NULL };
	static const char *const over[] = { "above", "over", "beyond", "exceeds", "exceed",
		"larger", "greater", "bigger", "higher", "past", NULL };
	static const char *const gap[] = { "is", "are", "well", "far", "way", "still", "much",
		"already", "just", "s", "which", "that", "sits", "sit", "stays", "stay", "remains",
		"lies", "falls", "comes", NULL };
	int side = gf_is_any(&tx->t[i], under) ? -1 : gf_is_any(&tx->t[i], over) ? 1 : 0;
	/* "65,536, which is exactly the largest finite fp16 value": the
	 * quantity itself (side 2) */
	if (side == 0 && i > 1 && gf_is(&tx->t[i], "is") &&
	    (gf_is(&tx->t[i - 1], "which") || gf_is(&tx->t[i - 1], "that")) && tx->t[i - 2].isnum)
		side = 2;
	/* "init_scale is 65536 because that is exactly fp16's largest finite
	 * value": the figure before "because that is" */
	bool because = false;
	size_t because_fig = 0;
	if (side == 0 && i > 2 && gf_is(&tx->t[i], "is") && (gf_is(&tx->t[i - 1], "that") ||
	    gf_is(&tx->t[i - 1], "it")) &&
	    (gf_is(&tx->t[i - 2], "because") || gf_is(&tx->t[i - 2], "since") ||
	    gf_is(&tx->t[i - 2], "as")))
		/* "65536 (is chosen) because it is ...": the figure a few words
		 * before, in the sentence */
		for (size_t q = i - 2; q-- > 0 && q + 6 > i && tx->t[q].sent == tx->t[i].sent;)
			if (tx->t[q].isnum) {
				side = 2, because = true, because_fig = q + 1;
				break;
			}
	if (side == 0 || i == 0)
		return;
	size_t fig = i;	/* the figure before: "0.37 is (well) below" */
	while (fig > 0 && i - fig < 4 && !tx->t[fig - 1].isnum && gf_is_any(&tx->t[fig - 1], gap))
		fig--;
	if (because)
		fig = because_fig;	/* just past the figure before "because" */
	/* the figure's own clause, or the one a "which" opens after it */
	bool relative = because || (fig < i && (gf_is(&tx->t[fig], "which") ||
	    gf_is(&tx->t[fig], "that")));
	if (fig == 0 || !tx->t[fig - 1].isnum ||
	    (tx->t[fig - 1].clause != tx->t[i].clause && !relative))
		return;
	fig--;
	while (fig > 0 && tx->t[fig - 1].isnum && tx->t[fig - 1].clause == tx->t[i].clause)
		fig--;	/* "65 504": the figure's first group */
	gfig f;
	if (!gf_figure_at(tx, fig, &f) || f.end > i)
		return;
	/* "exp(20) is much bigger than fp16's max": the exponential is the
	 * figure; "anything above 11.1 exceeds ...": a bound is no figure */
	static const char *const approx[] = { "about", "roughly", "around", "approx", "~", NULL };
	size_t b = fig;
	while (b > 0 && gf_is_any(&tx->t[b - 1], approx))
		b--;
	/* "10000 times 10000 is over": a term of a product; "above 11.1":
	 * a bound, unless what follows says which value it is ("can't go
	 * above 65,536, which is the largest value") */
	if (b > 0 && ((side != 2 && (gf_is_any(&tx->t[b - 1], under) ||
	    gf_is_any(&tx->t[b - 1], over) || gf_is(&tx->t[b - 1], "than"))) ||
	    gf_is_op_after(tx, b - 1)))
		return;
	if (exp_arg_at(tx, b)) {
		f.v = exp(tx->t[fig].num);
		f.unit = 0;
	} else if (b > 1 && gf_is(&tx->t[b - 1], "-") && (gf_is(&tx->t[b - 2], "exp") ||
	    gf_is(&tx->t[b - 2], "e"))) {
		f.v = exp(-tx->t[fig].num);
		f.unit = 0;
	}
	int fmt = GF_NOFMT;
	for (size_t j = i + 1; j < tx->n && j <= i + 7 && tx->t[j].clause == tx->t[i].clause; j++) {
		/* "which is way bigger than fp16's max": a comparison after all */
		if (side == 2 && (gf_is_any(&tx->t[j], under) || gf_is_any(&tx->t[j], over) ||
		    gf_is(&tx->t[j], "than") || (tx->t[j].flags & TK_NEGATOR)))
			return;
		/* "which is about 1527 times the fp16 maximum": a ratio to it */
		if (side == 2 && (gf_is(&tx->t[j], "times") || gf_is(&tx->t[j], "x") ||
		    gf_is(&tx->t[j], "twice") || gf_is(&tx->t[j], "half")))
			return;
		int id = gf_format_of(tx, j);
		if (id != GF_NOFMT) {
			if (fmt != GF_NOFMT && fmt != id)
				return;
			fmt = id;
			continue;
		}
		bool normal_only, sub_only;
		qkind q = tx->t[j].isnum ? Q_NONE : gf_quantity_at(tx, j, &normal_only, &sub_only);
		if (q != Q_MAX && q != Q_MIN)
			continue;
		/* "the largest finite fp16 value": the format after it; "fp16 can't
		 * go above 65,536, which is the largest value it stores": the one
		 * format of the sentence */
		for (size_t a = j + 1; fmt == GF_NOFMT && a < tx->n && a <= j + 3 &&
		    tx->t[a].clause == tx->t[j].clause; a++)
			fmt = gf_format_of(tx, a);
		for (size_t a = 0; side == 2 && fmt == GF_NOFMT && a < tx->n; a++)
			if (tx->t[a].sent == tx->t[i].sent && gf_format_of(tx, a) != GF_NOFMT) {
				int only = gf_format_of(tx, a);
				bool alone = true;
				for (size_t c = a + 1; c < tx->n && tx->t[c].sent == tx->t[i].sent; c++)
					alone &= gf_format_of(tx, c) == GF_NOFMT || gf_format_of(tx, c) == only;
				if (alone)
					fmt = only;
				break;
			}
		if (fmt == GF_NOFMT || !gf_asserted(tx, i) || gf_negated(tx, fig, j))
			return;
		double t[3];
		size_t nt = gf_truths(q, fp_format_get((fp_id)fmt), normal_only, sub_only, false, t);
		for (size_t k = 0; k < nt; k++)
			if (gf_agrees(&f, t[k]) || (side == -1 && f.v < t[k]) || (side == 1 && f.v > t[k]))
				return;
		gf_say(out, n, max, fig, "%.6g is not %s%s's %s (%.6g)", f.v,
		    side == -1 ? "below " : side == 1 ? "above " : "", fp_format_get((fp_id)fmt)->name,
		    gf_quantity_name(q), t[0]);
		return;
	}
}

/* "In fp16, exp(x) only overflows once x goes past roughly 15": the
 * argument where exp leaves the format is ln of its largest finite value
 * (11.09 for fp16), and the figure must be that to its precision (half a
 * unit of its last digit, at least a tenth).  Token i is the variable. */
void
gf_check_exp_threshold(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	static const char *const var[] = { "x", "z", "input", "inputs", "logit", "logits",
		"argument", "exponent", "anything", "everything", "values", NULL };
	static const char *const past[] = { "past", "above", "over", "beyond", "exceeds",
		"exceed", "greater", "larger", "bigger", "passes", "pass", "crosses", "reaches",
		"hits", "up", NULL };
	static const char *const go[] = { "goes", "go", "gets", "is", "are", "rises", "grows",
		"roughly", "about", "around", "approximately", "approx", "than", "much", "to", NULL };
	if (!gf_is_any(&tx->t[i], var) || i == 0)
		return;
	/* the sentence names exp before the variable and says it overflows
	 * (before or after: "fp16 can only hold exp(x) up to x = 11, so
	 * exp(20) overflows") */
	bool exp_seen = false, blown = false;
	for (size_t j = 0; j < tx->n; j++) {
		if (tx->t[j].sent != tx->t[i].sent)
			continue;
		exp_seen |= j < i && (gf_is(&tx->t[j], "exp") || gf_is(&tx->t[j], "exponential"));
		blown |= gf_is(&tx->t[j], "overflows") || gf_is(&tx->t[j], "overflow") ||
		    gf_is(&tx->t[j], "inf") || gf_is(&tx->t[j], "infinity") ||
		    /* "fp16 holds exp(x) for x up to about 11": a ceiling */
		    (j < i && (gf_is(&tx->t[j], "holds") || gf_is(&tx->t[j], "hold") ||
		    gf_is(&tx->t[j], "represent") || gf_is(&tx->t[j], "represents") ||
		    gf_is(&tx->t[j], "store") || gf_is(&tx->t[j], "stores")));
	}
	if (!exp_seen || !blown)
		return;
	size_t j = i + 1, cmp = 0;
	/* "up to about x = 11", "above x ≈ 11": the limit before the
	 * variable, its value after "=" */
	if (i > 2 && gf_is(&tx->t[i - 2], "to") && gf_is(&tx->t[i - 3], "up") &&
	    gf_is(&tx->t[i - 1], "about"))
		cmp = i - 2;
	else if (i > 1 && gf_is(&tx->t[i - 1], "to") && gf_is(&tx->t[i - 2], "up"))
		cmp = i - 1;
	else if (gf_is_any(&tx->t[i - 1], past))
		cmp = i - 1;	/* "overflowing above x ≈ 25" */
	if (cmp && j + 1 < tx->n && (gf_is(&tx->t[j], "=") || gf_is(&tx->t[j], "approx")))
		j++;
	while (j < tx->n && j <= i + 4 && !tx->t[j].isnum && tx->t[j].clause == tx->t[i].clause) {
		if (gf_is_any(&tx->t[j], past))
			cmp = j;
		else if (!gf_is_any(&tx->t[j], go))
			return;
		j++;
	}
	gfig f;
	if (!cmp || j >= tx->n || !gf_figure_at(tx, j, &f) || gf_is_op_after(tx, f.end) ||
	    !gf_asserted(tx, j) || gf_negated(tx, i, j) || !exp_argument(tx, i, f.v))
		return;
	int fmt = GF_NOFMT;	/* the one format its sentence names, else fp16 */
	for (size_t q = 0; q < tx->n; q++)
		if (tx->t[q].sent == tx->t[i].sent && gf_format_of(tx, q) != GF_NOFMT) {
			if (fmt != GF_NOFMT && fmt != gf_format_of(tx, q))
				return;
			fmt = gf_format_of(tx, q);
		}
	const fp_format *F = fp_format_get(fmt == GF_NOFMT ? FP_FP16 : (fp_id)fmt);
	double at = log(fp_max_finite(F)), tol = f.unit > 0 ? f.unit / 2 : 0;
	if (tol < 0.1)
		tol = 0.1;
	if (fabs(f.v - at) > tol + 0.5)	/* "about 11" for 11.09 */
		gf_say(out, n, max, j, "exp overflows %s past x = %.4g, not %.6g", F->name, at, f.v);
}

/* "10000 × 10000 is 1e8, about 15 times fp16's max of 65504": a figure
 * said to be K times a quantity of one format is held to the ratio, to a
 * third (K is said roughly: "about 1,500 times" for 1,526 stands). */
void
gf_check_ratio(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	static const char *const skip[] = { "about", "roughly", "around", "approx", "approximately",
		"some", "nearly", "almost", "is", "which", "or", NULL };
	if (i < 2 || !gf_is(&tx->t[i], "times") || !tx->t[i - 1].isnum)
		return;
	size_t k = i - 1, v = k;
	while (v > 0 && k - v < 4 && (v == k || gf_is_any(&tx->t[v], skip)))
		v--;
	if (!tx->t[v].isnum || v == k || tx->t[v].sent != tx->t[i].sent)
		return;
	while (v > 0 && tx->t[v - 1].isnum)
		v--;	/* the figure's first token */
	gfig V, K;
	if (!gf_figure_at(tx, v, &V) || V.end > k || !gf_figure_at(tx, k, &K) || K.v < 2)
		return;
	for (size_t j = i + 1; j < tx->n && j <= i + 4 && tx->t[j].clause == tx->t[i].clause; j++) {
		bool normal_only, sub_only;
		qkind q = tx->t[j].isnum ? Q_NONE : gf_quantity_at(tx, j, &normal_only, &sub_only);
		if (q != Q_MAX && q != Q_MIN)
			continue;
		unsigned set = gf_candidates(tx, j);
		if (set == 0 || (set & (set - 1)) || !gf_asserted(tx, i) || gf_negated(tx, v, i))
			return;
		int id = 0;
		while (!(set & (1u << id)))
			id++;
		const fp_format *F = fp_format_get((fp_id)id);
		double t[3];
		size_t nt = gf_truths(q, F, normal_only, sub_only, false, t);
		if (nt == 0 || t[0] <= 0)
			return;
		double r = V.v / t[0];
		if (r / K.v > 1.35 || K.v / r > 1.35)
			gf_say(out, n, max, k, "%g is about %.4g times %s's %s (%g), not %g times", V.v, r,
			    F->name, gf_quantity_name(q), t[0], K.v);
		return;
	}
}
