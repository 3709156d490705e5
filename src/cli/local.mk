# src/cli/local.mk — the program: the command table (main.c), how
# commands read their options (opts.c) and report (report.c), JSON
# output (json.c), and one file per subcommand (cmd_NAME.c).
src_fptutor_SOURCES += \
	src/cli/cli.h \
	src/cli/main.c \
	src/cli/report.c \
	src/cli/opts.c \
	src/cli/json.h \
	src/cli/json.c \
	src/cli/scaler_cli.h \
	src/cli/scaler_json.c \
	src/cli/cmd_bits.c \
	src/cli/cmd_calc.c \
	src/cli/cmd_scaler.c \
	src/cli/cmd_train.c \
	src/cli/train_dump.h \
	src/cli/train_dump.c \
	src/cli/cmd_inspect.c \
	src/cli/cmd_lessons.c \
	src/cli/cmd_play.c \
	src/cli/cmd_grade.c \
	src/cli/cmd_check_lesson.c \
	src/cli/cmd_learn.c
# The one object that uses FPTUTOR_LESSONDIR is rebuilt when configure
# changes the prefix.
src/cli/fptutor-main.$(OBJEXT): Makefile
