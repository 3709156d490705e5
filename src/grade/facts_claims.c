/*
 * facts_claims.c — the claims the figure check holds to the engine beside
 * the format quantities of facts.c: exp(a) and products said to equal,
 * exceed or fit something; a plain figure said to overflow, fit, flush,
 * or be subnormal in a format; two formats compared (GradScaler's
 * defaults are facts_scaler.c's).  True claims are marked for %overflow
 * and %flush.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fp/fp.h"
#include "grade/facts_int.h"

/* "the 1e-8 is more like 6.5e-4": "more like" (or "less like") at token j
 * is "about", no comparison */
static bool
more_like(const gtext *tx, size_t j)
{
	return gf_is(&tx->t[j], "like") && j > 0 && (gf_is(&tx->t[j - 1], "more") ||
	    gf_is(&tx->t[j - 1], "less"));
}

/* Token q is the term of a comparison ("as fp32", "than fp16", "like
 * bf16"): what is said is not said of it. */
static bool
compared_term(const gtext *tx, size_t q)
{
	return q > 0 && (gf_is(&tx->t[q - 1], "as") || gf_is(&tx->t[q - 1], "than") ||
	    gf_is(&tx->t[q - 1], "like"));
}

/* After an expression ending at token e whose value is v: a figure it is
 * said to equal, or a comparison ("greater than 65504"), and whether it
 * is said to be finite or inf in a named format. */
