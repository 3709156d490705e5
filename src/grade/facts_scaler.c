/*
 * facts_scaler.c — GradScaler's defaults, as an answer states them, held
 * to the constants the grader is given (grade_constants: PyTorch's
 * init_scale, growth_factor, backoff_factor, growth_interval).
 */
#include <config.h>

#include <stddef.h>

#include "grade/facts_int.h"

/* GradScaler's defaults: "the default initial scale is 2^24",
 * "growth_interval defaults to 1000", "backoff_factor is 0.25 by default",
 * "by default it doubles the scale every 500 steps".  Only a default is
 * held to the constants (a default word in the sentence: default, by
 * default, starts, out of the box): "GradScaler(init_scale=1024)" is a
 * choice the answer makes. */
/* Is the cut of the scale at token i (its figure at j) the backoff
 * stated: in a sentence of an overflow (not of the unscale), not
 * configured, not negated, asserted or a rule ("update cuts it by 10
 * whenever a step is skipped")? */
static bool
backoff_said(const gtext *tx, size_t i, size_t j, const char *const *configured)
{
	bool backs_off = false, set = false;
	for (size_t q = 0; q < tx->n; q++) {
		if (tx->t[q].sent != tx->t[i].sent)
			continue;
		backs_off |= gf_is(&tx->t[q], "overflow") || gf_is(&tx->t[q], "inf") ||
		    gf_is(&tx->t[q], "nan") || gf_is(&tx->t[q], "overflows") ||
		    gf_is(&tx->t[q], "backoff") || gf_is(&tx->t[q], "skipped") ||
		    gf_is(&tx->t[q], "skip") || gf_is(&tx->t[q], "skips");
		set |= gf_is_any(&tx->t[q], configured);
	}
	int cl = tx->t[j].clause;
	bool said = gf_asserted(tx, j) || (tx->hypo[cl] == HY_MAIN && grade_rule_stated(tx, cl));
	return backs_off && !set && said && !gf_negated(tx, i, j);
}

/* "a quarter", "a tenth": the divisor a fraction word names, else 0. */
static double
fraction_word(const gtok *k)
{
	static const struct { const char *w; double d; } f[] = { { "half", 2 }, { "third", 3 },
		{ "quarter", 4 }, { "fifth", 5 }, { "tenth", 10 }, { "hundredth", 100 } };
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (gf_is(k, f[i].w))
			return f[i].d;
	return 0;
}

/* Does clause c say "default" or "initially" ("by default the scale is
 * 128", "the scale is 1024 by default")?  A clause, not the sentence: in
 * "it starts at 65536 by default and after an overflow the scale is
 * 32768" the second scale is no default. */
static bool
default_in_clause(const gtext *tx, int c)
{
	static const char *const deflt[] = { "default", "defaults", "initially", NULL };
	for (size_t j = tx->cstart[c]; j < tx->cend[c]; j++)
		if (gf_is_any(&tx->t[j], deflt))
			return true;
	return false;
}

/* Does a figure follow token i closely and "by default" follow the
 * figure: "its scale - 2^24 by default", "a scale of 1024 by default"? */
static bool
default_after(const gtext *tx, size_t i)
{
	static const char *const link[] = { "of", "is", "a", "being", NULL };
	size_t j = i + 1;
	while (j < tx->n && j < i + 3 && gf_is_any(&tx->t[j], link))
		j++;
	gfig f;
	return j < tx->n && tx->t[j].isnum && tx->t[j].sent == tx->t[i].sent &&
	    gf_figure_at(tx, j, &f) && f.end + 1 < tx->n && gf_is(&tx->t[f.end], "by") &&
	    gf_is(&tx->t[f.end + 1], "default");
}

/* Is the factor at token i one of growth: "every" or "after" and a figure
 * follow in its clause ("multiplies it by 10 every 100 steps"), not an
 * overflow ("multiplies S by 0.5 after an overflow")? */
static bool
grows_every(const gtext *tx, size_t i)
{
	/* right after the factor: "by 10 every 100", "by 2x after 500" */
	for (size_t j = i + 2; j + 1 < tx->n && j <= i + 4 && tx->t[j].clause == tx->t[i].clause; j++)
		if ((gf_is(&tx->t[j], "every") || gf_is(&tx->t[j], "after")) && tx->t[j + 1].isnum)
			return true;
	return false;
}

/* Does the sentence of clause c say the loss is scaled or multiplied, and
 * name no other setting (growth, backoff, interval, steps)? */
