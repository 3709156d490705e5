/*
 * facts_read.c — reading the figures of an answer for the figure check
 * (facts.c): a token's word and format, a figure in any notation and the
 * precision it was written in, what it is bound to, and the formats it
 * may be about (charitably: the format named with it, else any its
 * sentence or the one before names, or the subject's three).
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fp/fp.h"
#include "grade/facts_int.h"

/* The word of a token ("-" and "/" stand alone as stems only). */
bool
gf_is(const gtok *k, const char *w)
{
	const char *s = k->raw[0] ? k->raw : k->stem;
	/* (the first byte first: the figure checks ask this of every token) */
	return !k->isnum && s[0] == w[0] && strcmp(s, w) == 0;
}

bool
gf_is_any(const gtok *k, const char *const *ws)
{
	/* the word once, then the first byte of each entry: asked of every
	 * token by most figure checks */
	if (k->isnum)
		return false;
	const char *s = k->raw[0] ? k->raw : k->stem;
	for (char c = s[0]; *ws; ws++)
		if ((*ws)[0] == c && strcmp(s, *ws) == 0)
			return true;
	return false;
}

/* The format a word names, or GF_NOFMT.  "half" and "single" name one only
 * before "precision" ("half the smallest subnormal" names none). */
int
gf_format_of(const gtext *tx, size_t i)
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
		return GF_NOFMT;
	for (size_t n = 0; n < sizeof names / sizeof names[0]; n++)
		if (strcmp(k->raw, names[n].w) == 0)
			return (int)names[n].id;
	bool prec = i + 1 < tx->n && gf_is(&tx->t[i + 1], "precision");
	if (prec && gf_is(k, "half"))
		return FP_FP16;
	if (prec && gf_is(k, "single"))
		return FP_FP32;
	return GF_NOFMT;
}

/* Words between a format and what it has: "fp16's max", "the bf16
 * maximum", "fp16 has 10 mantissa bits", "bf16 keeps only 7". */
static const char *const between_named[] = { "the", "s", "has", "have", "with",
	"uses", "keeps", "only", "just", "a", "an", "machine", "unit", "about", "around", "roughly",
	"approximately", "approx", "carries", "carry", "holds", "having", "spends", "spend",
	"gets", "offers", "gives", "provides", "stores", "allots", "dedicates", "still",
	"retains", "keeps", "only", NULL };

/* The format whose possessive is the subject of token i's clause ("bf16's
 * 7 mantissa bits give about 7 digits"), when the clause names no other
 * but as the term of a comparison ("compared with fp16's 10"); else
 * GF_NOFMT.  Such a clause speaks of that format, whatever an earlier
 * sentence named. */
/* The format named just before token i in its clause, past linking words
 * ("fp16's max", "the bf16 maximum", "bf16 keeps only 7") and the other
 * fields of a list of them ("bf16 has 8 exponent and 10 mantissa bits");
 * else GF_NOFMT. */
static int
named_just_before(const gtext *tx, size_t i)
{
	static const char *const fields[] = { "and", "exponent", "mantissa", "fraction",
		"significand", "bits", "bit", "sign", NULL };
	static const char *const owned[] = { "of", "as", "like", "than", "with", NULL };
	bool past_fields = false;
	for (size_t j = i, k = 0; j-- > 0 && k < 7 && tx->t[j].clause == tx->t[i].clause; k++) {
		int f = gf_format_of(tx, j);
		/* past other fields, only the list's subject owns the figure:
		 * not "fp32's exponent with a 7-bit mantissa", "the 8 exponent
		 * bits of fp32 and only 7 mantissa bits" */
		if (f != GF_NOFMT)
			return past_fields && ((tx->t[j].flags & TK_POSS) ||
			    (j > 0 && gf_is_any(&tx->t[j - 1], owned))) ? GF_NOFMT : f;
		if (gf_is_any(&tx->t[j], between_named))
			continue;
		if (k >= 4 || (!tx->t[j].isnum && !gf_is_any(&tx->t[j], fields)))
			return GF_NOFMT;
		past_fields = true;
	}
	return GF_NOFMT;
}

/* Words before the term of a comparison: "as fp16", "than fp32". */
static const char *const object[] = { "as", "than", "like", "vs", "versus", NULL };

/* Is the format at j the term of a comparison: after "as", "than",
 * "like", or "identical to", "equal to" ("its epsilon is 2^-10, identical
 * to fp16's")? */
