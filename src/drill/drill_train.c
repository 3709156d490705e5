/*
 * drill_train.c — the drills on mixed-precision training: the window of
 * power-of-two loss scales for a gradient range in fp16 (src/train's
 * scaler_window_of), and the AMP step calls shuffled (steporder).
 * Levels: the scale window wide (powers of ten) at 1, as gradients come
 * at 2, narrow (two digits, gradients from 1e-10 to 9.9e3) at 3; the
 * calls to order three of the six at 1, four at 2, all six at 3.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "drill/drill_int.h"

/* The gradient range of a level: the smallest and the largest. */
static void
draw_range(drill_rng *r, int level, drill_item *it)
{
	if (level == 1) {
		snprintf(it->gmin, sizeof it->gmin, "1e-%u", 3 + drill_below(r,
		    4));
		snprintf(it->gmax, sizeof it->gmax, "1e%d", -(int)drill_below(r,
		    2));
	} else if (level == 2) {
		snprintf(it->gmin, sizeof it->gmin, "%ue-%u",
		    1 + drill_below(r, 9), 3 + drill_below(r, 8));
		snprintf(it->gmax, sizeof it->gmax, "%ue%d",
		    1 + drill_below(r, 9), (int)drill_below(r, 5) - 2);
	} else {
		snprintf(it->gmin, sizeof it->gmin, "%u.%ue-%u",
		    1 + drill_below(r, 9), drill_below(r, 10), 5 +
		    drill_below(r, 6));
		snprintf(it->gmax, sizeof it->gmax, "%u.%ue%u",
		    1 + drill_below(r, 9), drill_below(r, 10), drill_below(r, 4));
	}
}

void
drill_make_scale(drill_rng *r, int level, drill_item *it)
{
	scaler_window w;

	it->f = fp_format_get(FP_FP16);
	for (;;) {
		fp_real lo, hi;

		draw_range(r, level, it);
		fp_read(it->gmin, &lo, NULL);
		fp_read(it->gmax, &hi, NULL);
		scaler_window_of(it->f, &lo, &hi, &w);
		if (w.has_lo && w.has_hi && w.open)
			break;
	}
	it->ans_lo = w.lo;
	it->ans_hi = w.hi;
	snprintf(it->value, sizeof it->value, "%s", it->gmin);
	snprintf(it->prompt, sizeof it->prompt, "Gradients from %s to %s are "
	    "scaled by 2^k and stored in fp16. Which k keep the smallest "
	    "normal and the largest finite? (2^a..2^b)", it->gmin, it->gmax);
	snprintf(it->answer, sizeof it->answer, "2^%d..2^%d", w.lo, w.hi);
}

void
drill_make_order(drill_rng *r, int level, drill_item *it)
{
	size_t len = 0;
	bool sorted;
	int n = level == 1 ? 3 : level == 2 ? 4 : STEP_NSTEPS;

	it->norder = n;
	do {
		steporder_id all[STEP_NSTEPS];
		for (int i = 0; i < STEP_NSTEPS; i++)
			all[i] = (steporder_id)i;
		/* Fisher-Yates; the first n of the shuffle are the calls shown */
		for (int i = STEP_NSTEPS - 1; i > 0; i--) {
			uint32_t j = drill_below(r, (uint32_t)i + 1);
			steporder_id t = all[i];
			all[i] = all[j];
			all[j] = t;
		}
		memcpy(it->order, all, (size_t)n * sizeof *all);
		sorted = true;
		for (int i = 1; i < n; i++)
			sorted = sorted && it->order[i - 1] < it->order[i];
	} while (sorted);
	len += (size_t)snprintf(it->prompt, sizeof it->prompt, "Put %s AMP "
	    "step calls in order (letters):", n < STEP_NSTEPS ? "these" : "the");
	for (int i = 0; i < n && len < sizeof it->prompt; i++)
		len += (size_t)snprintf(it->prompt + len, sizeof it->prompt - len,
		    " %c) %s", 'a' + i, steporder_get(it->order[i])->code);
	len = 0;
	for (int s = 0; s < STEP_NSTEPS; s++)
		for (int i = 0; i < n; i++)
			if (it->order[i] == (steporder_id)s)
				len += (size_t)snprintf(it->answer + len,
				    sizeof it->answer - len, "%s%c", len ? " " : "",
				    'a' + i);
	snprintf(it->value, sizeof it->value, "%s", it->answer);
}
