/*
 * check_tensor_io.c — check_tensor's files: one read through the mapping,
 * its pages released chunk by chunk, and the bad ones: each truncated,
 * oversized, overlapping, mistyped or lying file, written byte by byte,
 * must be refused with TENSOR_EDATA, naming the tensor it is about (or
 * none) and saying what is wrong.
 */
#include <config.h>

#include <check.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tensor/tensor.h"
#include "tensor_fix.h"

/* Through a file and the mapping, with the pages released chunk by chunk
 * (more than one chunk of data). */
START_TEST(mapped_file)
{
	char path[] = "/tmp/fptutor-tensor-XXXXXX";
	int fd = mkstemp(path);
	size_t n = (17u << 20) / 2;
	fix_buf b = { 0 }, data = { 0 };
	char json[200];

	ck_assert(fd >= 0);
	for (size_t i = 0; i < n; i++)
		fix_le(&data, (uint32_t)(i % 3 == 0 ? 0x3c00 : 0x0001), 2);
	snprintf(json, sizeof json, "{\"x\":{\"dtype\":\"F16\",\"shape\":[%zu],"
	    "\"data_offsets\":[0,%zu]}}", n, 2 * n);
	fix_st(&b, json, data.p, data.n);
	ck_assert_uint_eq((size_t)write(fd, b.p, b.n), b.n);
	close(fd);
	tensor_file *tf;
	tensor_err e;
	ck_assert_int_eq(tensor_file_open(path, &tf, &e), TENSOR_OK);
	tensor_stats_opts o = { .nfmt = 3 };
	o.fmts[0] = fp_format_get(FP_FP16);
	o.fmts[1] = fp_format_get(FP_BF16);
	o.fmts[2] = fp_format_get(FP_E4M3);
	tensor_stats *st = tensor_stats_compute(tf, &tf->t[0], &o);
	uint64_t ones = (n + 2) / 3;
	ck_assert_uint_eq(st->subnormals, n - ones);
	ck_assert_uint_eq(st->hist[0 - TENSOR_LOG2_MIN], ones);
	ck_assert_uint_eq(st->hist[-24 - TENSOR_LOG2_MIN], n - ones);
	ck_assert_uint_eq(st->cast[2].flushed, n - ones);	/* e4m3 */
	tensor_stats_free(st);
	tensor_file_close(tf);
	unlink(path);
	ck_assert_int_eq(tensor_file_open(path, &tf, &e), TENSOR_EIO);
	free(b.p);
	free(data.p);
}
END_TEST

static void
expect_bad(const fix_buf *b, const char *tensor, const char *msg)
{
	tensor_file *tf;
	tensor_err e;
	tensor_status s = tensor_file_open_mem(b->p, b->n, "n", &tf, &e);
	ck_assert_msg(s == TENSOR_EDATA, "want an error '%s', got status %d", msg, s);
	ck_assert_str_eq(e.tensor, tensor);
	ck_assert_msg(strstr(e.msg, msg) != NULL, "'%s' lacks '%s'", e.msg, msg);
}

static void
bad_st(const char *json, size_t datalen, const char *tensor, const char *msg)
{
	fix_buf b = { 0 };
	unsigned char *z = calloc(datalen + 1, 1);
	fix_st(&b, json, z, datalen);
	expect_bad(&b, tensor, msg);
	free(b.p);
	free(z);
}

static void
bad_npy(const char *dict, size_t datalen, const char *msg)
{
	fix_buf b = { 0 };
	unsigned char *z = calloc(datalen + 1, 1);
	fix_npy(&b, 1, dict, z, datalen);
	expect_bad(&b, "n", msg);
	free(b.p);
	free(z);
}

START_TEST(bad_safetensors)
{
	fix_buf b = { 0 };
	fix_put(&b, "\x10\0\0", 3);
	expect_bad(&b, "", "truncated");
	b.n = 0;
	fix_le(&b, 1000, 8);
	fix_put(&b, "{\"a\":1}", 7);
	expect_bad(&b, "", "larger than the file");
	b.n = 0;
	fix_le(&b, UINT64_MAX, 8);
	fix_put(&b, "{", 1);
	expect_bad(&b, "", "larger than the file");
	free(b.p);
	bad_st("{\"a\":", 0, "", "invalid JSON header at byte");
	bad_st("[1, 2]", 0, "", "not an .npy or safetensors file");
	bad_st("{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
	    "\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4,
	    "", "invalid JSON");		/* duplicate key */
	bad_st("{\"w\":{\"dtype\":\"F17\",\"shape\":[1],\"data_offsets\":[0,4]}}",
	    4, "w", "unknown dtype \"F17\"");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,16]}}",
	    8, "w", "lie outside the data");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,4]}}",
	    8, "w", "hold 4 bytes");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[8,0]}}",
	    8, "w", "BEGIN <= END");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296],"
	    "\"data_offsets\":[0,4]}}", 8, "w", "overflows 64 bits");
	bad_st("{\"w\":{\"dtype\":\"F16\",\"shape\":[4611686018427387904,2],"
	    "\"data_offsets\":[0,4]}}", 8, "w", "overflows 64 bits");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[-1],\"data_offsets\":[0,4]}}",
	    4, "w", "not a whole number");
	bad_st("{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},"
	    "\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}", 12,
	    "b", "overlaps that of tensor \"a\"");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[1]}}", 4, "w", "data_offsets");
	bad_st("{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,"
	    "99999999999999999999]}}", 4, "", "invalid JSON");
	bad_st("{\"__metadata__\":3}", 0, "", "__metadata__");
	bad_st("{\"w\":7}", 0, "w", "not an object");
}
END_TEST

START_TEST(bad_npy_files)
{
	const char *ok = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
	bad_npy(ok, 4, "truncated: the shape needs 8 bytes");
	bad_npy(ok, 12, "does not match the data");
	bad_npy("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", 8,
	    "unknown dtype '<i4'");
	bad_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}",
	    8, "unexpected key 'x'");
	bad_npy("{'descr': '<f4', 'shape': (2,), }", 8, "no 'fortran_order'");
	bad_npy("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, "
	    "'shape': (2,)}", 8, "a key given twice");
	bad_npy("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,)}", 8,
	    "True or False");
	bad_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, x)}", 8,
	    "whole number in the shape");
	bad_npy("{'descr': '<f4', 'fortran_order': False, 'shape': "
	    "(4294967296, 4294967296)}", 8, "overflows 64 bits");
	bad_npy("{'descr': '<f4', 'fortran_order': False, 'shape': "
	    "(99999999999999999999,)}", 8, "does not fit in 64 bits");
	bad_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} x", 8,
	    "after the header");
	bad_npy("{'descr': '<f4, 'fortran_order': False, 'shape': (2,)}", 8,
	    "unknown dtype '<f4, '");
	fix_buf b = { 0 };
	fix_put(&b, "\x93NUMPY\x01\x00\xff\xff{", 11);
	expect_bad(&b, "n", "header length (65535 bytes) is larger than the file");
	b.n = 0;
	fix_put(&b, "\x93NUMPY\x04\x00\x10\x00", 10);
	expect_bad(&b, "n", "unsupported .npy format version 4.0");
	b.n = 0;
	fix_put(&b, "\x93NUMPY\x02", 7);
	expect_bad(&b, "n", "truncated");
	free(b.p);
}
END_TEST

TCase *
tensor_bad_case(void)
{
	TCase *t = tcase_create("files");
	tcase_add_test(t, mapped_file);
	tcase_add_test(t, bad_safetensors);
	tcase_add_test(t, bad_npy_files);
	return t;
}
