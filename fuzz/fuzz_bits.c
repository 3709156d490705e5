/*
 * fuzz_bits.c — the text of a `bits` value: fp_read() and fp_parse_bits()
 * on any bytes, then for each format the round trips the views rely on:
 * the rounding walk ends on fp_encode_real's pattern; the short and the
 * shortest texts of the value read back to the same pattern, the exact
 * decimal text to the same double; a parsed bit pattern fits
 * the format and its bit-by-bit decode adds up to fp_decode.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fp/fp.h"
#include "fuzz.h"

/* Read text, which must be a number, into the format. */
static uint32_t
reread(const fp_format *f, const char *text)
{
	fp_real r;
	size_t pos;
	unsigned flags;
	FUZZ_CHECK(fp_read(text, &r, &pos) == FP_READ_OK);
	return fp_encode_real(f, &r, &flags);
}

static void
check_value(const fp_format *f, const fp_real *r)
{
	unsigned flags = 0;
	uint32_t bits = fp_encode_real(f, r, &flags);
	fp_walk w;
	fp_explain_round(f, r, &w);
	FUZZ_CHECK(w.bits == bits);
	FUZZ_CHECK(w.flags == flags);
	FUZZ_CHECK(f->width == 32 || bits >> f->width == 0);

	double v = fp_decode(f, bits);
	char buf[1100];
	if (isnan(v))
		return;
	FUZZ_CHECK(reread(f, fp_short_str(f, v, buf, 32)) == bits);
	/* The shortest text of the double is near v, well within half an ulp
	 * of the format; the exact text is v itself. */
	FUZZ_CHECK(reread(f, fp_value_str(v, buf, 32)) == bits);
	fp_real back;
	size_t pos;
	FUZZ_CHECK(fp_read(fp_exact_str(v, buf, sizeof buf), &back, &pos) == FP_READ_OK);
	FUZZ_CHECK(back.lo == v && !back.sticky);

	uint32_t nb;
	if (fp_next_up(f, bits, &nb))
		FUZZ_CHECK(!(fp_decode(f, nb) < v));
	if (fp_next_down(f, bits, &nb))
		FUZZ_CHECK(!(fp_decode(f, nb) > v));
	(void)fp_ulp(f, bits);
}

static void
check_pattern(const fp_format *f, uint32_t bits)
{
	FUZZ_CHECK(f->width == 32 || bits >> f->width == 0);
	fp_bit b[32];
	FUZZ_CHECK(fp_explain_bits(f, bits, b) == f->width);
	fp_formula fm;
	fp_explain_formula(f, bits, &fm);
	double v = fp_decode(f, bits);
	FUZZ_CHECK(isnan(v) ? isnan(fm.value) : fm.value == v);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size, FP_READ_MAX + 64);
	if (text == NULL)
		return 0;
	fp_real r;
	size_t pos = 0;
	fp_read_err e = fp_read(text, &r, &pos);
	if (e == FP_READ_SYNTAX)
		FUZZ_CHECK(pos <= strlen(text));
	for (int i = 0; i < FP_NFORMATS; i++) {
		const fp_format *f = fp_format_get((fp_id)i);
		if (e == FP_READ_OK)
			check_value(f, &r);
		uint32_t bits;
		if (fp_parse_bits(f, text, &bits))
			check_pattern(f, bits);
	}
	free(text);
	return 0;
}
