/*
 * fuzz_npy.c — the .npy reader on any bytes: the input is taken as what
 * follows the magic "\x93NUMPY" (the version, the header length, the
 * header, the data), so every input reaches the .npy parser; whatever it
 * accepts must hold the invariants of tensor_check.h.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tensor_check.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *b;

	if (size >= 6 && memcmp(data, "\x93NUMPY", 6) == 0) {
		fuzz_tensor_bytes(data, size);
		return 0;
	}
	if ((b = malloc(size + 6)) == NULL)
		return 0;
	memcpy(b, "\x93NUMPY", 6);
	if (size)
		memcpy(b + 6, data, size);
	fuzz_tensor_bytes(b, size + 6);
	free(b);
	return 0;
}
