/*
 * safetensors.c — the safetensors reader: an 8-byte little-endian header
 * length, a JSON header (read by jansson, duplicates rejected) mapping
 * each tensor's name to its dtype, shape and data_offsets, then the data.
 * Every entry is checked before any data is read: a known dtype, a shape
 * whose product fits, offsets that hold exactly the shape's bytes, lie
 * inside the data and overlap no other tensor's.  Integer and bool
 * tensors are listed as TENSOR_OTHER (checked the same way, not read).
 */
#include <config.h>

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "tensor/tensor_int.h"

static const struct {
	const char *name;
	tensor_dtype d;
	int size;		/* for TENSOR_OTHER */
} st_dtypes[] = {
	{ "F16", TENSOR_F16, 2 }, { "BF16", TENSOR_BF16, 2 },
	{ "F32", TENSOR_F32, 4 }, { "F64", TENSOR_F64, 8 },
	{ "F8_E4M3", TENSOR_F8_E4M3, 1 }, { "F8_E5M2", TENSOR_F8_E5M2, 1 },
	{ "BOOL", TENSOR_OTHER, 1 }, { "U8", TENSOR_OTHER, 1 },
	{ "I8", TENSOR_OTHER, 1 }, { "U16", TENSOR_OTHER, 2 },
	{ "I16", TENSOR_OTHER, 2 }, { "U32", TENSOR_OTHER, 4 },
	{ "I32", TENSOR_OTHER, 4 }, { "U64", TENSOR_OTHER, 8 },
	{ "I64", TENSOR_OTHER, 8 },
};
#define NST (sizeof st_dtypes / sizeof st_dtypes[0])

static bool
get_u64(json_t *v, uint64_t *out)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return false;
	*out = (uint64_t)json_integer_value(v);
	return true;
}

/* One header entry into t; t->offset relative to the data for now. */
static bool
entry(const char *name, json_t *v, uint64_t datalen, tensor_info *t,
    tensor_err *err)
{
	json_t *dt = json_object_get(v, "dtype");
	json_t *sh = json_object_get(v, "shape");
	json_t *off = json_object_get(v, "data_offsets");
	uint64_t b, e;
	int size = 0;

	if (!json_is_object(v)) {
		tensor_errf(err, name, "the header entry is not an object");
		return false;
	}
	if (!json_is_string(dt)) {
		tensor_errf(err, name, "no \"dtype\" string");
		return false;
	}
	const char *d = json_string_value(dt);
	size_t k = 0;
	while (k < NST && strcmp(d, st_dtypes[k].name) != 0)
		k++;
	if (k == NST) {
		tensor_errf(err, name, "unknown dtype \"%.40s\" (fptutor reads F16, "
		    "BF16, F32, F64, F8_E4M3 and F8_E5M2)", d);
		return false;
	}
	t->dtype = st_dtypes[k].d;
	size = st_dtypes[k].size;
	if (t->dtype == TENSOR_OTHER)
		snprintf(t->other, sizeof t->other, "%s", d);
	if (!json_is_array(sh) || json_array_size(sh) > TENSOR_MAX_DIMS) {
		tensor_errf(err, name, "\"shape\" must be an array of at most %d "
		    "whole numbers", TENSOR_MAX_DIMS);
		return false;
	}
	t->ndim = (int)json_array_size(sh);
	for (int i = 0; i < t->ndim; i++)
		if (!get_u64(json_array_get(sh, (size_t)i), &t->shape[i])) {
			tensor_errf(err, name, "\"shape\"[%d] is not a whole number", i);
			return false;
		}
	if (!tensor_set_count(t, size)) {
		tensor_errf(err, name, "the shape's product overflows 64 bits");
		return false;
	}
	if (!json_is_array(off) || json_array_size(off) != 2 ||
	    !get_u64(json_array_get(off, 0), &b) ||
	    !get_u64(json_array_get(off, 1), &e) || e < b) {
		tensor_errf(err, name, "\"data_offsets\" must be [BEGIN, END], whole "
		    "numbers with BEGIN <= END");
		return false;
	}
	if (e > datalen) {
		tensor_errf(err, name, "data_offsets [%llu, %llu] lie outside the "
		    "data (%llu bytes): the file is truncated or the offsets wrong", (unsigned long long)b,
		    (unsigned long long)e, (unsigned long long)datalen);
		return false;
	}
	if (e - b != t->nbytes) {
		tensor_errf(err, name, "data_offsets [%llu, %llu] hold %llu bytes, "
		    "but %s of shape with %llu elements needs %llu",
		    (unsigned long long)b, (unsigned long long)e,
		    (unsigned long long)(e - b), d, (unsigned long long)t->count,
		    (unsigned long long)t->nbytes);
		return false;
	}
	t->offset = b;
	return true;
}

