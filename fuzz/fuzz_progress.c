/*
 * fuzz_progress.c — the progress file's text: progress_parse() on any
 * bytes (NUL bytes included, as a damaged file may hold them).  The
 * invariants, for a text that parses: every record is in range; the store
 * formats to a text that parses again to the same text (a save never
 * writes what the next start would set aside as damaged); merging the
 * store with its own copy changes nothing.  A text that does not parse
 * leaves the store empty and says which line.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "state/progress_int.h"

/* Parse text into a new store; NULL when it does not parse. */
static progress *
parse(const char *text, size_t len)
{
	char err[200];
	progress *p = progress_new(NULL);

	FUZZ_CHECK(p != NULL);
	if (!progress_parse(p, text, len, err, sizeof err)) {
		FUZZ_CHECK(progress_count(p) == 0);
		FUZZ_CHECK(strncmp(err, "line ", 5) == 0);
		progress_free(p);
		return NULL;
	}
	return p;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > PROGRESS_MAX_FILE)
		return 0;
	progress *p = parse((const char *)data, size);
	if (p == NULL)
		return 0;
	for (size_t i = 0; i < progress_count(p); i++) {
		const progress_lesson *r = progress_at(p, i);
		FUZZ_CHECK(progress_id_ok(r->id));
		FUZZ_CHECK(progress_fields_ok(r));
		FUZZ_CHECK(progress_get(p, r->id) == r);
	}

	size_t len, len2;
	char *text = progress_format(p, &len);
	FUZZ_CHECK(text != NULL);
	progress *q = parse(text, len);
	FUZZ_CHECK(q != NULL);
	FUZZ_CHECK(progress_count(q) == progress_count(p));
	char *text2 = progress_format(q, &len2);
	FUZZ_CHECK(text2 != NULL);
	FUZZ_CHECK(len2 == len && memcmp(text, text2, len) == 0);

	/* Merging a store with its own copy is the identity. */
	FUZZ_CHECK(progress_merge(q, p));
	free(text2);
	text2 = progress_format(q, &len2);
	FUZZ_CHECK(text2 != NULL);
	FUZZ_CHECK(len2 == len && memcmp(text, text2, len) == 0);

	free(text);
	free(text2);
	progress_free(q);
	progress_free(p);
	return 0;
}
