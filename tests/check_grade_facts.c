/*
 * check_grade_facts.c — the figures an answer states (src/grade/facts.c):
 * every format quantity written right, in the notations people use,
 * stands; written wrong, it is a false figure; exp(a), products and
 * "finite in fp16" are held against libm and the compiler's _Float16,
 * never against the engine the grader asks.
 */
#define __STDC_WANT_IEC_60559_TYPES_EXT__ 1
#include <config.h>

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"

TCase *grade_facts_tcase(void);

/* PyTorch's GradScaler defaults, from its documentation (torch.amp.GradScaler). */
static const grade_constants scaler_defaults = { 65536.0, 2.0, 0.5, 2000 };

/* The formats' quantities from their definitions: fp16 from the
 * compiler's _Float16, fp32 from float, bf16 (no C type) from its fields:
 * 8 exponent bits, 7 fraction bits, bias 127. */
typedef struct quant {
	const char *name;
	double max, min_normal, min_sub, eps;
	int exp_bits, man_bits;
} quant;

#ifdef HAVE_FLOAT16
__extension__ typedef _Float16 half;
#define F16(x) (__extension__ (double)(x))
#define F16_MAX F16(FLT16_MAX)
#define F16_MIN F16(FLT16_MIN)
#define F16_TRUE_MIN F16(FLT16_TRUE_MIN)
#define F16_EPSILON F16(FLT16_EPSILON)
#define F16_MANT_DIG (__extension__ FLT16_MANT_DIG)
#else	/* binary16 from its definition: 5 exponent bits, 10 fraction bits */
#define F16_MAX 0x1.ffcp15
#define F16_MIN 0x1p-14
#define F16_TRUE_MIN 0x1p-24
#define F16_EPSILON 0x1p-10
#define F16_MANT_DIG 11
#endif

static const quant formats[] = {
	{ "fp16", F16_MAX, F16_MIN, F16_TRUE_MIN, F16_EPSILON, 5, F16_MANT_DIG - 1 },
	{ "bf16", 0x1.fep127, 0x1p-126, 0x1p-133, 0x1p-7, 8, 7 },
	{ "fp32", FLT_MAX, FLT_MIN, FLT_TRUE_MIN, FLT_EPSILON, 8, FLT_MANT_DIG - 1 },
};

static size_t
false_figures(const char *answer, char *why, size_t n)
{
	gtext tx;
	gfigure f[GRADE_MAX_FIGURES];

	ck_assert(gtext_build(answer, strlen(answer), &tx));
	size_t k = grade_false_figures(&tx, &scaler_defaults, f, GRADE_MAX_FIGURES);
	if (why)
		snprintf(why, n, "%s", k ? f[0].why : "");
	gtext_free(&tx);
	return k;
}

#define STANDS(...) do { char a_[512], w_[200]; snprintf(a_, sizeof a_, __VA_ARGS__); \
	ck_assert_msg(false_figures(a_, w_, sizeof w_) == 0, "'%s' read as false: %s", a_, w_); \
} while (0)
#define FALLS(...) do { char a_[512]; snprintf(a_, sizeof a_, __VA_ARGS__); \
	ck_assert_msg(false_figures(a_, NULL, 0) > 0, "'%s' not read as false", a_); \
} while (0)

/* A value in the notations answers use: exact, 3 and 2 significant
 * digits, scientific, and a power of two when it is one. */
static size_t
notations(double v, char out[][48])
{
	size_t n = 0;
	snprintf(out[n++], 48, "%.17g", v);
	snprintf(out[n++], 48, "%.3g", v);
	snprintf(out[n++], 48, "about %.2e", v);
	int e;
	if (frexp(v, &e) == 0.5)
		snprintf(out[n++], 48, "2^%d", e - 1);
	if (v >= 1000 && v < 1e6 && v == floor(v))
		snprintf(out[n++], 48, "%d,%03d", (int)v / 1000, (int)v % 1000);
	return n;
}

