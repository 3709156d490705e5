/*
 * check_fp.c — unit tests of the format core (src/fp), fast (seconds):
 * the format table, flags, constants and bit-pattern parsing, fp_read,
 * and the text of values (shortest, per format, exact).
 *
 * One test program with check_fp_round.c (the decimal edge cases and the
 * rounding walk, against a reference rounder written there) and
 * check_fp_exact.c (the walk beyond double's range); what they share is
 * in fp_test.c.
 *
 * Every expectation comes from somewhere other than src/fp: bit patterns
 * derived by hand in the comments, the format definitions of fp_ref.h
 * and its decoder by the textbook formula.  glibc's strtod/strtof/printf
 * are used where they are correctly rounded (decimal <-> binary).
 *
 * Check's ck_assert writes to a pipe on every call, so loops over whole
 * formats count their mismatches (FAILF) and assert once at the end.
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "fp_tally.h"
#include "fp_test.h"

static bool
same(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* ---- descriptors, names, flags ----------------------------------------- */

START_TEST(test_format_table)
{
	char buf[128];

	for (int i = 0; i < FP_NFORMATS; i++) {
		const fp_format *f = fp_format_get((fp_id)i);
		const struct ref_fmt *r = &REF[i];
		ck_assert_ptr_nonnull(f);
		ck_assert_msg(strcmp(f->name, r->name) == 0 && fp_format_find(r->name) == f &&
		    f->exp_bits == r->ebits && f->man_bits == r->mbits &&
		    f->bias == r->bias && f->width == r->width && f->has_inf == r->ieee &&
		    f->max_bits == r->max_bits && f->nan_bits == r->nan_bits &&
		    f->digits == r->digits, "descriptor of %s", r->name);
	}
	ck_assert_ptr_null(fp_format_get(FP_NFORMATS));
	ck_assert_ptr_eq(fp_format_find("HALF"), fp_format_get(FP_FP16));
	ck_assert_ptr_eq(fp_format_find("bfloat16"), fp_format_get(FP_BF16));
	ck_assert_ptr_eq(fp_format_find("Float"), fp_format_get(FP_FP32));
	ck_assert_ptr_eq(fp_format_find("e4m3fn"), fp_format_get(FP_E4M3));
	ck_assert_ptr_null(fp_format_find("fp64"));
	ck_assert_ptr_null(fp_format_find("half,"));	/* not a list */
	ck_assert_ptr_null(fp_format_find(""));
	ck_assert_str_eq(fp_flags_str(0, ",", buf, sizeof buf), "");
	ck_assert_str_eq(fp_flags_str(FP_FLAG_INEXACT | FP_FLAG_OVERFLOW, ",",
	    buf, sizeof buf), "inexact,overflow");
	ck_assert_str_eq(fp_flags_str(FP_FLAG_INVALID | FP_FLAG_UNDERFLOW |
	    FP_FLAG_SUBNORMAL, " ", buf, sizeof buf), "underflow subnormal invalid");
	ck_assert_str_eq(fp_class_name(FP_CLASS_SUBNORMAL), "subnormal");
}
END_TEST

/* ---- fp_read ------------------------------------------------------------ */

START_TEST(test_read_errors)
{
	static const struct { const char *s; fp_read_err e; size_t pos; } t[] = {
		/* errpos: the first byte that cannot continue a number; the
		 * end of the text when what is missing is a digit. */
		{ "foo", FP_READ_SYNTAX, 0 }, { "  foo", FP_READ_SYNTAX, 2 },
		{ "1e", FP_READ_SYNTAX, 2 }, { "1e+", FP_READ_SYNTAX, 3 },
		{ "1..2", FP_READ_SYNTAX, 2 }, { "0x", FP_READ_SYNTAX, 2 },
		{ "0x1p", FP_READ_SYNTAX, 4 }, { "--1", FP_READ_SYNTAX, 1 },
		{ "-", FP_READ_SYNTAX, 1 }, { "1 2", FP_READ_SYNTAX, 1 },
		{ "1,5", FP_READ_SYNTAX, 1 }, { "65,504", FP_READ_SYNTAX, 2 },
		{ "1e5x", FP_READ_SYNTAX, 3 }, { "", FP_READ_EMPTY, 0 },
		{ "   ", FP_READ_EMPTY, 0 }, { "\t\n", FP_READ_EMPTY, 0 },
	};
	fp_real r;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t pos = 999;
		fp_read_err e = fp_read(t[i].s, &r, &pos);
		FAILF(e == t[i].e && (e != FP_READ_SYNTAX || pos == t[i].pos),
		    "\"%s\": error %d errpos %zu, want %d %zu", t[i].s, e, pos, t[i].e, t[i].pos);
	}
	done();
	/* FP_READ_MAX bytes are fine, one more is too long.  0.000...01 of
	 * 4096 bytes is 10^-4094: below every double, so lo = 0 + sticky. */
	static char big[5001];
	memset(big, '0', 5000);
	big[1] = '.';
	big[FP_READ_MAX - 1] = '1';
	big[FP_READ_MAX] = '\0';
	ck_assert_int_eq(fp_read(big, &r, NULL), FP_READ_OK);
	ck_assert(r.lo == 0 && !signbit(r.lo) && r.sticky);
	big[FP_READ_MAX] = '1';
	big[FP_READ_MAX + 1] = '\0';
	ck_assert_int_eq(fp_read(big, &r, NULL), FP_READ_TOOLONG);
	memset(big, '1', 5000);
	big[5000] = '\0';
	ck_assert_int_eq(fp_read(big, &r, NULL), FP_READ_TOOLONG);
}
END_TEST

