/*
 * st_write.c — writing a safetensors file (`fptutor train --dump`): the
 * header built and escaped by jansson, padded with spaces to a multiple
 * of 8 bytes as the reference writer does, then each tensor's values
 * rounded once into its dtype by the format engine, little-endian.  The
 * header can be written first and the data streamed after it, when the
 * shapes are known before the values are (a training run's dump).
 */
#include <config.h>

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "tensor/tensor.h"

static bool
put_value(FILE *fp, tensor_dtype d, double v)
{
	unsigned char b[8];
	int n = tensor_dtype_size(d);
	uint64_t bits;

	if (d == TENSOR_F64)
		memcpy(&bits, &v, sizeof bits);
	else
		bits = fp_encode(tensor_dtype_format(d), v, NULL);
	for (int i = 0; i < n; i++)
		b[i] = (unsigned char)(bits >> (8 * i));
	return fwrite(b, 1, (size_t)n, fp) == (size_t)n;
}

static uint64_t
count_of(const tensor_out *t)
{
	uint64_t c = 1;
	for (int i = 0; i < t->ndim; i++)
		c *= t->shape[i];
	return c;
}

static json_t *
header(const tensor_out *t, size_t n, const char *const *meta, size_t nmeta)
{
	json_t *root = json_object();
	uint64_t off = 0;

	if (root == NULL)
		return NULL;
	if (nmeta > 0) {
		json_t *m = json_object();
		for (size_t i = 0; m && i < nmeta; i++)
			json_object_set_new(m, meta[2 * i], json_string(meta[2 * i + 1]));
		if (m == NULL || json_object_set_new(root, "__metadata__", m) != 0)
			goto fail;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t len = count_of(&t[i]) * (uint64_t)tensor_dtype_size(t[i].dtype);
		json_t *shape = json_array();
		for (int k = 0; shape && k < t[i].ndim; k++)
			json_array_append_new(shape, json_integer((json_int_t)t[i].shape[k]));
		json_t *e = json_pack("{s:s, s:o, s:[I, I]}", "dtype",
		    tensor_dtype_name(t[i].dtype), "shape", shape, "data_offsets",
		    (json_int_t)off, (json_int_t)(off + len));
		if (e == NULL || json_object_set_new(root, t[i].name, e) != 0)
			goto fail;
		off += len;
	}
	return root;
fail:
	json_decref(root);
	return NULL;
}

bool
tensor_write_header(FILE *fp, const tensor_out *t, size_t n,
    const char *const *meta, size_t nmeta)
{
	json_t *root = header(t, n, meta, nmeta);
	char *text = root ? json_dumps(root, JSON_COMPACT) : NULL;
	unsigned char len[8];

	json_decref(root);
	if (text == NULL) {
		errno = EINVAL;
		return false;
	}
	size_t h = strlen(text), padded = (h + 7) & ~(size_t)7;
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)((uint64_t)padded >> (8 * i));
	bool ok = fwrite(len, 1, 8, fp) == 8 && fwrite(text, 1, h, fp) == h;
	free(text);
	for (size_t i = h; ok && i < padded; i++)
		ok = fputc(' ', fp) != EOF;
	return ok;
}

bool
tensor_write_values(FILE *fp, tensor_dtype d, const double *v, uint64_t n)
{
	bool ok = true;
	for (uint64_t k = 0; ok && k < n; k++)
		ok = put_value(fp, d, v[k]);
	return ok;
}

bool
tensor_write_safetensors(FILE *fp, const tensor_out *t, size_t n,
    const char *const *meta, size_t nmeta)
{
	bool ok = tensor_write_header(fp, t, n, meta, nmeta);
	for (size_t i = 0; ok && i < n; i++)
		ok = tensor_write_values(fp, t[i].dtype, t[i].values, count_of(&t[i]));
	return ok;
}
