/*
 * bits_json.c — the JSON view of `fptutor bits`: one object per value and
 * format, keys as DESIGN.md section 3 lists them, plus "flags".
 */
#include <config.h>

#include <stdio.h>

#include "bits.h"
#include "cli.h"

void
bits_json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

void
bits_show_json(const bits_item *it)
{
	const fp_format *f = it->fmt;
	fp_fields fl;
	char v[40], fs[80];

	fp_fields_of(f, it->bits, &fl);
	printf("{\"format\":\"%s\",\"input\":", f->name);
	bits_json_str(it->input);
	printf(",\"bits\":\"0x%0*x\",\"sign\":%u,\"exponent\":%u,\"mantissa\":%u,"
	    "\"class\":\"%s\",\"value\":\"%s\",\"flags\":[",
	    (f->width + 3) / 4, it->bits, fl.sign, fl.exp_raw, fl.mantissa,
	    fp_class_name(fl.cls),
	    fp_value_str(fp_decode(f, it->bits), v, sizeof v));
	fp_flags_str(it->flags, "\",\"", fs, sizeof fs);
	if (fs[0])
		printf("\"%s\"", fs);
	printf("]}\n");
}
