/*
 * read.c — text to an exactly described real number (fp_real).
 *
 * The syntax is checked here, strictly, so that the messages can point at
 * the offending byte.  The digits are then converted by strtod twice, under
 * FE_TOWARDZERO and FE_UPWARD on the magnitude: the first gives the exact
 * value truncated to a double, and a difference between the two says that
 * bits were cut (the sticky bit).  Since every target format is narrower
 * than double, truncation plus a sticky bit rounds exactly like the decimal
 * itself: one rounding, never double rounding through double or float.
 * This relies on strtod honouring the rounding mode, as C99 recommends and
 * glibc and musl do; the tests check it on ties and near-ties.
 */
#include <config.h>

#include <ctype.h>
#include <fenv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fp.h"

static bool
is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Length of the number at s (after the sign), or 0 with *bad set to the
 * offset of the first byte that cannot continue it. */
static size_t
scan_number(const char *s, size_t *bad)
{
	size_t i = 0, ndig = 0;
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	int (*isdig)(int) = hex ? isxdigit : isdigit;

	if (hex)
		i = 2;
	while (isdig((unsigned char)s[i])) {
		i++;
		ndig++;
	}
	if (s[i] == '.') {
		i++;
		while (isdig((unsigned char)s[i])) {
			i++;
			ndig++;
		}
	}
	if (ndig == 0) {
		*bad = i;
		return 0;
	}
	if ((!hex && (s[i] == 'e' || s[i] == 'E')) ||
	    (hex && (s[i] == 'p' || s[i] == 'P'))) {
		size_t j = i + 1;
		if (s[j] == '+' || s[j] == '-')
			j++;
		if (!isdigit((unsigned char)s[j])) {
			*bad = j;
			return 0;
		}
		while (isdigit((unsigned char)s[j]))
			j++;
		i = j;
	}
	return i;
}

/* strtod of s under the rounding mode `mode`. */
static double
strtod_mode(const char *s, int mode)
{
	int saved = fegetround();
	double d;

	fesetround(mode);
	d = strtod(s, NULL);
	fesetround(saved);
	return d;
}

fp_read_err
fp_read(const char *text, fp_real *out, size_t *errpos)
{
	size_t start = 0, n, end, dummy;
	bool neg = false;
	char buf[FP_READ_MAX + 1];

	if (errpos == NULL)
		errpos = &dummy;
	*errpos = 0;
	n = strnlen(text, FP_READ_MAX + 1);
	if (n > FP_READ_MAX)
		return FP_READ_TOOLONG;
	while (is_blank((unsigned char)text[start]))
		start++;
	end = n;
	while (end > start && is_blank((unsigned char)text[end - 1]))
		end--;
	if (start == end) {
		*errpos = start;
		return FP_READ_EMPTY;
	}

	size_t i = start;
	if (text[i] == '+' || text[i] == '-')
		neg = text[i++] == '-';

	size_t len = end - i;
	if ((len == 3 && strncasecmp(text + i, "inf", 3) == 0) ||
	    (len == 8 && strncasecmp(text + i, "infinity", 8) == 0)) {
		out->lo = neg ? -INFINITY : INFINITY;
		out->sticky = false;
		return FP_READ_OK;
	}
	if (len == 3 && strncasecmp(text + i, "nan", 3) == 0) {
		out->lo = neg ? -NAN : NAN;
		out->sticky = false;
		return FP_READ_OK;
	}

	/* Copy the unsigned number so strtod sees exactly what was checked. */
	memcpy(buf, text + i, len);
	buf[len] = '\0';
	size_t bad = 0, used = scan_number(buf, &bad);
	if (used == 0) {
		*errpos = i + bad;
		return FP_READ_SYNTAX;
	}
	if (used != len) {
		*errpos = i + used;
		return FP_READ_SYNTAX;
	}

	double lo = strtod_mode(buf, FE_TOWARDZERO);
	double hi = strtod_mode(buf, FE_UPWARD);
	out->lo = neg ? -lo : lo;
	out->sticky = hi != lo;
	return FP_READ_OK;
}

const char *
fp_read_errstr(fp_read_err e)
{
	switch (e) {
	case FP_READ_OK:	return "ok";
	case FP_READ_EMPTY:	return "empty value";
	case FP_READ_SYNTAX:	return "not a number";
	case FP_READ_TOOLONG:	return "value too long";
	}
	return "?";
}
