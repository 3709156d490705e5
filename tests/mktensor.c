/*
 * mktensor.c — `tests/mktensor DIR`: write the tensor files of
 * tests/inspect.sh into DIR, byte by byte (tensor_fix.h), with contents
 * chosen so that the golden outputs show every zone: good .npy files of
 * each version, order and dtype, a safetensors file of gradients that
 * flush in fp16, and one bad file per way a file can be broken.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tensor_fix.h"

static const char *dir;

static void
save(const char *name, const fix_buf *b)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *fp = fopen(path, "wb");
	if (fp == NULL || fwrite(b->p, 1, b->n, fp) != b->n || fclose(fp) != 0) {
		perror(path);
		exit(1);
	}
}

static void
st(const char *name, const char *json, const fix_buf *data)
{
	fix_buf b = { 0 };
	fix_st(&b, json, data->p, data->n);
	save(name, &b);
	free(b.p);
}

static void
npy(const char *name, int major, const char *dict, const fix_buf *data)
{
	fix_buf b = { 0 };
	fix_npy(&b, major, dict, data->p, data->n);
	save(name, &b);
	free(b.p);
}

/* Gradient-like values: 2^-e for e in lo..hi, with a mantissa pattern,
 * both signs. */
static void
grads(fix_buf *d, int n, int lo, int hi, int bytes)
{
	for (int i = 0; i < n; i++) {
		double m = 1 + (double)((i * 37) % 64) / 64;
		double v = ldexp(i & 1 ? -m : m, lo + (i * 7) % (hi - lo + 1));
		if (bytes == 4)
			fix_le(d, fix_f32_bits((float)v), 4);
		else
			fix_le(d, fix_f64_bits(v), 8);
	}
}

int
main(int argc, char **argv)
{
	fix_buf d = { 0 };
	static const double w[12] = { 0.5, -0.25, 1.5, 3, 0, 1e-3, -7.25, 100,
		65504, 70000, 1e-6, 0.1 };

	if (argc != 2) {
		fprintf(stderr, "usage: mktensor DIR\n");
		return 2;
	}
	dir = argv[1];

	/* good .npy: v1 float32 C order, v2 float64 big-endian Fortran,
	 * v3 float16 */
	for (int i = 0; i < 12; i++)
		fix_le(&d, fix_f32_bits((float)w[i]), 4);
	npy("weights.npy", 1, "{'descr': '<f4', 'fortran_order': False, "
	    "'shape': (3, 4), }", &d);
	d.n = 0;
	for (int i = 0; i < 12; i++)
		fix_be(&d, fix_f64_bits(w[i] * 1e-7), 8);
	npy("fortran.npy", 2, "{'descr': '>f8', 'fortran_order': True, "
	    "'shape': (4, 3), }", &d);
	d.n = 0;
	for (unsigned i = 0; i < 64; i++)
		fix_le(&d, i * 1031 % 0x7c00, 2);
	npy("half.npy", 3, "{'descr': '<f2', 'fortran_order': False, "
	    "'shape': (64,), }", &d);

	/* good safetensors: gradients around 2^-20 in F32 and F16, an I64 */
	d.n = 0;
	grads(&d, 256, -30, -14, 4);
	size_t a = d.n;
	for (unsigned i = 0; i < 64; i++)
		fix_le(&d, (i * 613) % 0x3c00, 2);
	size_t b = d.n;
	fix_le(&d, 300, 8);
	char json[600];
	snprintf(json, sizeof json, "{\"__metadata__\":{\"source\":\"mktensor\"},"
	    "\"grad.w1\":{\"dtype\":\"F32\",\"shape\":[16,16],\"data_offsets\":[0,%zu]},"
	    "\"grad.b1\":{\"dtype\":\"F16\",\"shape\":[64],\"data_offsets\":[%zu,%zu]},"
	    "\"step\":{\"dtype\":\"I64\",\"shape\":[],\"data_offsets\":[%zu,%zu]}}",
	    a, a, b, b, b + 8);
	st("grads.safetensors", json, &d);

	/* bad ones */
	fix_buf t = { 0 };
	fix_st(&t, json, d.p, d.n);
	t.n -= 9;
	save("truncated.safetensors", &t);
	t.n = 5;
	save("short.safetensors", &t);
	free(t.p);
	const char *f4 = "{\"x\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}";
	d.n = 0;
	grads(&d, 2, -3, 0, 4);
	t = (fix_buf){ 0 };
	fix_le(&t, 1u << 20, 8);
	fix_put(&t, f4, strlen(f4));
	fix_put(&t, d.p, d.n);
	save("header-too-long.safetensors", &t);
	free(t.p);
	st("outside.safetensors",
	    "{\"x\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}", &d);
	st("overlap.safetensors",
	    "{\"x\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
	    "\"y\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}", &d);
	st("dtype.safetensors",
	    "{\"x\":{\"dtype\":\"F128\",\"shape\":[1],\"data_offsets\":[0,8]}}", &d);
	st("product.safetensors",
	    "{\"x\":{\"dtype\":\"F32\",\"shape\":[65536,65536,65536,65536],"
	    "\"data_offsets\":[0,8]}}", &d);
	st("json.safetensors", "{\"x\":{\"dtype\":\"F32\",}}", &d);
	npy("lies.npy", 1, "{'descr': '<f4', 'fortran_order': False, "
	    "'shape': (3, 4), }", &d);
	npy("npy-dtype.npy", 1, "{'descr': '<c8', 'fortran_order': False, "
	    "'shape': (1,), }", &d);
	t = (fix_buf){ 0 };
	fix_put(&t, "\x93NUMPY\x01\x00\x00\x10{'descr'", 18);
	save("npy-header-too-long.npy", &t);
	free(t.p);
	free(d.p);
	return 0;
}
