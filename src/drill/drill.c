/*
 * drill.c — the kinds of drill and the seeds: a run's seed gives each
 * item its own 32-bit seed, and an item's seed feeds the splitmix64
 * stream (drill_rng.c) its maker draws from.  Integer arithmetic only, so
 * a seed draws the same item on every machine.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill_int.h"

static const struct {
	const char *name;
	void (*make)(drill_rng *, drill_item *);
} kinds[DRILL_NKINDS] = {
	[DRILL_ENCODE] = { "encode", drill_make_encode },
	[DRILL_DECODE] = { "decode", drill_make_decode },
	[DRILL_ROUND] = { "round", drill_make_round },
	[DRILL_ULP] = { "ulp", drill_make_ulp },
	[DRILL_SWALLOW] = { "swallow", drill_make_swallow },
	[DRILL_OVERFLOW] = { "overflow", drill_make_overflow },
	[DRILL_SCALE] = { "scale", drill_make_scale },
	[DRILL_ORDER] = { "order", drill_make_order },
};

const char *
drill_kind_name(drill_kind k)
{
	return (unsigned)k < DRILL_NKINDS ? kinds[k].name : NULL;
}

int
drill_kind_find(const char *name)
{
	for (int k = 0; k < DRILL_NKINDS; k++)
		if (strcmp(kinds[k].name, name) == 0)
			return k;
	return -1;
}

const char *
drill_kind_names(void)
{
	return "encode, decode, round, ulp, swallow, overflow, scale, order";
}

uint32_t
drill_item_seed(uint64_t s, size_t i)
{
	return (uint32_t)(drill_mix(s * 0x9e3779b97f4a7c15u + i + 1) >> 32);
}

void
drill_make(drill_kind k, uint32_t seed, drill_item *out)
{
	drill_rng r = { drill_mix(((uint64_t)k << 32) | seed) };

	memset(out, 0, sizeof *out);
	out->kind = k;
	out->seed = seed;
	snprintf(out->id, sizeof out->id, "%s-%08x", kinds[k].name,
	    (unsigned)seed);
	kinds[k].make(&r, out);
}

bool
drill_from_id(const char *id, drill_item *out)
{
	const char *dash = strrchr(id, '-');
	char name[16], *end;

	if (dash == NULL || (size_t)(dash - id) >= sizeof name ||
	    strlen(dash + 1) != 8 || strspn(dash + 1, "0123456789abcdef") != 8)
		return false;
	memcpy(name, id, (size_t)(dash - id));
	name[dash - id] = '\0';
	int k = drill_kind_find(name);
	if (k < 0)
		return false;
	unsigned long s = strtoul(dash + 1, &end, 16);
	drill_make((drill_kind)k, (uint32_t)s, out);
	return true;
}
