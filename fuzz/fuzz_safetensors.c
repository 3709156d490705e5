/*
 * fuzz_safetensors.c — the safetensors reader (jansson behind it) on any
 * bytes that do not start with the .npy magic; whatever it accepts must
 * hold the invariants of tensor_check.h.
 */
#include <config.h>

#include <string.h>

#include "fuzz.h"
#include "tensor_check.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size >= 6 && memcmp(data, "\x93NUMPY", 6) == 0)
		return 0;
	fuzz_tensor_bytes(data, size);
	return 0;
}
