/*
 * tensor_int.h — what the tensor module's files share and nobody else
 * uses: the two header parsers (npy.c, safetensors.c), the error helper
 * and the checked shape product (file.c), and the chunked walk over a
 * tensor's bytes (file.c) that the statistics use.
 */
#ifndef FPTUTOR_TENSOR_INT_H
#define FPTUTOR_TENSOR_INT_H

#include "tensor/tensor.h"

/* Fill tf->t / tf->n from tf->base[0 .. tf->size - 1]. */
tensor_status tensor_npy_parse(tensor_file *tf, const char *stem,
    tensor_err *err);
tensor_status tensor_st_parse(tensor_file *tf, tensor_err *err);

/* Set err's tensor (NULL or "" for the whole file) and message. */
void tensor_errf(tensor_err *err, const char *tensor, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* t->count and t->nbytes from t->shape[0 .. ndim-1] and the element size;
 * false when the product overflows 64 bits. */
bool tensor_set_count(tensor_info *t, int elsize);

/* Call fn on t's bytes in chunks of whole elements, in file order; a
 * mapped file's pages are released after each chunk, so a tensor of any
 * size is read in bounded memory. */
typedef void tensor_chunk_fn(const unsigned char *p, uint64_t nel, void *ctx);
void tensor_each_chunk(const tensor_file *tf, const tensor_info *t,
    tensor_chunk_fn *fn, void *ctx);
/* The same over one part of the chunks: those whose index is part modulo
 * nparts (for one of nparts threads); and how many chunks t has. */
void tensor_each_chunk_part(const tensor_file *tf, const tensor_info *t,
    unsigned part, unsigned nparts, tensor_chunk_fn *fn, void *ctx);
uint64_t tensor_chunks(const tensor_info *t);

#endif
