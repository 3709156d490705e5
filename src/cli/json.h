/*
 * json.h — the commands' JSON output (json.c): a string literal for any
 * command, and the object of one `fptutor bits` result (cmd_bits.c reads
 * the options and values; the text view is src/view/bits_text.c).
 */
#ifndef FPTUTOR_CLI_JSON_H
#define FPTUTOR_CLI_JSON_H

#include "fp/fp.h"
#include "view/bits_text.h"

typedef view_bits_item bits_item;

void bits_show_json(const bits_item *it);
/* Write s as a JSON string literal (with quotes) to stdout. */
void cli_json_str(const char *s);

#endif