void
gf_check_value(gtext *tx, size_t start, size_t e, double v, double rel,
    const char *what, gfigure *out, size_t *n, size_t max)
{
	/* "anything above e^11.09 is inf": an expression that is a bound
	 * is said to be nothing itself */
	static const char *const bound[] = { "above", "over", "beyond", "past",
		"below", "under", "than", "exceeds", "exceed", "between", NULL };
	static const char *const greater[] = { "greater", "above", "exceeds", "exceed",
		"over", "beyond", "bigger", "larger", "more", NULL };
	static const char *const less[] = { "less", "below", "under", "smaller",
		"within", NULL };
	static const char *const finite[] = { "finite", "fits", "fit", "representable",
		"fine", "ok", "okay", "safe", NULL };
	static const char *const inf[] = { "inf", "infinity", "infinite", "overflows",
		"overflow", "overflowed", "beyond", "outside", NULL };
	if (!gf_asserted(tx, start) || (start > 0 && gf_is_any(&tx->t[start - 1], bound)))
		return;
	int cmp = 0;
	for (size_t j = e; j < tx->n && j < e + GF_SCAN && tx->t[j].sent == tx->t[start].sent; j++) {
		if (tx->t[j].isnum) {
			gfig f;
			gf_figure_at(tx, j, &f);
			if (gf_negated(tx, start, j))
				break;
			/* "e^20 is roughly 7,400 times that": a ratio, not the value */
			if (f.end < tx->n && (gf_is(&tx->t[f.end], "times") || gf_is(&tx->t[f.end], "x") ||
			    gf_is(&tx->t[f.end], "fold")) && f.end + 1 < tx->n &&
			    !tx->t[f.end + 1].isnum)
				break;
			/* "exp(20) and exp(19) (≈4.85e8, 1.78e8)": a list of
			 * values, one each; v is to be one of them */
			bool listed = false;
			for (gfig g = f; cmp == 0 && !listed && g.end + 1 < tx->n && g.end < f.end + 5;) {
				/* "(≈4.85e8, 1.78e8)", "(≈4.85e8 and 1.78e8)" */
				size_t nx = gf_is(&tx->t[g.end], "and") ? g.end + 1 : g.end;
				/* "(≈4.85e8, ≈1.78e8)", "1 and about 0.37" */
				if (nx + 1 < tx->n && (gf_is(&tx->t[nx], "approx") || gf_is(&tx->t[nx], "about") ||
				    gf_is(&tx->t[nx], "roughly") || gf_is(&tx->t[nx], "around")))
					nx++;
				if (!tx->t[nx].isnum || !gf_figure_at(tx, nx, &g))
					break;
				listed = gf_agrees(&g, v);
			}
			if (cmp == 0 && !listed && !gf_agrees(&f, v) && !(rel > 0 &&
			    (gf_agrees(&f, v * (1 + rel)) || gf_agrees(&f, v / (1 + rel)) ||
			    (f.v - v / (1 + rel)) * (f.v - v * (1 + rel)) <= 0)))
				gf_say(out, n, max, j, "%s is %.4g, not %.6g", what, v, f.v);
			else if (cmp > 0 && !(v > f.v))
				gf_say(out, n, max, j, "%s is %.4g, not more than %.6g", what, v, f.v);
			else if (cmp < 0 && !(v < f.v))
				gf_say(out, n, max, j, "%s is %.4g, not less than %.6g", what, v, f.v);
			else if (cmp != 0) {	/* "exp(20) > 65504": beyond fp16's limit */
				int id = gf_bound_of(&f, cmp);
				if (id != GF_NOFMT && gf_fate(id, v) == (cmp > 0 ? 1 : 2))
					gf_mark(tx, start, cmp > 0 ? GF_OVERFLOW : GF_FLUSH);
			}
			break;
		}
		if (more_like(tx, j)) {
			cmp = 0;
			continue;
		}
		/* "1 and e^-1, normalised to roughly 0.731": what the
		 * normalising gives is another value */
		if (gf_is(&tx->t[j], "normalized") && j + 1 < tx->n && gf_is(&tx->t[j + 1], "to"))
			break;
		if (gf_is_any(&tx->t[j], greater))
			cmp = 1;
		else if (gf_is_any(&tx->t[j], less))
			cmp = -1;
		else if (!gf_is_any(&tx->t[j], gf_linking) && !gf_is(&tx->t[j], "than") &&
		    !gf_is(&tx->t[j], "much") && !gf_is(&tx->t[j], "far"))
			break;
	}
	/* finite or inf in a format the clause (or sentence) names: "exp(19)
	 * on its own is still finite in fp16", "e^20 becomes inf" */
	static const char *const between[] = { "on", "own", "still", "also", "too",
		"in", "then", "becomes", "become", "would", "will", "stays", "remains",
		"perfectly", "easily", "comes", "come", "out", "as", "ends", "up", NULL };
	int claim = 0;
	size_t at = 0;
	for (size_t j = e; j < tx->n && j < e + 8 && gf_same_or_arrow(tx, e - 1, j); j++) {
		if (gf_is_any(&tx->t[j], finite))
			claim = 1;
		else if (gf_is_any(&tx->t[j], inf))
			claim = -1;
		if (claim) {
			at = j;
			break;
		}
		if (!tx->t[j].isnum && gf_format_of(tx, j) == GF_NOFMT && !gf_is_any(&tx->t[j], gf_linking) &&
		    !gf_is_any(&tx->t[j], between) && !(tx->t[j].flags & TK_NEGATOR))
			break;
	}
	/* "maximum finite value" names a quantity, it says nothing of v */
	if (claim > 0 && at + 1 < tx->n && (gf_is(&tx->t[at + 1], "value") ||
	    gf_is(&tx->t[at + 1], "values") || gf_is(&tx->t[at + 1], "number") || gf_is(&tx->t[at + 1], "range")))
		claim = 0;
	/* "e^-1 is below fp16's smallest normal and flushes to zero": a
	 * flush the clause says of the expression */
	static const char *const zero[] = { "underflows", "underflow", "flushes", "flush",
		"vanishes", NULL };
	if (!claim)
		for (size_t j = e; j < tx->n && j < e + 14 && tx->t[j].clause == tx->t[start].clause; j++)
			if (gf_is_any(&tx->t[j], zero) && !gf_negated(tx, start, j)) {
				int zf = GF_NOFMT;
				int zc = tx->t[start].clause;
				for (size_t q = tx->cstart[zc]; q < tx->cend[zc] && zf == GF_NOFMT; q++)
					zf = gf_format_of(tx, q);
				if (zf == GF_NOFMT || v == 0)
					break;
				const fp_format *zfm = fp_format_get((fp_id)zf);
				unsigned zfl;
				if (fp_classify(zfm, fp_encode(zfm, v, &zfl)) != FP_CLASS_ZERO)
					gf_say(out, n, max, j, "%s is %.4g, which %s holds: it does not flush to zero",
					    what, v, zfm->name);
				else
					gf_mark(tx, start, GF_FLUSH);
				break;
			}
	if (!claim)
		return;
	if (gf_negated(tx, start, at))
		claim = -claim;
	int fmt = GF_NOFMT;
	for (size_t j = start; j < tx->n && tx->t[j].clause == tx->t[start].clause && fmt == GF_NOFMT; j++)
		fmt = gf_format_of(tx, j);
	for (size_t j = 0; j < tx->n && fmt == GF_NOFMT; j++)
		if (tx->t[j].sent == tx->t[start].sent)
			fmt = gf_format_of(tx, j);
	if (fmt == GF_NOFMT) {	/* no format named: a true "then inf" in fp16 still counts */
		if (claim < 0 && gf_fate(FP_FP16, v) == 1)
			gf_mark(tx, start, GF_OVERFLOW);
		return;
	}
	const fp_format *f = fp_format_get((fp_id)fmt);
	unsigned flags;
	uint32_t bits = fp_encode(f, v, &flags);
	fp_class c = fp_classify(f, bits);
	bool isinf = c == FP_CLASS_INF || c == FP_CLASS_NAN;
	if (claim > 0 && isinf)
		gf_say(out, n, max, at, "%s is %.4g, beyond %s's largest finite value %.6g: it is inf there",
		    what, v, f->name, fp_max_finite(f));
	else if (claim < 0 && !isinf)
		gf_say(out, n, max, at, "%s is %.4g, which %s holds as a finite value", what, v, f->name);
	else if (claim < 0)
		gf_mark(tx, start, GF_OVERFLOW);
}

