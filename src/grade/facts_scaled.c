/*
 * facts_scaled.c — what a scale makes of a value: "scaling by S = 1024
 * gives 1.024e-11", "multiplied by 65536 it becomes 6.6e-4".  The value
 * scaled is not written beside the scale, so the result is checked
 * against every small figure the answer stated before it (1e-8, 6e-8,
 * ...): it is a false figure when it is none of them times the scale (or
 * divided by it, after divide or unscale).
 */
#include <config.h>

#include <stdio.h>

#include "grade/facts_int.h"

static const char *const up_words[] = { "scaling", "scaled", "scale", "scales",
	"multiplying", "multiplied", "multiply", "multiplies", NULL };
static const char *const down_words[] = { "dividing", "divided", "divide", "divides",
	"unscaling", "unscaled", "unscale", "unscales", NULL };
/* "=" and "is" after the scale restate it ("by 2^16 = 65,536") */
static const char *const result_words[] = { "gives", "give", "giving", "yields",
	"yield", "becomes", "become", "makes", "make", "to", "->", "produces",
	"lands", NULL };

/* Token i is a word of scaling followed by "by [S =] N ... gives M". */
void
gf_check_scaled(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	bool up = gf_is_any(&tx->t[i], up_words);
	if ((!up && !gf_is_any(&tx->t[i], down_words)) || i + 2 >= tx->n ||
	    !gf_is(&tx->t[i + 1], "by"))
		return;
	size_t j = i + 2;
	if (j + 1 < tx->n && (gf_is(&tx->t[j], "s") || gf_is(&tx->t[j], "a")) &&
	    (gf_is(&tx->t[j + 1], "=") || gf_is(&tx->t[j + 1], "is")))
		j += 2;	/* "by S = 1024" */
	gfig s, m;
	if (!gf_figure_at(tx, j, &s) || s.v <= 1 || tx->t[j].sent != tx->t[i].sent)
		return;
	/* the result: a word of result, then the figure */
	size_t k = s.end;
	while (k < tx->n && k < s.end + 3 && !gf_is_any(&tx->t[k], result_words))
		k++;
	if (k >= tx->n || !gf_is_any(&tx->t[k], result_words))
		return;
	size_t r = k + 1;
	while (r < tx->n && r <= k + 3 && !tx->t[r].isnum)
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
	if (nseen == 0 || gf_agrees(&m, s.v))
		return;
	for (size_t q = 0; q < nseen; q++)
		if (gf_agrees(&m, up ? seen[q] * s.v : seen[q] / s.v))
			return;
	gf_say(out, n, max, r, "%g %s %g is %.4g, not %.6g", seen[0], up ? "x" : "/", s.v,
	    up ? seen[0] * s.v : seen[0] / s.v, m.v);
}