START_TEST(test_read_values)
{
	/* lo is the value truncated toward zero, sticky says something was cut:
	 * the double 0.1 is above 1/10, so lo is the double below it. */
	static const struct { const char *s; double lo; bool sticky; } t[] = {
		{ "0.5", 0.5, false }, { "  +1.5e0\t", 1.5, false },
		{ "0.1", 0x1.9999999999999p-4, true },
		{ "-0.1", -0x1.9999999999999p-4, true },
		{ "0x1.8p1", 3.0, false }, { ".5", 0.5, false }, { "5.", 5.0, false },
		{ "1e-400", 0.0, true }, { "-1e-400", -0.0, true },
		{ "1e400", DBL_MAX, true }, { "-0", -0.0, false },
		{ "INF", INFINITY, false }, { "-Infinity", -INFINITY, false },
		{ "2049.00000000000000000000001", 2049.0, true },
		{ "2050.99999999999999999999999", 0x1.005ffffffffffp11, true },
	};
	fp_real r;

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		ck_assert_msg(fp_read(t[i].s, &r, NULL) == FP_READ_OK, "%s", t[i].s);
		ck_assert_msg(same(r.lo, t[i].lo) && r.sticky == t[i].sticky,
		    "\"%s\": lo %a sticky %d, want %a %d", t[i].s, r.lo, r.sticky,
		    t[i].lo, t[i].sticky);
	}
	ck_assert(fp_read("nan", &r, NULL) == FP_READ_OK && isnan(r.lo) && !signbit(r.lo));
	ck_assert(fp_read("-NaN", &r, NULL) == FP_READ_OK && isnan(r.lo) && signbit(r.lo));
}
END_TEST

/* One text through fp_read: lo and sticky against strtod under round
 * toward zero and round up (exact, per C99 and glibc), and the fp32 encode
 * against glibc's correctly rounded strtof (one rounding of the text). */
static void
check_read(const char *s)
{
	fp_real r;
	unsigned fl = 0;

	if (fp_read(s, &r, NULL) != FP_READ_OK) {
		failf("\"%s\" does not read", s);
		return;
	}
	fesetround(FE_TOWARDZERO);
	double lo = strtod(s, NULL);
	fesetround(FE_UPWARD);
	double hi = strtod(s, NULL);
	fesetround(FE_TONEAREST);
	float x = strtof(s, NULL);
	uint32_t want, got = fp_encode_real(fp_format_get(FP_FP32), &r, &fl);
	memcpy(&want, &x, sizeof want);
	FAILF(same(r.lo, lo) && r.sticky == (hi != lo) && got == want,
	    "\"%s\": lo %a%s fp32 0x%08x, want %a%s 0x%08x", s, r.lo,
	    r.sticky ? "+" : "", got, lo, hi != lo ? "+" : "", want);
}

/* Random decimal and hex texts of 1 to 22 digits over a wide exponent
 * range (both of fp_read's routes: exact integers for short texts, strtod
 * for the rest), and texts hugging fp32 midpoints: each midpoint printed
 * to 17..46 digits, and again with its last digit raised. */
