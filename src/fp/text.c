/*
 * text.c — numbers to text: the shortest string that reads back as the
 * same double, the format's round-trip digits, and the exact expansion.
 * printf does the digit work; glibc's is exact for any precision.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp.h"

static bool
special_str(double v, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "nan");
	else if (isinf(v))
		snprintf(buf, n, v < 0 ? "-inf" : "inf");
	else
		return false;
	return true;
}

char *
fp_value_str(double v, char *buf, size_t n)
{
	if (special_str(v, buf, n))
		return buf;
	/* An integer below 2^53 prints exactly and shortest as an integer. */
	if (v == trunc(v) && fabs(v) < 0x1p53) {
		snprintf(buf, n, "%.0f", v);	/* "-0" for negative zero */
		return buf;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, n, "%.*g", prec, v);
		if (prec == 17 || strtod(buf, NULL) == v)
			break;
	}
	return buf;
}

char *
fp_short_str(const fp_format *f, double v, char *buf, size_t n)
{
	if (!special_str(v, buf, n))
		snprintf(buf, n, "%.*g", f->digits, v);
	return buf;
}

/* Drop trailing zeros of the fraction in a printf'd number, keeping any
 * exponent suffix. */
static void
trim_zeros(char *s)
{
	char *dot = strchr(s, '.');
	if (dot == NULL)
		return;
	char *e = strpbrk(dot, "eE");
	char *end = e ? e : dot + strlen(dot);
	char *p = end;
	while (p > dot + 1 && p[-1] == '0')
		p--;
	if (p == dot + 1)
		p = dot;
	memmove(p, end, strlen(end) + 1);
}

char *
fp_exact_str(double v, char *buf, size_t n)
{
	if (special_str(v, buf, n))
		return buf;
	double a = fabs(v);
	if (a == 0 || (a >= 1e-5 && a < 1e17)) {
		/* A double with k fraction bits has exactly k decimal places. */
		int places = 0;
		if (a != 0) {
			double t = a;
			while (t != trunc(t) && places < 1100) {
				t *= 2;
				places++;
			}
		}
		snprintf(buf, n, "%.*f", places, v);
	} else {
		snprintf(buf, n, "%.770e", v);
	}
	trim_zeros(buf);
	return buf;
}