/* "In bf16 it would give exactly 1e8", "10000 × 10000 comes out as
 * exactly 100,000,000": a result said to be a figure exactly, in the
 * format the sentence is about (the nearest before it that is no
 * possessive: in "bf16 has fp32's exponent, so ..." that is bf16). */
static bool
result_exactly(const gtext *tx, size_t i, const gfig *f, gfigure *out, size_t *n, size_t max)
{
	static const char *const gives[] = { "gives", "give", "yields", "yield", "returns",
		"return", "produces", "produce", "results", "evaluates", "get", "gets", "got", NULL };
	/* "1e8 comes out exactly as 100,000,000": the adverb before "as" */
	bool exactly_as = i > 3 && gf_is(&tx->t[i - 1], "as") && gf_is(&tx->t[i - 2], "exactly") &&
	    gf_is(&tx->t[i - 3], "out");
	if (i < 2 || (!exactly_as && !gf_is(&tx->t[i - 1], "exactly")) || !gf_asserted(tx, i))
		return false;
	bool out_as = exactly_as || (i > 3 && gf_is(&tx->t[i - 2], "as") && gf_is(&tx->t[i - 3], "out"));
	bool to = i > 3 && gf_is(&tx->t[i - 2], "to") && gf_is_any(&tx->t[i - 3], gives);
	if (!out_as && !to && !gf_is_any(&tx->t[i - 2], gives))
		return false;
	for (size_t q = i - 1; q-- > 0 && q + 6 > i && tx->t[q].clause == tx->t[i].clause;)
		if (tx->t[q].flags & TK_NEGATOR)
			return true;	/* "bf16 would not give exactly 1e8" */
	/* ... no possessive, and no format qualifying a noun: in "bf16 has
	 * the fp32 exponent range, so 1e8 ..." that is bf16 */
	static const char *const part[] = { "exponent", "exponents", "range", "sized", "size",
		"width", "style", "equivalent", NULL };
	int fmt = GF_NOFMT;
	for (size_t q = i; q-- > 0 && tx->t[q].sent == tx->t[i].sent && fmt == GF_NOFMT;)
		if (!(tx->t[q].flags & TK_POSS) && !(q + 1 < tx->n && gf_is_any(&tx->t[q + 1], part)))
			fmt = gf_format_of(tx, q);
	/* "comes out as exactly 1e8 in bf16": the format after it */
	for (size_t q = f->end; fmt == GF_NOFMT && q < tx->n && q <= f->end + 3 &&
	    tx->t[q].clause == tx->t[i].clause; q++)
		if (!(tx->t[q].flags & TK_POSS))
			fmt = gf_format_of(tx, q);
	if (fmt == GF_NOFMT)
		return true;
	const fp_format *F = fp_format_get((fp_id)fmt);
	unsigned fl;
	double held = fp_decode(F, fp_encode(F, f->v, &fl));
	if (held != f->v && isfinite(held))
		gf_say(out, n, max, i, "%.9g is not exact in %s: it is held as %.9g", f->v, F->name,
		    held);
	return true;
}

/* "1e8 is stored exactly in bf16", "65504 is exactly representable in
 * fp16": a figure said to be held exactly, checked by encoding it into the
 * format its clause names (or the one format of its sentence).  Returns
 * true when the figure was read as such a claim. */
static size_t antecedents(const gtext *tx, size_t i, int *c);

