# lessons/local.mk — the shipped lessons, installed under
# $(pkgdatadir)/lessons, in teaching order.
dist_lesson_DATA += \
	lessons/anatomy.lesson \
	lessons/overflow.lesson \
	lessons/underflow.lesson \
	lessons/amp-step.lesson \
	lessons/softmax.lesson \
	lessons/range-precision.lesson \
	lessons/comparison.lesson \
	lessons/interview.lesson
# Data the lessons show (an @inspect block names it relative to its
# lesson): the toy run's first step in fp32, written by
# `fptutor train --mode fp32 --steps 1 --dump DIR` (tests/inspect.sh
# checks that it still is what that command writes).
lessondatadir = $(lessondir)/data
dist_lessondata_DATA = lessons/data/toy-fp32.safetensors
