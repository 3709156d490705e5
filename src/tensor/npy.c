/*
 * npy.c — NumPy's .npy format, versions 1.0, 2.0 and 3.0: the magic, the
 * header length, and the header itself, a Python dict literal such as
 * {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }.  The
 * literal is tiny and fixed by NumPy's format spec, so a strict parser
 * of exactly that grammar reads it: the three keys once each, a quoted
 * dtype string, True or False, a tuple of whole numbers; anything else is
 * an error that says where.  The data must be exactly as long as the
 * shape says.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tensor/tensor_int.h"

typedef struct lit {
	const unsigned char *p, *end, *start;
	const char *name;
	tensor_err *err;
} lit;

static bool
bad(lit *L, const char *what)
{
	tensor_errf(L->err, L->name, "header byte %td: %s", L->p - L->start,
	    what);
	return false;
}

static void
ws(lit *L)
{
	while (L->p < L->end && (*L->p == ' ' || *L->p == '\t' ||
	    *L->p == '\n' || *L->p == '\r'))
		L->p++;
}

static bool
eat(lit *L, char c)
{
	ws(L);
	if (L->p < L->end && *L->p == c) {
		L->p++;
		return true;
	}
	return false;
}

/* A quoted string of printable ASCII, at most n-1 bytes, into buf. */
static bool
str(lit *L, char *buf, size_t n)
{
	ws(L);
	if (L->p >= L->end || (*L->p != '\'' && *L->p != '"'))
		return bad(L, "expected a quoted string");
	unsigned char q = *L->p++;
	size_t k = 0;
	while (L->p < L->end && *L->p != q) {
		if (*L->p < 0x20 || *L->p >= 0x7f || *L->p == '\\')
			return bad(L, "unexpected character in a string");
		if (k + 1 >= n)
			return bad(L, "string too long");
		buf[k++] = (char)*L->p++;
	}
	if (L->p >= L->end)
		return bad(L, "unterminated string");
	L->p++;
	buf[k] = '\0';
	return true;
}

static bool
word(lit *L, const char *w)
{
	size_t n = strlen(w);
	ws(L);
	if ((size_t)(L->end - L->p) >= n && memcmp(L->p, w, n) == 0) {
		L->p += n;
		return true;
	}
	return false;
}

static bool
shape(lit *L, tensor_info *t)
{
	if (!eat(L, '('))
		return bad(L, "expected '(' to start the shape");
	t->ndim = 0;
	for (;;) {
		if (eat(L, ')'))
			return true;
		ws(L);
		if (L->p >= L->end || *L->p < '0' || *L->p > '9')
			return bad(L, "expected a whole number in the shape");
		uint64_t v = 0;
		while (L->p < L->end && *L->p >= '0' && *L->p <= '9') {
			unsigned d = (unsigned)(*L->p - '0');
			if (v > (UINT64_MAX - d) / 10)
				return bad(L, "a dimension does not fit in 64 bits");
			v = v * 10 + d;
			L->p++;
		}
		if (L->p < L->end && *L->p == 'L')	/* Python 2's long */
			L->p++;
		if (t->ndim == TENSOR_MAX_DIMS)
			return bad(L, "more than 32 dimensions");
		t->shape[t->ndim++] = v;
		if (eat(L, ')'))
			return true;
		if (!eat(L, ','))
			return bad(L, "expected ',' or ')' in the shape");
	}
}

static bool
descr(lit *L, tensor_info *t)
{
	char d[40];

	if (!str(L, d, sizeof d))
		return false;
	if ((d[0] == '<' || d[0] == '>') && d[1] == 'f' && d[3] == '\0' &&
	    (d[2] == '2' || d[2] == '4' || d[2] == '8')) {
		t->big_endian = d[0] == '>';
		t->dtype = d[2] == '2' ? TENSOR_F16 : d[2] == '4' ? TENSOR_F32
		    : TENSOR_F64;
		return true;
	}
	tensor_errf(L->err, L->name, "unknown dtype '%s' (fptutor reads float16, "
	    "float32 and float64: '<f2', '<f4', '<f8', or '>' for big-endian)", d);
	return false;
}

