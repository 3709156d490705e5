/*
 * facts_scaled.c — arithmetic an answer states.  An exact power set equal
 * to a decimal ("2^-24 ≈ 5.96e-9", "2^16 = 65,536") must agree with it to
 * the decimal's precision.  What a scale makes of a value: "scaling by
 * S = 1024 gives 1.024e-11", "multiplied by 65536 it becomes 6.6e-4".  The value
 * scaled is not written beside the scale, so the result is checked
 * against every small figure the answer stated before it (1e-8, 6e-8,
 * ...) and the underflow fixture's gradient, 1e-8: it is a false figure
 * when it is none of them times the scale (or divided by it, after divide
 * or unscale).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "grade/facts_int.h"

static const char *const up_words[] = { "scaling", "scaled", "scale", "scales",
	"multiplying", "multiplied", "multiply", "multiplies", NULL };
static const char *const down_words[] = { "dividing", "divided", "divide", "divides",
	"unscaling", "unscaled", "unscale", "unscales", NULL };
/* "=" and "is" after the scale restate it ("by 2^16 = 65,536") */
static const char *const result_words[] = { "gives", "give", "giving", "yields",
	"yield", "becomes", "become", "makes", "make", "to", "->", "produces",
	"lands", "turns", "into", NULL };

/* Token i a figure written exactly (a power: 2^-24, 2**16) that an
 * "=" or "≈" sets equal to a decimal figure ("B" or "B - 1"). */
void
gf_check_equal(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	const gtok *k = &tx->t[i];
	int e2;
	/* a power of two: "fl16(10^-8) = 0" rounds a power of ten */
	if (!k->isnum || k->unit != 0 || k->num <= 0 || frexp(k->num, &e2) != 0.5 ||
	    k->num == 1 || k->num == 2 ||
	    /* "1 + 2^-8 = 1": the tokens keep no "+", so a number before it
	     * is another term */
	    (i > 0 && (gf_is_op_after(tx, i - 1) || tx->t[i - 1].isnum)) ||
	    /* "log10(2^11) ≈ 3.3": the power is a function's argument */
	    (i > 0 && (gf_is(&tx->t[i - 1], "log10") || gf_is(&tx->t[i - 1], "log") ||
	    gf_is(&tx->t[i - 1], "log2") || gf_is(&tx->t[i - 1], "ln") ||
	    gf_is(&tx->t[i - 1], "sqrt"))) ||
	    i + 2 >= tx->n || !(gf_is(&tx->t[i + 1], "approx") || gf_is(&tx->t[i + 1], "is")) ||
	    !tx->t[i + 2].isnum || tx->t[i + 2].clause != k->clause)
		return;
	/* "2^16 = 65536 = S" is no expression; "2^-24 = 5.96e-8 x ..." is */
	gfig b;
	gf_figure_at(tx, i + 2, &b);
	if (gf_is_op_after(tx, b.end) || !gf_asserted(tx, i) || gf_negated(tx, i, b.end - 1))
		return;
	/* "2^-7 ≈ 0.8%": the tokens keep no percent sign */
	gfig pc = { b.v / 100, b.unit / 100, b.end, b.sci };
	if (!gf_agrees(&b, k->num) && !gf_agrees(&pc, k->num))
		gf_say(out, n, max, i + 2, "%.6g is %.6g, not %.6g", k->num, k->num, b.v);
}

/* Token i is a word of scaling followed by "by [S =] N ... gives M", or
 * a "times N ... becomes M" with no figure before it. */