static bool
compared_term(const gtext *tx, size_t j)
{
	static const char *const same[] = { "identical", "equal", "similar", "close", "comparable",
		"matching", "same", NULL };
	return j > 0 && (gf_is_any(&tx->t[j - 1], object) || (j > 1 && gf_is(&tx->t[j - 1], "to") &&
	    gf_is_any(&tx->t[j - 2], same)));
}

static int
subject_format(const gtext *tx, size_t i)
{
	int c = tx->t[i].clause;
	size_t s0 = tx->cstart[c];

	/* the conjunction a clause opens with: "since bf16 has a max of" */
	static const char *const conj[] = { "the", "and", "but", "so", "since", "because",
		"while", "whereas", "whilst", "yet", NULL };
	while (s0 < i && gf_is_any(&tx->t[s0], conj))
		s0++;
	/* "fp16's epsilon is ...", or "fp16 (also, only) has an epsilon of
	 * ...": the format that owns the quantity opens the clause */
	static const char *const owns[] = { "has", "have", "gets", "offers", "keeps", "uses", NULL };
	bool owner = false;
	for (size_t k = s0 + 1; k < i && k <= s0 + 3 && !owner; k++)
		owner = gf_is_any(&tx->t[k], owns);
	if (s0 >= i || !((tx->t[s0].flags & TK_POSS) || owner) || gf_format_of(tx, s0) == GF_NOFMT)
		return GF_NOFMT;
	for (size_t j = tx->cstart[c]; j < tx->cend[c]; j++)
		if (j != s0 && gf_format_of(tx, j) != GF_NOFMT &&
		    !(j > 0 && (gf_is_any(&tx->t[j - 1], object) || gf_is(&tx->t[j - 1], "with") ||
		    gf_is(&tx->t[j - 1], "against"))))
			return GF_NOFMT;
	return gf_format_of(tx, s0);
}

/* "Move to bf16: its max is ...": the format "its" (a few words before
 * token i, in its clause) stands for when its own sentence names one
 * before it as the subject of a clause, the nearest so named ("bf16 has
 * fp32's range, so values that overflow in fp16 fit, but its 7-bit
 * mantissa" is bf16's: fp32's and fp16 are no subjects); else
 * GF_NOFMT, and the sentence before is searched by the caller. */
static int
its_antecedent(const gtext *tx, size_t i)
{
	size_t its = tx->n;
	for (size_t j = i, k = 0; j-- > 0 && k < 4 && tx->t[j].clause == tx->t[i].clause; k++) {
		if (gf_is(&tx->t[j], "its")) {
			its = j;
			break;
		}
		if (!gf_is_any(&tx->t[j], between_named))
			return GF_NOFMT;
	}
	/* what may open a clause before its subject */
	static const char *const lead[] = { "the", "and", "but", "so", "while", "whereas",
		"since", "because", "then", "whilst", "yet", "move", "moving", "switch",
		"switching", "go", "going", "use", "using", "try", "trying", "pick", "choose",
		"to", "with", NULL };
	for (size_t j = its; its < tx->n && j-- > 0 && tx->t[j].sent == tx->t[its].sent;) {
		if (gf_format_of(tx, j) == GF_NOFMT || compared_term(tx, j))
			continue;
		size_t s0 = tx->cstart[tx->t[j].clause];
		while (s0 < j && gf_is_any(&tx->t[s0], lead))
			s0++;
		if (s0 == j)
			return gf_format_of(tx, j);
	}
	return GF_NOFMT;
}

/* The format named by "in" or "for" after the quantity at token i and its
 * figure, in its clause: "7 significant decimal digits in fp16", "the max
 * is 65504 in fp16"; not past another figure ("3 digits, versus 3.3 in
 * fp16") nor in a comparison ("8 exponent bits, as in fp32"). */
int
gf_named_in_after(const gtext *tx, size_t i)
{
	int figures = tx->t[i].isnum ? 1 : 0;
	for (size_t j = i + 1; j + 1 < tx->n && j <= i + 6 && tx->t[j].clause == tx->t[i].clause;
	    j++) {
		if (tx->t[j].isnum && ++figures > 1)
			return GF_NOFMT;
		if (!gf_is(&tx->t[j], "in") && !gf_is(&tx->t[j], "for"))
			continue;
		if (figures == 0 || gf_is(&tx->t[j - 1], "as") || gf_is(&tx->t[j - 1], "like") ||
		    gf_is(&tx->t[j - 1], "than"))
			return GF_NOFMT;
		size_t k = j + 1;
		if (k + 1 < tx->n && gf_is(&tx->t[k], "the"))
			k++;
		return tx->t[k].clause == tx->t[i].clause ? gf_format_of(tx, k) : GF_NOFMT;
	}
	return GF_NOFMT;
}

