/*
 * fold.c — reading the characters of an answer before it is cut into
 * words (text.c): a number in any of the notations people write, UTF-8
 * symbols folded to the words and ASCII the rubrics match (× ÷ − → ≈ ∞,
 * superscripts), and comparisons and arrows read as words.
 */
#include <config.h>

#include <config.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grade/grade_int.h"

/* Read a number at s: 65,504  6.55e4  1e-8  2^-24  2^(-24)  10^8.  The
 * caller has normalised superscripts to ^ and − to -.  When form is not
 * NULL it says how the number was written, for checking a figure
 * (facts.c): the unit of its last significant digit (65504: 1, 6.55e4:
 * 100, 65,000: 1000; 0 for a power such as 2^-24, which is exact) and
 * whether it was a power of ten (10^8), the tail of "5.96 x 10^-8". */
/* Where the exponent begins after a power said in words at s[i] (" power
 * ", " to the power of ", " raised to "), or 0.  Only a signed or plain
 * integer may follow: "2 to the 8 bits" is no power. */
static size_t
power_words(const char *s, size_t n, size_t i)
{
	static const char *const say[] = { " to the power of ", " to the power ", " power of ",
		" power ", " raised to the ", " raised to ", NULL };
	for (size_t k = 0; say[k]; k++) {
		size_t l = strlen(say[k]);
		if (i + l < n && strncasecmp(s + i, say[k], l) == 0 &&
		    (s[i + l] == '-' || isdigit((unsigned char)s[i + l])))
			return i + l;
	}
	return 0;
}

/* Is the comma at s[i] a decimal comma?  Only where no list or thousands
 * reading fits: after a lone 0 ("0,368") or before a power of ten
 * ("4,85·10^8", "4,85e8"); "[20,19]" stays two numbers, "65,504" one. */
static bool
decimal_comma(const char *s, size_t n, size_t i, const char *buf, size_t o)
{
	if (o == 1 && buf[0] == '0')
		return true;
	size_t j = i + 1;
	while (j < n && isdigit((unsigned char)s[j]))
		j++;
	if (j - i - 1 == 3 && !(j < n && (s[j] == 'e' || s[j] == 'E')))
		return false;	/* 65,504, even before "x 10^3" */
	if (j < n && (s[j] == 'e' || s[j] == 'E') && j + 1 < n &&
	    (isdigit((unsigned char)s[j + 1]) || s[j + 1] == '-'))
		return true;
	while (j < n && s[j] == ' ')
		j++;
	/* the folded multiplication sign: "*", "x" */
	if (j < n && (s[j] == '*' || s[j] == 'x'))
		j++;
	while (j < n && s[j] == ' ')
		j++;
	return j + 2 < n && s[j] == '1' && s[j + 1] == '0' && s[j + 2] == '^';
}

