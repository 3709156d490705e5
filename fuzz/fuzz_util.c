/* fuzz_util.c — helpers shared by the fuzz targets (fuzz.h). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

char *
fuzz_cstr(const uint8_t *data, size_t size, size_t max)
{
	if (size > max)
		size = max;
	char *s = malloc(size + 1);
	if (s == NULL)
		return NULL;
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

void
fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, what);
	abort();
}
