# src/lesson/local.mk — the lesson language, the one door to lessons
# (find, load, report: src/lesson/lesson.h), the player and the graders
# of every question type (src/lesson/player.h, grade_text.h).
# source → parse → validate → model; computed values; the player.
# Every diagnostic's text is an entry of msg.def (the table: msg.c).
src_libfptutor_a_SOURCES += \
	src/lesson/lesson.h \
	src/lesson/player.h \
	src/lesson/grade_text.h \
	src/lesson/priv.h \
	src/lesson/msg.h \
	src/lesson/msg.def \
	src/lesson/utf8.c \
	src/lesson/msg.c \
	src/lesson/diag.c \
	src/lesson/source.c \
	src/lesson/parse_text.c \
	src/lesson/parse.c \
	src/lesson/parse_q.c \
	src/lesson/validate_util.c \
	src/lesson/validate.c \
	src/lesson/validate_block.c \
	src/lesson/validate_drill.c \
	src/lesson/validate_params.c \
	src/lesson/value.c \
	src/lesson/plot.c \
	src/lesson/model.c \
	src/lesson/find.c \
	src/lesson/open.c \
	src/lesson/suggest.c \
	src/lesson/clash.c \
	src/lesson/player.c \
	src/lesson/record.c \
	src/lesson/grade_closed.c \
	src/lesson/grade_text.c \
	src/lesson/class.h \
	src/lesson/class_read.c \
	src/lesson/class.c
