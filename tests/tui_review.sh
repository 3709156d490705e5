#!/bin/sh
# tui_review.sh — `fptutor review` full screen, through tmux at 80x24: the
# due items one at a time (a drill and a lesson question), a miss coming
# back in the same sitting, the progress rated as it goes.  Skipped (77)
# without tmux.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui_lib.sh"

on_screen() { tui_screen | grep -qF -- "$1"; }
check() {
	what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; tui_screen | sed 's/^/# /'; fi
}
L=FPTUTOR_LESSON_PATH=$(cd "$top_srcdir/lessons" && pwd)
t0=1767323045
export XDG_STATE_HOME="$tui_state" FPTUTOR_NOW=$t0
export FPTUTOR_LESSON_PATH="${L#*=}"
mkdir -p "$tui_state"

tui_start 80 24 "$L" FPTUTOR_NOW=$t0 -- review
check "nothing due: said so" tui_wait "Nothing is due for review now."
check "nothing due: fresh drills offered" on_screen "d: eight fresh drills"
tui_keys d
check "d: a fresh drill, the first of eight" tui_wait "Item 1 of 8: drill-encode"
check "typing a drill: Esc leaves" on_screen "Esc leave"
tui_keys Escape
check "Esc leaves with status 0" test "$(tui_exit_status)" = 0

printf 'overflow-1-6e372283: no\n' >"$tui_tmp/d"
"$FPTUTOR" drill --answers "$tui_tmp/d" --record >/dev/null
printf 'overflow-bf16: 1\n' >"$tui_tmp/p"
"$FPTUTOR" play overflow -a "$tui_tmp/p" --record >/dev/null
tui_start 80 24 "$L" FPTUTOR_NOW=$t0 -- review
check "the due drill first" tui_wait "is 64 x 128 finite?"
check "two due" tui_wait "Item 1 of 2"
tui_type "no"
tui_keys Enter
check "a wrong drill answer: not passed, explained" tui_wait "x * 128 = 8192"
tui_keys Space
check "then the lesson question, with the answer panel" tui_wait "Question overflow-bf16"
tui_keys Enter
tui_wait "Enter submits"
tui_type "99614720"
tui_keys Enter
check "a right answer passes" tui_wait "PASSED  score 1/1"
tui_keys Space
check "the missed drill comes back in the same sitting" tui_wait "Item 3 of 3"
tui_type "yes"
tui_keys Enter
check "passed this time" tui_wait "Right: yes"
tui_keys Space
check "the end: first answers counted" tui_wait "Review done: 2 of 3 first answers passed"
tui_keys q
check "q quits with status 0 after review" test "$(tui_exit_status)" = 0
l=$("$FPTUTOR" review --list --json)
case $l in
*'"id":"overflow:overflow-bf16"'*'"due_now":false'*) pass "the question rated: not due now" ;;
*) fail "the question rated: not due now: $l" ;;
esac
case $l in
*'"id":"overflow-1-6e372283"'*'"due_now":false'*) pass "the drill relearned: not due now" ;;
*) fail "the drill relearned: not due now: $l" ;;
esac
# Home: how many are due, and R reviews them.
"$FPTUTOR" play overflow -a "$tui_tmp/p" --record >/dev/null
tui_start 80 24 "$L" FPTUTOR_NOW=$t0 --
check "home: the due items counted" tui_wait "1 item due for review: R reviews them"
tui_keys R
check "home: R opens the review" tui_wait "Question overflow-bf16"
tui_keys q
check "q: back home" tui_wait "Lessons"
finish