size_t
grade_read_number(const char *s, size_t n, double *v, grade_numform *form)
{
	char buf[64];
	size_t i = 0, o = 0;
	int frac = -1, trailing = 0, expo = 0;	/* digits after '.', zeros at the end */
	int intdig = 0;		/* digits before the point */
	bool spaced = false;	/* grouped by spaces so far */

	while (i < n && o < sizeof buf - 1) {
		if (isdigit((unsigned char)s[i]) || s[i] == '.') {
			if (s[i] == '.' && !(i + 1 < n && isdigit((unsigned char)s[i + 1])))
				break;
			if (s[i] == '.')
				frac = 0;
			else if (frac >= 0)
				frac++;
			else {
				trailing = s[i] == '0' ? trailing + 1 : 0;
				intdig++;
			}
			buf[o++] = s[i++];
		} else if (s[i] == ',' && frac < 0 && o > 0 && i + 1 < n &&
		    isdigit((unsigned char)s[i + 1]) && decimal_comma(s, n, i, buf, o)) {
			frac = 0;	/* "0,368", "4,85·10^8": a decimal comma */
			buf[o++] = '.';
			i++;
		} else if (s[i] == ',' && i + 3 < n + 1 && o > 0 &&
		    isdigit((unsigned char)s[i + 1]) && isdigit((unsigned char)s[i + 2]) &&
		    isdigit((unsigned char)s[i + 3]) &&
		    (i + 4 >= n || !isdigit((unsigned char)s[i + 4]))) {
			i++;	/* a thousands separator: 65,504 */
		} else if (s[i] == ' ' && frac < 0 && o > 0 && o <= 3 + 4 * 3 && i + 3 < n &&
		    isdigit((unsigned char)s[i + 1]) && isdigit((unsigned char)s[i + 2]) &&
		    isdigit((unsigned char)s[i + 3]) &&
		    (i + 4 >= n || !isdigit((unsigned char)s[i + 4])) && intdig <= 15 &&
		    (spaced || intdig <= 3) && buf[0] != '0') {
			i++;	/* the SI thousands space: 65 504, 100 000 000 */
			spaced = true;
		} else {
			break;
		}
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E') && o > 0) {
		size_t j = i + 1;
		if (j < n && (s[j] == '-' || s[j] == '+'))
			j++;
		if (j < n && isdigit((unsigned char)s[j])) {
			bool eneg = s[i + 1] == '-';
			while (i < j && o < sizeof buf - 1)
				buf[o++] = s[i++];
			while (i < n && isdigit((unsigned char)s[i]) && o < sizeof buf - 1) {
				if (expo < 100000)
					expo = expo * 10 + (s[i] - '0');
				buf[o++] = s[i++];
			}
			if (eneg)
				expo = -expo;
		}
	}
	buf[o] = '\0';
	*v = strtod(buf, NULL);
	if (form) {
		/* 65504: the unit is 1; 65,000 and 1e8: the zeros are not
		 * significant, 1.0e8 has two digits */
		int last = frac >= 0 ? -frac : (*v == 0 ? 0 : trailing);
		form->unit = pow(10, last + expo);
		form->pow10 = false;
		form->sci = expo != 0;
	}
	if (form)
		form->ndig = intdig;
	/* a power: base^exp or base**exp, exp maybe (-24); or in words, "2
	 * power -24", "2 to the power of -24", "2 raised to -24" */
	/* "2.**16", Python's float power: the point ends the base */
	if (i + 2 < n && s[i] == '.' && ((s[i + 1] == '*' && s[i + 2] == '*') || s[i + 1] == '^'))
		i++;
	size_t worded = power_words(s, n, i);
	if (i < n && (worded || s[i] == '^' || (s[i] == '*' && i + 1 < n && s[i + 1] == '*'))) {
		size_t j = worded ? worded : i + (s[i] == '^' ? 1 : 2);
		bool paren = j < n && s[j] == '(';
		if (paren)
			j++;
		bool neg = j < n && s[j] == '-';
		if (j < n && (s[j] == '-' || s[j] == '+'))
			j++;

		if (j < n && isdigit((unsigned char)s[j])) {
			double e = 0, half = 0;	/* half the exponent's last digit */
			while (j < n && isdigit((unsigned char)s[j]))
				e = e * 10 + (s[j++] - '0');
			/* "e^20 ≈ 2^28.9": an exponent with decimals is known to
			 * half its last digit, and the value as well as that */
			if (j + 1 < n && s[j] == '.' && isdigit((unsigned char)s[j + 1])) {
				double scale = 1;
				for (j++; j < n && isdigit((unsigned char)s[j]); j++) {
					scale /= 10;
					e += (s[j] - '0') * scale;
				}
				half = scale / 2;
			}
			if (paren && j < n && s[j] == ')')
				j++;
			double base = *v;
			*v = pow(base, neg ? -e : e);
			if (form) {
				/* a power is exact: its unit is 0 */
				form->unit = half > 0 && base > 0 ? *v * log(base) * half : 0;
				form->pow10 = base == 10 && half == 0;
				form->sci = true;
			}
			i = j;
		}
	}
	return i;
}

