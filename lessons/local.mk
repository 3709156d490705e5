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
