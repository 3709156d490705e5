/*
 * train_dump.c — what `fptutor train --dump DIR` writes: per mode one
 * safetensors file DIR/MODE.safetensors holding, for each step N (zero
 * padded, so names sort in step order):
 *   stepN.grad.w1 .b1 .w2 .b2   the unscaled gradient the optimizer read
 *                               (F32), shaped like the parameter;
 *   stepN.grad_out              d(S loss)/dz per example, batch x outputs,
 *                               in L and times the loss scale S, as the
 *                               backward stored it (F32, F16 or BF16);
 *   stepN.grad_hidden           the same for the hidden activations after
 *                               tanh, batch x hidden;
 *   stepN.scale                 S (F32, a scalar);
 * then weights.w1 .b1 .w2 .b2, the stored weights after the last step, in
 * their dtype.  Metadata: the mode, the seed, the steps.
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/train_dump.h"
#include "tensor/tensor.h"

struct train_dump {
	FILE *fp;
	char path[4200];
	toy_layout lay;
	tensor_dtype low, wdt;
};

static tensor_dtype
dtype_of(fp_id id)
{
	return id == FP_FP16 ? TENSOR_F16 : id == FP_BF16 ? TENSOR_BF16 : TENSOR_F32;
}

#define PER_STEP 7

/* The names and shapes of every tensor, in file order. */
static bool
specs(const toy_layout *L, long steps, tensor_dtype low, tensor_dtype wdt,
    tensor_out **out, char **names, size_t *n)
{
	static const char *const part[PER_STEP] = { "grad.w1", "grad.b1",
		"grad.w2", "grad.b2", "grad_out", "grad_hidden", "scale" };
	size_t total = (size_t)steps * PER_STEP + 4;
	int width = snprintf(NULL, 0, "%ld", steps);
	tensor_out *t = calloc(total, sizeof *t);
	char *nm = malloc(total * 40);

	if (t == NULL || nm == NULL) {
		free(t);
		free(nm);
		return false;
	}
	for (size_t i = 0; i < total; i++) {
		tensor_out *o = &t[i];
		char *name = nm + i * 40;
		int k = i < (size_t)steps * PER_STEP ? (int)(i % PER_STEP) : (int)(i - (size_t)steps * PER_STEP);
		bool weights = i >= (size_t)steps * PER_STEP;
		if (weights)
			snprintf(name, 40, "weights.%s", part[k] + 5);
		else
			snprintf(name, 40, "step%0*ld.%s", width, (long)(i / PER_STEP) + 1,
			    part[k]);
		o->name = name;
		o->dtype = weights ? wdt : k == 4 || k == 5 ? low : TENSOR_F32;
		switch (k) {
		case 0: o->ndim = 2; o->shape[0] = (uint64_t)L->inputs;
			o->shape[1] = (uint64_t)L->hidden; break;
		case 1: o->ndim = 1; o->shape[0] = (uint64_t)L->hidden; break;
		case 2: o->ndim = 2; o->shape[0] = (uint64_t)L->hidden;
			o->shape[1] = (uint64_t)L->outputs; break;
		case 3: o->ndim = 1; o->shape[0] = (uint64_t)L->outputs; break;
		case 4: o->ndim = 2; o->shape[0] = (uint64_t)L->batch;
			o->shape[1] = (uint64_t)L->outputs; break;
		case 5: o->ndim = 2; o->shape[0] = (uint64_t)L->batch;
			o->shape[1] = (uint64_t)L->hidden; break;
		default: o->ndim = 0; break;
		}
	}
	*out = t;
	*names = nm;
	*n = total;
	return true;
}

train_dump *
train_dump_open(const char *dir, const toy_mode_info *mi, const toy_config *cfg,
    char *err, size_t errlen)
{
	train_dump *d = calloc(1, sizeof *d);
	tensor_out *t = NULL;
	char *names = NULL, seed[32], steps[32];
	size_t n;

	if (d == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: cannot create: %s", dir, strerror(errno));
		free(d);
		return NULL;
	}
	snprintf(d->path, sizeof d->path, "%s/%s.safetensors", dir, mi->name);
	toy_layout_of(cfg, &d->lay);
	d->low = dtype_of(mi->low);
	d->wdt = dtype_of(mi->weights);
	snprintf(seed, sizeof seed, "%" PRIu64, cfg->seed);
	snprintf(steps, sizeof steps, "%ld", cfg->steps);
	const char *meta[] = { "mode", mi->name, "seed", seed, "steps", steps,
		"writer", "fptutor train --dump" };
	if (!specs(&d->lay, cfg->steps, d->low, d->wdt, &t, &names, &n)) {
		snprintf(err, errlen, "out of memory");
		free(d);
		return NULL;
	}
	d->fp = fopen(d->path, "wb");
	bool ok = d->fp && tensor_write_header(d->fp, t, n, meta, 4);
	free(t);
	free(names);
	if (!ok) {
		snprintf(err, errlen, "%s: cannot write: %s", d->path, strerror(errno));
		train_dump_abort(d);
		return NULL;
	}
	return d;
}

bool
train_dump_step(train_dump *d, const toy_run *r, const toy_step *st)
{
	toy_view v;
	const toy_layout *L = &d->lay;

	toy_run_view(r, &v);
	return tensor_write_values(d->fp, TENSOR_F32, v.grad + L->w1,
	        (uint64_t)(L->b1 - L->w1)) &&
	    tensor_write_values(d->fp, TENSOR_F32, v.grad + L->b1,
	        (uint64_t)(L->w2 - L->b1)) &&
	    tensor_write_values(d->fp, TENSOR_F32, v.grad + L->w2,
	        (uint64_t)(L->b2 - L->w2)) &&
	    tensor_write_values(d->fp, TENSOR_F32, v.grad + L->b2,
	        (uint64_t)(L->n - L->b2)) &&
	    tensor_write_values(d->fp, d->low, v.grad_out,
	        (uint64_t)L->batch * (uint64_t)L->outputs) &&
	    tensor_write_values(d->fp, d->low, v.grad_hidden,
	        (uint64_t)L->batch * (uint64_t)L->hidden) &&
	    tensor_write_values(d->fp, TENSOR_F32, &st->scale, 1);
}

bool
train_dump_close(train_dump *d, const toy_run *r, char *err, size_t errlen)
{
	toy_view v;

	toy_run_view(r, &v);
	bool ok = tensor_write_values(d->fp, d->wdt, v.weights, (uint64_t)d->lay.n);
	ok = fclose(d->fp) == 0 && ok;
	if (!ok)
		snprintf(err, errlen, "%s: cannot write: %s", d->path, strerror(errno));
	free(d);
	return ok;
}

void
train_dump_abort(train_dump *d)
{
	if (d == NULL)
		return;
	if (d->fp) {
		fclose(d->fp);
		remove(d->path);
	}
	free(d);
}
