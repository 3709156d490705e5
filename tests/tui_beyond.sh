#!/bin/sh
# tui_beyond.sh — values beyond double's range on the screen: the bits lab
# and a lesson's bits block walk 1e400, 0x1p5000 and 1e-400 through their
# exact reading (fp_read_beyond), so the rounding rows show the true
# binary exponent (2^1328, 2^5000) and where the first 1 of a flushed
# value lies (2^-1329), never what a double clamps them to (2^1023 or
# nothing at all).  Golden screens: tests/golden/tui-lab/bits-beyond-*,
# tests/golden/tui/lesson-beyond-*.  Skipped (77) without tmux.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui_lib.sh"
lesson=$top_srcdir/tests/lessons/exact/beyond-double.lesson

# ---- the lab ----------------------------------------------------------------
golden_dir=$top_srcdir/tests/golden/tui-lab
# show VALUE: type VALUE into the lab's field and show it.
show() {
	tui_keys Escape e C-u
	tui_type "$1"
	tui_keys Enter
}
if tui_start 80 24 -- lab bits && tui_wait "neighbours"; then
	show 1e400
	check "lab: 1e400's walk has its true exponent" tui_wait "× 2^1328: above"
	tui_golden bits-beyond-huge
	show 0x1p5000
	check "lab: 0x1p5000's walk has its true exponent" tui_wait "exact 1.0 × 2^5000: above"
	show 1e-400
	check "lab: 1e-400's first 1 is named" tui_wait "first 1 at 2^-1329,"
	# The walk's frames: 16 bits, then the cut, guard/round/sticky, the
	# decision and the flush.
	tui_keys b
	check "lab: 1e-400 walks 16 bits and four rounding stages" \
		tui_wait "walk 20/20"
	tui_golden bits-beyond-tiny
	tui_keys f
	check "lab: fp32 names 1e-400's first 1 too" tui_wait "first 1 at 2^-1329, all cut"
else
	fail "lab bits starts"
fi

# ---- a lesson's bits block ----------------------------------------------------
golden_dir=$top_srcdir/tests/golden/tui
if tui_start 80 24 -- learn "$lesson" && tui_wait "step 1/2"; then
	press_until "1e400 in fp16, bit by bit" Space 3
	i=0
	while [ $i -lt 17 ]; do tui_keys Space; i=$((i + 1)); done
	check "lesson: 1e400's walk in the bits block has 2^1328" \
		tui_wait "exact 1.10110100… × 2^1328"
	tui_golden lesson-beyond-huge
	# 0x1p5000's 18 frames, then 1e-400's 20: its flush is the last.
	i=0
	while [ $i -lt 38 ]; do tui_keys Space; i=$((i + 1)); done
	check "lesson: 1e-400's first 1 in the bits block" \
		tui_wait "first 1 at 2^-1329"
	tui_golden lesson-beyond-tiny
else
	fail "learn beyond-double starts"
fi
finish
