/* placeholder */
#include <config.h>
#include "cli/cli.h"
#include "cli/review.h"
bool cli_drill_grade_id(const char *id, const char *text, lesson_grade *g) { (void)id; (void)text; (void)g; return false; }
int cli_review_screen(const char *cmd) { cli_err(cmd, "not yet"); return 2; }
static int run(const cli_cmd *c, int argc, char **argv) { (void)c; (void)argc; (void)argv; return 2; }
const cli_cmd cli_cmd_drill = { "drill", "x", "x", "x", run };