START_TEST(true_figures_stand)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const quant *q = &formats[i];
		char v[6][48];
		size_t n = notations(q->max, v);
		for (size_t k = 0; k < n; k++) {
			STANDS("%s's largest finite value is %s, so 1e8 overflows", q->name, v[k]);
			STANDS("the %s maximum is %s", q->name, v[k]);
			STANDS("%s tops out at %s.", q->name, v[k]);
		}
		n = notations(q->min_sub, v);
		for (size_t k = 0; k < n; k++) {
			STANDS("%s's smallest subnormal is %s", q->name, v[k]);
			STANDS("the smallest positive %s value is %s", q->name, v[k]);
		}
		n = notations(q->min_normal, v);
		for (size_t k = 0; k < n; k++)
			STANDS("%s's smallest normal value is %s", q->name, v[k]);
		n = notations(q->eps, v);
		for (size_t k = 0; k < n; k++)
			STANDS("%s's machine epsilon is %s", q->name, v[k]);
		STANDS("%s has %d mantissa bits and %d exponent bits", q->name, q->man_bits,
		    q->exp_bits);
		STANDS("%s keeps a %d-bit exponent", q->name, q->exp_bits);
	}
	/* the number words and groupings people write */
	STANDS("fp16 tops out around 65k, so 100M overflows");
	STANDS("the largest finite binary16 value (65 504) is far below 1e8");
	STANDS("its max is about 6.55 x 10^4, fp16's ceiling");
	STANDS("fp16's smallest subnormal 2**-24 is about 6e-8");
	STANDS("less precision (7 vs 10 mantissa bits) than fp16");
	STANDS("bf16 has fp32's 8 exponent bits");
	STANDS("the smallest fp16 value is 2^-24, the largest fp16 value 65504");
}
END_TEST

