/*
 * shared_none.c — no shared entries: what shared_gen links in place of
 * the tables it is about to write (the rubric compiler names them, for
 * `shared:` lines, which shared.c's own lines do not use).
 */
#include <config.h>

#include "grade/grade_int.h"

const gshared_table grade_shared_table = { .text = "" };