static bool
exact_claim(const gtext *tx, size_t i, const gfig *f, gfigure *out, size_t *n, size_t max)
{
	static const char *const verb[] = { "is", "are", "can", "be", "gets", "get", "stored",
		"represented", "held", "kept", "encoded", "stays", "remains", NULL };
	/* "fp32 can't hold 1e8 exactly": said not to be exact */
	static const char *const hold[] = { "hold", "store", "represent", "encode", NULL };
	bool denied = i > 1 && gf_is_any(&tx->t[i - 1], hold) && ((tx->t[i - 2].flags & TK_NEGATOR) ||
	    (i > 2 && (tx->t[i - 3].flags & TK_NEGATOR))) && f->end < tx->n &&
	    (gf_is(&tx->t[f->end], "exactly") || gf_is(&tx->t[f->end], "exact"));
	if (denied) {
		int g = GF_NOFMT;
		for (size_t q = i - 1, d = 0; q-- > 0 && d < 4 && g == GF_NOFMT; d++)
			g = gf_format_of(tx, q);
		if (g != GF_NOFMT) {
			const fp_format *F = fp_format_get((fp_id)g);
			unsigned fl;
			if (fp_decode(F, fp_encode(F, f->v, &fl)) == f->v)
				gf_say(out, n, max, f->end, "%.9g is exact in %s", f->v, F->name);
		}
		return true;
	}
	if (result_exactly(tx, i, f, out, n, max))
		return true;
	/* "bf16 represents 1e8 exactly": the verb before the figure */
	static const char *const holds[] = { "represents", "represent", "holds", "stores",
		"keeps", "encodes", "gives", NULL };
	if (i > 1 && gf_is_any(&tx->t[i - 1], holds) && f->end < tx->n &&
	    (gf_is(&tx->t[f->end], "exactly") || gf_is(&tx->t[f->end], "exact")) &&
	    gf_asserted(tx, i) && !(tx->t[i - 2].flags & TK_NEGATOR) &&
	    !(i > 2 && (tx->t[i - 3].flags & TK_NEGATOR))) {
		int g = GF_NOFMT;
		for (size_t q = i - 1, d = 0; q-- > 0 && d < 3 && g == GF_NOFMT; d++)
			if (!compared_term(tx, q))
				g = gf_format_of(tx, q);
		/* "Switch to bf16: ... it stores 100,000,000 exactly": the one
		 * format "it" can be */
		/* ... the term of a comparison left out: "bf16 has the same
		 * range as fp32 and represents 1e8 exactly" is said of bf16 */
		unsigned set = 0;
		for (size_t q = tx->cstart[tx->t[i].clause]; g == GF_NOFMT && q < tx->cend[tx->t[i].clause]; q++)
			if (gf_format_of(tx, q) != GF_NOFMT && !(tx->t[q].flags & TK_POSS) &&
			    !compared_term(tx, q))
				set |= 1u << gf_format_of(tx, q);
		/* "switch to bf16 - it has fp32's range and represents 1e8
		 * exactly": what "it" stands for */
		for (size_t q = tx->cstart[tx->t[i].clause]; g == GF_NOFMT && set == 0 && q < i; q++)
			if (gf_is(&tx->t[q], "it")) {
				int c[4];
				size_t nc = antecedents(tx, q, c);
				for (size_t k = 0; k < nc; k++)
					set |= 1u << c[k];
			}
		if (g == GF_NOFMT && set == 0)
			set = gf_candidates(tx, i);
		if (g == GF_NOFMT && set && !(set & (set - 1)))
			for (g = 0; !(set & (1u << g)); g++)
				;
		if (g != GF_NOFMT) {
			const fp_format *F = fp_format_get((fp_id)g);
			unsigned fl;
			double held = fp_decode(F, fp_encode(F, f->v, &fl));
			if (held != f->v && isfinite(held))
				gf_say(out, n, max, f->end, "%.9g is not exact in %s: it is held as %.9g",
				    f->v, F->name, held);
		}
		return true;
	}
	size_t j = f->end;
	while (j < tx->n && j < f->end + 5 && tx->t[j].clause == tx->t[i].clause &&
	    (gf_is_any(&tx->t[j], verb) || gf_is(&tx->t[j], "not") || gf_is(&tx->t[j], "never")))
		j++;
	if (j == f->end || j >= tx->n || tx->t[j].clause != tx->t[i].clause ||
	    !(gf_is(&tx->t[j], "exactly") || gf_is(&tx->t[j], "exact")) ||
	    (j + 1 < tx->n && tx->t[j + 1].isnum) || !gf_asserted(tx, i))
		return false;
	/* "10000 can't be stored exactly in fp16": said not to be exact,
	 * false when it is */
	bool said_inexact = false;
	for (size_t q = f->end; q < j; q++)
		said_inexact |= (tx->t[q].flags & TK_NEGATOR) != 0;
	if (!said_inexact && gf_negated(tx, i, j))
		return false;
	int fmt = GF_NOFMT;
	for (size_t q = tx->cstart[tx->t[i].clause]; q < tx->cend[tx->t[i].clause]; q++) {
		int g = gf_format_of(tx, q);
		if (g != GF_NOFMT && fmt != GF_NOFMT && g != fmt)
			return true;	/* two formats: not said of one */
		if (g != GF_NOFMT)
			fmt = g;
	}
	if (fmt == GF_NOFMT) {
		unsigned set = gf_candidates(tx, i);
		if (set == 0 || (set & (set - 1)) != 0)
			return true;
		while (!(set & (1u << ++fmt)))
			;
	}
	const fp_format *F = fp_format_get((fp_id)fmt);
	unsigned fl;
	double held = fp_decode(F, fp_encode(F, f->v, &fl));
	if (said_inexact && held == f->v)
		gf_say(out, n, max, j, "%.9g is exact in %s", f->v, F->name);
	else if (!said_inexact && held != f->v)
		gf_say(out, n, max, j, "%.9g is not exact in %s: it is held as %.9g", f->v, F->name,
		    held);
	return true;
}