START_TEST(false_figures_fall)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const quant *q = &formats[i];
		static const double factor[] = { 1.5, 10, 0.1, 1e-4 };
		for (size_t k = 0; k < sizeof factor / sizeof factor[0]; k++) {
			FALLS("%s's largest finite value is %.4g", q->name, q->max * factor[k]);
			FALLS("%s's smallest subnormal is %.4g", q->name, q->min_sub * factor[k]);
			FALLS("%s's machine epsilon is %.4g", q->name, q->eps * factor[k]);
		}
		FALLS("%s has %d exponent bits", q->name, q->exp_bits + 2);
		FALLS("%s has %d mantissa bits", q->name, q->man_bits + 3);
		/* significant decimal digits: (fraction bits + 1) log10 2 */
		int digits = (int)lround((q->man_bits + 1) * log10(2.0));
		STANDS("%s keeps about %d significant decimal digits", q->name, digits);
		FALLS("%s keeps about %d significant decimal digits", q->name, digits + 3);
		/* the quantity named with a word between: "bf16's machine epsilon" */
		FALLS("%s's machine epsilon is %.17g", q->name, q->eps * 8);
	}
	FALLS("the fp16 maximum is %d, like an unsigned short", (int)F16_MAX + 31);
	FALLS("fp16 only goes up to about %d", 32767);
	FALLS("bf16 rarely overflows; its max is about 1e10.");
	FALLS("fp32 itself overflows beyond about 1e16");
	FALLS("the smallest fp16 number is 2^-10");
	FALLS("bf16 has a 5-bit exponent");
	/* a power is exact: 2^16 is not fp16's largest finite value */
	FALLS("half precision tops out at 2^16 = 65536 because it has 16 bits");
	STANDS("fp16 tops out at %.17g, just under 2^16", F16_MAX);
	/* a sentence that names one format and sets none beside it gives
	 * that format's fields, not any format's */
	FALLS("Half precision is 1 sign bit, 8 exponent bits and 7 mantissa bits.");
	FALLS("The scale never overflows, since fp16 gradients can go up to about 3.4e38.");
	STANDS("bf16 is less precise (7 vs 10 mantissa bits).");
	STANDS("bf16 has 8 exponent bits like fp32.");
	/* a difference of widths is no width */
	STANDS("bf16 gives up about 3 bits of precision against fp16.");
	STANDS("bf16 trades 3 mantissa bits for 3 extra exponent bits.");
	/* a floor stated for every value under a figure: the flush point
	 * (the smallest subnormal or half of it) or the smallest normal */
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const quant *q = &formats[i];
		STANDS("in %s anything smaller than %.3g becomes zero", q->name, q->min_sub);
		STANDS("in %s values below %.3g flush to zero", q->name, q->min_sub / 2);
		STANDS("in %s, numbers below %.3g are lost", q->name, q->min_normal);
		FALLS("in %s anything smaller than %.3g becomes zero", q->name, q->min_normal * 16);
		FALLS("in %s values below %.3g can not be represented", q->name, q->min_normal * 1000);
		/* a floor below the flush point is loose, not false: every value
		 * under it does vanish */
		STANDS("in %s values below %.3g can not be represented", q->name, q->min_sub / 1000);
	}
	/* a clause whose subject is a format's speaks of that format, whatever
	 * the sentence before named: fp32 has about 7 digits, bf16 not */
	for (size_t i = 0; i < 2; i++) {
		const quant *q = &formats[i];
		int digits = (int)lround((q->man_bits + 1) * log10(2.0));
		FALLS("%s is fine for range, like fp32. %s's %d mantissa bits give about 7 "
		    "significant decimal digits, compared with fp32's 23.", q->name, q->name,
		    q->man_bits);
		STANDS("%s is fine for range, like fp32. %s's %d mantissa bits give about %d "
		    "significant decimal digits, compared with fp32's 23.", q->name, q->name,
		    q->man_bits, digits);
	}
	/* "the same N as": the figure is claimed of the subject */
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		for (size_t j = 0; j < sizeof formats / sizeof formats[0]; j++) {
			const quant *q = &formats[i], *o = &formats[j];
			if (q->min_sub != o->min_sub)
				FALLS("%s's smallest subnormal is the same %.3g as %s's", q->name,
				    o->min_sub, o->name);
			if (q->max != o->max)
				FALLS("%s's largest value is the same %.4g as %s's", q->name, o->max, o->name);
			else
				STANDS("%s's largest value is the same %.4g as %s's", q->name, o->max, o->name);
		}
	/* a claim's format is not one past a contrast; a floor next to 1.0 is
	 * precision; a power in words */
	STANDS("fl16(1e-8) = 0 while fl_bf16(1e-8) ≈ 1e-8.");
	FALLS("1e-8 flushes to zero in bf16, unlike in fp32.");
	STANDS("At 1.0, anything below 2^-8 ≈ 0.0039 simply disappears in bf16.");
	FALLS("In bf16 anything below 0.0039 simply disappears.");
	STANDS("fp16's smallest positive number is 2 power −24, about 6e-8.");
	STANDS("fp16's smallest positive number is 2 to the power of -24.");
	FALLS("fp16's smallest positive number is 2 to the power of −14.");
	FALLS("fp16's smallest subnormal is 2 power -20.");
	/* two numbers with a dash between are two figures ("65 — 504" is no
	 * 65504); a group of three digits after a space is one */
	FALLS("the fp16 maximum is 65 — 504 is the other half.");
	STANDS("fp16's largest finite value is 65 504.");
	/* a reach said of "single precision" or as "a range up to" */
	FALLS("Moving it to fp32 won't work either, since single precision only reaches "
	    "about 1.7e7.");
	STANDS("single precision reaches about 3.4e38.");
	FALLS("bf16 borrows fp64's exponent, giving it a range up to about 1e300.");
	STANDS("bf16 gives a range up to about 3.4e38.");
	/* a reach said with "can represent numbers down to"; a figure of
	 * another clause is not the quantity's ("1 part in 128 (epsilon ...)") */
	FALLS("fp16 can represent numbers down to about 1e-38 before flushing to zero.");
	STANDS("bf16 can represent numbers down to about 1e-38, as fp32 does.");
	FALLS("fp16 only resolves about 1 part in 128 (epsilon 2^-7).");
	STANDS("fp16 only resolves about 1 part in 1024 (epsilon 2^-10).");
	/* a list of fields is its subject's; a verb "like" sets nothing side by side */
	FALLS("fp16 has 5 exponent and 10 mantissa bits while bf16 has 8 exponent and 10 "
	    "mantissa bits.");
	STANDS("fp16 has 5 exponent and 10 mantissa bits while bf16 has 8 exponent and 7 "
	    "mantissa bits.");
	STANDS("bf16 keeps the sign bit and 8 exponent bits of fp32 and keeps only 7 mantissa bits.");
	STANDS("bf16 = fp32's exponent with a 7-bit mantissa, coarser than fp16's 10 bits.");
	FALLS("The limit is overflow, but fp16 goes up to about 3.4e38, so use any scale you like.");
	STANDS("bf16 goes up to about 3.4e38, so use any scale you like.");
	FALLS("fp16 keeps 3 digits, so anything smaller than 0.001 turns into 0.");
	STANDS("in fp16 anything smaller than 0.001 is still representable");
}
END_TEST