/* Fold UTF-8 the grader understands into ASCII; anything else is a space.
 * Returns the number of input bytes consumed and appends to out. */
size_t
grade_fold_utf8(const unsigned char *s, size_t n, char *out, size_t *o, size_t cap,
    bool *insup)
{
	static const struct { const char *from, *to; } map[] = {
		{ "\xc3\x97", " x " }, { "\xc2\xb7", " x " }, { "\xe2\x8b\x85", " x " },
		{ "\xe2\x88\x97", " x " }, { "\xc2\xbd", " 0.5 " }, { "\xe2\x89\xab", " much greater than " }, { "\xc3\xb7", " / " }, { "\xe2\x88\x92", " - " },
		{ "\xe2\x80\x93", "-" }, { "\xe2\x80\x94", ", " }, { "\xe2\x89\x88", " approx " },
		{ "\xe2\x86\x92", " then " }, { "\xe2\x9f\xb6", " then " },
		{ "\xe2\x9e\x94", " then " }, { "\xe2\x9f\xb9", " then " }, { "\xe2\x87\x92", " then " },
		{ "\xe2\x80\x99", "'" }, { "\xe2\x80\x98", "'" },
		{ "\xe2\x80\x9c", "\"" }, { "\xe2\x80\x9d", "\"" },
		{ "\xe2\x81\xbb", "^-" }, { "\xc2\xb9", "^1" }, { "\xc2\xb2", "^2" },
		{ "\xc2\xb3", "^3" }, { "\xe2\x81\xb0", "^0" }, { "\xe2\x81\xb4", "^4" },
		{ "\xe2\x81\xb5", "^5" }, { "\xe2\x81\xb6", "^6" }, { "\xe2\x81\xb7", "^7" },
		{ "\xe2\x81\xb8", "^8" }, { "\xe2\x81\xb9", "^9" }, { "\xe2\x89\xa5", " at least " },
		{ "\xe2\x89\xa4", " at most " }, { "\xe2\x88\x9e", " inf " },
		/* notation people write for the same words */
		{ "\xe2\x89\xaa", " much less than " }, { "\xe2\x89\xa0", " not equal " },
		{ "\xe2\x86\x91", " raise " }, { "\xe2\x86\x93", " lower " },
		{ "\xe2\x87\x8f", " does not give " }, { "\xe2\x86\xa6", " becomes " },
		{ "\xe2\x88\x80", " for all " }, { "\xce\xa3", " sum " },
		{ "\xe2\x88\x91", " sum " }, { "\xe2\x88\x87", " grad " },
		{ "\xe2\x88\x82", " d " }, { "\xe2\x87\x90", " from " },
		/* an assignment, and the letters of the formulas people write:
		 * θ ← θ − η·g, S ← S/2, ℓ for the loss, ‖g‖ a norm (ε stays a
		 * word break: "ε_fp16 = 2^-10" next to "< 2^-24" reads as a
		 * floor below epsilon) */
		{ "\xe2\x86\x90", " becomes " }, { "\xe2\x9f\xb5", " becomes " },
		{ "\xce\xb8", " theta " }, { "\xce\xb7", " eta " }, { "\xce\xb1", " alpha " },
		{ "\xce\xbb", " lambda " }, { "\xcf\x84", " tau " },
		{ "\xce\xbc", " mu " }, { "\xcf\x83", " sigma " },
		{ "\xce\x94", " delta " }, { "\xce\xb4", " delta " }, { "\xe2\x84\x93", " l " },
		{ "\xe2\x80\x96", " norm " }, { "\xe2\x88\x88", " in " },
	};
	/* ∇(S·L) is a call of grad, ∇L a word apart */
	if (n >= 4 && memcmp(s, "\xe2\x88\x87", 3) == 0 && s[3] == '(') {
		for (const char *g = " grad"; *g && *o < cap; g++)
			out[(*o)++] = *g;
		*insup = false;
		return 3;
	}
	/* A minus sign inside a number is its sign: 1e−8, 2^−24, and after
	 * a power said in words, "2 power −24", "2 to the power of −24". */
	if (n >= 3 && memcmp(s, "\xe2\x88\x92", 3) == 0 && *o >= 2 &&
	    (out[*o - 1] == '^' || ((out[*o - 1] == 'e' || out[*o - 1] == 'E') &&
	    isdigit((unsigned char)out[*o - 2])) ||
	    (*o >= 6 && strncasecmp(out + *o - 6, "power ", 6) == 0) ||
	    (*o >= 9 && strncasecmp(out + *o - 9, "power of ", 9) == 0) ||
	    (*o >= 10 && strncasecmp(out + *o - 10, "raised to ", 10) == 0))) {
		if (*o < cap)
			out[(*o)++] = '-';
		*insup = false;
		return 3;
	}
	for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
		size_t len = strlen(map[k].from);
		if (len <= n && memcmp(s, map[k].from, len) == 0) {
			const char *to = map[k].to;
			/* "[0, −1]": a minus sign before a digit, after no
			 * operand, is the sign of a number as "-1" is; "x − 1"
			 * stays a minus standing alone */
			if (strcmp(map[k].from, "\xe2\x88\x92") == 0 && len < n &&
			    isdigit(s[len]) && (*o == 0 || out[*o - 1] == ' ' ||
			    out[*o - 1] == '[' || out[*o - 1] == '(' || out[*o - 1] == ',') &&
			    !(*o >= 2 && out[*o - 1] == ' ' && (isalnum((unsigned char)out[*o - 2]) ||
			    out[*o - 2] == ')')))
				to = "-";
			/* A superscript after a superscript continues the
			 * exponent: ⁻²⁴ is ^-24, not ^-^2^4. */
			bool sup = to[0] == '^';
			if (sup && *insup)
				to++;
			*insup = sup;
			while (*to && *o < cap)
				out[(*o)++] = *to++;
			return len;
		}
	}
	/* Skip one whole (or broken) sequence. */
	size_t len = 1;
	*insup = false;
	while (len < n && len < 4 && (s[len] & 0xc0) == 0x80)
		len++;
	if (*o < cap)
		out[(*o)++] = ' ';
	return len;
}

