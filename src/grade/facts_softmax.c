/*
 * facts_softmax.c — a softmax the answer works out, held to the engine's
 * exp: the probabilities of the logits it names, or of the exponentials
 * it names side by side when it names no logits.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "grade/facts_int.h"

/* A softmax the answer works out: the logits it names as a pair of
 * numbers ("[20, 19]") and a pair of probabilities it gives ("about [0.5,
 * 0.5]", two numbers in [0, 1] that sum to 1), held to the softmax of
 * those logits to the precision written.  A pair written as the logits
 * after the shift ("[0, -1]") or the exponentials ("[1, 0.368]") is no
 * pair of probabilities: they do not sum to 1. */
/* Is the pair at token i named as the softmax's output: "the softmax
 * output is", "probabilities of", "normalise to", within a few words? */
static bool
outputs_before(const gtext *tx, size_t i)
{
	static const char *const what[] = { "output", "outputs", "probabilities",
		"probability", "result", "normalise", "normalize", "normalises", "normalizes", NULL };
	static const char *const is[] = { "is", "gives", "returns", "becomes", "yields",
		"equals", NULL };
	for (size_t j = i, d = 0; j-- > 0 && d < 5 && tx->t[j].sent == tx->t[i].sent; d++)
		if (gf_is_any(&tx->t[j], what) || (gf_is(&tx->t[j], "softmax") && j + 1 < i &&
		    gf_is_any(&tx->t[j + 1], is)))
			return true;	/* "so the softmax is [1, 0.368]" */
	return false;
}

