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
 * glibc's strtod looks at a long significand only as far as the rounding
 * needs, so fp_read_long's 2 MiB literal takes milliseconds.
 * This relies on strtod honouring the rounding mode, as C99 recommends and
 * glibc and musl do; the tests check it on ties and near-ties.  Short
 * decimals, the common case, skip strtod and the rounding-mode switches
 * for an exact integer route that gives the same result (read_short).
 */
#include <config.h>

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fp/fp.h"
#include "fp/fp_int.h"

static bool
is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool
is_dec(int c)
{
	return c >= '0' && c <= '9';
}

/* isxdigit in every locale: the C library knows no other hex digits. */
static bool
is_hex(int c)
{
	return is_dec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Length of the number at s (after the sign), or 0 with *bad set to the
 * offset of the first byte that cannot continue it. */
static size_t
scan_number(const char *s, size_t *bad)
{
	size_t i = 0, ndig = 0;
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	bool (*isdig)(int) = hex ? is_hex : is_dec;

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
		if (!is_dec((unsigned char)s[j])) {
			*bad = j;
			return 0;
		}
		while (is_dec((unsigned char)s[j]))
			j++;
		i = j;
	}
	return i;
}

/*
 * The short route, taken before strtod: a decimal of at most 19
 * significant digits W with a value W x 10^E, -27 <= E <= 19, is converted
 * exactly in integers.  For E >= 0 the value is the integer W x 10^E <
 * 10^38 < 2^128; for E < 0 it is (q + a remainder) x 2^(E-s), where q =
 * floor(W x 2^s / 5^-E) has at least 65 bits (W x 2^s fills 128 bits,
 * 5^27 < 2^63).  Keeping the top 53 bits is the truncation toward zero,
 * and anything cut (lower bits or a nonzero remainder) is the sticky bit:
 * the same fp_real that the two strtod calls give, since both are exact
 * and the value is a normal double (1e-27 .. 1e38).  A hex float of at
 * most 15 significant hex digits is W x 2^E already, and is taken when
 * -1000 <= E <= 900.  Anything else goes to strtod.
 */
#ifdef __SIZEOF_INT128__
const uint64_t fp_pow5_64[28] = {
	1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125,
	244140625, 1220703125, 6103515625, 30517578125, 152587890625, 762939453125,
	3814697265625, 19073486328125, 95367431640625, 476837158203125,
	2384185791015625, 11920928955078125, 59604644775390625, 298023223876953125,
	1490116119384765625, 7450580596923828125
};

/* The exponent field after 'e' or 'p' into *x; false above 100000. */
static bool
short_exp(const char *s, int *x)
{
	bool neg = *s == '-';
	int v = 0;

	if (*s == '+' || *s == '-')
		s++;
	for (; is_dec((unsigned char)*s); s++)
		if ((v = v * 10 + (*s - '0')) > 100000)
			return false;
	*x = neg ? -v : v;
	return true;
}