/* Comparisons and equations read as words: "1e8 > 65504" is "1e8 greater
 * than 65504", "fl16(g) = 0" is "fl16(g) is 0", "S <= 65504" is "S at most
 * 65504".  An arrow "->", "==" and "!=" are left to the tokenizer (an arrow
 * is a step in a list).  Appends to out; false when s[i] is none of them. */
/* "init_scale=1024", "backoff_factor=0.25": a keyword argument written
 * right before the '=' at s[i] (a name with an underscore), a value the
 * answer sets rather than one it states. */
static bool
kwarg_before(const char *s, size_t i)
{
	bool under = false;
	size_t j = i;
	while (j > 0 && (isalnum((unsigned char)s[j - 1]) || s[j - 1] == '_'))
		under |= s[--j] == '_';
	return j < i && under;
}

bool
grade_comparison(const char *s, size_t i, size_t n, char *out, size_t *o)
{
	char c = s[i], next = i + 1 < n ? s[i + 1] : ' ', prev = i ? s[i - 1] : ' ';
	const char *w = NULL;

	if (c == '>' && prev != '-' && prev != '=' && next != '>')
		w = next == '=' ? " at least " : " greater than ";
	else if (c == '<' && next != '-' && next != '<' && prev != '<')
		w = next == '=' ? " at most " : " less than ";
	else if (c == '=' && next != '=' && prev != '=' && prev != '!' && next != '>')
		w = kwarg_before(s, i) ? " set to " : " is ";
	if (w == NULL)
		return false;
	while (*w)
		out[(*o)++] = *w++;
	return true;
}