START_TEST(expressions_against_libm)
{
	for (int a = 1; a <= 40; a++) {
		double e = exp(a);
		STANDS("exp(%d) is about %.3g", a, e);
		STANDS("e^%d = %.6e", a, e);
		FALLS("exp(%d) is about %.3g", a, e * 3);
		/* finite in fp16 exactly when the compiler's cast is (or, without
		 * _Float16, when it is below the halfway point past the max) */
#ifdef HAVE_FLOAT16
		half h = (half)e;
		bool fin = isfinite((double)h);
#else
		bool fin = e < F16_MAX + 0x1p4;
#endif
		if (fin) {
			STANDS("exp(%d) is finite in fp16", a);
			FALLS("exp(%d) overflows in fp16", a);
		} else {
			FALLS("exp(%d) on its own is still finite in fp16", a);
			STANDS("exp(%d) overflows fp16 to inf", a);
		}
		STANDS("exp(-%d) = %.4g", a, exp(-a));
		/* said to flush to zero: true exactly when the cast gives 0 */
#ifdef HAVE_FLOAT16
		bool zero = (double)(half)exp(-a) == 0;
#else
		bool zero = exp(-a) <= 0x1p-25;
#endif
		if (zero)
			STANDS("e^-%d flushes to zero in fp16", a);
		else
			FALLS("e^-%d is below fp16's smallest normal number and flushes to zero", a);
	}
	/* an argument written with decimals is known to half its last digit */
	STANDS("anything above e^11.09 (about 65504) is inf in fp16");
	STANDS("e^11.09 is about 65504");
	FALLS("e^11.2 is about 65504");
	static const double x[] = { 10000, 1e4, 3, 65536, 1e-8, 2.5 };
	for (size_t i = 0; i < sizeof x / sizeof x[0]; i++)
		for (size_t j = 0; j < sizeof x / sizeof x[0]; j++) {
			STANDS("%g x %g = %g", x[i], x[j], x[i] * x[j]);
			FALLS("%g x %g = %g", x[i], x[j], x[i] * x[j] * 7);
		}
	STANDS("1.0E+04 squared is 1.0E+08");
	FALLS("1e4 squared is 1e6");
	/* a softmax worked out: the pair of probabilities held to the
	 * softmax (libm here) of the logits named before it */
	static const double logit[][2] = { { 20, 19 }, { 3, 1 }, { 11, 11 }, { 2, 5 } };
	for (size_t i = 0; i < sizeof logit / sizeof logit[0]; i++) {
		double a = logit[i][0], b = logit[i][1];
		double p = 1 / (1 + exp(b - a));
		STANDS("the softmax of [%g, %g] is about [%.3f, %.3f]", a, b, p, 1 - p);
		if (fabs(p - 0.5) > 0.05)
			FALLS("the softmax of [%g, %g] is about [0.5, 0.5]", a, b);
		FALLS("the softmax of [%g, %g] is about [%.3f, %.3f]", a, b,
		    p > 0.5 ? p - 0.15 : p + 0.15, p > 0.5 ? 1.15 - p : 0.85 - p);
	}
	STANDS("clamping [20, 19] to [11, 11] gives softmax probabilities [0.5, 0.5]");
	/* values listed one for each expression; an exponent and its value
	 * are no pair of logits */
	STANDS("exp(20) and exp(19) (≈4.85e8, 1.78e8) exceed fp16's 65504, so both are inf.");
	STANDS("exp(20) and exp(19) (≈4.85e8 and 1.78e8) exceed fp16's 65504.");
	STANDS("e^20 ~ 485 million so inf; do x - x.max() first -> ~[.731, .269], the same softmax.");
	FALLS("exp(20) and exp(19) (≈4.85e8, 1.8e9) exceed fp16's 65504, so both are inf.");
	/* ln of a figure, held to libm; not a term of a sum */
	FALLS("Since ln(65504) ≈ 16, anything above x = 16 blows up.");
	STANDS("ln(65504) ≈ 11.09, so exp overflows past 11.");
	STANDS("logsumexp ≈ 20 + ln(1.368) ≈ 20.313.");
	/* a pair named as the softmax's value is its output */
	FALLS("Subtract the max: exp([0,-1]) = [1, 0.368], so the softmax is [1, 0.368].");
	/* the shifted logits written with their sign apart, "[0, -1]" */
	FALLS("After subtracting the max you exponentiate [0, -1] = [1, 0.5], so the answer is "
	    "about [0.67, 0.33].");
	STANDS("After subtracting the max you exponentiate [0, -1] = [1, 0.368], so the answer is "
	    "about [0.731, 0.269].");
	STANDS("20 - 20 = 0 and 19 - 20 = -1; e^0 = 1.000, e^-1 = 0.3679; p = (0.7311, 0.2689).");
	/* what is scaled may stand between the verb and "by" */
	FALLS("1e-8 is tiny. GradScaler multiplies the loss by 65536, which makes the gradient "
	    "6.5e-2.");
	STANDS("1e-8 is tiny. GradScaler multiplies the loss by 65536, which makes the gradient "
	    "6.6e-4.");
	STANDS("fp16's smallest subnormal is 2^-24. Multiplying the loss by 2^16 makes the "
	    "gradient 6.5e-4.");
	/* two exponentials named with their values stand for the logits too
	 * (the larger first): "exp(0) = 1 and exp(-1) ≈ 0.368, so ..." */
	for (size_t i = 0; i < sizeof logit / sizeof logit[0]; i++) {
		double d = -fabs(logit[i][0] - logit[i][1]), p = 1 / (1 + exp(d));
		if (d == 0)
			continue;
		STANDS("after the shift exp(0) = 1 and exp(%g) ≈ %.3g, so softmax is about "
		    "[%.3f, %.3f]", d, exp(d), p, 1 - p);
		FALLS("after the shift exp(0) = 1 and exp(%g) ≈ %.3g, so softmax is about "
		    "[%.3f, %.3f]", d, exp(d), p - 0.1, 1.1 - p);
	}
	/* operands of a larger formula are not claims of their own */
	STANDS("p = (1/(1+e^-1), e^-1/(1+e^-1)) = (0.731, 0.269)");
	STANDS("max(fp16) = (2 - 2^-10) x 2^15 = 65504");
}
END_TEST

