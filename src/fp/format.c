/*
 * format.c — the one table of format descriptors, and lookups in it.
 * Every other file is generic over these rows; adding a format is a row.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fp/fp.h"

/* digits = ceil(p * log10(2)) + 1 for a p-bit significand: enough for
 * %.{digits}g to read back as the same value of the format. */
static const fp_format formats[FP_NFORMATS] = {
	{ FP_FP16, "fp16", "half,float16,binary16", "IEEE 754 binary16",
	  5, 10, 15, 16, true, 0x7bff, 0x7e00, 5 },
	{ FP_BF16, "bf16", "bfloat16", "bfloat16 (Brain float)",
	  8, 7, 127, 16, true, 0x7f7f, 0x7fc0, 4 },
	{ FP_FP32, "fp32", "float,float32,single,binary32", "IEEE 754 binary32",
	  8, 23, 127, 32, true, 0x7f7fffff, 0x7fc00000, 9 },
	{ FP_TF32, "tf32", "tensorfloat32", "TensorFloat-32 (19 bits)",
	  8, 10, 127, 19, true, 0x3fbff, 0x3fe00, 5 },
	{ FP_E4M3, "e4m3", "fp8-e4m3,fp8e4m3,e4m3fn", "OCP fp8 E4M3 (no inf)",
	  4, 3, 7, 8, false, 0x7e, 0x7f, 3 },
	{ FP_E5M2, "e5m2", "fp8-e5m2,fp8e5m2", "OCP fp8 E5M2 (IEEE-style)",
	  5, 2, 15, 8, true, 0x7b, 0x7e, 2 },
};

const fp_format *
fp_format_get(fp_id id)
{
	return (unsigned)id < FP_NFORMATS ? &formats[id] : NULL;
}

/* Does the comma-separated list contain name (case-insensitively)? */
static bool
in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	while (list != NULL && *list != '\0') {
		const char *end = strchr(list, ',');
		size_t len = end ? (size_t)(end - list) : strlen(list);

		if (len == n && strncasecmp(list, name, n) == 0)
			return true;
		list = end ? end + 1 : NULL;
	}
	return false;
}

const fp_format *
fp_format_find(const char *name)
{
	if (name == NULL || *name == '\0')
		return NULL;
	for (int i = 0; i < FP_NFORMATS; i++)
		if (strcasecmp(formats[i].name, name) == 0 ||
		    in_list(formats[i].alias, name))
			return &formats[i];
	return NULL;
}

const char *
fp_format_names(void)
{
	return "fp16, bf16, fp32, tf32, e4m3, e5m2";
}

const char *
fp_class_name(fp_class c)
{
	static const char *const names[] = {
		"zero", "subnormal", "normal", "inf", "nan"
	};
	return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

char *
fp_flags_str(unsigned flags, const char *sep, char *buf, size_t n)
{
	static const char *const names[] = {
		"inexact", "overflow", "underflow", "subnormal", "invalid"
	};
	size_t len = 0;

	if (n == 0)
		return buf;
	buf[0] = '\0';
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (!(flags & (1u << i)))
			continue;
		int w = snprintf(buf + len, n - len, "%s%s",
		    len ? sep : "", names[i]);
		if (w < 0 || (size_t)w >= n - len)
			break;
		len += (size_t)w;
	}
	return buf;
}

const char *
fp_decision_name(fp_decision d)
{
	static const char *const names[] = {
		"exact", "round down", "round up", "tie, stays even",
		"tie, rounds up to even", "no rounding"
	};
	return (unsigned)d < sizeof names / sizeof names[0] ? names[d] : "?";
}