/* The formats a figure at token i may be about, as a bit set: the one
 * named just before what it measures (from, "fp16's max", "the bf16
 * maximum") alone; else every format of its sentence and the formats
 * of the last earlier sentence that named one (the antecedent of "its"). */
unsigned
gf_candidates(const gtext *tx, size_t from)
{
	int sent = tx->t[from].sent;

	/* "the smallest fp16 value", "max fp16 is" */
	if (from + 1 < tx->n && tx->t[from + 1].clause == tx->t[from].clause &&
	    gf_format_of(tx, from + 1) != GF_NOFMT)
		return 1u << gf_format_of(tx, from + 1);

	int named = named_just_before(tx, from);
	if (named != GF_NOFMT)
		return 1u << named;
	int in = gf_named_in_after(tx, from);
	if (in != GF_NOFMT)
		return 1u << in;
	int subj = subject_format(tx, from);
	if (subj != GF_NOFMT)
		return 1u << subj;
	int ante = its_antecedent(tx, from);
	if (ante != GF_NOFMT)
		return 1u << ante;
	/* a format named as the term of a comparison ("its smallest
	 * subnormal is 6e-8, the same as fp16") is what the figure is set
	 * against, not what it is about, when the sentence has no other */
	unsigned set = 0, compared = 0;
	for (size_t j = 0; j < tx->n; j++)
		if (tx->t[j].sent == sent) {
			int f = gf_format_of(tx, j);
			if (f != GF_NOFMT && compared_term(tx, j))
				compared |= 1u << f;
			else if (f != GF_NOFMT)
				set |= 1u << f;
		}
	bool only_compared = set == 0 && compared != 0;
	int last = -1;
	for (size_t j = 0; j < tx->n && tx->t[j].sent < sent; j++)
		if (gf_format_of(tx, j) != GF_NOFMT && tx->t[j].sent > last)
			last = tx->t[j].sent;
	/* the sentence before: its formats but the terms of its comparisons
	 * ("its range is like fp32's. ... its epsilon is": bf16's) */
	for (size_t j = 0; last >= 0 && j < tx->n; j++)
		if (tx->t[j].sent == last && gf_format_of(tx, j) != GF_NOFMT && !compared_term(tx, j))
			set |= 1u << gf_format_of(tx, j);
	if (only_compared && last < 0)
		set |= compared;	/* nothing else named: charity */
	return set;
}

/* Words that may stand between a quantity and its figure. */
const char *const gf_linking[] = {
	"is", "are", "was", "of", "about", "approx", "approximately", "around",
	"roughly", "circa", "at", "only", "just", "to", "value", "values", "number",
	"numbers", "positive", "finite", "representable", "magnitude", "equal",
	"equals", "exactly", "near", "nearly", "some", "the", "a", "its", "s",
	"out", "up", "down", "goes", "go", "it", "can", "be", "has", "have",
	"represent", "store", "hold", "nonzero", "non", "zero", "subnormal",
	"denormal", "denormalized", "normal", "normalized", "one", "float",
	"threshold", "which", "like", "somewhere", "already", "also", "still", "same", NULL
};

/* Does a negator stand in [lo, hi] (the clause of a figure)? */
bool
gf_negated(const gtext *tx, size_t lo, size_t hi)
{
	size_t from = lo >= 1 ? lo - 1 : 0;	/* "not fp16's max" */
	for (size_t j = from; j <= hi && j < tx->n; j++)
		if (tx->t[j].clause == tx->t[hi].clause && (tx->t[j].flags & TK_NEGATOR))
			return true;
	return false;
}

bool
gf_asserted(const gtext *tx, size_t i)
{
	/* the consequence of "do X and you get Y" is a claim */
	return (tx->hypo[tx->t[i].clause] == 0 || (tx->t[i].flags & TK_CONSEQ)) &&
	    !(tx->t[i].flags & TK_QUESTION);
}