static int
by_offset(const void *a, const void *b)
{
	const tensor_info *x = *(tensor_info *const *)a, *y = *(tensor_info *const *)b;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* No two tensors share a byte (empty tensors share none). */
static bool
no_overlap(tensor_file *tf, tensor_err *err)
{
	tensor_info **o = malloc((tf->n ? tf->n : 1) * sizeof *o);
	bool ok = true;

	if (o == NULL) {
		tensor_errf(err, NULL, "out of memory");
		return false;
	}
	size_t m = 0;
	for (size_t i = 0; i < tf->n; i++)
		if (tf->t[i].nbytes > 0)
			o[m++] = &tf->t[i];
	qsort(o, m, sizeof *o, by_offset);
	for (size_t i = 1; i < m && ok; i++)
		if (o[i]->offset < o[i - 1]->offset + o[i - 1]->nbytes) {
			tensor_errf(err, o[i]->name, "its data [%llu, %llu] overlaps "
			    "that of tensor \"%.60s\"", (unsigned long long)o[i]->offset,
			    (unsigned long long)(o[i]->offset + o[i]->nbytes), o[i - 1]->name);
			ok = false;
		}
	free(o);
	return ok;
}

tensor_status
tensor_st_parse(tensor_file *tf, tensor_err *err)
{
	const unsigned char *b = tf->base;
	uint64_t hlen = 0;
	json_error_t je;

	if (tf->size < 8) {
		tensor_errf(err, NULL, "truncated: %llu bytes, too short for a "
		    "safetensors header", (unsigned long long)tf->size);
		return TENSOR_EDATA;
	}
	for (int i = 7; i >= 0; i--)
		hlen = hlen << 8 | b[i];
	if (tf->size > 8 && b[8] != '{') {
		tensor_errf(err, NULL, "not an .npy or safetensors file (no NumPy "
		    "magic, no JSON header after the length)");
		return TENSOR_EDATA;
	}
	if (hlen > tf->size - 8) {
		tensor_errf(err, NULL, "the header length (%llu bytes) is larger than "
		    "the file (%llu bytes)", (unsigned long long)hlen,
		    (unsigned long long)tf->size);
		return TENSOR_EDATA;
	}
	if (hlen > TENSOR_MAX_HEADER) {
		tensor_errf(err, NULL, "the header length (%llu bytes) is over the "
		    "limit of %u", (unsigned long long)hlen, TENSOR_MAX_HEADER);
		return TENSOR_EDATA;
	}
	json_t *root = json_loadb((const char *)b + 8, (size_t)hlen,
	    JSON_REJECT_DUPLICATES, &je);
	if (root == NULL) {
		tensor_errf(err, NULL, "invalid JSON header at byte %d: %s",
		    je.position, je.text);
		return TENSOR_EDATA;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		tensor_errf(err, NULL, "the JSON header is not an object");
		return TENSOR_EDATA;
	}
	tensor_status st = TENSOR_OK;
	uint64_t datalen = tf->size - 8 - hlen;
	tf->t = calloc(json_object_size(root) + 1, sizeof *tf->t);
	if (tf->t == NULL) {
		json_decref(root);
		return TENSOR_ENOMEM;
	}
	const char *key;
	json_t *v;
	json_object_foreach(root, key, v) {
		if (strcmp(key, "__metadata__") == 0) {
			if (!json_is_object(v)) {
				tensor_errf(err, NULL, "\"__metadata__\" is not an object");
				st = TENSOR_EDATA;
				break;
			}
			continue;
		}
		tensor_info *t = &tf->t[tf->n];
		memset(t, 0, sizeof *t);
		if (!entry(key, v, datalen, t, err)) {
			st = TENSOR_EDATA;
			break;
		}
		if ((t->name = strdup(key)) == NULL) {
			st = TENSOR_ENOMEM;
			break;
		}
		tf->n++;
	}
	json_decref(root);
	if (st == TENSOR_OK && !no_overlap(tf, err))
		st = TENSOR_EDATA;
	for (size_t i = 0; i < tf->n; i++)
		tf->t[i].offset += 8 + hlen;
	return st;
}
