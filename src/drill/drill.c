/*
 * drill.c — the kinds and levels of drill, the seeds and the ids: a
 * run's seed gives each item its own 32-bit seed, and an item's kind,
 * level and seed feed the splitmix64 stream (drill_rng.c) its maker
 * draws from.  Integer arithmetic only, so a seed draws the same item on
 * every machine.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drill/drill_int.h"

static const struct {
	const char *name;
	void (*make)(drill_rng *, int, drill_item *);
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

static const char *const level_names[] = { NULL, "easy", "normal", "hard" };

const char *
drill_level_name(int level)
{
	return level >= DRILL_LEVEL_MIN && level <= DRILL_LEVEL_MAX ?
	    level_names[level] : NULL;
}

int
drill_level_find(const char *text)
{
	for (int l = DRILL_LEVEL_MIN; l <= DRILL_LEVEL_MAX; l++)
		if (strcmp(text, level_names[l]) == 0 || (text[0] == '0' + l &&
		    text[1] == '\0'))
			return l;
	return -1;
}

uint32_t
drill_item_seed(uint64_t s, size_t i)
{
	return (uint32_t)(drill_mix(s * 0x9e3779b97f4a7c15u + i + 1) >> 32);
}

void
drill_make(drill_kind k, int level, uint32_t seed, drill_item *out)
{
	if (level < DRILL_LEVEL_MIN || level > DRILL_LEVEL_MAX)
		level = DRILL_LEVEL_DEFAULT;
	drill_rng r = { drill_mix(((uint64_t)(k * 4 + level) << 32) | seed) };

	memset(out, 0, sizeof *out);
	out->kind = k;
	out->level = level;
	out->seed = seed;
	snprintf(out->id, sizeof out->id, "%s-%d-%08x", kinds[k].name, level,
	    (unsigned)seed);
	kinds[k].make(&r, level, out);
}

bool
drill_from_id(const char *id, drill_item *out)
{
	const char *dash = strrchr(id, '-');
	char name[16];
	int level = DRILL_LEVEL_DEFAULT;

	if (dash == NULL || strlen(dash + 1) != 8 ||
	    strspn(dash + 1, "0123456789abcdef") != 8)
		return false;
	size_t n = (size_t)(dash - id);
	/* "-L" before the seed: the level (without it, the default) */
	if (n >= 2 && id[n - 2] == '-' && id[n - 1] >= '0' + DRILL_LEVEL_MIN &&
	    id[n - 1] <= '0' + DRILL_LEVEL_MAX) {
		level = id[n - 1] - '0';
		n -= 2;
	}
	if (n >= sizeof name)
		return false;
	memcpy(name, id, n);
	name[n] = '\0';
	int k = drill_kind_find(name);
	if (k < 0)
		return false;
	drill_make((drill_kind)k, level, (uint32_t)strtoul(dash + 1, NULL, 16),
	    out);
	return true;
}
