/*
 * check_fp_exhaustive_patterns.c — part of tests/check_fp_exhaustive:
 * every pattern of fp16, bf16, tf32, e4m3 and e5m2 against the oracles of
 * fp_ref.h and the hardware (_Float16, float) where the format is a slice
 * of one the compiler knows: classify, decode, re-encode, fields, ulp,
 * next up/down against the sorted list of all values, and the bit-by-bit
 * decode of fp_explain_bits/_formula.
 */
#include <config.h>

#include "fp/fp.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp_ref.h"
#include "fpx_test.h"

/* ---- 1. every pattern of the small formats ---------------------------- */

/* A second opinion on the value from hardware where one exists: fp16 is the
 * compiler's _Float16, e5m2 is the top byte of an fp16, bf16 the top half
 * of a float, tf32 the top 19 bits of a float.  Returns false if none. */
static bool
hw_value(fp_id id, uint32_t bits, double *out)
{
	uint32_t u;
	float f;

	switch (id) {
	case FP_FP16:
	case FP_E5M2: {
#ifdef HAVE_FLOAT16
		uint16_t h = (uint16_t)(id == FP_E5M2 ? bits << 8 : bits);
		__extension__ _Float16 hv;
		memcpy(&hv, &h, sizeof hv);
		*out = (double)hv;
		return true;
#else
		return false;
#endif
	}
	case FP_BF16:
		u = bits << 16;
		break;
	case FP_TF32:
		u = bits << 13;
		break;
	default:
		return false;
	}
	memcpy(&f, &u, sizeof f);
	*out = (double)f;
	return true;
}

static void
check_all_patterns(fp_id id)
{
	const struct ref_fmt *r = &REF[id];
	const fp_format *f = fp_format_get(id);
	struct fx_failures fs = { 0 };
	uint32_t n = 1u << r->width;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(f->width, r->width);
	for (uint32_t p = 0; p < n; p++) {
		fp_class want = ref_class(r, p), got = fp_classify(f, p);
		double v = fp_decode(f, p), hw;
		unsigned fl = 0;

		if (got != want)
			fx_note(&fs, "classify 0x%x: expected %s, got %s", p,
			    fp_class_name(want), fp_class_name(got));
		if (want == FP_CLASS_NAN) {
			uint32_t back = fp_encode(f, v, &fl);
			if (!isnan(v) || ref_class(r, back) != FP_CLASS_NAN || fl)
				fx_note(&fs, "NaN 0x%x: decode %g, re-encode 0x%x flags %#x",
				    p, v, back, fl);
			continue;
		}
		if (!fx_same(v, ref_value(r, p)))
			fx_note(&fs, "decode 0x%x: expected %a, got %a", p,
			    ref_value(r, p), v);
		if (hw_value(id, p, &hw) && !fx_same(v, hw))
			fx_note(&fs, "decode 0x%x: hardware says %a, got %a", p, hw, v);
		uint32_t back = fp_encode(f, v, &fl);
		/* Exact: no exception; a subnormal result says so. */
		unsigned wantfl = want == FP_CLASS_SUBNORMAL ? FP_FLAG_SUBNORMAL : 0;
		if (back != p || fl != wantfl)
			fx_note(&fs, "re-encode 0x%x (%a): got 0x%x flags %#x, want flags %#x",
			    p, v, back, fl, wantfl);
	}
	fx_report(r->name, &fs);
}

START_TEST(test_patterns) { check_all_patterns(SMALL[_i]); }
END_TEST

/* The hardware cannot vouch for e4m3: pin a few values derived by hand. */
START_TEST(test_e4m3_values)
{
	static const struct { uint32_t bits; double v; } t[] = {
		{ 0x01, 0x1p-9 },	/* 0 0000 001: smallest subnormal */
		{ 0x07, 7 * 0x1p-9 },	/* 0 0000 111: largest subnormal */
		{ 0x08, 0x1p-6 },	/* 0 0001 000: smallest normal */
		{ 0x38, 1.0 },		/* 0 0111 000: 2^(7-7) */
		{ 0x77, 240.0 },	/* 0 1110 111: 1.875 * 2^7 */
		{ 0x78, 256.0 },	/* 0 1111 000: normal in the top binade */
		{ 0x7e, 448.0 },	/* 0 1111 110: 1.75 * 2^8, the max */
		{ 0xfe, -448.0 },
		{ 0x80, -0.0 },
	};
	const fp_format *f = fp_format_get(FP_E4M3);
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		ck_assert_msg(fx_same(fp_decode(f, t[i].bits), t[i].v),
		    "e4m3 0x%02x: expected %a, got %a", t[i].bits, t[i].v,
		    fp_decode(f, t[i].bits));
	ck_assert(isnan(fp_decode(f, 0x7f)) && isnan(fp_decode(f, 0xff)));
}
END_TEST

