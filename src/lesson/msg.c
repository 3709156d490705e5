/*
 * msg.c — the table of lesson diagnostics, indexed by enum lesson_msg:
 * each message's severity, its text (a printf format) and its name, all
 * from msg.def.  diag.c formats a message from here; tests read the table
 * to check each text and that a golden file shows it.
 */
#include <config.h>

#include "lesson/lesson.h"

static const struct lesson_msgdef {
	lesson_severity sev;
	const char *text;
	const char *name;
} msgs[LMSG__COUNT] = {
#define LMSG(name, sev, text) \
	[LMSG_##name] = { LESSON_##sev, lesson_msgtext_LMSG_##name, "LMSG_" #name },
#include "lesson/msg.def"
#undef LMSG
};

/* Out of range is a caller's bug: an error with a text that says so. */
static const struct lesson_msgdef bad = { LESSON_ERROR, "(no such message)", "" };

static const struct lesson_msgdef *
def(lesson_msg m)
{
	return (unsigned)m < LMSG__COUNT ? &msgs[m] : &bad;
}

lesson_severity
lesson_msg_severity(lesson_msg m)
{
	return def(m)->sev;
}

const char *
lesson_msg_text(lesson_msg m)
{
	return def(m)->text;
}

const char *
lesson_msg_name(lesson_msg m)
{
	return def(m)->name;
}
