/*
 * facts_size.c — the size of a value: "fp16 and fp32 both use 4 bytes
 * per element" is checked against each format's width.
 */
#include <config.h>

#include "fp/fp.h"
#include "grade/facts_int.h"

/* "fp16 and fp32 both use 4 bytes per element": the size of a value of
 * each format its sentence names before the figure (all of them after
 * both, each or all; else any one).  Totals and savings ("16 bytes per
 * parameter with Adam", "saves 2 bytes") are not sizes of one value. */
void
gf_check_bytes(const gtext *tx, size_t i, gfigure *out, size_t *n, size_t max)
{
	static const char *const skip[] = { "adam", "optimizer", "state", "states", "total",
		"plus", "together", "combined", "overall", "copies", "copy", "moments",
		"training", "per-parameter", "master", "activations", "gb", "mb", NULL };
	/* "saves 2 bytes", "2 more bytes", "2 bytes less": a difference */
	static const char *const diff[] = { "saves", "save", "saving", "fewer", "less",
		"more", "extra", "additional", "another", NULL };
	static const char *const all[] = { "both", "each", "all", "either", NULL };
	const gtok *k = &tx->t[i];

	if (i + 1 >= tx->n || !(gf_is(&tx->t[i + 1], "bytes") || gf_is(&tx->t[i + 1], "byte")))
		return;
	size_t cs = i;	/* "bf16 is smaller, at 1 byte a value": the sentence */
	while (cs > 0 && tx->t[cs - 1].sent == k->sent)
		cs--;
	unsigned named = 0;
	int last = GF_NOFMT;
	bool every = false;
	for (size_t j = cs; j < tx->n && tx->t[j].sent == k->sent; j++) {
		if (gf_is_any(&tx->t[j], skip))
			return;
		int f = j < i ? gf_format_of(tx, j) : GF_NOFMT;
		if (f != GF_NOFMT) {
			named |= 1u << f;
			last = f;
		}
		every |= j < i && gf_is_any(&tx->t[j], all);
	}
	for (size_t j = i > 2 ? i - 2 : 0; j < tx->n && j <= i + 3; j++)
		if (gf_is_any(&tx->t[j], diff))
			return;
	if (last == GF_NOFMT || !gf_asserted(tx, i) || gf_negated(tx, i > 3 ? i - 3 : 0, i))
		return;
	/* "bf16 keeps fp32's exponent ... at 2 bytes": of several formats
	 * named, the figure may be any one's, unless it is said of all */
	int wrong = GF_NOFMT;
	for (int id = 0; id < FP_NFORMATS; id++) {
		const fp_format *fmt = fp_format_get((fp_id)id);
		if (!(named & (1u << id)))
			continue;
		if (k->num != fmt->width / 8.0)
			wrong = id;
		else if (!every)
			return;
	}
	if (wrong != GF_NOFMT) {
		const fp_format *fmt = fp_format_get((fp_id)wrong);
		gf_say(out, n, max, i, "a value of %s takes %g byte%s, not %g", fmt->name,
		    fmt->width / 8.0, fmt->width == 8 ? "" : "s", k->num);
	}
}