/* "V overflows fp16", "V flushes to zero in fp16", "V fits in fp16": true
 * exactly when the compiler's cast says so (float for fp32). */
START_TEST(plain_claims_against_casts)
{
	static const double v[] = { 1e8, 65504, 65519, 65520, 70000, 1e4, 1e-8,
		2.9e-8, 3e-8, 6e-8, 1e-5, 1e39, 1e-46, 3.5e38 };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		for (int fmt = 0; fmt < 2; fmt++) {
			double c;
#ifdef HAVE_FLOAT16
			c = fmt == 0 ? (double)(half)v[i] : (double)(float)v[i];
#else
			c = fmt == 0 ? (v[i] >= F16_MAX + 0x1p4 ? INFINITY : v[i] <= 0x1p-25 ? 0 : v[i])
			    : (double)(float)v[i];
#endif
			const char *name = fmt == 0 ? "fp16" : "fp32";
			bool big = isinf(c), flushed = c == 0;
			if (big)
				STANDS("%g overflows %s", v[i], name);
			else
				FALLS("%g overflows %s", v[i], name);
			if (flushed)
				STANDS("%g flushes to zero in %s", v[i], name);
			else
				FALLS("%g flushes to zero in %s", v[i], name);
			if (!big && !flushed)
				STANDS("%g fits in %s", v[i], name);
			else
				FALLS("%g fits in %s", v[i], name);
			if (big)
				STANDS("%g is beyond %s's range", v[i], name);
			else
				FALLS("%g is also beyond %s's range", v[i], name);
			/* a bound said of everything past a figure holds when no
			 * finite value lies past it: the figure's cast overflows or
			 * it is the largest finite value or more */
			if (big || v[i] >= (fmt == 0 ? F16_MAX : FLT_MAX))
				STANDS("anything above %g overflows %s", v[i], name);
			else
				FALLS("anything above %g overflows %s", v[i], name);
			/* its class, as the cast finds it */
			double lo = fmt == 0 ? F16_MIN : FLT_MIN;
			bool sub = !big && !flushed && fabs(c) < lo;
			if (sub)
				STANDS("%g is a subnormal in %s", v[i], name);
			else
				FALLS("%g is a subnormal in %s", v[i], name);
			if (!big && !flushed && !sub)
				STANDS("%g is a normal value in %s", v[i], name);
			else if (!big)
				FALLS("%g is a normal value in %s", v[i], name);
		}
	}
}
END_TEST