/* TeX as people type it in answers: $e^{20} \approx 4.85\times10^{8}$,
 * \mathrm{fl}_{16}(g), \frac{a}{b}, \infty.  The commands of notation
 * become the words and signs the rubrics match, layout commands vanish,
 * other commands are their names (\max is max), and the braces of an
 * exponent go (2^{-24} is 2^-24).  s[i] is '\\', '$', '{' or '}'.
 * Appends to out and returns the bytes of s consumed (0: none of these). */
size_t
grade_fold_tex(const char *s, size_t i, size_t n, char *out, size_t *o, size_t cap)
{
	static const struct { const char *cmd, *to; } map[] = {
		{ "times", " x " }, { "cdot", " x " }, { "ast", " x " },
		{ "approx", " approx " }, { "sim", " approx " }, { "simeq", " approx " },
		{ "gg", " much greater than " }, { "ll", " much less than " },
		{ "infty", " inf " }, { "to", " then " }, { "rightarrow", " then " },
		{ "Rightarrow", " then " }, { "implies", " then " }, { "mapsto", " becomes " },
		{ "longrightarrow", " then " }, { "leftarrow", " becomes " },
		{ "leq", " at most " }, { "le", " at most " }, { "geq", " at least " },
		{ "ge", " at least " }, { "neq", " not equal " }, { "ne", " not equal " },
		{ "nabla", " grad " }, { "sum", " sum " }, { "div", " / " },
		{ "lVert", " " }, { "rVert", " " }, { "Vert", " " }, { "|", " " },
		{ "frac", " " }, { "mathrm", "" }, { "text", "" }, { "textrm", "" },
		{ "mathbf", "" }, { "mathit", "" }, { "operatorname", "" }, { "left", "" },
		{ "right", "" }, { "big", "" }, { "Big", "" }, { "tilde", "" }, { "hat", "" },
		{ "bar", "" }, { "quad", " " }, { "qquad", " " }, { ",", " " }, { ";", " " },
		{ "!", "" }, { " ", " " },
	};
	const char *to = NULL;
	size_t used = 1;
	char name[32];

	if (s[i] == '$') {
		to = " ";
	} else if (s[i] == '{') {
		/* an exponent's or a subscript's braces group, nothing more */
		to = *o > 0 && out[*o - 1] == '^' ? "" : " ";
		/* fl_{16} is fl16; x_{max} is x max */
		if (*o > 0 && out[*o - 1] == '_') {
			(*o)--;
			to = i + 1 < n && isdigit((unsigned char)s[i + 1]) ? "" : " ";
		}
	} else if (s[i] == '}') {
		to = i + 1 < n && s[i + 1] == '{' ? " / " : i + 1 < n &&
		    (s[i + 1] == '_' || s[i + 1] == '^') ? "" : " ";	/* \frac{a}{b}, {fl}_{16} */
		used = i + 1 < n && s[i + 1] == '{' ? 2 : 1;
	} else if (s[i] == '\\' && i + 1 < n) {
		size_t k = i + 1, len = 0;
		if (isalpha((unsigned char)s[k])) {
			while (k < n && isalpha((unsigned char)s[k]) && len < sizeof name - 1)
				name[len++] = s[k++];
		} else {
			name[len++] = s[k++];
		}
		name[len] = '\0';
		used = k - i;
		for (size_t m = 0; m < sizeof map / sizeof map[0] && to == NULL; m++)
			if (strcmp(map[m].cmd, name) == 0)
				to = map[m].to;
		if (to == NULL) {	/* \max, \exp, \alpha: the name itself */
			if (*o < cap)
				out[(*o)++] = ' ';
			to = name;
		}
	} else {
		return 0;
	}
	while (*to && *o < cap)
		out[(*o)++] = *to++;
	return used;
}