/* A plain figure said to overflow, fit or flush in a format named right
 * after the claim ("1e8 also exceeds fp32's range", "1e-8 underflows in
 * bf16 too", "65520 fits in fp16") or just before the figure ("in fp16,
 * 1e8 overflows").  A figure that is a bound ("anything above 65504
 * overflows", "bigger than 65504") is not said to do anything itself. */
/* "(so an fp16 gradient of 1e-8 becomes representable)" after "backward on
 * S·L": a value that becomes representable in a sentence that scales it is
 * said to fit once scaled, which is no claim about the figure itself. */
static bool
became_scaled(const gtext *tx, size_t from, size_t at)
{
	bool becomes = false;
	for (size_t j = from; j < at; j++)
		becomes |= gf_is(&tx->t[j], "becomes") || gf_is(&tx->t[j], "become");
	if (!becomes)
		return false;
	int sent = tx->t[at].sent;
	for (size_t j = 0; j < tx->n; j++)
		if (tx->t[j].sent == sent && (strncmp(tx->t[j].stem, "scal", 4) == 0 ||
		    strncmp(tx->t[j].stem, "multipl", 7) == 0 || (gf_is(&tx->t[j], "s") &&
		    j + 1 < tx->n && gf_is(&tx->t[j + 1], "x"))))
			return true;
	return false;
}