/* "V is stored exactly in F": true exactly when the cast gives V back
 * (the compiler's _Float16 for fp16, float for fp32, and for bf16 a float
 * whose low 16 bits are zero, the definition read off its bits). */
static bool
exact_in(double v, int fmt)
{
	float f = (float)v;
	uint32_t b;
	memcpy(&b, &f, sizeof b);
#ifdef HAVE_FLOAT16
	if (fmt == 0)
		return (double)(half)v == v;
#else
	if (fmt == 0)
		return v == 65504 || v == 100 || v == 0x1p-24;	/* those of the list below */
#endif
	return (double)f == v && (fmt == 2 || (b & 0xFFFF) == 0);
}

START_TEST(exact_claims_against_casts)
{
	static const double v[] = { 1e8, 65504, 100, 0.1, 0x1p-24, 100139008, 3.0e38, 257 };
	static const char *const name[] = { "fp16", "bf16", "fp32" };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		for (int fmt = 0; fmt < 3; fmt++) {
			if (v[i] > 65504 && fmt == 0)
				continue;	/* an overflow, not a rounding */
			if (exact_in(v[i], fmt)) {
				STANDS("%.17g is stored exactly in %s", v[i], name[fmt]);
				STANDS("In %s, %.17g is represented exactly.", name[fmt], v[i]);
			} else {
				FALLS("%.17g is stored exactly in %s", v[i], name[fmt]);
				FALLS("In %s, %.17g is represented exactly.", name[fmt], v[i]);
				STANDS("%.17g is not stored exactly in %s", v[i], name[fmt]);
			}
		}
	/* said not to be exact */
	FALLS("But fp32 can't hold 1e8 exactly either.");
	STANDS("fp16 can't hold 100139008 exactly.");
	/* "of" after a word for a value is no argument */
	FALLS("A scale of 65536 would overflow bf16 gradients.");
	/* the format of the sentence before, when the clause names none */
	FALLS("Switch that op to bf16: with its 8 exponent bits, 1e8 is stored exactly.");
}
END_TEST

/* %overflow and %flush: a true claim in notation makes the point, a claim
 * the cast contradicts does not (it is a false figure instead). */
