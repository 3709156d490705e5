/*
 * drill_say.c — the words of the drills' feedback, shared by the graders
 * (drill_grade.c, drill_chain.c): appending to a feedback, the rounding
 * walk in words, the verdict of an answer read, the message of one not
 * read and how an answer is written for each kind.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "drill/drill_int.h"

void
drill_add(char *buf, size_t n, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	if (len + 1 >= n)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + len, n - len, fmt, ap);
	va_end(ap);
}

void
drill_walk_text(const fp_format *f, const fp_real *r, char *buf, size_t n)
{
	fp_walk w;

	buf[0] = '\0';
	fp_explain_round(f, r, &w);
	if (w.special) {
		drill_add(buf, n, "zero, inf or NaN: nothing to round");
		return;
	}
	int shown = w.lead - w.lsb + 3;	/* through the round bit */
	if (shown > w.nbits)
		shown = w.nbits;
	drill_add(buf, n, "%s1%s", w.negative ? "-" : "", shown > 1 ? "." : "");
	for (int i = 1; i < shown; i++)
		drill_add(buf, n, "%c", w.expansion[i]);
	drill_add(buf, n, "%s x 2^%d; %s keeps the bits down to 2^%d: guard %u, "
	    "round %u, sticky %u: %s", shown < w.nbits || w.more ? "..." : "",
	    w.lead, f->name, w.lsb, w.guard, w.round, w.sticky,
	    fp_decision_name(w.decision));
	if (w.carry)
		drill_add(buf, n, ", carrying into the exponent");
	if (w.overflow)
		drill_add(buf, n, ", beyond the largest finite: %s",
		    f->has_inf ? "inf" : "NaN");
	if (w.flushed)
		drill_add(buf, n, ", flushed to zero");
}

void
drill_verdict(drill_result *out, bool pass, const drill_item *it)
{
	out->understood = true;
	out->pass = pass;
	snprintf(out->feedback, sizeof out->feedback, pass ? "Right: %s. " :
	    "Not yet: the answer is %s. ", it->answer);
}

const char *
drill_how(const drill_item *it, char *buf, size_t n)
{
	switch (it->kind) {
	case DRILL_ENCODE:
		snprintf(buf, n, "a %d-bit pattern of %s, in hex (0x optional) "
		    "or binary", it->f->width, it->f->name);
		break;
	case DRILL_DECODE:
		snprintf(buf, n, "a number (1.5, 3e-4, 2^-14)");
		break;
	case DRILL_ROUND:
		snprintf(buf, n, "up or down (or the neighbour's value)");
		break;
	case DRILL_ULP:
		snprintf(buf, n, "a number (0.5, 2^-10, 9.765625e-4)");
		break;
	case DRILL_SWALLOW:
		snprintf(buf, n, "yes or no");
		break;
	case DRILL_OVERFLOW:
		snprintf(buf, n, it->nsteps > 1 ? "yes, or no and the first step "
		    "that is not finite (no 2)" : "yes or no");
		break;
	case DRILL_SCALE:
		snprintf(buf, n, "a range of powers of two, 2^a..2^b");
		break;
	default:
		snprintf(buf, n, "each letter once, a to %c, in order",
		    'a' + it->norder - 1);
		break;
	}
	return buf;
}

void
drill_not_read(drill_result *out, const drill_item *it)
{
	char how[120];

	out->understood = false;
	out->pass = false;
	snprintf(out->feedback, sizeof out->feedback, "Not read: answer with "
	    "%s. The answer is %s.", drill_how(it, how, sizeof how), it->answer);
}

