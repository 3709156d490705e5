/*
 * file.c — opening a tensor file: the read-only mapping, the dispatch on
 * the magic bytes (NumPy's "\x93NUMPY", else safetensors), and the
 * chunked walk over a tensor's data that releases each chunk's pages once
 * it is read.  The dtype table and the error helper the readers share are
 * dtype.c.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tensor/tensor_int.h"

void
tensor_npy_stem(const char *path, char *buf, size_t n)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t len = strlen(b);
	if (len > 4 && strcmp(b + len - 4, ".npy") == 0)
		len -= 4;
	snprintf(buf, n, "%.*s", (int)len, b);
}

static tensor_status
parse(tensor_file *tf, const char *stem, tensor_err *err)
{
	if (tf->size >= 6 && memcmp(tf->base, "\x93NUMPY", 6) == 0) {
		tf->kind = TENSOR_NPY;
		return tensor_npy_parse(tf, stem, err);
	}
	tf->kind = TENSOR_SAFETENSORS;
	return tensor_st_parse(tf, err);
}

tensor_status
tensor_file_open_mem(const void *buf, size_t n, const char *stem,
    tensor_file **out, tensor_err *err)
{
	tensor_file *tf = calloc(1, sizeof *tf);

	*out = NULL;
	if (tf == NULL)
		return TENSOR_ENOMEM;
	tf->base = buf;
	tf->size = n;
	tensor_status st = parse(tf, stem ? stem : "tensor", err);
	if (st != TENSOR_OK) {
		tensor_file_close(tf);
		return st;
	}
	*out = tf;
	return TENSOR_OK;
}

tensor_status
tensor_file_open(const char *path, tensor_file **out, tensor_err *err)
{
	struct stat sb;
	char stem[160];
	void *map = NULL;
	int fd = open(path, O_RDONLY);

	*out = NULL;
	if (fd < 0 || fstat(fd, &sb) != 0) {
		tensor_errf(err, NULL, "cannot open: %s", strerror(errno));
		err->sys = errno;
		if (fd >= 0)
			close(fd);
		return TENSOR_EIO;
	}
	if (!S_ISREG(sb.st_mode)) {
		tensor_errf(err, NULL, "not a regular file");
		close(fd);
		return TENSOR_EIO;
	}
	if (sb.st_size > 0) {
		map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map == MAP_FAILED) {
			tensor_errf(err, NULL, "cannot map: %s", strerror(errno));
			err->sys = errno;
			close(fd);
			return TENSOR_EIO;
		}
	}
	close(fd);
	tensor_npy_stem(path, stem, sizeof stem);
	static const unsigned char empty[1];
	tensor_status st = tensor_file_open_mem(map ? map : empty,
	    (size_t)sb.st_size, stem, out, err);
	if (st != TENSOR_OK) {
		if (map)
			munmap(map, (size_t)sb.st_size);
		return st;
	}
	(*out)->mapped = map != NULL;
	return TENSOR_OK;
}

void
tensor_file_close(tensor_file *tf)
{
	if (tf == NULL)
		return;
	for (size_t i = 0; i < tf->n; i++)
		free(tf->t[i].name);
	free(tf->t);
	if (tf->mapped)
		munmap((void *)(uintptr_t)tf->base, (size_t)tf->size);
	free(tf);
}

/* 8 MiB of data at a time: far below the memory goal (two threads may
 * each hold one), far above the cost of a madvise call. */
#define CHUNK (8u << 20)

void
tensor_each_chunk_part(const tensor_file *tf, const tensor_info *t,
    unsigned part, unsigned nparts, tensor_chunk_fn *fn, void *ctx)
{
	uint64_t el = (uint64_t)tensor_dtype_size(t->dtype);
	uint64_t per = CHUNK / el, done = per * part;
	long page = sysconf(_SC_PAGESIZE);

	if (page <= 0)
		page = 4096;
	for (; done < t->count; done += per * nparts) {
		uint64_t k = t->count - done < per ? t->count - done : per;
		const unsigned char *p = tf->base + t->offset + done * el;
		fn(p, k, ctx);
		if (tf->mapped) {
			/* Release whole pages of this chunk: they stay in the page
			 * cache, but leave the resident set. */
			uintptr_t a = (uintptr_t)p, e = a + (uintptr_t)(k * el);
			a = (a + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
			e &= ~((uintptr_t)page - 1);
			if (e > a)
				madvise((void *)a, e - a, MADV_DONTNEED);
		}
	}
}

void
tensor_each_chunk(const tensor_file *tf, const tensor_info *t,
    tensor_chunk_fn *fn, void *ctx)
{
	tensor_each_chunk_part(tf, t, 0, 1, fn, ctx);
}

uint64_t
tensor_chunks(const tensor_info *t)
{
	uint64_t per = CHUNK / (uint64_t)tensor_dtype_size(t->dtype);

	return (t->count + per - 1) / per;
}