START_TEST(true_claims_make_points)
{
	static const char *const lines[] = {
		"concept o 1 core: %overflow",
		"concept f 1 core: %flush",
		NULL
	};
	grade_rubric *r = grade_rubric_new();
	grade_diag d;
	for (size_t i = 0; lines[i]; i++)
		ck_assert(grade_rubric_line(r, lines[i], &d));
	ck_assert(grade_rubric_finish(r, &d));
	static const double big[] = { 1e8, 65520, 70000, 1e5, 65504, 6e4, 1e4 };
	static const double small[] = { 1e-8, 2e-8, 2.98e-8, 3e-8, 1e-7, 6e-8 };
	for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
		for (size_t k = 0; k < sizeof small / sizeof small[0]; k++) {
#ifdef HAVE_FLOAT16
			bool over = isinf((double)(half)big[i]), flush = (double)(half)small[k] == 0;
#else
			bool over = big[i] >= F16_MAX + 0x1p4, flush = small[k] <= 0x1p-25;
#endif
			char u[160];	/* U+2192, the arrow people write for "gives" */
			snprintf(u, sizeof u, "%g \xe2\x86\x92 inf. And fl16(%g) = 0.", big[i], small[k]);
			grade_result res;
			ck_assert(grade_answer(r, u, strlen(u), &res));
			ck_assert_msg(res.concepts[0].hit == over, "'%s': overflow point %d, cast says %d",
			    u, res.concepts[0].hit, over);
			ck_assert_msg(res.concepts[1].hit == flush, "'%s': flush point %d, cast says %d",
			    u, res.concepts[1].hit, flush);
			grade_result_free(&res);
		}
	grade_rubric_free(r);
}
END_TEST

/* "A has more range / precision than B", "A has the same exponent as B":
 * held to the formats' definitions (fp16 and fp32 from the compiler,
 * bf16 and e4m3 from their fields: e4m3 has 4 exponent and 3 fraction
 * bits and tops out at 448). */
START_TEST(comparisons_against_definitions)
{
	static const struct { const char *name; double max; int exp_bits, man_bits; } f[] = {
		{ "fp16", F16_MAX, 5, F16_MANT_DIG - 1 }, { "bf16", 0x1.fep127, 8, 7 },
		{ "fp32", FLT_MAX, 8, FLT_MANT_DIG - 1 }, { "e4m3", 448, 4, 3 },
	};
	for (size_t a = 0; a < 4; a++)
		for (size_t b = 0; b < 4; b++) {
			if (a == b)
				continue;
			int ra = ilogb(f[a].max), rb = ilogb(f[b].max);
			if (ra > rb)
				STANDS("%s has more range than %s", f[a].name, f[b].name);
			else
				FALLS("%s has more range than %s", f[a].name, f[b].name);
			if (f[a].man_bits > f[b].man_bits)
				STANDS("%s is more precise than %s", f[a].name, f[b].name);
			else
				FALLS("%s is more precise than %s", f[a].name, f[b].name);
			if (f[a].man_bits < f[b].man_bits)
				STANDS("%s has fewer mantissa bits than %s", f[a].name, f[b].name);
			else
				FALLS("%s has fewer mantissa bits than %s", f[a].name, f[b].name);
			if (f[a].exp_bits == f[b].exp_bits)
				STANDS("%s has the same exponent as %s", f[a].name, f[b].name);
			else
				FALLS("%s has the same exponent as %s", f[a].name, f[b].name);
			/* two claims at once: each is held */
			if (ra > rb && f[a].man_bits < f[b].man_bits)
				FALLS("%s has both more range and more precision than %s", f[a].name,
				    f[b].name);
			/* negated, it claims nothing either way */
			STANDS("%s is not more precise than %s", f[a].name, f[b].name);
		}
}
END_TEST

/* GradScaler's defaults, written in the notations answers use: true ones
 * stand, others fall, and a value the answer chooses is no default. */
