/*
 * fp.h — the floating-point format core.
 *
 * Owns: the table of format descriptors (fp16, bf16, fp32, tf32, fp8 e4m3,
 * fp8 e5m2), conversion into a format with round-to-nearest-ties-to-even and
 * IEEE exception flags, decoding, classification, field breakdown,
 * neighbours, ulp, and the step-by-step data a view animates (the bit
 * contributions of a decode, the rounding walk of an encode).
 *
 * Who calls what: the CLI and the labs read text with fp_read() once,
 * then fp_encode_real() into each format they show; arithmetic code calls
 * fp_encode() on a double it computed exactly (or rounded once).  Bit
 * patterns are carried in the low `width` bits of a uint32_t.
 *
 * Nothing here prints, exits or allocates.  Numeric events are reported as
 * sticky flags in an `unsigned *flags` argument (Berkeley SoftFloat style):
 * callers clear it, calls OR into it.  A NULL flags pointer is allowed.
 */
#ifndef FPTUTOR_FP_H
#define FPTUTOR_FP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum fp_id {
	FP_FP16, FP_BF16, FP_FP32, FP_TF32, FP_E4M3, FP_E5M2,
	FP_NFORMATS
} fp_id;

typedef struct fp_format {
	fp_id id;
	const char *name;	/* "fp16": the name used on the command line */
	const char *alias;	/* a second accepted name ("half"), or NULL */
	const char *title;	/* "IEEE 754 binary16" */
	int exp_bits;		/* width of the exponent field */
	int man_bits;		/* width of the stored mantissa (fraction) */
	int bias;
	int width;		/* 1 + exp_bits + man_bits */
	bool has_inf;		/* false for OCP e4m3: no inf, overflow gives NaN */
	uint32_t max_bits;	/* pattern of the largest finite positive value */
	uint32_t nan_bits;	/* the canonical positive quiet NaN */
	int digits;		/* significant decimal digits that always round-trip */
} fp_format;

const fp_format *fp_format_get(fp_id id);
/* Look a format up by name or alias, case-insensitively; NULL if unknown. */
const fp_format *fp_format_find(const char *name);
/* "fp16, bf16, fp32, tf32, e4m3, e5m2": for usage messages. */
const char *fp_format_names(void);

/* IEEE 754 exceptions, plus a "subnormal" flag for a subnormal result.
 * Tininess is detected before rounding: underflow is raised when a nonzero
 * exact value below the smallest normal magnitude is rounded inexactly. */
enum {
	FP_FLAG_INEXACT   = 1u << 0,
	FP_FLAG_OVERFLOW  = 1u << 1,
	FP_FLAG_UNDERFLOW = 1u << 2,
	FP_FLAG_SUBNORMAL = 1u << 3,
	FP_FLAG_INVALID   = 1u << 4,
};
/* Write the names of the set flags ("inexact,overflow"), in the order above,
 * separated by sep; "" when none.  Returns buf. */
char *fp_flags_str(unsigned flags, const char *sep, char *buf, size_t n);

typedef enum fp_class {
	FP_CLASS_ZERO, FP_CLASS_SUBNORMAL, FP_CLASS_NORMAL,
	FP_CLASS_INF, FP_CLASS_NAN
} fp_class;
const char *fp_class_name(fp_class c);	/* "zero", "subnormal", ... */

/*
 * A real number as read from text, before any rounding to a format: `lo` is
 * the exact value truncated toward zero to a double, and `sticky` says that
 * the exact value lies strictly beyond lo (in magnitude, by less than one
 * double ulp).  Every format here is narrower than double, so lo plus that
 * one sticky bit rounds exactly as the decimal itself would: the text is
 * rounded once, never through double or float first.
 */
typedef struct fp_real {
	double lo;
	bool sticky;
} fp_real;

typedef enum fp_read_err {
	FP_READ_OK,
	FP_READ_EMPTY,		/* nothing but blanks */
	FP_READ_SYNTAX,		/* not a number; *errpos says where */
	FP_READ_TOOLONG,	/* longer than FP_READ_MAX (fp_read_long:
				 * FP_READ_LONG_MAX) bytes */
} fp_read_err;
#define FP_READ_MAX 4096
#define FP_READ_LONG_MAX (2u << 20)	/* 2 MiB: a 10^6-digit literal fits */

/* Read decimal ("1e-8", "65,504" is not accepted), C99 hex float ("0x1p-24"),
 * "inf", "infinity", "nan", each with an optional sign.  Leading and trailing
 * blanks are allowed.  On a syntax error *errpos is the byte offset of the
 * first offending character.  fp_read takes at most FP_READ_MAX bytes, the
 * size of every field and answer that holds a number; fp_read_long, for
 * the one literal `fptutor bits` was given, FP_READ_LONG_MAX, read exactly
 * in milliseconds (strtod in place, no copy). */
fp_read_err fp_read(const char *text, fp_real *out, size_t *errpos);
fp_read_err fp_read_long(const char *text, fp_real *out, size_t *errpos);
const char *fp_read_errstr(fp_read_err e);

/* Round once into the format (nearest, ties to even).  Returns the bit
 * pattern; NaN inputs give the canonical quiet NaN with the input's sign. */
