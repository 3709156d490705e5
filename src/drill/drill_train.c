/*
 * drill_train.c — the drills on mixed-precision training: the window of
 * power-of-two loss scales for a gradient range in fp16 (src/train's
 * scaler_window_of), and the AMP step calls shuffled (steporder).
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "drill/drill_int.h"

void
drill_make_scale(drill_rng *r, drill_item *it)
{
	scaler_window w;

	it->f = fp_format_get(FP_FP16);
	for (;;) {
		fp_real lo, hi;

		snprintf(it->gmin, sizeof it->gmin, "%ue-%u",
		    1 + drill_below(r, 9), 3 + drill_below(r, 8));
		int e = (int)drill_below(r, 5) - 2;
		snprintf(it->gmax, sizeof it->gmax, "%ue%d",
		    1 + drill_below(r, 9), e);
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
drill_make_order(drill_rng *r, drill_item *it)
{
	size_t len = 0;
	bool sorted;

	do {
		for (int i = 0; i < STEP_NSTEPS; i++)
			it->order[i] = (steporder_id)i;
		for (int i = STEP_NSTEPS - 1; i > 0; i--) {	/* Fisher-Yates */
			uint32_t j = drill_below(r, (uint32_t)i + 1);
			steporder_id t = it->order[i];
			it->order[i] = it->order[j];
			it->order[j] = t;
		}
		sorted = true;
		for (int i = 0; i < STEP_NSTEPS; i++)
			sorted = sorted && it->order[i] == (steporder_id)i;
	} while (sorted);
	len += (size_t)snprintf(it->prompt, sizeof it->prompt, "Put the AMP "
	    "step calls in order (letters):");
	for (int i = 0; i < STEP_NSTEPS && len < sizeof it->prompt; i++)
		len += (size_t)snprintf(it->prompt + len, sizeof it->prompt - len,
		    " %c) %s", 'a' + i, steporder_get(it->order[i])->code);
	len = 0;
	for (int s = 0; s < STEP_NSTEPS; s++)
		for (int i = 0; i < STEP_NSTEPS; i++)
			if (it->order[i] == (steporder_id)s)
				len += (size_t)snprintf(it->answer + len,
				    sizeof it->answer - len, "%s%c", s ? " " : "",
				    'a' + i);
	snprintf(it->value, sizeof it->value, "%s", it->answer);
}