void
gf_check_plain(gtext *tx, size_t i, const gfig *f, gfigure *out, size_t *n, size_t max)
{
	if (exact_claim(tx, i, f, out, n, max))
		return;
	static const char *const bound[] = { "above", "over", "beyond", "past", "below",
		"under", "than", "least", "most", "exceeds", "exceed", "to", "from",
		"between", "and", "or", "vs", "versus", "like", NULL };
	static const char *const big[] = { "overflows", "overflow", "overflowed",
		"exceeds", "exceed", "inf", "infinity", "beyond", "outside", NULL };
	static const char *const fits[] = { "fits", "fit", "representable", NULL };
	static const char *const zero[] = { "underflows", "underflow", "underflowed",
		"flushes", "vanishes", "zero", NULL };
	static const char *const pass[] = { "also", "too", "even", "itself",
		"already", "would", "will", "far", "rounds", "round", "easily", "still",
		"becomes", "become", "then", "gives", "exactly", "clipped", "clips", "turned",
		"turns", "went", "jumps", "jumped", "blew", "blows", NULL };
	static const char *const greater[] = { "greater", "bigger", "larger", "above",
		"exceeds", "exceed", "more", "beyond", NULL };
	static const char *const less[] = { "less", "smaller", "below", "under", NULL };

	static const char *const approx[] = { "about", "around", "roughly",
		"approximately", "approx", "only", "just", "some", NULL };
	size_t b = i;
	while (b > 0 && gf_is_any(&tx->t[b - 1], approx))
		b--;	/* "above about 11": the bound stands before "about" */
	/* "a scale of 65536 would overflow bf16": "of" after a word for a
	 * value is no argument */
	static const char *const valued[] = { "scale", "value", "factor", "gradient", "number",
		"magnitude", "product", "loss", NULL };
	bool of_arg = b > 0 && gf_is(&tx->t[b - 1], "of") && !(b > 1 && gf_is_any(&tx->t[b - 2], valued));
	/* "exp of a half-precision 20", "torch.exp on an fp16 20.0": the
	 * argument of exp, its type named before it */
	size_t typed = b;
	while (typed > 0 && (gf_format_of(tx, typed - 1) != GF_NOFMT ||
	    gf_is(&tx->t[typed - 1], "a") || gf_is(&tx->t[typed - 1], "an") ||
	    gf_is(&tx->t[typed - 1], "the") || (typed > 1 && gf_is(&tx->t[typed - 1],
	    "precision") && gf_format_of(tx, typed - 2) != GF_NOFMT)))
		typed--;
	if (typed < b && typed > 1 && (gf_is(&tx->t[typed - 1], "of") ||
	    gf_is(&tx->t[typed - 1], "on")) && (gf_is(&tx->t[typed - 2], "exp") ||
	    gf_is(&tx->t[typed - 2], "exponential")))
		of_arg = true;
	/* "exp of 20 and 19 are way above 65504": the second argument */
	if (b > 3 && (gf_is(&tx->t[b - 1], "and") || gf_is(&tx->t[b - 1], "or")) &&
	    tx->t[b - 2].isnum && ((gf_is(&tx->t[b - 3], "of") && b > 3 &&
	    (gf_is(&tx->t[b - 4], "exp") || gf_is(&tx->t[b - 4], "exponential"))) ||
	    gf_is(&tx->t[b - 3], "exp") || gf_is(&tx->t[b - 3], "exps")))
		of_arg = true;
	if (b > 0 && (gf_is_any(&tx->t[b - 1], bound) || of_arg ||
	    gf_is_op_after(tx, b - 1) || tx->t[b - 1].isnum || (tx->t[b - 1].cls & WC_FIG)))
		return;	/* a bound, an argument ("exp of 20"), a term of a formula */
	/* "fp16 maxes out at 65504 -> inf", "caps at 65k, so inf": the
	 * figure is the limit, what follows is said of what passes it */
	static const char *const cap[] = { "out", "caps", "capped", "cap", "tops", "peaks",
		"stops", "ends", "saturates", "limited", NULL };
	if (b > 1 && gf_is(&tx->t[b - 1], "at") && gf_is_any(&tx->t[b - 2], cap))
		return;
	if (gf_is_op_after(tx, f->end) || (f->end < tx->n && tx->t[f->end].isnum) || !gf_asserted(tx, i))
		return;
	int claim = 0;	/* 1 overflows, 2 fits, 3 flushes */
	size_t at = 0;
	int cmp = 0;
	for (size_t j = f->end; j < tx->n && j < f->end + 5 && gf_same_or_arrow(tx, i, j); j++) {
		if (tx->t[j].isnum && tx->t[j].num == 0 && j + 1 >= tx->n) {
			claim = 3;	/* "1e-8 then 0", at the end */
		} else if (tx->t[j].isnum && cmp) {
			/* "1e8 > 65504", "1e-8 < 2^-24": a comparison with a bound */
			gfig lim;
			gf_figure_at(tx, j, &lim);
			if ((cmp > 0 && !(f->v > lim.v)) || (cmp < 0 && !(f->v < lim.v))) {
				gf_say(out, n, max, j, "%.6g is not %s than %.6g", f->v,
				    cmp > 0 ? "greater" : "less", lim.v);
				return;
			}
			int id = gf_bound_of(&lim, cmp);
			if (id != GF_NOFMT && gf_fate(id, f->v) == (cmp > 0 ? 1 : 2))
				gf_mark(tx, i, cmp > 0 ? GF_OVERFLOW : GF_FLUSH);
			return;
		} else if (tx->t[j].isnum && tx->t[j].num == 0) {
			claim = 3;	/* "1e-8 then 0", "rounds to 0" */
		} else {
			claim = gf_is_any(&tx->t[j], big) ? 1 : gf_is_any(&tx->t[j], fits) ? 2 :
			    gf_is_any(&tx->t[j], zero) ? 3 : gf_is(&tx->t[j], "subnormal") ||
			    gf_is(&tx->t[j], "denormal") ? 4 : gf_is(&tx->t[j], "normal") ? 5 : 0;
		}
		if (claim) {
			at = j;
			break;
		}
		if (more_like(tx, j)) {
			cmp = 0;
			continue;
		}
		if (gf_is_any(&tx->t[j], greater))
			cmp = 1;
		else if (gf_is_any(&tx->t[j], less))
			cmp = -1;
		else if (!gf_is_any(&tx->t[j], gf_linking) && !gf_is_any(&tx->t[j], pass) &&
		    !(tx->t[j].flags & TK_NEGATOR) && !gf_is(&tx->t[j], "than") && !gf_is(&tx->t[j], "much"))
			return;
	}
	if (!claim || (cmp && claim != 1 && claim != 3))
		return;
	if (claim == 2 && became_scaled(tx, f->end, at))
		return;
	if (claim >= 4) {	/* "1e-8 is a subnormal in fp16": held to its class */
		int fmt = GF_NOFMT;
		for (size_t j = at + 1; j < tx->n && j <= at + 3 && fmt == GF_NOFMT; j++)
			fmt = gf_format_of(tx, j);
		bool negc = false;
		for (size_t j = f->end; j <= at; j++)
			negc |= (tx->t[j].flags & TK_NEGATOR) != 0;
		if (fmt == GF_NOFMT || negc || !gf_same_or_arrow(tx, i, at) || f->v == 0)
			return;
		const fp_format *F = fp_format_get((fp_id)fmt);
		unsigned fl;
		fp_class cl = fp_classify(F, fp_encode(F, f->v, &fl));
		if ((claim == 4) == (cl == FP_CLASS_SUBNORMAL) && (claim == 5) == (cl == FP_CLASS_NORMAL))
			return;
		gf_say(out, n, max, at, cl == FP_CLASS_ZERO ? "%.6g flushes to zero in %s" :
		    "%.6g is %s in %s", f->v, cl == FP_CLASS_ZERO ? F->name : fp_class_name(cl),
		    F->name);
		return;
	}
	/* the format after the claim, not past a contrast: in "fl16(1e-8) =
	 * 0 while fl_bf16(1e-8) ≈ 1e-8" the zero is not bf16's */
	static const char *const contrast[] = { "while", "whereas", "but", "unlike", "though",
		"although", "yet", NULL };
	int fmt = GF_NOFMT;
	for (size_t j = at + 1; j < tx->n && j <= at + 4 && tx->t[j].clause == tx->t[at].clause &&
	    fmt == GF_NOFMT && !gf_is_any(&tx->t[j], contrast); j++)
		fmt = gf_format_of(tx, j);
	for (size_t j = i, k = 0; fmt == GF_NOFMT && j-- > 0 && k < 4 &&
	    tx->t[j].clause == tx->t[i].clause; k++)
		fmt = gf_format_of(tx, j);
	bool neg = false;	/* a negator between the figure and its claim */
	for (size_t j = f->end; j <= at; j++)
		neg |= (tx->t[j].flags & TK_NEGATOR) != 0;
	if (fmt == GF_NOFMT) {	/* no format named: a true claim in fp16 still counts */
		int fa = gf_fate(FP_FP16, f->v);
		if (!neg && ((claim == 1 && fa == 1) || (claim == 3 && fa == 2)))
			gf_mark(tx, i, claim == 1 ? GF_OVERFLOW : GF_FLUSH);
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
			gf_mark(tx, i, claim == 1 ? GF_OVERFLOW : GF_FLUSH);
		return;
	}
	/* "257 isn't representable in bf16 (it rounds to 256)": not held
	 * exactly, which is true of a value fp32 holds exactly and F rounds
	 * (a decimal like 1e-8 is exact nowhere: of it, "representable"
	 * means in range) */
	const fp_format *F32 = fp_format_get(FP_FP32);
	if (claim == 2 && neg && !isbig && !flushed &&
	    fp_decode(F, fp_encode(F, f->v, &flags)) != f->v &&
	    fp_decode(F32, fp_encode(F32, f->v, &flags)) == f->v)
		return;
	if (isbig)
		gf_say(out, n, max, at, "%.6g overflows %s (its largest finite value is %.6g)",
		    f->v, F->name, fp_max_finite(F));
	else if (flushed)
		gf_say(out, n, max, at, "%.6g flushes to zero in %s (its smallest subnormal is %.6g)",
		    f->v, F->name, fp_min_subnormal(F));
	else
		gf_say(out, n, max, at, "%.6g is a finite nonzero value in %s (it is %.6g there)",
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

/* The formats "it" or "which" at i may stand for, into c[] (at most 4),
 * and how many: for "which" the format just before it ("move to bf16,
 * which is more precise than fp16"); for "it" the formats of its sentence
 * before it, else of the sentence before ("bf16 keeps fp32's exponent.
 * Downside: it is less precise than fp16"), each no part ("fp32's
 * exponent"), no term of a comparison ("than fp16") and not in a
 * quotation.  A sentence may name two ("weights stay fp32, which matters
 * more with bf16, so it is less precise than fp16"): the pronoun is
 * ambiguous and the caller holds the claim false only if it is false of
 * each. */
static size_t
antecedents(const gtext *tx, size_t i, int *c)
{
	static const char *const object[] = { "than", "as", "like", "vs", "versus", "unlike",
		"over", NULL };
	size_t nc = 0;
	if (gf_is(&tx->t[i], "which")) {
		int f = i > 0 ? gf_format_of(tx, i - 1) : GF_NOFMT;
		if (f != GF_NOFMT)
			c[nc++] = f;
		return nc;
	}
	if (!gf_is(&tx->t[i], "it"))
		return 0;
	for (int back = 0; back < 2 && nc == 0; back++) {
		int sent = tx->t[i].sent - back;
		for (size_t j = 0; j < i && nc < 4; j++) {
			if (tx->t[j].sent != sent)
				continue;
			/* "bf16's fp32-sized exponent", "the fp32 range": a
			 * format qualifying a noun is a part too */
			static const char *const part[] = { "sized", "size", "like", "style", "level",
				"range", "exponent", "exponents", "width", "equivalent", NULL };
			int f = gf_format_of(tx, j);
			bool seen = false;
			for (size_t q = 0; q < nc; q++)
				seen |= c[q] == f;
			if (f != GF_NOFMT && !seen && !(tx->t[j].flags & TK_POSS) &&
			    tx->hypo[tx->t[j].clause] != HY_COND &&
			    !(j > 0 && gf_is_any(&tx->t[j - 1], object)) &&
			    !(j + 1 < tx->n && gf_is_any(&tx->t[j + 1], part)))
				c[nc++] = f;
		}
	}
	return nc;
}

void
gf_check_comparison(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	static const char *const more[] = { "more", "higher", "wider", "larger", "bigger",
		"greater", "better", "finer", "extra", NULL };
	static const char *const less[] = { "less", "lower", "narrower", "smaller", "fewer",
		"worse", NULL };
	static const char *const rangew[] = { "range", "max", "maximum", "headroom", NULL };
	static const char *const precw[] = { "precision", "mantissa", "fraction",
		"significand", "accuracy", "resolution", NULL };
	/* the term of a comparison starts none: in "bf16 has the same range
	 * as fp32 and less precision than fp16" the subject is bf16 */
	static const char *const object[] = { "than", "as", "like", "vs", "versus", "unlike",
		NULL };
	if (i > 0 && gf_is_any(&tx->t[i - 1], object))
		return;
	int cand[4];
	size_t nc = 1;
	int a = cand[0] = gf_format_of(tx, i);
	if (a == GF_NOFMT && (nc = antecedents(tx, i, cand)) == 0)
		return;
	a = cand[0];
	struct { int cmp; prop p; } pairs[4];
	size_t np = 0;
	int cmp = 0;
	bool neg = false;

	/* a possessive after a format of its clause names a part of the
	 * comparison of that format, which is read from there */
	if (tx->t[i].flags & TK_POSS)
		for (size_t j = i; j-- > 0 && tx->t[j].clause == tx->t[i].clause;)
			if (gf_format_of(tx, j) != GF_NOFMT)
				return;
	size_t until = i + 14;
	for (size_t j = i + 1; j < tx->n && j < until && tx->t[j].clause == tx->t[i].clause; j++) {
		const gtok *k = &tx->t[j];
		neg |= (k->flags & TK_NEGATOR) != 0;
		if (gf_is(k, "than") || (gf_is(k, "as") && cmp == 2)) {
			size_t b = j + 1;
			while (b < tx->n && b < j + 3 && gf_format_of(tx, b) == GF_NOFMT &&
			    (gf_is(&tx->t[b], "the") || gf_is(&tx->t[b], "that") || gf_is(&tx->t[b], "of")))
				b++;
			int fb = b < tx->n && tx->t[b].clause == k->clause ? gf_format_of(tx, b) : GF_NOFMT;
			if (fb == GF_NOFMT || fb == a || neg || np == 0 || !gf_asserted(tx, i))
				return;
			const fp_format *A = fp_format_get((fp_id)a), *B = fp_format_get((fp_id)fb);
			for (size_t q = 0; q < np; q++) {
				double x = prop_of(pairs[q].p, A), y = prop_of(pairs[q].p, B);
				bool truth = pairs[q].cmp == 1 ? x > y : pairs[q].cmp == -1 ? x < y : x == y;
				/* an ambiguous "it": true of another candidate */
				for (size_t c = 1; c < nc && !truth; c++) {
					if (cand[c] == fb)
						continue;
					double xc = prop_of(pairs[q].p, fp_format_get((fp_id)cand[c]));
					truth = pairs[q].cmp == 1 ? xc > y : pairs[q].cmp == -1 ? xc < y : xc == y;
				}
				if (truth)
					continue;
				if (pairs[q].p == P_RANGE)
					gf_say(out, n, max, j, "%s's largest finite value is %.6g, %s's %.6g",
					    A->name, fp_max_finite(A), B->name, fp_max_finite(B));
				else
					gf_say(out, n, max, j, "%s has %.0f %s bits, %s %.0f", A->name, x,
					    pairs[q].p == P_PREC ? "fraction" : "exponent", B->name, y);
				return;
			}
			/* a true "as" comparison may have another after "and":
			 * "the same range as fp32 and also more mantissa
			 * precision than fp16" */
			if (cmp == 2 && b + 1 < tx->n && gf_is(&tx->t[b + 1], "and")) {
				np = 0;
				cmp = 0;
				j = b + 1;
				until = j + 10;
				continue;
			}
			return;
		}
		if (gf_is_any(k, more))
			cmp = 1;
		else if (gf_is_any(k, less))
			cmp = -1;
		else if (gf_is(k, "same") || gf_is(k, "identical"))
			cmp = 2;
		prop p = gf_is_any(k, rangew) ? P_RANGE : gf_is_any(k, precw) ? P_PREC :
		    gf_is(k, "exponent") || gf_is(k, "exponents") ? P_EXP : P_NONE;
		/* "more precise", "coarser", "finer" name the property themselves */
		if (gf_is(k, "precise") || gf_is(k, "accurate"))
			p = P_PREC;
		if (gf_is(k, "coarser") || gf_is(k, "rougher")) {
			cmp = -1;
			p = P_PREC;
		}
		if (p != P_NONE && cmp != 0 && np < 4) {
			pairs[np].cmp = cmp == 2 ? 0 : cmp;
			pairs[np++].p = p;
			if (cmp != 2)
				cmp = 0;
		}
		/* another format before "than": not this comparison, unless it
		 * names a part ("bf16 = fp32's exponent with fewer mantissa
		 * bits than fp16": bf16 has fewer) */
		if (gf_format_of(tx, j) != GF_NOFMT && !(k->flags & TK_POSS))
			return;
	}
}
