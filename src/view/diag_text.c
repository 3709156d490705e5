/*
 * diag_text.c — a lesson's diagnostics as text, one per line, the way
 * compilers and mandoc write them: "FILE:LINE:COL: error: message" (or
 * "FILE: error: message" for what has no line).  Every command that loads
 * a lesson, and the full-screen tutor after it restores the terminal,
 * prints them through here.
 */
#include <config.h>

#include <stdio.h>

#include "view/lesson_text.h"

void
view_lesson_diags(FILE *fp, const char *prog, const char *cmd,
    const lesson_diags *d)
{
	fflush(stdout);
	for (size_t i = 0; i < d->n; i++) {
		const lesson_diag *e = &d->v[i];
		if (e->line > 0)
			fprintf(fp, "%s:%d:%d: %s: %s\n", e->file, e->line,
			    e->col > 0 ? e->col : 1, lesson_severity_name(e->sev), e->msg);
		else
			fprintf(fp, "%s: %s: %s\n", e->file,
			    lesson_severity_name(e->sev), e->msg);
	}
	if (d->stopped)
		fprintf(fp, "%s: %s: too many diagnostics: only the first %d are "
		    "shown\n", prog, cmd, LESSON_MAX_DIAGS);
}