/* The value of a digit in base 16 (hex) or 10; -1 if it is none. */
static int
digit_val(int c, bool hex)
{
	if (is_dec(c))
		return c - '0';
	if (hex && c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (hex && c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* A number checked by scan_number (after any "0x") as W x 10^E, or as
 * W x 2^E for hex; false beyond 19 decimal or 15 hex digits of W (leading
 * zeros aside) or an exponent field above 100000. */
static bool
short_number(const char *s, bool hex, uint64_t *w, int *e)
{
	uint64_t v = 0;
	int nd = 0, ex = 0, x = 0, d;
	int step = hex ? 4 : 1;
	bool frac = false;

	for (;; s++) {
		if (*s == '.') {
			frac = true;
			continue;
		}
		if ((d = digit_val((unsigned char)*s, hex)) < 0)
			break;
		if (frac)
			ex -= step;
		if (v == 0 && d == 0)		/* a leading zero */
			continue;
		if (++nd > (hex ? 15 : 19))
			return false;
		v = hex ? v << 4 | (uint64_t)d : v * 10 + (uint64_t)d;
	}
	if (*s != '\0' && !short_exp(s + 1, &x))
		return false;
	*w = v;
	*e = ex + x;
	return true;
}

/* x x 2^e truncated to 53 bits (x nonzero, the result a normal double);
 * sets *cut when bits were dropped. */
static double
trunc53(fp_u128 x, int e, bool *cut)
{
	uint64_t hi = (uint64_t)(x >> 64);
	int len = hi ? 128 - __builtin_clzll(hi) : 64 - __builtin_clzll((uint64_t)x);
	int sh = len > 53 ? len - 53 : 0;
	uint64_t p2 = (uint64_t)(sh + e + 1023) << 52;
	double scale;

	if (sh > 0 && (x & (((fp_u128)1 << sh) - 1)) != 0)
		*cut = true;
	memcpy(&scale, &p2, sizeof scale);
	return (double)(uint64_t)(x >> sh) * scale;
}

static bool
read_short(const char *s, double *lo, bool *sticky)
{
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	uint64_t w;
	int e;

	if (!short_number(hex ? s + 2 : s, hex, &w, &e))
		return false;
	*sticky = false;
	if (w == 0) {
		*lo = 0;
	} else if (hex) {			/* w x 2^e */
		if (e < -1000 || e > 900)
			return false;
		*lo = trunc53(w, e, sticky);
	} else if (e >= 0) {			/* w x 10^e */
		if (e > 19)
			return false;
		*lo = trunc53((fp_u128)w * ((fp_u128)fp_pow5_64[e] << e), 0, sticky);
	} else {				/* w / 10^-e */
		if (e < -27)
			return false;
		int sh = __builtin_clzll(w) + 64;
		fp_u128 num = (fp_u128)w << sh, q = num / fp_pow5_64[-e];
		*sticky = num - q * fp_pow5_64[-e] != 0;
		*lo = trunc53(q, -sh + e, sticky);
	}
	return true;
}
#else
static bool
read_short(const char *s, double *lo, bool *sticky)
{
	(void)s, (void)lo, (void)sticky;
	return false;
}
#endif

/* Whether the significand of the checked number s has a nonzero digit
 * (so the value is not 0, whatever strtod made of it). */
static bool
digits_nonzero(const char *s)
{
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');

	for (s += hex ? 2 : 0; *s; s++) {
		if (hex ? (*s == 'p' || *s == 'P') : (*s == 'e' || *s == 'E'))
			break;
		if ((*s >= '1' && *s <= '9') || (hex && ((*s >= 'a' && *s <= 'f') ||
		    (*s >= 'A' && *s <= 'F'))))
			return true;
	}
	return false;
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

/* fp_read and fp_read_long, with their caps. */
static fp_read_err
read_capped(const char *text, size_t max, fp_real *out, size_t *errpos)
{
	size_t start = 0, n, end, dummy;
	bool neg = false;
	char buf[FP_READ_MAX + 1];

	if (errpos == NULL)
		errpos = &dummy;
	*errpos = 0;
	n = strnlen(text, max + 1);
	if (n > max)
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

	/* Copy the unsigned number so strtod sees exactly what was checked.
	 * A longer one (fp_read_long) is read where it lies: only blanks
	 * can follow it, where scan_number and strtod stop, and it is too
	 * long for read_short's route anyway. */
	bool in_place = len > FP_READ_MAX;
	const char *num = in_place ? text + i : buf;
	if (!in_place) {
		memcpy(buf, text + i, len);
		buf[len] = '\0';
	}
	size_t bad = 0, used = scan_number(num, &bad);
	if (used == 0) {
		*errpos = i + bad;
		return FP_READ_SYNTAX;
	}
	if (used != len) {
		*errpos = i + used;
		return FP_READ_SYNTAX;
	}

	double lo;
	bool sticky;
	if (in_place || !read_short(num, &lo, &sticky)) {
		lo = strtod_mode(num, FE_TOWARDZERO);
		sticky = strtod_mode(num, FE_UPWARD) != lo;
		/* Past double's range the answer is known without the rounding
		 * modes, which not every environment honours at the edges (a
		 * CPU emulator such as valgrind's rounds to nearest there): a
		 * finite literal truncates to DBL_MAX or to 0, with bits cut. */
		if (isinf(lo)) {
			lo = DBL_MAX;
			sticky = true;
		} else if (lo == 0 && digits_nonzero(num)) {
			sticky = true;
		}
	}
	out->lo = neg ? -lo : lo;
	out->sticky = sticky;
	return FP_READ_OK;
}

fp_read_err
fp_read(const char *text, fp_real *out, size_t *errpos)
{
	return read_capped(text, FP_READ_MAX, out, errpos);
}

fp_read_err
fp_read_long(const char *text, fp_real *out, size_t *errpos)
{
	return read_capped(text, FP_READ_LONG_MAX, out, errpos);
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