void
gf_check_softmax(const gtext *tx, gfigure *out, size_t *n, size_t max)
{
	double lg[8][2];	/* the pairs of logits named, and their sentences */
	int lsent[8];
	size_t lmapped[8];	/* "[0, 0] → [0.5, 0.5]": where its result starts */
	size_t nlog = 0;
	bool about = false;

	/* only an answer about softmax or probabilities, or one that
	 * exponentiates, works one out */
	for (size_t i = 0; i < tx->n && !about; i++)
		about = strncmp(tx->t[i].stem, "softmax", 7) == 0 ||
		    strncmp(tx->t[i].stem, "exponentiat", 11) == 0 ||
		    strncmp(tx->t[i].stem, "probabilit", 10) == 0 ||
		    strncmp(tx->t[i].stem, "normaliz", 8) == 0 || strncmp(tx->t[i].stem, "logit", 5) == 0;
	/* the last two arguments of exp named side by side ("e^20 and e^19",
	 * "[e^0, e^-1]"): a pair of logits */
	double ex[8][2], last_arg = 0;
	size_t nex = 0, last_at = (size_t)-1, last_end = 0;
	for (size_t i = 0; i + 1 < tx->n && about; i++) {
		const gtok *a = &tx->t[i], *b = &tx->t[i + 1];
		/* "exp(20) and exp(19)", "e^0 and e^-1": the exponentials of the
		 * logits name them when no pair does */
		if ((gf_is(a, "exp") || gf_is(a, "e")) && !(i > 0 && tx->t[i - 1].isnum)) {
			size_t j = i + 1;
			double sign = 1;
			if (gf_is(&tx->t[j], "-") && j + 1 < tx->n) {
				sign = -1;
				j++;
			}
			double v = sign * tx->t[j].num;
			if (!tx->t[j].isnum || fabs(v) >= 1000)
				continue;
			/* side by side: nothing but "and", "or", "+", "/" between,
			 * after the first one's value if it is given ("exp(0) = 1
			 * and exp(-1) ≈ 0.37", "e^20 ~ 4.85e8 and e^19 ~ 1.78e8") */
			static const char *const glue[] = { "and", "or", "plus", "+", "/", "vs",
				"versus", NULL };
			static const char *const value[] = { "is", "approx", "about", "equals",
				"roughly", "around", "=", NULL };
			bool beside = last_at != (size_t)-1 && i - last_end <= 6 &&
			    tx->t[last_at].sent == a->sent;
			size_t g = last_end;
			while (beside && g < i && gf_is_any(&tx->t[g], value))
				g++;
			if (beside && g < i && tx->t[g].isnum)
				g++;
			for (; beside && g < i; g++)
				beside = gf_is_any(&tx->t[g], glue);
			if (beside && v != last_arg && nex < 8) {
				ex[nex][0] = last_arg > v ? last_arg : v;
				ex[nex++][1] = last_arg > v ? v : last_arg;
			}
			last_arg = v, last_at = i, last_end = j + 1;
			continue;
		}
		/* "[0, -1]", the shifted logits: the sign of the second is a
		 * token of its own (the tokens keep no comma, so only a pair
		 * led by a 0 that is no difference's term reads so: not "19 -
		 * 20", not "[-0.313, -1.313]") */
		size_t bj = i + 1;
		double ysign = 1;
		if (a->isnum && a->num == 0 && gf_is(b, "-") && i + 2 < tx->n && tx->t[i + 2].isnum &&
		    !(i > 0 && (gf_is(&tx->t[i - 1], "-") || tx->t[i - 1].isnum ||
		    gf_is_op_after(tx, i - 1)))) {
			ysign = -1;
			b = &tx->t[++bj];
		}
		if (!a->isnum || !b->isnum || a->clause != b->clause)
			continue;
		/* "e^20 ~ 485 million": an exponent and its value, no pair
		 * ("exp([0, -1])" is one) */
		if (i > 0 && (gf_is(&tx->t[i - 1], "e") || gf_is(&tx->t[i - 1], "exp")) &&
		    (fabs(ysign * b->num) > 100 || (bj + 1 < tx->n && (gf_is(&tx->t[bj + 1], "million") ||
		    gf_is(&tx->t[bj + 1], "billion") || gf_is(&tx->t[bj + 1], "thousand")))))
			continue;
		double x = a->num, y = ysign * b->num;
		/* "the softmax output is [1, 0.368]": outputs named as such sum
		 * to 1 ([1, 0] is a pair of probabilities too) */
		bool unit = x >= 0 && x <= 1 && y >= 0 && y <= 1;
		/* "Normalise: [1, 0.368]/1.368": the pair divided is no result */
		/* "[0, 0] → [0.5, 0.5]": a pair mapped to another is the input */
		bool maps = bj + 2 < tx->n && (gf_is(&tx->t[bj + 1], "then") ||
		    gf_is(&tx->t[bj + 1], "gives") || gf_is(&tx->t[bj + 1], "becomes") ||
		    gf_is(&tx->t[bj + 1], "to")) && tx->t[bj + 2].isnum;
		bool named_out = unit && outputs_before(tx, i) && !gf_is_op_after(tx, bj + 1) && !maps;
		if (named_out && fabs(x + y - 1) > 0.05 && gf_asserted(tx, i) &&
		    !gf_negated(tx, i, bj)) {
			gf_say(out, n, max, i, "softmax outputs sum to 1: [%g, %g] sums to %g, so it is "
			    "not the normalised result", x, y, x + y);
			i = bj;
			continue;
		}
		/* a pair in (0, 1) summing to 1, or one named as the outputs
		 * ("the result is [1, 0]") */
		bool probs = unit && fabs(x + y - 1) < 0.03 &&
		    ((x > 0 && x < 1 && y > 0 && y < 1) || named_out);
		/* the logits: a pair named ("turn [20, 19] into [11, 11]"); a
		 * pair with a value at or below 0 is logits too ("[0, -1]"), as
		 * is an equal pair ("[0, 0] → [0.5, 0.5]"); one in (0, 1] may
		 * be exponentials ("[1, 0.368]") */
		/* "20−20 = 0, 19−20 = −1": a figure that is a term of the next
		 * expression is no logit of a pair */
		if (!probs && (fabs(x) > 1 || fabs(y) > 1 || (x == 0 && y < 0) || (y == 0 && x < 0) ||
		    x == y) &&
		    fabs(x) < 1000 && fabs(y) < 1000 && !gf_is_op_after(tx, bj + 1)) {
			if (nlog < 8) {
				lg[nlog][0] = x, lg[nlog][1] = y;
				/* where the pair it maps to starts, if it maps */
				lmapped[nlog] = maps ? bj + 2 : 0;
				lsent[nlog++] = a->sent;
			}
			i = bj;
			continue;
		}
		if (!probs || !gf_asserted(tx, i) || gf_negated(tx, i, bj))
			continue;
		/* "the softmax comes out at [0.88, 0.12]" with no logits or
		 * exponentials named: the softmax fixture's logits, [20, 19],
		 * are the ones (as facts_scaled.c takes the underflow
		 * fixture's 1e-8) */
		if (nlog == 0 && nex == 0) {
			lg[0][0] = 20, lg[0][1] = 19;
			lsent[0] = -1;
			lmapped[0] = 0;
			nlog = 1;
		}
		double ux = a->unit > 0.005 ? a->unit : 0.005, uy = b->unit > 0.005 ? b->unit : 0.005;
		/* the pair of its own sentence, the last one, decides ("turn
		 * [20, 19] into [11, 11] and get [0.5, 0.5]"); with none there,
		 * any pair named before may be the one, or two exponentials
		 * named side by side (largest first) */
		double bx = 0, by = 0;
		bool fits = false, same = nlog > 0 && lsent[nlog - 1] == a->sent;
		for (size_t q = same ? nlog - 1 : 0; q < nlog && !fits; q++) {
			double m = lg[q][0] > lg[q][1] ? lg[q][0] : lg[q][1];
			bx = exp(lg[q][0] - m) / (exp(lg[q][0] - m) + exp(lg[q][1] - m)), by = 1 - bx;
			fits = fabs(x - bx) <= ux && fabs(y - by) <= uy;
		}
		/* the fixture's own result stands beside an example pair
		 * mapped to its own result ("[0, 0] → [0.5, 0.5], and here
		 * [0.731, 0.269]"), though not as that pair's result */
		if (!fits && (!same || (lmapped[nlog - 1] && i != lmapped[nlog - 1]))) {
			bx = 1 / (1 + exp(-1.0)), by = 1 - bx;
			fits = fabs(x - bx) <= ux && fabs(y - by) <= uy;
		}
		for (size_t q = 0; !same && x >= y && q < nex && !fits; q++) {
			double d = exp(ex[q][1] - ex[q][0]);
			bx = 1 / (1 + d), by = 1 - bx;
			fits = fabs(x - bx) <= ux && fabs(y - by) <= uy;
		}
		/* "clamp [20, 19] to 11 and you'd get [0.5, 0.5]": logits
		 * clamped, clipped or rounded on the way are other logits */
		static const char *const change[] = { "clamp", "clamped", "clamping", "clip",
			"clipped", "clipping", "cap", "capped", "capping", "round", "rounded",
			"truncate", "truncated", "saturate", "saturated", "quantize", "quantized",
			NULL };
		for (size_t q = i; q-- > 0 && !fits && tx->t[q].sent == a->sent;)
			fits = gf_is_any(&tx->t[q], change);
		if (!fits && (same || nlog > 0 || x >= y)) {
			double l0 = nlog ? lg[nlog - 1][0] : ex[nex - 1][0];
			double l1 = nlog ? lg[nlog - 1][1] : ex[nex - 1][1];
			double m = l0 > l1 ? l0 : l1;
			double p0 = exp(l0 - m) / (exp(l0 - m) + exp(l1 - m));
			gf_say(out, n, max, i, "the softmax of [%g, %g] is about [%.3f, %.3f], not [%g, %g]",
			    l0, l1, p0, 1 - p0, x, y);
		}
		i = bj;
	}
}