static bool
scales_the_loss(const gtext *tx, int c)
{
	static const char *const other[] = { "growth", "backoff", "interval", "steps", "every",
		"factor", "halves", "doubles", NULL };
	static const char *const scaled[] = { "scales", "scale", "multiplies", "multiply",
		"scaled", "multiplied", NULL };
	bool loss = false;
	for (size_t j = 0; j < tx->n; j++) {
		if (tx->t[j].sent != tx->t[tx->cstart[c]].sent)
			continue;
		if (gf_is_any(&tx->t[j], other))
			return false;
		loss |= gf_is_any(&tx->t[j], scaled);
	}
	return loss;
}

void
gf_check_scaler(const gtext *tx, size_t i, const grade_constants *c, gfigure *out, size_t *n,
    size_t max)
{
	static const char *const deflt[] = { "default", "defaults", "starts", "start",
		"starting", "begins", "initially", NULL };
	static const char *const configured[] = { "set", "sets", "setting", "configure",
		"configured", "custom", "pass", "passed", "argument", "growth_interval",
		"backoff_factor", "kwarg", "e.g", "eg", NULL };
	const gtok *k = &tx->t[i];
	const char *what = NULL;
	double truth = 0;
	bool behaves = false;

	if ((gf_is(k, "init") || gf_is(k, "initial") || gf_is(k, "starting")) && i + 1 < tx->n &&
	    gf_is(&tx->t[i + 1], "scale")) {
		what = "initial scale";
		truth = c->init_scale;
		i++;
	} else if (gf_is(k, "scale") && i > 0 && (gf_is(&tx->t[i - 1], "default") ||
	    (i > 1 && gf_is(&tx->t[i - 2], "default") && gf_is(&tx->t[i - 1], "loss")) ||
	    (i > 2 && (gf_is(&tx->t[i - 3], "starts") || gf_is(&tx->t[i - 3], "begins")) &&
	    gf_is(&tx->t[i - 2], "at") && gf_is(&tx->t[i - 1], "a")))) {
		/* "a default scale of 1024", "starts at a scale of 2^24" */
		what = "initial scale";
		truth = c->init_scale;
	} else if ((gf_is(k, "scale") || gf_is(k, "s")) && i + 2 < tx->n &&
	    ((gf_is(&tx->t[i + 1], "which") || gf_is(&tx->t[i + 1], "that")) ?
	    gf_is_any(&tx->t[i + 2], deflt) || (i + 4 < tx->n && gf_is(&tx->t[i + 2], "by") &&
	    gf_is(&tx->t[i + 3], "default") && gf_is_any(&tx->t[i + 4], deflt)) :
	    gf_is(&tx->t[i + 1], "defaults"))) {
		/* "its scale, which defaults to 1024", "S defaults to 2^10",
		 * "the scale, which by default starts at 65504" */
		what = "initial scale";
		truth = c->init_scale;
		i += gf_is(&tx->t[i + 1], "defaults") ? 1 : gf_is(&tx->t[i + 2], "by") ? 4 : 2;
	} else if (gf_is(k, "by") && i >= 2 && i + 1 < tx->n && tx->t[i + 1].isnum &&
	    (gf_is(&tx->t[i - 2], "multiplies") || gf_is(&tx->t[i - 2], "multiply")) &&
	    (gf_is(&tx->t[i - 1], "it") || gf_is(&tx->t[i - 1], "s")) && grows_every(tx, i)) {
		what = "growth_factor";	/* "multiplies it by 10 every 100 steps" */
		truth = c->growth_factor;
	} else if ((gf_is(k, "s") || gf_is(k, "scale") || gf_is(k, "gradscaler") ||
	    gf_is(k, "scaler") || gf_is(k, "it")) && i + 1 < tx->n &&
	    (gf_is(&tx->t[i + 1], "starts") || gf_is(&tx->t[i + 1], "begins") ||
	    (i + 2 < tx->n && (gf_is(&tx->t[i + 1], "already") || gf_is(&tx->t[i + 1], "always") ||
	    gf_is(&tx->t[i + 1], "initially") || gf_is(&tx->t[i + 1], "just")) &&
	    (gf_is(&tx->t[i + 2], "starts") || gf_is(&tx->t[i + 2], "begins"))))) {
		what = "initial scale";	/* "by default S (already) starts at 2^24" */
		truth = c->init_scale;
		i += gf_is(&tx->t[i + 1], "starts") || gf_is(&tx->t[i + 1], "begins") ? 1 : 2;
	} else if ((gf_is(k, "scale") || gf_is(k, "s")) && i + 2 < tx->n &&
	    (gf_is(&tx->t[i + 1], "is") || gf_is(&tx->t[i + 1], "equals")) &&
	    default_in_clause(tx, k->clause)) {
		what = "initial scale";	/* "by default the scale is 128" */
		truth = c->init_scale;
	} else if (gf_is(k, "by") && i + 3 < tx->n && gf_is(&tx->t[i + 1], "default") &&
	    (gf_is(&tx->t[i + 2], "by") || gf_is(&tx->t[i + 2], "of")) && tx->t[i + 3].isnum &&
	    scales_the_loss(tx, k->clause)) {
		/* "it scales the loss before backward, by default by 2^24" */
		what = "initial scale";
		truth = c->init_scale;
		i += 2;
	} else if ((gf_is(k, "scale") || gf_is(k, "s")) && default_after(tx, i)) {
		/* "its scale, 2^24 by default", "a scale of 1024 by default" */
		what = "initial scale";
		truth = c->init_scale;
	} else if (gf_is(k, "growth") && i + 1 < tx->n && gf_is(&tx->t[i + 1], "interval")) {
		what = "growth_interval";
		truth = c->growth_interval;
		i++;
	} else if (gf_is(k, "growth") && i + 1 < tx->n && gf_is(&tx->t[i + 1], "factor")) {
		what = "growth_factor";
		truth = c->growth_factor;
		i++;
	} else if ((gf_is(k, "backoff") || gf_is(k, "back")) && i + 1 < tx->n &&
	    gf_is(&tx->t[i + 1], "factor")) {
		what = "backoff_factor";
		truth = c->backoff_factor;
		i++;
	} else if (gf_is(k, "backoff") && i + 1 < tx->n && (tx->t[i + 1].isnum ||
	    (i + 2 < tx->n && (gf_is(&tx->t[i + 1], "is") || gf_is(&tx->t[i + 1], "of")) &&
	    tx->t[i + 2].isnum))) {
		what = "backoff_factor";	/* "its defaults (backoff 0.1, ...)" */
		truth = c->backoff_factor;
	} else if ((gf_is(k, "every") || gf_is(k, "after")) && i + 1 < tx->n && tx->t[i + 1].isnum) {
		/* "doubles the scale every 500 steps" */
		bool grows = false;
		for (size_t j = tx->cstart[k->clause]; j < i; j++)
			grows |= gf_is(&tx->t[j], "doubles") || gf_is(&tx->t[j], "double") ||
			    gf_is(&tx->t[j], "multiplies") || gf_is(&tx->t[j], "regrows") ||
			    gf_is(&tx->t[j], "grows") || gf_is(&tx->t[j], "grow") ||
			    gf_is(&tx->t[j], "increases") || gf_is(&tx->t[j], "raises") ||
			    gf_is(&tx->t[j], "doubling") || gf_is(&tx->t[j], "bumps") ||
			    gf_is(&tx->t[j], "growth");
		gfig f;
		gf_figure_at(tx, i + 1, &f);
		if (!grows || f.end >= tx->n || !(gf_is(&tx->t[f.end], "steps") ||
		    gf_is(&tx->t[f.end], "iterations") || gf_is(&tx->t[f.end], "clean") ||
		    gf_is(&tx->t[f.end], "good") || gf_is(&tx->t[f.end], "successful") ||
		    gf_is(&tx->t[f.end], "consecutive") || gf_is(&tx->t[f.end], "straight") ||
		    gf_is(&tx->t[f.end], "successive") || gf_is(&tx->t[f.end], "finite")))
			return;
		what = "growth_interval";
		truth = c->growth_interval;
		behaves = true;
	} else if ((gf_is(k, "scale") || gf_is(k, "it") || gf_is(k, "s")) && i > 0 && i + 3 < tx->n &&
	    (gf_is(&tx->t[i - 1], "cuts") || gf_is(&tx->t[i - 1], "reduces") ||
	    (i > 1 && (gf_is(&tx->t[i - 2], "cuts") || gf_is(&tx->t[i - 2], "reduces") ||
	    gf_is(&tx->t[i - 2], "drops") || gf_is(&tx->t[i - 2], "lowers")))) &&
	    gf_is(&tx->t[i + 1], "to") && gf_is(&tx->t[i + 2], "a") && fraction_word(&tx->t[i + 3]) > 0) {
		/* "update cuts the scale to a quarter of its value" */
		double d = fraction_word(&tx->t[i + 3]);
		if (backoff_said(tx, i, i + 3, configured) && d != 1 / c->backoff_factor)
			gf_say(out, n, max, i + 3, "GradScaler's backoff_factor is %.6g: an overflow halves the "
			    "scale, it does not cut it to 1/%.6g", c->backoff_factor, d);
		return;
	} else if ((gf_is(k, "scale") || gf_is(k, "it") || gf_is(k, "s")) && i > 0 && i + 3 < tx->n &&
	    (gf_is(&tx->t[i - 1], "multiplies") || (i > 1 && gf_is(&tx->t[i - 2], "multiplies"))) &&
	    gf_is(&tx->t[i + 1], "by") && tx->t[i + 2].isnum && tx->t[i + 2].num < 1) {
		/* "update multiplies the scale by 0.1 after a skipped step" */
		gfig d;
		gf_figure_at(tx, i + 2, &d);
		if (backoff_said(tx, i, i + 2, configured) && !gf_agrees(&d, c->backoff_factor))
			gf_say(out, n, max, i + 2, "GradScaler's backoff_factor is %.6g: an overflow halves "
			    "the scale, it does not multiply it by %.6g", c->backoff_factor, d.v);
		return;
	} else if ((gf_is(k, "scale") || gf_is(k, "it") || gf_is(k, "s")) && i > 0 && i + 2 < tx->n &&
	    (gf_is(&tx->t[i - 1], "divides") || gf_is(&tx->t[i - 1], "cuts") ||
	    (i > 1 && (gf_is(&tx->t[i - 2], "divides") || gf_is(&tx->t[i - 2], "cuts")))) &&
	    gf_is(&tx->t[i + 1], "by")) {
		/* "update divides the scale by 10 after an overflow": the
		 * backoff, said as a divisor */
		size_t j = i + 2;
		if (j + 2 < tx->n && gf_is(&tx->t[j], "a") && gf_is(&tx->t[j + 1], "factor") &&
		    gf_is(&tx->t[j + 2], "of"))
			j += 3;
		gfig d;
		if (j >= tx->n || !gf_figure_at(tx, j, &d) || d.v <= 1)
			return;
		/* "cuts it by 10x": a factor, not a product */
		bool factor = d.end < tx->n && (gf_is(&tx->t[d.end], "x") || gf_is(&tx->t[d.end], "times")) &&
		    !(d.end + 1 < tx->n && tx->t[d.end + 1].isnum);
		if (gf_is_op_after(tx, d.end) && !factor)
			return;
		if (!backoff_said(tx, i, j, configured) || gf_agrees(&d, 1 / c->backoff_factor))
			return;
		gf_say(out, n, max, j, "GradScaler's backoff_factor is %.6g: an overflow halves the "
		    "scale, it does not divide it by %.6g", c->backoff_factor, d.v);
		return;
	}
	if (what == NULL)
		return;
	/* a setting is held to its default when the answer says so, and a
	 * behaviour ("it doubles every 100 steps") unless it is configured */
	bool said_default = false, set = false;
	static const char *const other[] = { "instead", "than", "from", "versus", "vs",
		"unlike", "over", NULL };
	for (size_t j = 0; j < tx->n; j++) {
		/* "init_scale=2**20 instead of the default 2**16", "up from
		 * the default": the default named after a contrast is the
		 * other value */
		bool contrast = false;
		for (size_t b = j; b-- > 0 && b + 4 > j && j > i;)
			contrast |= gf_is_any(&tx->t[b], other);
		if (tx->t[j].sent == k->sent && gf_is_any(&tx->t[j], deflt) && !contrast)
			said_default = true;
		if (tx->t[j].sent == k->sent && gf_is_any(&tx->t[j], configured))
			set = true;
	}
	/* "because backoff_factor is 2": a parameter named and given a value,
	 * nothing configured, states what it is */
	bool named_is = i + 1 < tx->n && (gf_is(&tx->t[i + 1], "is") || gf_is(&tx->t[i + 1], "equals"));
	if (!said_default && !(named_is && !set) && (!behaves || set))
		return;
	/* "the defaults are init_scale=1024": the keyword argument reads
	 * "set to" (fold.c) */
	if (said_default && i + 3 < tx->n && gf_is(&tx->t[i + 1], "set") && gf_is(&tx->t[i + 2], "to") &&
	    tx->t[i + 3].isnum)
		i += 2;
	gfig f;
	size_t at;
	if (!gf_bound_figure(tx, i, &f, &at)) {
		/* "growth_interval is 20 steps": the interval counts steps */
		size_t j = i + 1;
		if (strcmp(what, "growth_interval") == 0)
			while (j < tx->n && j <= i + 3 && !tx->t[j].isnum &&
			    gf_is_any(&tx->t[j], gf_linking))
				j++;
		if (!(j < tx->n && tx->t[j].isnum))
			return;
		at = j;
		gf_figure_at(tx, at, &f);
	}
	/* "with its default scale: 1e-8 × 65536 = 6.55e-4": a term of the
	 * arithmetic the default is used in */
	if (gf_is_op_after(tx, f.end))
		return;
	/* "it halves it when it sees an inf and doubles it after every 200
	 * clean steps": a rule the scaler follows is stated */
	int cl = tx->t[at].clause;
	bool said = gf_asserted(tx, at) || (tx->hypo[cl] == HY_MAIN && grade_rule_stated(tx, cl));
	if (gf_negated(tx, i, at) || !said || gf_agrees(&f, truth))
		return;
	gf_say(out, n, max, at, "GradScaler's default %s is %.6g, not %.6g", what, truth, f.v);
}