/* ---- 5, 6. fields, ulp, neighbours, the decode bit by bit ------------ */

START_TEST(test_fields_all)
{
	for (size_t k = 0; k < NSMALL; k++) {
		const struct ref_fmt *r = &REF[SMALL[k]];
		const fp_format *f = fp_format_get(SMALL[k]);
		for (uint32_t p = 0; p < 1u << r->width; p++) {
			fp_fields fl;
			uint32_t e = fld(p, r->mbits, r->ebits);
			fp_class c = ref_class(r, p);
			fp_fields_of(f, p, &fl);
			FX_FAILF(fl.sign == p >> (r->width - 1) && fl.exp_raw == e &&
			    fl.mantissa == fld(p, 0, r->mbits) && fl.cls == c &&
			    fl.exp == (e ? (int)e : 1) - r->bias,
			    "%s 0x%x: s%u e%u(%d) m%u %s", r->name, p, fl.sign,
			    fl.exp_raw, fl.exp, fl.mantissa, fp_class_name(fl.cls));
			if (c != FP_CLASS_INF && c != FP_CLASS_NAN)
				FX_FAILF(fl.implicit == (c == FP_CLASS_NORMAL),
				    "%s 0x%x: implicit %u", r->name, p, fl.implicit);
		}
	}
	fx_done();
}
END_TEST

/* fp.h: "implicit: the hidden leading bit: 1 for normals, else 0" -- inf
 * and NaN are not normals.  Kept apart so a failure names the point. */