bool
gf_figure_at(const gtext *tx, size_t i, gfig *f)
{
	static const struct { const char *w; double m; } mult[] = {
		{ "thousand", 1e3 }, { "mn", 1e6 }, { "million", 1e6 },
		{ "millions", 1e6 }, { "mil", 1e6 }, { "bn", 1e9 }, { "billion", 1e9 },
	};
	if (i >= tx->n || !tx->t[i].isnum)
		return false;
	f->v = tx->t[i].num;
	f->unit = tx->t[i].unit;
	f->end = i + 1;
	f->sci = tx->t[i].sci;
	/* ("65 504", "100 000 000" are one token already, fold.c: two number
	 * tokens are two figures, as in "256 — 257") */
	/* "2^16 − 1", "2^15 + 2^14": an exact power and an exact term
	 * after a minus or plus standing alone ("2 - 3 digits" is a range:
	 * its first figure is no power) */
	if (f->unit == 0 && f->end + 1 < tx->n && tx->t[f->end + 1].isnum &&
	    tx->t[f->end + 1].unit <= 1 && tx->t[f->end + 1].num == floor(tx->t[f->end + 1].num) &&
	    (gf_is(&tx->t[f->end], "-") || gf_is(&tx->t[f->end], "plus") ||
	    gf_is(&tx->t[f->end], "minus")) && !gf_is_op_after(tx, f->end + 2)) {
		bool minus = !gf_is(&tx->t[f->end], "plus");
		f->v += minus ? -tx->t[f->end + 1].num : tx->t[f->end + 1].num;
		f->unit = tx->t[f->end + 1].unit;
		f->end += 2;
	}
	double a = fabs(f->v);
	if (f->end + 1 < tx->n && gf_is(&tx->t[f->end], "x") && tx->t[f->end + 1].isnum &&
	    tx->t[f->end + 1].pow10 && !tx->t[i].pow10 && a >= 1 && a < 10) {
		f->v *= tx->t[f->end + 1].num;
		f->unit *= tx->t[f->end + 1].num;
		f->end += 2;
	} else if (f->end < tx->n) {	/* 485 million (65k is one token) */
		for (size_t k = 0; k < sizeof mult / sizeof mult[0]; k++)
			if (gf_is(&tx->t[f->end], mult[k].w)) {
				f->v *= mult[k].m;
				f->unit = (f->unit ? f->unit : 1) * mult[k].m;
				f->end++;
				break;
			}
	}
	return true;
}


/* Does the stated figure agree with the true value t, to within a unit
 * of its last digit ("65k" is 65504, "6e-8" 5.96e-8) but never more than
 * half of itself ("about 1e10" is not 65504), or to 0.01% when it was
 * written as an exact power (2^-24; 2^16 = 65536 is not 65504)? */
bool
gf_agrees(const gfig *f, double t)
{
	/* a bare power of ten written with one digit (~1e8, 1e-7) is an
	 * order of magnitude: right when the value rounds to it in log space,
	 * with a little slack (0.6 of a decade: "1e38" for bf16's 3.4e38 is
	 * right; "1e-4" for fp16's epsilon, 9.8e-4, or its unit roundoff,
	 * 4.9e-4, is not) */
	double lg = f->v > 0 ? log10(f->v) : 0.5;
	if (f->sci && (f->unit >= f->v || f->unit == 0) && f->v > 0 && lg == floor(lg) && t > 0)
		return fabs(log10(t) - lg) <= 0.6;
	double tol = f->unit > 0 ? f->unit : fabs(t) * 1e-4;
	if (tol > fabs(f->v) / 2)
		tol = fabs(f->v) / 2;
	return fabs(fabs(f->v) - fabs(t)) <= tol;
}

/* The figure bound to the quantity word at i: the first number after it
 * past gf_linking words only, in its sentence. */
bool
gf_bound_figure(const gtext *tx, size_t i, gfig *f, size_t *at)
{
	/* only linking words and formats may stand between, so a longer run
	 * of them is still one phrase: "the smallest positive number fp16 can
	 * hold is about 6e-8" */
	for (size_t j = i + 1; j < tx->n && j <= i + GF_SCAN + 3; j++) {
		if (tx->t[j].sent != tx->t[i].sent)
			return false;
		/* past a comma only the figure itself or a hedge on it ("the
		 * max, about 65504"): "1e-8 >> min_bf16, S = 1" says nothing of
		 * bf16's smallest value */
		static const char *const appositive[] = { "about", "around", "roughly",
			"approximately", "approx", "which", "namely", "ie", NULL };
		if (tx->t[j].clause != tx->t[j - 1].clause && !tx->t[j].isnum &&
		    !gf_is_any(&tx->t[j], appositive))
			return false;
		if (tx->t[j].isnum) {
			static const char *const counted[] = { "steps", "step", "iterations",
				"iteration", "bits", "bit", "times", "x", "digits", "epochs", NULL };
			*at = j;
			if (!gf_figure_at(tx, j, f))
				return false;
			/* "a limit of 2000 steps" counts something else, and
			 * "max = (2 - 2^-10) x 2^15" is a formula */
			return !(f->end < tx->n && gf_is_any(&tx->t[f->end], counted)) &&
			    !gf_is_op_after(tx, f->end);
		}
		if (gf_format_of(tx, j) == GF_NOFMT && !gf_is_any(&tx->t[j], gf_linking))
			return false;
	}
	return false;
}