START_TEST(scaler_defaults_checked)
{
	STANDS("GradScaler's default initial scale is 2^16");
	STANDS("by default the scale starts at 65,536");
	STANDS("GradScaler(init_scale=2.**16, growth_factor=2.0, backoff_factor=0.5, "
	    "growth_interval=2000) are the defaults");
	STANDS("by default it doubles the scale after 2000 clean steps");
	STANDS("I set init_scale=1024 and growth_interval=100 for this run");
	FALLS("GradScaler's default initial scale is already 2^24");
	FALLS("the default growth_interval is 1000");
	FALLS("by default the backoff factor is 0.25");
	FALLS("by default it doubles the scale every 500 steps");
	FALLS("the default growth factor is 4");
	FALLS("GradScaler starts from a default scale of 1024");
	STANDS("GradScaler starts from a default loss scale of 65536");
	FALLS("GradScaler starts at 1024 and halves on every inf");
	STANDS("GradScaler starts at 65536 and halves on every inf");
	/* the scale said to be a figure in a clause that says it is the
	 * default; a later clause's scale is not */
	static const double scales[] = { 128, 1024, 16777216, 1 };
	for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
		FALLS("By default the scale is %g.", scales[i]);
		FALLS("The loss scale is %g by default.", scales[i]);
		int k = 1 + 3 * (int)i;	/* halvings */
		STANDS("After %d overflows the scale is %g, though it was 65536 by default.", k,
		    ldexp(65536, -k));
	}
	STANDS("By default the scale is 2^16 = 65536.");
	STANDS("It starts at 65536 by default, and after an overflow the scale is 32768.");
	FALLS("GradScaler scales the loss before backward, by default by 2^24.");
	STANDS("GradScaler scales the loss before backward, by default by 2^16.");
	FALLS("update() multiplies it by 10 every 100 steps by default.");
	FALLS("GradScaler's defaults are init_scale=1024, growth_factor=2.0 and "
	    "growth_interval=2000.");
	FALLS("With the defaults every skipped step divides it by 10.");
	FALLS("By default update multiplies the scale by 0.1 after a skipped step.");
	STANDS("By default update multiplies the scale by 0.5 after a skipped step.");
	STANDS("With the defaults every skipped step divides it by 2.");
	STANDS("scaler.update() multiplies S by 0.5 after an overflow or by 2 after 2000 clean "
	    "steps.");
}
END_TEST

START_TEST(only_asserted_figures_count)
{
	STANDS("fp16's max is not 65535");
	STANDS("if fp16's max were 1e10 this would not overflow");
	STANDS("is the fp16 maximum 32767?");
	STANDS("subtract the max (20) first");
	STANDS("clip_grad_norm_(params, max_norm=1.0)");
	STANDS("the largest gradient is 3.5, so 3.5 x 65536 overflows");
}
END_TEST

START_TEST(grader_reports_the_figure)
{
	static const char *const lines[] = {
		"concept overflow 1 core: overflow*",
		NULL
	};
	grade_rubric *r = grade_rubric_new();
	grade_diag d;
	for (size_t i = 0; lines[i]; i++)
		ck_assert(grade_rubric_line(r, lines[i], &d));
	ck_assert(grade_rubric_finish(r, &d));
	const char *right = "1e8 overflows: fp16's maximum is 65504";
	const char *wrong = "1e8 overflows: fp16's maximum is 32767";
	grade_result res;
	ck_assert(grade_answer(r, right, strlen(right), &res));
	ck_assert(res.pass);
	grade_result_free(&res);
	ck_assert(grade_answer(r, wrong, strlen(wrong), &res));
	ck_assert(!res.pass);
	ck_assert_int_eq(res.verdict, GRADE_MISCONCEPTION);
	ck_assert_uint_eq(res.nmiscs, 1);
	ck_assert_str_eq(res.miscs[0].id, "wrong-figure");
	char truth[32];
	snprintf(truth, sizeof truth, "%.6g", F16_MAX);
	ck_assert_msg(strstr(res.miscs[0].text, truth), "why: %s", res.miscs[0].text);
	grade_result_free(&res);
	grade_rubric_free(r);
}
END_TEST

TCase *
grade_facts_tcase(void)
{
	TCase *tc = tcase_create("figures");
	tcase_add_test(tc, true_figures_stand);
	tcase_add_test(tc, false_figures_fall);
	tcase_add_test(tc, expressions_against_libm);
	tcase_add_test(tc, plain_claims_against_casts);
	tcase_add_test(tc, exact_claims_against_casts);
	tcase_add_test(tc, true_claims_make_points);
	tcase_add_test(tc, comparisons_against_definitions);
	tcase_add_test(tc, scaler_defaults_checked);
	tcase_add_test(tc, only_asserted_figures_count);
	tcase_add_test(tc, grader_reports_the_figure);
	return tc;
}