/* The dict: exactly the keys descr, fortran_order and shape. */
static bool
dict(lit *L, tensor_info *t)
{
	bool seen[3] = { false, false, false };
	static const char *const keys[3] = { "descr", "fortran_order", "shape" };
	char key[40];

	if (!eat(L, '{'))
		return bad(L, "expected '{' to start the header");
	for (;;) {
		if (eat(L, '}'))
			break;
		if (!str(L, key, sizeof key))
			return false;
		int k = 0;
		while (k < 3 && strcmp(key, keys[k]) != 0)
			k++;
		if (k == 3) {
			tensor_errf(L->err, L->name, "unexpected key '%s' in the header "
			    "(an .npy header has descr, fortran_order and shape)", key);
			return false;
		}
		if (seen[k])
			return bad(L, "a key given twice");
		seen[k] = true;
		if (!eat(L, ':'))
			return bad(L, "expected ':'");
		if (k == 0 && !descr(L, t))
			return false;
		if (k == 1) {
			if (word(L, "True"))
				t->fortran = true;
			else if (word(L, "False"))
				t->fortran = false;
			else
				return bad(L, "fortran_order must be True or False");
		}
		if (k == 2 && !shape(L, t))
			return false;
		if (eat(L, '}'))
			break;
		if (!eat(L, ','))
			return bad(L, "expected ',' or '}'");
	}
	ws(L);
	if (L->p != L->end)
		return bad(L, "unexpected text after the header's '}'");
	for (int k = 0; k < 3; k++)
		if (!seen[k]) {
			tensor_errf(L->err, L->name, "the header has no '%s'", keys[k]);
			return false;
		}
	return true;
}

tensor_status
tensor_npy_parse(tensor_file *tf, const char *stem, tensor_err *err)
{
	const unsigned char *b = tf->base;
	uint64_t size = tf->size, hlen, hstart;

	if (size < 10)
		goto truncated;
	if (b[6] == 1) {
		hlen = (uint64_t)b[8] | (uint64_t)b[9] << 8;
		hstart = 10;
	} else if (b[6] == 2 || b[6] == 3) {
		if (size < 12)
			goto truncated;
		hlen = (uint64_t)b[8] | (uint64_t)b[9] << 8 |
		    (uint64_t)b[10] << 16 | (uint64_t)b[11] << 24;
		hstart = 12;
	} else {
		tensor_errf(err, stem, "unsupported .npy format version %u.%u "
		    "(fptutor reads 1.0, 2.0 and 3.0)", b[6], b[7]);
		return TENSOR_EDATA;
	}
	if (hlen > size - hstart) {
		tensor_errf(err, stem, "the header length (%llu bytes) is larger "
		    "than the file (%llu bytes)", (unsigned long long)hlen,
		    (unsigned long long)size);
		return TENSOR_EDATA;
	}
	tensor_info t = { .name = NULL };
	lit L = { b + hstart, b + hstart + hlen, b + hstart, stem, err };
	if (!dict(&L, &t))
		return TENSOR_EDATA;
	if (!tensor_set_count(&t, tensor_dtype_size(t.dtype))) {
		tensor_errf(err, stem, "the shape's product overflows 64 bits");
		return TENSOR_EDATA;
	}
	t.offset = hstart + hlen;
	uint64_t have = size - t.offset;
	if (have < t.nbytes) {
		tensor_errf(err, stem, "truncated: the shape needs %llu bytes of "
		    "data, the file holds %llu", (unsigned long long)t.nbytes,
		    (unsigned long long)have);
		return TENSOR_EDATA;
	}
	if (have > t.nbytes) {
		tensor_errf(err, stem, "the header does not match the data: the "
		    "shape needs %llu bytes, the file holds %llu after the header",
		    (unsigned long long)t.nbytes, (unsigned long long)have);
		return TENSOR_EDATA;
	}
	tf->t = calloc(1, sizeof *tf->t);
	if (tf->t == NULL || (t.name = strdup(stem)) == NULL)
		return TENSOR_ENOMEM;
	tf->t[0] = t;
	tf->n = 1;
	return TENSOR_OK;
truncated:
	tensor_errf(err, stem, "truncated: %llu bytes, too short for an .npy "
	    "header", (unsigned long long)size);
	return TENSOR_EDATA;
}
