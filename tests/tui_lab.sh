#!/bin/sh
# tui_lab.sh — the labs of the full-screen UI (`fptutor lab NAME`) driven
# through tmux at 80x24: each lab's first screen, one interaction and its
# result, compared with tests/golden/tui-lab/NAME.screen
# (FPTUTOR_UPDATE_GOLDEN=1 rewrites those that differ, tests/lib.sh;
# review the diff).  Also: q quits with status 0, and the bits lab in the
# C locale draws ASCII only.  Skipped (77) without tmux.
golden_dir=$top_srcdir/tests/golden/tui-lab
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui_lib.sh"

if ! "$FPTUTOR" lab --help >/dev/null 2>&1; then
	echo "tui_lab.sh: skipped: this fptutor has no 'lab' command yet" \
	    "(the full-screen shell has not been merged)" >&2
	exit 77
fi

# Start lab $1 and wait for its title ($2).
lab() {
	if tui_start 80 24 -- lab "$1" && tui_wait "$2"; then
		pass "lab $1 starts"
	else
		fail "lab $1 starts"
		tui_screen | sed 's/^/# /'
	fi
}

# Wait for text $1 after an interaction named $2, then compare golden $2.
step() {
	if tui_wait "$1"; then
		tui_golden "$2"
	else
		fail "screen $2: '$1' never appeared"
		tui_screen | sed 's/^/# /'
	fi
}

quits() {
	tui_keys q
	st=$(tui_exit_status)
	if [ "$st" = 0 ]; then pass "lab $1: q quits, status 0"
	else fail "lab $1: q quits, status 0 (got $st)"; fi
}

# ---- bits: the start, the walk, a typed value, a flipped bit ---------------
lab bits "Lab: bits"
step "neighbours" bits-start
tui_keys Space Space Space Space Space Space Space
step "walk 7/" bits-walk7
# The help in full at 24 rows, the keys of every screen included; b is
# the walk's back here, not the presenter's blank.
tui_keys '?'
tui_wait "Help"
if tui_screen | grep -q "Ctrl-Z" && tui_screen | grep -q " q " &&
    ! tui_screen | grep -q "blank the screen"; then
	pass "lab bits: ? help whole (q, Ctrl-Z), no presenter's b"
else
	fail "lab bits: ? help whole (q, Ctrl-Z), no presenter's b"
	tui_screen | sed 's/^/# /'
fi
tui_keys x
tui_gone "Help"
tui_keys Escape e C-u
tui_type "0.1"
tui_keys Enter
step "value 0.1 " bits-0.1
tui_keys Right Right Right Right Right Enter
step "flipped bit 5 of fp16" bits-flip
tui_type "e"
tui_type "x1"
tui_keys Enter
step "not a number" bits-bad-value
tui_keys C-u
tui_type "1e-6"
tui_keys Enter
step "subnormal, ulp" bits-subnormal
quits bits

# The C locale: ASCII drawing, nothing but 7-bit characters on screen.
if tui_start 80 24 LANG=C LC_ALL=C -- lab bits && tui_wait "neighbours"; then
	tui_keys Space Space
	tui_wait "walk 2/" >/dev/null
	if tui_screen | LC_ALL=C grep -q '[^ -~]'; then
		fail "lab bits in the C locale: ASCII only"
		tui_screen | sed 's/^/# /'
	else
		pass "lab bits in the C locale: ASCII only"
	fi
	tui_golden bits-ascii
else
	fail "lab bits starts in the C locale"
fi

# ---- calc: the start, an expression, the detail view ------------------------
lab calc "Lab: calc"
step "first nonfinite" calc-start
tui_keys C-u
tui_type "exp(12) * 2 - 1e5"
tui_keys Enter
step "inf - inf" calc-exp12
tui_keys C-u
tui_type "1 +"
tui_keys Enter
step "error" calc-error
tui_keys C-u
tui_type "exp(12) * 2"
tui_keys Enter Escape
tui_gone "Ctrl-U clear"
tui_type "v"
step "fp16 in detail" calc-detail
quits calc

# ---- scaler: the start, S halved three times, a new largest gradient ---------
lab scaler "Lab: loss scaling"
step "GradScaler started" scaler-start
tui_keys '?'
tui_wait "Help"
if tui_screen | grep -q "Ctrl-Z"; then
	pass "lab scaler: ? help whole (Ctrl-Z)"
else
	fail "lab scaler: ? help whole (Ctrl-Z)"
	tui_screen | sed 's/^/# /'
fi
tui_keys x
tui_gone "Help"
tui_keys Left Left Left
step "S = 8192" scaler-halved
tui_type "m"
tui_keys C-u
tui_type "1e-3"
tui_keys Enter
step "largest M 1e-3" scaler-largest
quits scaler

# ---- softmax: the start, another dtype, other logits ------------------------
lab softmax "Lab: softmax"
step "Stable" softmax-start
tui_type "d"
step "dtype bf16" softmax-bf16
tui_type "e"
tui_keys C-u
tui_type "[1, 2, 3, 100]"
tui_keys Enter
step "x - max" softmax-logits
quits softmax

# ---- train: runs live with no key pressed, then the summary ------------------
lab train "Lab: training"
if tui_wait "300/300 steps" 30; then
	pass "lab train runs to the end by itself (the shell calls idle)"
else
	fail "lab train runs to the end by itself (the shell calls idle)"
	tui_keys Enter
	tui_wait "300/300 steps" 30
fi
step "done" train-done
tui_type "s"
step "final loss" train-summary
quits train

# ---- inspect: the lessons' toy dump, a tensor chosen, the scale raised ----
if tui_start 80 24 -- lab inspect "$top_srcdir/lessons/data/toy-fp32.safetensors" &&
    tui_wait "Lab: inspect"; then
	pass "lab inspect starts"
else
	fail "lab inspect starts"
	tui_screen | sed 's/^/# /'
fi
step "tensor 1/11" inspect-start
tui_keys Down Down Down Down Down
step "step1.grad_hidden F32" inspect-hidden
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do tui_keys Right; done
step "2^20" inspect-scaled
quits inspect
finish
