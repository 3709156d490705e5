/*
 * plot.c — the data of a @plot block, sampled column by column: how the
 * spacing of a format (ulp), the rounded value, or the relative rounding
 * error changes with the magnitude.  Views draw it; nothing here knows
 * about characters or colours.
 */
#include <config.h>

#include <math.h>

#include "lesson/lesson.h"

const char *
lesson_plot_name(lesson_plot_kind k)
{
	switch (k) {
	case LP_ULP:	return "ulp";
	case LP_ROUND:	return "round";
	case LP_RELERR:	return "relerr";
	default:	return "?";
	}
}

bool
lesson_plot_logx(const lesson_block *b)
{
	return b->plot != LP_ROUND;
}

bool
lesson_plot_logy(const lesson_block *b)
{
	return b->plot != LP_ROUND;
}

bool
lesson_plot_point(const lesson_block *b, int k, int i, int ncols, double *x,
    double *y)
{
	const fp_format *f = b->fmts[k];
	double t = ncols > 1 ? (double)i / (ncols - 1) : 0;

	if (lesson_plot_logx(b))
		*x = exp2(log2(b->from) + t * (log2(b->to) - log2(b->from)));
	else
		*x = b->from + t * (b->to - b->from);
	uint32_t bits = fp_encode(f, *x, NULL);
	double r = fp_decode(f, bits);
	switch (b->plot) {
	case LP_ULP:
		*y = fp_ulp(f, bits);
		break;
	case LP_ROUND:
		*y = r;
		break;
	case LP_RELERR:
		*y = *x != 0 ? fabs(r - *x) / fabs(*x) : NAN;
		break;
	default:
		return false;
	}
	if (!isfinite(*y) || (lesson_plot_logy(b) && !(*y > 0)))
		return false;
	return true;
}
