/*
 * bits.h — `fptutor bits`: bits.c reads options and values; each result is
 * shown by the text view (src/ui/bits_text.c) or bits_json.c.
 */
#ifndef FPTUTOR_CLI_BITS_H
#define FPTUTOR_CLI_BITS_H

#include "fp.h"
#include "ui/text.h"

typedef ui_bits_item bits_item;

void bits_show_json(const bits_item *it);
/* Write s as a JSON string literal (with quotes) to stdout. */
void bits_json_str(const char *s);

#endif