uint32_t fp_encode(const fp_format *f, double x, unsigned *flags);
uint32_t fp_encode_real(const fp_format *f, const fp_real *r, unsigned *flags);
/* The same rounding for a whole array of float32 values at once, into a
 * format of at most 16 bits (fp16, bf16, e4m3, e5m2): out[i] gets what
 * fp_encode(f, in[i], &fl) gives, each[i] (each may be NULL) that fl, and
 * *flags (may be NULL) the OR of every conversion's flags.  Branch-free,
 * so the compiler vectorises it: for bulk conversion (fast.c).  Returns
 * false, writing nothing, for a wider format. */
bool fp_encode_floats(const fp_format *f, const float *in, uint16_t *out,
    uint8_t *each, size_t n, unsigned *flags);
/* The values a cast gives, for a whole array: out[i] is the value of
 * fp_encode(f, in[i]) (fp_decode of those bits) in the input's own type,
 * inf or NaN where the cast gives them (overflow included).  Every format
 * here fits, its values being float32 values.  Integer arithmetic without
 * branches, vectorised: for the statistics of large tensors (fast.c). */
void fp_cast_floats(const fp_format *f, const float *in, float *out, size_t n);
void fp_cast_doubles(const fp_format *f, const double *in, double *out,
    size_t n);
/* Whether the array paths run their AVX2 copies here (x86-64 with AVX2
 * and an OS that saves its registers; asked once, when first needed), or
 * their AVX-512 copies (F, DQ, BW, VL): for array loops elsewhere that
 * make the same choice. */
bool fp_have_avx2(void);
bool fp_have_avx512(void);

/* Exact value of a pattern (every format here fits in a double). */
double fp_decode(const fp_format *f, uint32_t bits);
fp_class fp_classify(const fp_format *f, uint32_t bits);

/* Read a hex bit pattern ("0x7bff" or "7bff"), or a binary one
 * ("0111101111111111", "0 11110 1111111111", "0b0111..."), that fits the
 * format's width.  Returns false on a bad pattern. */
bool fp_parse_bits(const fp_format *f, const char *text, uint32_t *bits);

typedef struct fp_fields {
	unsigned sign;		/* 0 or 1 */
	uint32_t exp_raw;	/* the exponent field as stored */
	int exp;		/* unbiased exponent (1 - bias for zero and subnormals) */
	uint32_t mantissa;	/* the stored fraction field */
	unsigned implicit;	/* the hidden leading bit: 1 for normals, else 0 */
	fp_class cls;
} fp_fields;
void fp_fields_of(const fp_format *f, uint32_t bits, fp_fields *out);

/* IEEE nextUp / nextDown.  False when there is no such value: NaN, nextUp of
 * +inf, and for e4m3 (no inf) beyond the largest finite magnitude. */
bool fp_next_up(const fp_format *f, uint32_t bits, uint32_t *out);
bool fp_next_down(const fp_format *f, uint32_t bits, uint32_t *out);
/* The spacing of the format at this value: 2^(max(e, emin) - man_bits);
 * the smallest subnormal for zeros; NaN for inf and NaN. */
double fp_ulp(const fp_format *f, uint32_t bits);

/* Handy constants of a format, as exact doubles. */
double fp_max_finite(const fp_format *f);
double fp_min_normal(const fp_format *f);
double fp_min_subnormal(const fp_format *f);

/*
 * Text of a value.  fp_value_str writes the shortest decimal that reads back
 * as exactly this double ("9984", "1.0252e-05" is NOT produced: the double
 * 1.0251998901367188e-05 is), or "inf", "-inf", "nan".  fp_short_str writes
 * the value with the format's round-trip digit count (f->digits, %g style:
 * "1.0252e-05"), which reads back as the same pattern of the format.
 * fp_exact_str writes every digit of the exact decimal expansion.
 * Each returns buf; n of 32 (value, short) or 1100 (exact) always suffices.
 */
char *fp_value_str(double v, char *buf, size_t n);
char *fp_short_str(const fp_format *f, double v, char *buf, size_t n);
char *fp_exact_str(double v, char *buf, size_t n);

/* ---- the data a view animates ------------------------------------------ */

typedef enum fp_field { FP_FIELD_SIGN, FP_FIELD_EXP, FP_FIELD_MAN } fp_field;

/* One bit of a pattern, most significant first. */
typedef struct fp_bit {
	fp_field field;
	int pos;	/* index within its field, 0 = most significant */
	int power;	/* exponent bit: adds 2^power to the raw exponent;
			 * mantissa bit: adds 2^power (power = -(pos + 1)) to
			 * the significand; sign: 0 */
	unsigned set;	/* 0 or 1 */
} fp_bit;

/* The decode, bit by bit: fills bits[0 .. f->width - 1] and returns width. */
int fp_explain_bits(const fp_format *f, uint32_t pattern, fp_bit bits[32]);

/* The final formula of a decode: (-1)^sign x 2^(exp_raw - bias) x
 * significand (implicit.fraction) = value.  Rendered by the caller. */
