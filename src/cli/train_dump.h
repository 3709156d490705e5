/*
 * train_dump.h — `fptutor train --dump DIR` (train_dump.c): one
 * safetensors file per mode, DIR/MODE.safetensors, with every step's
 * gradients and the final weights.  cmd_train.c opens a dump per mode
 * before the first step, adds each step after it, and closes it after the
 * last; the header is written first (every shape is known before the
 * run), the values streamed after it.
 */
#ifndef FPTUTOR_CLI_TRAIN_DUMP_H
#define FPTUTOR_CLI_TRAIN_DUMP_H

#include <stdbool.h>

#include "train/toy.h"

typedef struct train_dump train_dump;

/* NULL on failure, with a message (naming the file) in err. */
train_dump *train_dump_open(const char *dir, const toy_mode_info *mi,
    const toy_config *cfg, char *err, size_t errlen);
bool train_dump_step(train_dump *d, const toy_run *r, const toy_step *st);
/* Writes the final weights and closes; false on a write error (err). */
bool train_dump_close(train_dump *d, const toy_run *r, char *err, size_t errlen);
/* Closes without finishing (after an error elsewhere). */
void train_dump_abort(train_dump *d);

#endif