START_TEST(test_read_random)
{
	char s[96];

	for (int i = 0; i < 100000; i++) {
		uint64_t u = rnd64();
		int nd = 1 + (int)(u % 22), point = (int)((u >> 8) % 23), o = 0;
		bool hex = (u >> 16) % 8 == 0;
		if (hex)
			o = snprintf(s, sizeof s, "0x");
		for (int k = 0; k < nd; k++) {
			if (k == point)
				s[o++] = '.';
			s[o++] = "0123456789abcdef"[rnd64() % (hex ? 16 : 10)];
		}
		int ex = (int)((u >> 32) % 100) - 55;
		snprintf(s + o, sizeof s - (size_t)o, hex ? "p%d" : "e%d", hex ? 3 * ex : ex);
		check_read(s);
	}
	for (int i = 0; i < 50000; i++) {
		uint32_t b = (uint32_t)rnd64() & 0x7f7fffffu;
		float f, g;
		memcpy(&f, &b, sizeof f);
		g = nextafterf(f, INFINITY);
		if (isinf(g))
			continue;
		snprintf(s, sizeof s, "%.*e", 16 + (int)(rnd64() % 30), ((double)f + g) / 2);
		check_read(s);
		char *e = strchr(s, 'e');
		if (e[-1] < '9') {
			e[-1]++;
			check_read(s);
		}
	}
	done();
}
END_TEST

/* The flags of the cases below (as in check_fp_round.c's decimal cases). */
#define OV (FP_FLAG_OVERFLOW | FP_FLAG_INEXACT)
#define UF (FP_FLAG_UNDERFLOW | FP_FLAG_INEXACT)

/* A flags argument may be NULL, and flags accumulate (OR, never clear). */
START_TEST(test_flags_sticky)
{
	const fp_format *f = fp_format_get(FP_FP16);
	unsigned fl = FP_FLAG_INVALID;

	ck_assert_uint_eq(fp_encode(f, 65520.0, NULL), 0x7c00);
	fp_encode(f, 1.0, &fl);			/* exact: adds nothing */
	ck_assert_uint_eq(fl, FP_FLAG_INVALID);
	fp_encode(f, 0x1p-25, &fl);
	ck_assert_uint_eq(fl, FP_FLAG_INVALID | UF);
	fp_encode(f, 1e6, &fl);
	ck_assert_uint_eq(fl, FP_FLAG_INVALID | UF | OV);
}
END_TEST

/* ---- fields, ulp, neighbours, constants, patterns ---------------------- */

