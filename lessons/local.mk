# lessons/local.mk — the shipped lessons (installed under
# $(pkgdatadir)/lessons) and their tests.  Included by Makefile.am.

# The lesson set, in teaching order (interview.lesson, the mock interview,
# is listed in Makefile.am).
dist_lesson_DATA += \
	lessons/anatomy.lesson \
	lessons/overflow.lesson \
	lessons/underflow.lesson \
	lessons/amp-step.lesson \
	lessons/softmax.lesson \
	lessons/range-precision.lesson \
	lessons/comparison.lesson

# Every shipped lesson checks, plays with its model answers, fails with
# wrong ones, matches its golden transcript (tests/golden/lessons) and
# types no number the engine computes.
TESTS += tests/lesson_set.sh tests/lesson_literals.sh
dist_check_SCRIPTS += tests/lesson_set.sh tests/lesson_literals.sh