typedef struct fp_formula {
	fp_fields fields;
	double significand;	/* implicit + mantissa / 2^man_bits, exact */
	double value;		/* the decoded value */
} fp_formula;
void fp_explain_formula(const fp_format *f, uint32_t pattern, fp_formula *out);

typedef enum fp_decision {
	FP_ROUND_EXACT,		/* nothing cut off */
	FP_ROUND_DOWN,		/* cut bits below half an ulp: truncate */
	FP_ROUND_UP,		/* cut bits above half an ulp: add one ulp */
	FP_ROUND_TIE_DOWN,	/* exactly half, kept LSB even: stay */
	FP_ROUND_TIE_UP,	/* exactly half, kept LSB odd: up to even */
	FP_ROUND_SPECIAL,	/* zero, inf or NaN input, or an exponent beyond
				 * the format's largest: no cut to show */
} fp_decision;
const char *fp_decision_name(fp_decision d);

#define FP_WALK_MAXBITS 64
/*
 * The rounding walk of one encode.  The exact value's magnitude is
 * 1.b1 b2 b3 ... x 2^lead (binary); expansion[0] is the leading 1 and
 * expansion[i] is the bit worth 2^(lead - i), as '0'/'1', nbits of them;
 * `more` says nonzero bits follow beyond those shown (the text was not a
 * finite binary fraction that short).  The format keeps the bits worth
 * 2^lsb and above (lsb = exponent of one ulp at the result's binade, which
 * for subnormals is fixed at emin - man_bits, so the cut can fall above the
 * leading 1: everything is cut and the value flushes to zero or rounds to
 * the smallest subnormal).  guard is the bit worth 2^(lsb-1), round the bit
 * worth 2^(lsb-2), sticky the OR of everything below.
 */
typedef struct fp_walk {
	bool negative;
	bool special;		/* zero, inf or NaN: the fields below are unset */
	int lead;
	char expansion[FP_WALK_MAXBITS + 1];
	int nbits;
	bool more;
	int lsb;
	bool subnormal_range;	/* lead < emin: the cut is the subnormal one */
	uint64_t kept;		/* the kept bits as an integer, in units of 2^lsb */
	unsigned guard, round, sticky;
	fp_decision decision;
	bool carry;		/* rounding up carried into the next binade */
	bool overflow;		/* the rounded value exceeds the largest finite */
	bool flushed;		/* a nonzero value rounded to zero */
	uint32_t bits;		/* the result, as fp_encode_real gives it */
	unsigned flags;
} fp_walk;
void fp_explain_round(const fp_format *f, const fp_real *r, fp_walk *out);

/*
 * The exact value of a number's text, for a walk beyond double's range:
 * |x| = 0.sig x 2^(lead + 1), the leading 1 of sig at bit 63, so 1e400
 * has lead 1328 and 1e-400 lead -1329; `more` says bits beyond sig's are
 * set.  fp_read_exact reads text as fp_read_long does (false for bad text,
 * zero, inf and NaN, and a decimal exponent beyond FP_EXACT_MAX_EXP10 or
 * a hex one beyond four times that), and fp_explain_round_exact walks it
 * into f: the same walk fp_explain_round gives inside double's range,
 * with the true exponent and sticky bit outside it.
 */
typedef struct fp_exact {
	bool negative;
	long lead;
	uint64_t sig;
	bool more;
} fp_exact;
#define FP_EXACT_MAX_EXP10 10000000L
bool fp_read_exact(const char *text, fp_exact *out);
void fp_explain_round_exact(const fp_format *f, const fp_exact *x, fp_walk *out);
/*
 * The one way every view walks a number it read from text.  Inside
 * double's range r is enough (fp_explain_round); beyond it, r above
 * DBL_MAX or nonzero below the smallest normal double with bits cut, r
 * can only say "beyond" and the walk needs the text's exact reading.
 * fp_read_beyond fills *x and returns true exactly then (text may be
 * NULL: false), so that a caller which walks the value many times (a
 * screen redrawn, a lesson's block) reads the text once; reading 1e400
 * takes microseconds, 1e-9999999 a tenth of a second (fp_real_beyond
 * says whether it would read, for a caller that counts the cost).
 * fp_explain_round_x walks r into f through x when x is not NULL, else
 * through r.
 */
bool fp_real_beyond(const fp_real *r);		/* the test alone */
bool fp_read_beyond(const char *text, const fp_real *r, fp_exact *x);
void fp_explain_round_x(const fp_format *f, const fp_real *r,
    const fp_exact *x, fp_walk *out);
/* The stages a view animates after the bits when r is rounded into f:
 * 0 when r is exact there (or zero, inf, NaN); 2 when the exponent alone
 * overflows (no cut to show); else 3 (the cut; guard, round and sticky;
 * the decision) plus 1 for an overflow to inf, a flush to zero or a carry
 * into the exponent.  x (may be NULL) is r's exact reading from
 * fp_read_beyond, walked in r's place.  out (may be NULL) gets the walk
 * when there are stages, so a view that draws them need not explain the
 * rounding twice. */
int fp_round_stages(const fp_format *f, const fp_real *r, const fp_exact *x,
    fp_walk *out);

#endif
