/*
 * fsrs.c — FSRS-5 (see fsrs.h): the formulas as the FSRS documentation
 * publishes them ("The Algorithm", FSRS-5), with its default parameters.
 *   R(t,S)   = (1 + FACTOR t/S)^DECAY, DECAY = -0.5, FACTOR = 19/81
 *   I(r,S)   = S/FACTOR (r^(1/DECAY) - 1)          (I = S at r = 0.9)
 *   S0(G)    = w[G-1]
 *   D0(G)    = w4 - e^(w5 (G-1)) + 1
 *   D'       = D + (-w6 (G-3)) (10-D)/9,  then  w7 D0(4) + (1-w7) D'
 *   S'r      = S (e^w8 (11-D) S^-w9 (e^(w10 (1-R)) - 1) h e + 1),
 *              h = w15 for hard, e = w16 for easy, else 1
 *   S'f      = min(S, w11 D^-w12 ((S+1)^w13 - 1) e^(w14 (1-R)))
 *   S'same   = S e^(w17 (G - 3 + w18))
 * D is kept in [1, 10] and S at least 0.01 day.
 */
#include <config.h>

#include <math.h>

#include "state/fsrs.h"

#define DECAY	(-0.5)
#define FACTOR	(19.0 / 81.0)
#define S_MIN	0.01

const double fsrs_w[FSRS_NPARAMS] = {
	0.40255, 1.18385, 3.173, 15.69105,	/* S0 of again .. easy */
	7.1949, 0.5345,				/* D0 */
	1.4604, 0.0046,				/* D update, mean reversion */
	1.54575, 0.1192, 1.01925,		/* success */
	1.9395, 0.11, 0.29605, 2.2698,		/* lapse */
	0.2315, 2.9898,				/* hard penalty, easy bonus */
	0.51655, 0.6621,			/* same day */
};

double
fsrs_retrievability(double t, double s)
{
	return pow(1 + FACTOR * t / s, DECAY);
}

double
fsrs_interval(double s, double r)
{
	return s / FACTOR * (pow(r, 1 / DECAY) - 1);
}

long
fsrs_next_days(double s)
{
	double i = round(fsrs_interval(s, FSRS_RETENTION));

	if (!(i >= 1))
		return 1;
	return i > FSRS_MAX_DAYS ? FSRS_MAX_DAYS : (long)i;
}

static double
clamp_d(double d)
{
	return d < 1 ? 1 : d > 10 ? 10 : d;
}

static double
clamp_s(double s)
{
	return s < S_MIN ? S_MIN : s;
}

static double
d0(fsrs_rating g)
{
	return fsrs_w[4] - exp(fsrs_w[5] * ((double)g - 1)) + 1;
}

fsrs_mem
fsrs_first(fsrs_rating g)
{
	return (fsrs_mem){ clamp_s(fsrs_w[g - 1]), clamp_d(d0(g)) };
}

static double
next_d(double d, fsrs_rating g)
{
	double delta = -fsrs_w[6] * ((double)g - 3);
	double damped = d + delta * (10 - d) / 9;	/* linear damping */

	return clamp_d(fsrs_w[7] * d0(FSRS_EASY) + (1 - fsrs_w[7]) * damped);
}

fsrs_mem
fsrs_review(fsrs_mem m, double t, fsrs_rating g)
{
	double r = fsrs_retrievability(t, m.s), s;

	if (g == FSRS_AGAIN) {
		s = fsrs_w[11] * pow(m.d, -fsrs_w[12]) *
		    (pow(m.s + 1, fsrs_w[13]) - 1) * exp(fsrs_w[14] * (1 - r));
		s = s < m.s ? s : m.s;
	} else {
		double h = g == FSRS_HARD ? fsrs_w[15] : 1;
		double e = g == FSRS_EASY ? fsrs_w[16] : 1;
		s = m.s * (exp(fsrs_w[8]) * (11 - m.d) * pow(m.s, -fsrs_w[9]) *
		    (exp(fsrs_w[10] * (1 - r)) - 1) * h * e + 1);
	}
	return (fsrs_mem){ clamp_s(s), next_d(m.d, g) };
}

fsrs_mem
fsrs_same_day(fsrs_mem m, fsrs_rating g)
{
	double s = m.s * exp(fsrs_w[17] * ((double)g - 3 + fsrs_w[18]));

	return (fsrs_mem){ clamp_s(s), next_d(m.d, g) };
}