START_TEST(test_constants)
{
	static const struct { fp_id id; double max, minn, mins; } t[] = {
		/* max = (2 - 2^-m) 2^emax; e4m3 loses S.1111.111 to NaN. */
		{ FP_FP16, 65504.0, 0x1p-14, 0x1p-24 },
		{ FP_BF16, 3.3895313892515355e38, 0x1p-126, 0x1p-133 },
		{ FP_FP32, FLT_MAX, 0x1p-126, 0x1p-149 },
		{ FP_TF32, 0x1.ffcp127, 0x1p-126, 0x1p-136 },
		{ FP_E4M3, 448.0, 0x1p-6, 0x1p-9 }, { FP_E5M2, 57344.0, 0x1p-14, 0x1p-16 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		const fp_format *f = fp_format_get(t[i].id);
		ck_assert_msg(fp_max_finite(f) == t[i].max && fp_decode(f, f->max_bits) ==
		    t[i].max && fp_min_normal(f) == t[i].minn && fp_min_subnormal(f) ==
		    t[i].mins, "%s: %a %a %a", f->name, fp_max_finite(f),
		    fp_min_normal(f), fp_min_subnormal(f));
	}
	ck_assert(0x1.fep127 == 3.3895313892515355e38);	/* (2 - 2^-7) 2^127 */
}
END_TEST

START_TEST(test_parse_bits)
{
	static const struct { fp_id id; const char *s; bool ok; uint32_t bits; } t[] = {
		{ FP_FP16, "0x7bff", true, 0x7bff }, { FP_FP16, "7bff", true, 0x7bff },
		{ FP_FP16, "0X7BFF", true, 0x7bff },
		{ FP_FP16, "0111101111111111", true, 0x7bff },
		{ FP_FP16, "0 11110 1111111111", true, 0x7bff },
		{ FP_FP16, "0b0111101111111111", true, 0x7bff },
		{ FP_FP16, "0x17bff", false, 0 }, { FP_FP16, "0xzz", false, 0 },
		{ FP_FP16, "0x", false, 0 }, { FP_FP16, "", false, 0 },
		{ FP_FP16, "0b011110111111111", false, 0 },	/* 15 bits */
		{ FP_FP16, "0b01111011111111110", false, 0 },	/* 17 bits */
		{ FP_E4M3, "0x7e", true, 0x7e }, { FP_E4M3, "01111110", true, 0x7e },
		{ FP_E4M3, "0x100", false, 0 }, { FP_FP32, "0x7f7fffff", true, 0x7f7fffff },
		{ FP_FP32, "0x1ffffffff", false, 0 }, { FP_TF32, "0x3fbff", true, 0x3fbff },
		{ FP_TF32, "0x80000", false, 0 },		/* 20 bits */
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		uint32_t b = 0xdeadbeef;
		bool ok = fp_parse_bits(fp_format_get(t[i].id), t[i].s, &b);
		ck_assert_msg(ok == t[i].ok && (!ok || b == t[i].bits),
		    "%s \"%s\": %d 0x%x", REF[t[i].id].name, t[i].s, ok, b);
	}
}
END_TEST

/* ---- text ----------------------------------------------------------------- */

/* Significant digits of a printed number: "0.0120" -> 2, "65504" -> 5. */
static int
sigdigits(const char *s)
{
	const char *q = s + strcspn(s, "123456789"), *end = s + strcspn(s, "e");
	int n = 0, last = 0;

	for (; q < end; q++)
		if (*q >= '0' && *q <= '9' && (++n, *q != '0'))
			last = n;
	return last;
}

/* Reads back, and is shortest: no decimal with one digit fewer reads back
 * as v.  Tried: the nearest such and both its neighbours, because at a power
 * of two the double's rounding interval is lopsided and the nearest shorter
 * decimal can miss while the one beyond it reads back. */
static void
check_value_str(double v)
{
	char buf[32], alt[64];
	int d = sigdigits(fp_value_str(v, buf, sizeof buf));
	long long m = 0;

	FAILF(same(strtod(buf, NULL), v), "value_str(%a) = \"%s\" reads back wrong", v, buf);
	if (d < 2 || d > 17)
		return;
	snprintf(alt, sizeof alt, "%.*e", d - 2, fabs(v));
	char *e = strchr(alt, 'e');
	for (const char *q = alt; q < e; q++)
		if (*q >= '0' && *q <= '9')
			m = m * 10 + (*q - '0');
	int x = atoi(e + 1) - (d - 2);
	for (long long k = m - 1; k <= m + 1; k++) {
		snprintf(alt, sizeof alt, "%llde%d", k, x);
		FAILF(strtod(alt, NULL) != fabs(v), "value_str(%a) = \"%s\" but \"%s\" reads back too",
		    v, buf, alt);
	}
}

START_TEST(test_value_str)
{
	static const struct { double v; const char *s; } t[] = {
		{ 0.1, "0.1" }, { 1.0 / 3, "0.3333333333333333" },
		{ 0x1p-24, "5.960464477539063e-08" }, { 1e23, "1e+23" },
		{ 65504.0, "65504" }, { 9984.0, "9984" }, { 123.456, "123.456" },
		{ 1.0251998901367188e-05, "1.0251998901367188e-05" },
		{ 5e-324, "5e-324" }, { DBL_MAX, "1.7976931348623157e+308" },
		{ -0.0, "-0" }, { INFINITY, "inf" }, { -INFINITY, "-inf" }, { NAN, "nan" },
	};
	char buf[32];
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		FAILF(strcmp(fp_value_str(t[i].v, buf, sizeof buf), t[i].s) == 0,
		    "value_str(%a) = \"%s\", want \"%s\" (shortest)", t[i].v, buf, t[i].s);
	/* Every value of the 8- and 16-bit formats, random floats (the
	 * 24-bit values fp_value_str has an exact route for), random doubles. */
	static const fp_id ids[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2 };
	for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
		for (uint32_t p = 0; p < 1u << REF[ids[k]].width; p++)
			if (isfinite(ref_value(&REF[ids[k]], p)))
				check_value_str(ref_value(&REF[ids[k]], p));
	for (int i = 0; i < 200000; i++) {
		uint64_t u = rnd64();
		uint32_t h = (uint32_t)(u >> 32);
		double x;
		float f;
		memcpy(&x, &u, sizeof x);
		memcpy(&f, &h, sizeof f);
		if (isfinite(x))
			check_value_str(x);
		if (isfinite(f))
			check_value_str(f);
	}
	done();
}
END_TEST

START_TEST(test_short_str_roundtrip)
{
	static const fp_id ids[] = { FP_FP16, FP_BF16, FP_E4M3, FP_E5M2, FP_TF32 };
	char buf[32];

	for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
		const struct ref_fmt *r = &REF[ids[k]];
		const fp_format *f = fp_format_get(ids[k]);
		for (uint32_t p = 0; p < 1u << r->width; p++) {
			fp_real in;
			size_t pos;
			fp_class c = ref_class(r, p);
			fp_short_str(f, ref_value(r, p), buf, sizeof buf);
			if (fp_read(buf, &in, &pos) != FP_READ_OK) {
				failf("%s 0x%x: \"%s\" does not read", r->name, p, buf);
				continue;
			}
			uint32_t back = fp_encode_real(f, &in, NULL);
			FAILF(c == FP_CLASS_NAN ? ref_class(r, back) == FP_CLASS_NAN : back == p,
			    "%s 0x%x: \"%s\" reads back as 0x%x", r->name, p, buf, back);
			FAILF(sigdigits(buf) <= r->digits, "%s 0x%x: \"%s\" too long",
			    r->name, p, buf);
		}
	}
	done();
	ck_assert_str_eq(fp_short_str(fp_format_get(FP_FP16), 1.0251998901367188e-05,
	    buf, sizeof buf), "1.0252e-05");
	ck_assert_str_eq(fp_short_str(fp_format_get(FP_E5M2), 57344, buf, sizeof buf),
	    "5.7e+04");
}
END_TEST