void
gf_check_scaled(gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	bool up = gf_is_any(&tx->t[i], up_words);
	/* "but times 65536 it becomes 6.6e-4": times with no figure before
	 * it (a product A × B is facts.c's) */
	bool times = i > 0 && gf_is(&tx->t[i], "times") && !tx->t[i - 1].isnum &&
	    !gf_is_op_after(tx, i - 1) && i + 1 < tx->n && tx->t[i + 1].isnum;
	/* "With S = 65536 the gradient becomes 6.5e-2": a scale set, then
	 * what it makes of the gradient */
	static const char *const setting[] = { "with", "at", "using", "for", "take", "pick",
		"set", "if", NULL };
	/* ... "with a scale of 1024 the gradient is 1.024e-5" */
	size_t art = i > 1 && gf_is(&tx->t[i], "scale") && (gf_is(&tx->t[i - 1], "a") ||
	    gf_is(&tx->t[i - 1], "the")) ? i - 1 : i;
	bool set = art > 0 && i + 2 < tx->n && (gf_is(&tx->t[i], "s") || gf_is(&tx->t[i], "scale")) &&
	    gf_is_any(&tx->t[art - 1], setting) && (gf_is(&tx->t[i + 1], "is") ||
	    (art < i && gf_is(&tx->t[i + 1], "of"))) && tx->t[i + 2].isnum;
	if (!up && !times && !set && !gf_is_any(&tx->t[i], down_words))
		return;
	up |= times || set;
	times |= set;
	/* "multiplies the loss by 65536": what is scaled may stand between */
	static const char *const what[] = { "the", "loss", "gradient", "gradients", "grads",
		"grad", "it", "them", "value", NULL };
	size_t b = i + 1;
	while (!times && b < tx->n && b <= i + 2 && gf_is_any(&tx->t[b], what))
		b++;
	if (!times && (b + 1 >= tx->n || !gf_is(&tx->t[b], "by")))
		return;
	size_t j = set ? i + 2 : times ? i + 1 : b + 1;
	/* "by its default scale of 65536", "by a factor of 1024" */
	for (size_t q = j, d = 0; d < 4 && q + 1 < tx->n && !tx->t[q].isnum; q++, d++)
		if (gf_is(&tx->t[q], "of")) {
			j = q + 1;
			break;
		}
	if (j + 1 < tx->n && (gf_is(&tx->t[j], "s") || gf_is(&tx->t[j], "a")) &&
	    (gf_is(&tx->t[j + 1], "=") || gf_is(&tx->t[j + 1], "is")))
		j += 2;	/* "by S = 1024" */
	gfig s, m;
	if (!gf_figure_at(tx, j, &s) || s.v <= 1 || tx->t[j].sent != tx->t[i].sent)
		return;
	/* the result: a word of result, then the figure */
	size_t k = s.end;
	/* "by 65536 before backward, so the gradient becomes ...": the
	 * result a few words on, in its sentence */
	while (k < tx->n && k < s.end + 8 && tx->t[k].sent == tx->t[i].sent &&
	    !tx->t[k].isnum && !gf_is_any(&tx->t[k], result_words))
		k++;
	/* "..., and unscaling before the step gives back 1e-8": what the
	 * undoing gives is not the scaled value */
	for (size_t q = s.end; q < k && q < tx->n; q++)
		if (q > j && gf_is_any(&tx->t[q], down_words))
			return;
	/* "... the gradient is 1.024e-5": the value scaled named, then "is" */
	if (k < tx->n && tx->t[k].isnum && k > s.end && gf_is(&tx->t[k - 1], "is") && k > 1 &&
	    (gf_is(&tx->t[k - 2], "gradient") || gf_is(&tx->t[k - 2], "grad") ||
	    gf_is(&tx->t[k - 2], "it")))
		k--;
	if (k >= tx->n || !(gf_is_any(&tx->t[k], result_words) || gf_is(&tx->t[k], "is")))
		return;
	size_t r = k + 1;
	while (r < tx->n && r <= k + 5 && !tx->t[r].isnum)
		r++;
	if (r >= tx->n || tx->t[r].sent != tx->t[i].sent || !gf_figure_at(tx, r, &m) ||
	    gf_is_op_after(tx, m.end) || !gf_asserted(tx, r) || gf_negated(tx, i, r))
		return;
	/* the values it may have scaled: the small figures before it */
	double seen[16];
	size_t nseen = 0;
	for (size_t q = 0; q < i && nseen < 16; q++) {
		gfig g;
		if (tx->t[q].isnum && gf_figure_at(tx, q, &g) && g.v > 0 && g.v < 1e-2)
			seen[nseen++] = g.v;
	}
	if (gf_agrees(&m, s.v))
		return;
	if (nseen == 0) {	/* no figure to hold it to but the fixture's */
		if (up && gf_agrees(&m, 1e-8 * s.v))
			gf_mark(tx, i, GF_SCALED);
		return;
	}
	/* the fixture's own gradient, 1e-8, may be the one scaled though the
	 * answer names only fp16's limits ("2^-24 ... by 2^16 makes the
	 * gradient 6.5e-4") */
	if (nseen < 16)
		seen[nseen++] = 1e-8;
	/* "with S = 1024 it is 1.0252e-5": the product as fp16 holds it
	 * (a subnormal, rounded to a multiple of 2^-24) is right too */
	const fp_format *h = fp_format_get(FP_FP16);
	unsigned fl;
	for (size_t q = 0; q < nseen; q++)
		if (gf_agrees(&m, up ? seen[q] * s.v : seen[q] / s.v) || (up &&
		    gf_agrees(&m, fp_decode(h, fp_encode(h, seen[q] * s.v, &fl))))) {
			/* "with S = 1024 it gives 1.024e-5": a gradient
			 * worked through the scale, for %scaled */
			if (up)
				gf_mark(tx, i, GF_SCALED);
			return;
		}
	gf_say(out, n, max, r, "%g %s %g is %.4g, not %.6g", seen[0], up ? "x" : "/", s.v,
	    up ? seen[0] * s.v : seen[0] / s.v, m.v);
}