/* Is a format (or "its") named just before token i: "fp16's max", "the
 * bf16 maximum", "its smallest"? */
bool
gf_named_before(const gtext *tx, size_t i)
{
	if (subject_format(tx, i) != GF_NOFMT)
		return true;	/* "bf16's 7 mantissa bits give about 7 digits" */
	if (i + 1 < tx->n && !tx->t[i].isnum && tx->t[i + 1].clause == tx->t[i].clause &&
	    gf_format_of(tx, i + 1) != GF_NOFMT)
		return true;	/* named just after: "the smallest fp16 value" */
	if (named_just_before(tx, i) != GF_NOFMT)
		return true;
	for (size_t j = i, k = 0; j-- > 0 && k < 4 && tx->t[j].clause == tx->t[i].clause; k++) {
		if (gf_is(&tx->t[j], "its"))
			return true;
		if (!gf_is_any(&tx->t[j], between_named))
			return false;
	}
	return false;
}

void
gf_say(gfigure *out, size_t *n, size_t max, size_t tok, const char *fmt, ...)
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


bool
gf_is_op_after(const gtext *tx, size_t i)
{
	return i < tx->n && (gf_is(&tx->t[i], "-") || gf_is(&tx->t[i], "/") || gf_is(&tx->t[i], "x") ||
	    gf_is(&tx->t[i], "plus") || gf_is(&tx->t[i], "minus") || gf_is(&tx->t[i], "times"));
}

/* Is token j in token i's clause, or in the clause an arrow opens right
 * after it ("1e-8 → 0", "e^20 ≈ 4.85e8 → inf": → reads as "then") or a
 * relative clause right after a figure ("..., which is a normal")? */
bool
gf_same_or_arrow(const gtext *tx, size_t i, size_t j)
{
	/* "1.024e-5, which is a normal fp16 number": a relative clause
	 * right after the figure says it of the figure */
	for (size_t k = i + 1; k <= j; k++)
		if (tx->t[k].clause != tx->t[k - 1].clause && !gf_is(&tx->t[k], "then") &&
		    !((gf_is(&tx->t[k], "which") || gf_is(&tx->t[k], "that")) && tx->t[k - 1].isnum))
			return false;
	return true;
}

/* A true claim at token tok (GF_ kind), for the rubric's %overflow,
 * %flush and %scaled. */
void
gf_mark(gtext *tx, size_t tok, unsigned kind)
{
	tx->t[tok].fact |= (unsigned char)kind;
	tx->facts |= kind;
}

/* How v fares in format id: 1 overflows, 2 flushes to zero, 0 holds. */
int
gf_fate(int id, double v)
{
	const fp_format *F = fp_format_get((fp_id)id);
	unsigned flags;
	fp_class c = fp_classify(F, fp_encode(F, v, &flags));
	return c == FP_CLASS_INF || c == FP_CLASS_NAN ? 1 : c == FP_CLASS_ZERO && v != 0 ? 2 : 0;
}

/* A bound a comparison names: the format whose largest finite value
 * (sign 1) or smallest subnormal, or half of it (sign -1), b agrees with;
 * GF_NOFMT when none.  "1e8 > 65504" compares with fp16's limit. */
int
gf_bound_of(const gfig *b, int sign)
{
	static const fp_id order[] = { FP_FP16, FP_BF16, FP_FP32, FP_E4M3, FP_E5M2 };
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
		const fp_format *F = fp_format_get(order[k]);
		if (sign > 0 && gf_agrees(b, fp_max_finite(F)))
			return (int)order[k];
		if (sign < 0 && (gf_agrees(b, fp_min_subnormal(F)) || gf_agrees(b, fp_min_subnormal(F) / 2)))
			return (int)order[k];
	}
	return GF_NOFMT;
}

