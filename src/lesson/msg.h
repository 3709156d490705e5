/*
 * msg.h — the names of the lesson diagnostics: enum lesson_msg has one
 * value LMSG_NAME per entry of msg.def, whose table (severity, text) msg.c
 * keeps.  Included by lesson.h; lesson.h declares the table's accessors and
 * lesson_diag_add().
 *
 * The compiler checks each call's arguments against the entry's text:
 * LESSON_MSG_CHECK(LMSG_NAME, args...) passes them, with the text, to a
 * printf-like function that is declared and never defined, inside sizeof,
 * so nothing is called and nothing is emitted.  Each text is also a const
 * array of its own here because GCC and Clang read such an array's
 * initializer as a format.  The functions that take a message are called
 * through macros that do this check (lesson_diag_add in lesson.h,
 * lesson_pdiag and lesson_vdiag in priv.h); the enum value must be written
 * out as the first of the variadic arguments.
 */
#ifndef FPTUTOR_LESSON_MSG_H
#define FPTUTOR_LESSON_MSG_H

typedef enum lesson_msg {
#define LMSG(name, sev, text) LMSG_##name,
#include "lesson/msg.def"
#undef LMSG
	LMSG__COUNT
} lesson_msg;

#define LMSG(name, sev, text) static const char lesson_msgtext_LMSG_##name[] = text;
#include "lesson/msg.def"
#undef LMSG

void lesson_msg_check(const char *text, ...) __attribute__((format(printf, 1, 2)));
#define LESSON_MSG_CHECK(...) \
	((void)sizeof(lesson_msg_check(lesson_msgtext_##__VA_ARGS__), 0))

#endif