START_TEST(test_fields_implicit_inf_nan)
{
	static const struct { fp_id id; uint32_t bits; } t[] = {
		{ FP_FP16, 0x7c00 }, { FP_FP16, 0xfe00 }, { FP_E4M3, 0x7f },
		{ FP_E5M2, 0x7c }, { FP_FP32, 0x7fc00000 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		fp_fields fl;
		fp_fields_of(fp_format_get(t[i].id), t[i].bits, &fl);
		ck_assert_msg(fl.implicit == 0, "%s 0x%x (%s): implicit %u",
		    REF[t[i].id].name, t[i].bits, fp_class_name(fl.cls), fl.implicit);
	}
}
END_TEST

/* ulp: the distance from a positive finite value to the next pattern up
 * (the last of a binade is one ulp below the next binade's first). */
START_TEST(test_ulp_all)
{
	for (size_t k = 0; k < NSMALL; k++) {
		const struct ref_fmt *r = &REF[SMALL[k]];
		const fp_format *f = fp_format_get(SMALL[k]);
		for (uint32_t p = 0; p < 1u << r->width; p++) {
			uint32_t m = p & magmask(r);
			fp_class c = ref_class(r, p);
			double u = fp_ulp(f, p);
			double want = c == FP_CLASS_NAN || c == FP_CLASS_INF ? NAN :
			    m < r->max_bits ? ref_raw(r, m + 1) - ref_raw(r, m) :
			    ref_raw(r, m) - ref_raw(r, m - 1);
			FX_FAILF(fx_same(u, want), "%s ulp(0x%x) = %a, want %a", r->name, p, u, want);
		}
	}
	const fp_format *f32 = fp_format_get(FP_FP32);
	ck_assert(fp_ulp(f32, 0x3f800000) == 0x1p-23);
	ck_assert(fp_ulp(f32, 0x7f7fffff) == 0x1p104);
	ck_assert(fp_ulp(f32, 0x80000000) == 0x1p-149);
	ck_assert(isnan(fp_ulp(f32, 0xff800000)));
	fx_done();
}
END_TEST

struct ent { double v; uint32_t bits; bool neg; };
static int
ent_cmp(const void *pa, const void *pb)
{
	const struct ent *a = pa, *b = pb;
	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	return (int)b->neg - (int)a->neg;	/* -0 sorts before +0 */
}

/* nextUp/nextDown against the sorted list of every non-NaN value: the
 * first strictly greater (a zero reached from below is -0) or the last
 * strictly smaller (a zero reached from above is +0). */
START_TEST(test_next_all)
{
	for (size_t k = 0; k < NSMALL; k++) {
		const struct ref_fmt *r = &REF[SMALL[k]];
		const fp_format *f = fp_format_get(SMALL[k]);
		uint32_t n = 1u << r->width, cnt = 0;
		struct ent *v = malloc(n * sizeof *v);
		ck_assert_ptr_nonnull(v);
		for (uint32_t p = 0; p < n; p++) {
			uint32_t o;
			if (ref_class(r, p) != FP_CLASS_NAN) {
				v[cnt++] = (struct ent){ ref_value(r, p), p,
				    (p >> (r->width - 1)) != 0 };
				continue;
			}
			FX_FAILF(!fp_next_up(f, p, &o) && !fp_next_down(f, p, &o),
			    "%s NaN 0x%x has a neighbour", r->name, p);
		}
		qsort(v, cnt, sizeof *v, ent_cmp);
		for (uint32_t i = 0; i < cnt; i++) {
			uint32_t j = i, o = 0xdeadbeef;
			while (j < cnt && v[j].v <= v[i].v)
				j++;
			bool have = fp_next_up(f, v[i].bits, &o);
			FX_FAILF(have == (j < cnt) && (!have || o == v[j].bits),
			    "%s nextUp(0x%x) = %d/0x%x, want %d/0x%x", r->name,
			    v[i].bits, have, o, j < cnt, j < cnt ? v[j].bits : 0);
			j = i;
			while (j > 0 && v[j - 1].v >= v[i].v)
				j--;
			have = fp_next_down(f, v[i].bits, &o);
			FX_FAILF(have == (j > 0) && (!have || o == v[j - 1].bits),
			    "%s nextDown(0x%x) = %d/0x%x, want %d/0x%x", r->name,
			    v[i].bits, have, o, j > 0, j > 0 ? v[j - 1].bits : 0);
		}
		free(v);
	}
	fx_done();
	/* The named cases, spelled out. */
	const fp_format *h = fp_format_get(FP_FP16), *e4 = fp_format_get(FP_E4M3);
	uint32_t o;
	ck_assert(fp_next_up(h, 0x8000, &o) && o == 0x0001);	/* -0 */
	ck_assert(fp_next_up(h, 0x7bff, &o) && o == 0x7c00);	/* max -> inf */
	ck_assert(!fp_next_up(h, 0x7c00, &o));
	ck_assert(fp_next_down(h, 0x0000, &o) && o == 0x8001);
	ck_assert(!fp_next_up(e4, 0x7e, &o));			/* nothing above 448 */
	ck_assert(!fp_next_down(e4, 0xfe, &o));
	ck_assert(!fp_next_up(h, 0x7e00, &o));
}
END_TEST

/* ---- the decode, bit by bit --------------------------------------------- */

START_TEST(test_explain_bits_all)
{
	for (size_t k = 0; k < NSMALL; k++) {
		const struct ref_fmt *r = &REF[SMALL[k]];
		const fp_format *f = fp_format_get(SMALL[k]);
		for (uint32_t p = 0; p < 1u << r->width; p++) {
			fp_bit b[32];
			fp_formula fo;
			double rawexp = 0, frac = 0;
			int n = fp_explain_bits(f, p, b);
			bool ok = n == r->width && b[0].field == FP_FIELD_SIGN &&
			    b[0].set == p >> (r->width - 1);
			for (int i = 1; ok && i < n; i++) {
				bool isexp = i <= r->ebits;
				int pos = isexp ? i - 1 : i - 1 - r->ebits;
				ok = b[i].field == (isexp ? FP_FIELD_EXP : FP_FIELD_MAN) &&
				    b[i].pos == pos && b[i].set == ((p >> (n - 1 - i)) & 1);
				if (b[i].set)
					*(isexp ? &rawexp : &frac) += ldexp(1.0, b[i].power);
			}
			FX_FAILF(ok, "%s 0x%x: bit layout", r->name, p);
			/* The sums are the fields; the formula applied here must
			 * give fp_decode's value. */
			uint32_t e = fld(p, r->mbits, r->ebits), m = fld(p, 0, r->mbits);
			FX_FAILF(rawexp == e && frac == ldexp((double)m, -r->mbits),
			    "%s 0x%x: contributions sum to %g, %g", r->name, p, rawexp, frac);
			fp_class c = ref_class(r, p);
			double d = fp_decode(f, p);
			fp_explain_formula(f, p, &fo);
			if (c == FP_CLASS_NAN || c == FP_CLASS_INF)
				continue;
			double sig = (rawexp > 0) + frac;
			double v = ldexp(sig, (rawexp > 0 ? (int)rawexp : 1) - r->bias);
			v = b[0].set ? -v : v;
			FX_FAILF(fx_same(v, d) && fx_same(fo.value, d) && fo.significand == sig &&
			    fo.fields.exp_raw == e && fo.fields.sign == b[0].set,
			    "%s 0x%x: formula %a, decode %a, explain %a sig %a",
			    r->name, p, v, d, fo.value, fo.significand);
		}
	}
	fx_done();
}
END_TEST

void
fx_patterns_tests(TCase *tc)
{
	tcase_add_loop_test(tc, test_patterns, 0, (int)NSMALL);
	tcase_add_test(tc, test_fields_all);
	tcase_add_test(tc, test_fields_implicit_inf_nan);
	tcase_add_test(tc, test_ulp_all);
	tcase_add_test(tc, test_next_all);
	tcase_add_test(tc, test_explain_bits_all);
	tcase_add_test(tc, test_e4m3_values);
}
