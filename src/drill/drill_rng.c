/*
 * drill_rng.c — the random stream of the drills: splitmix64, written out
 * so that a seed draws the same numbers on every machine (never rand()).
 */
#include <config.h>

#include "drill/drill_int.h"

/* splitmix64 (Steele, Lea, Flood 2014): the increment and the mixer. */
uint64_t
drill_mix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

uint64_t
drill_next(drill_rng *r)
{
	r->s += 0x9e3779b97f4a7c15u;
	return drill_mix(r->s);
}

uint32_t
drill_below(drill_rng *r, uint32_t n)
{
	/* Rejection keeps it uniform; n is small, so it rarely loops. */
	uint64_t lim = UINT64_MAX - UINT64_MAX % n;
	uint64_t v;

	do
		v = drill_next(r);
	while (v >= lim);
	return (uint32_t)(v % n);
}