START_TEST(test_exact_str)
{
	/* Expansions from Python's decimal.Decimal(float). */
	static const struct { double v; const char *s; } t[] = {
		{ 0x1p-24, "5.9604644775390625e-08" },
		{ 10000.0, "10000" },
		{ 0.0999755859375, "0.0999755859375" },
		{ 0.1, "0.1000000000000000055511151231257827021181583404541015625" },
		{ 123.456, "123.4560000000000030695446184836328029632568359375" },
		{ -2.25, "-2.25" }, { -0.0, "-0" }, { 1e17, "1e+17" },
		{ 0x1p-150, "7.00649232162408535461864791644958065640130970938257885"
		  "878534141944895541342930300743319094181060791015625e-46" },
		{ DBL_MAX, "1.797693134862315708145274237317043567980705675258449965"
		  "98917476803157260780028538760589558632766878171540458953514382464"
		  "23432132688946418276846754670353751698604991057655128207624549009"
		  "03893289440758685084551339423045832369032229481658085593321233482"
		  "74797826204144723168738177180919299881250404026184124858368e+308" },
		{ INFINITY, "inf" },
	};
	static char buf[1100];
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		ck_assert_str_eq(fp_exact_str(t[i].v, buf, sizeof buf), t[i].s);
	/* 2^-1074 has 751 significant digits, the last of them a 5. */
	fp_exact_str(5e-324, buf, sizeof buf);
	ck_assert_int_eq(sigdigits(buf), 751);
	ck_assert(strncmp(buf, "4.940656458412465441765687928682213723650598026143", 50) == 0);
	ck_assert_str_eq(buf + strlen(buf) - 20, "265533447265625e-324");
	/* Random doubles: exact means it reads back, and a binary fraction's
	 * expansion ends in 5 (2^-k = 5^k / 10^k). */
	for (int i = 0; i < 20000; i++) {
		uint64_t u = rnd64();
		double x;
		memcpy(&x, &u, sizeof x);
		if (!isfinite(x))
			continue;
		fp_exact_str(x, buf, sizeof buf);
		char *e = strchr(buf, 'e');
		char last = e ? e[-1] : buf[strlen(buf) - 1];
		FAILF(same(strtod(buf, NULL), x) && (x == trunc(x) || last == '5'),
		    "exact_str(%a) = %.60s...", x, buf);
	}
	done();
}
END_TEST

static Suite *
fp_suite(void)
{
	Suite *s = suite_create("fp");
	TCase *tc = ft_tcase(s, "format", reset);
	tcase_add_test(tc, test_format_table);
	tcase_add_test(tc, test_flags_sticky);
	tcase_add_test(tc, test_constants);
	tcase_add_test(tc, test_parse_bits);
	tc = ft_tcase(s, "read", reset);
	tcase_add_test(tc, test_read_errors);
	tcase_add_test(tc, test_read_values);
	tcase_add_test(tc, test_read_random);
	fp_round_tcases(s, tc);		/* the decimal cases into "read"; "walk" */
	tc = ft_tcase(s, "text", reset);
	tcase_add_test(tc, test_value_str);
	tcase_add_test(tc, test_short_str_roundtrip);
	tcase_add_test(tc, test_exact_str);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fp_suite());
	int failures;

	srunner_add_suite(sr, fp_exact_suite());
	srunner_run_all(sr, CK_NORMAL);
	failures = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failures ? 1 : 0;
}
