/*
 * lab.c — the labs' registry: their names (tui_labs) and tui_lab_new().
 * What the labs share is lab_util.c.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tui/lab_int.h"
#include "view/term.h"

const tui_lab_info tui_labs[] = {
	{ "bits", "a value's bits in fp16 and bf16: type it, flip bits, walk them" },
	{ "calc", "an expression traced operation by operation in several dtypes" },
	{ "scaler", "a gradient times the loss scale on fp16's number line" },
	{ "softmax", "naive and stable softmax side by side, logits editable" },
	{ "train", "the toy training run in five precision modes, live" },
	{ "inspect", "a tensor file's histogram on a format's line, the scale moving" },
};
const size_t tui_nlabs = sizeof tui_labs / sizeof tui_labs[0];

static tui_screen *(*const makers[])(void) = {
	lab_bits_new, lab_calc_new, lab_scaler_new, lab_softmax_new,
	lab_train_new, lab_inspect_new,
};

tui_screen *
tui_lab_new(const char *name)
{
	for (size_t i = 0; name && i < tui_nlabs; i++)
		if (strcmp(name, tui_labs[i].name) == 0)
			return makers[i]();
	return NULL;
}
