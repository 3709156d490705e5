/*
 * fuzz.h — what every fuzz target shares.  Each fuzz/fuzz_NAME.c defines
 * LLVMFuzzerTestOneInput; `make fuzz` links it with libFuzzer (clang), and
 * `make check` links it with fuzz/replay.c, a main() that feeds it the
 * files of fuzz/regress/NAME/ with the normal compiler.
 */
#ifndef FPTUTOR_FUZZ_H
#define FPTUTOR_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of data (at most max bytes); NULL when out of
 * memory.  The caller frees it. */
char *fuzz_cstr(const uint8_t *data, size_t size, size_t max);

/* A failed invariant: print it and abort, so that libFuzzer keeps the
 * input and the replay driver fails. */
#define FUZZ_CHECK(cond) \
	((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))
void fuzz_fail(const char *file, int line, const char *what);

#endif
