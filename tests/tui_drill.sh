#!/bin/sh
# tui_drill.sh — a lesson's @drill blocks in the full-screen tutor, in
# tmux at 80x24: each drill is a question of the step, answered with the
# editor; an answer not of the drill's form is a fresh try with how to
# write it; a wrong one is explained by the engine (the rounding walk, an
# overflow chain step by step); a retry that passes is practice, the
# first try counts; the drills are recorded as drill items, rated by
# their first tries, that review makes again from their ids.  The answers are the engine's: they are read
# from `fptutor play --json` of the same lesson, not typed in here.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/tui_lib.sh"

demo=$top_srcdir/tests/lessons/drill/drill-demo.lesson
L="FPTUTOR_LESSON_PATH=$top_srcdir/lessons"
t0=1767323045

export XDG_STATE_HOME="$tui_state" FPTUTOR_NOW=$t0

# The drill ids of the lesson, from its transcript's JSON, and their
# answers, as `fptutor drill --answers --json` gives them.
"$FPTUTOR" play "$demo" --json >"$tui_tmp/j"
id() { sed -n "${1}p" "$tui_tmp/j" | sed 's/.*"question":"\([^"]*\)".*/\1/'; }
r1=$(id 1) r2=$(id 2) o1=$(id 4)
printf '%s: x\n' "$r1" "$r2" "$o1" | "$FPTUTOR" drill --answers - --json >"$tui_tmp/k"
# answer N: the engine's answer to drill N of those three
answer() { sed -n "${1}p" "$tui_tmp/k" | sed 's/.*"answer":"\([^"]*\)".*/\1/'; }
a1=$(answer 1) a2=$(answer 2) a4=$(answer 3)
a1=${a1%% *} a2=${a2%% *}
case "$r1 $r2 $o1" in
round-2-*' 'round-2-*' 'overflow-3-*) pass "the lesson's drills: $r1 $r2 $o1" ;;
*) fail "the lesson's drills: $r1 $r2 $o1" ;;
esac
case "$a1 $a2 $a4" in
[ud][po]*' '[ud][po]*' '[yn]*) pass "their answers: $a1; $a2; $a4" ;;
*) fail "their answers: $a1; $a2; $a4" ;;
esac
other() { [ "$1" = up ] && echo down || echo up; }

tui_start 80 24 "$L" FPTUTOR_NOW=$t0 -- learn "$demo"
tui_wait "step 1/3"
press_until "Question $r1 (drill)" l 8
check "the block says what it brings" on_screen "2 round drills at level 2 (normal)"
check "a drill is a question, marked" on_screen "▶ Question $r1 (drill)"
check "how to answer it" on_screen "Enter: type up or down"
check "the key bar names it" last_row "Enter answer $r1"

tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "sideways"
tui_keys Enter
check "not of the form: how to write it" \
	tui_wait "'sideways' is not read: answer with up or down"
check "not of the form: the editor stays open" on_screen "Enter submits, Esc"
check "not of the form: not graded" off_screen "NOT PASSED"
tui_keys C-u
tui_type "$a1"
tui_keys Enter
check "the engine's answer passes on the first try" tui_wait "PASSED  score 1/1"

tui_keys Right
press_until "▶ Question $r2 (drill)" l 4
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "$(other "$a2")"
tui_keys Enter
check "a wrong answer: not passed" tui_wait "NOT PASSED  score 0/1"
check "a wrong answer: the engine's rounding walk" on_screen "guard"
check "a wrong answer: the answer said" on_screen "Not yet: the answer is $a2"
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_keys C-u
tui_type "$a2"
tui_keys Enter
check "a retry that passes is practice" \
	tui_wait "PASSED ON RETRY (practice: the first try counts)"

# The overflow chain of step 2: a wrong step named, explained step by step.
tui_keys PageDown
tui_wait "step 2/3"
press_until "▶ Question $o1 (drill)" l 8
check "a chain: how to answer it" on_screen "Enter: type yes, or no and the first step"
tui_keys Enter
tui_wait "Enter submits, Esc"
case $a4 in yes*) wrong="no 1" ;; *) wrong=yes ;; esac
tui_type "$wrong"
tui_keys Enter
check "a chain missed: not passed" tui_wait "NOT PASSED  score 0/1"
check "a chain missed: each step as the engine computed it" on_screen "exp(x) ="
check "a chain missed: the first step not finite named" on_screen "the first step not finite"
tui_keys q
check "q leaves with status 0" test "$(tui_exit_status)" = 0

# The drills answered are drill items, rated by their first tries: the
# one passed first good, the one passed on a retry hard (neither due
# now), the chain missed again (due now, in this sitting).
"$FPTUTOR" review --list --json >"$tui_tmp/list"
item() { grep -F "\"id\":\"$1\"" "$tui_tmp/list"; }
has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }
check "a drill passed first: a drill item of its kind, not due" \
	has "$(item "$r1")" '"kind":"drill","topic":"drill-round","due":'"$((t0 + 3 * 86400))"',"due_now":false'
check "a drill passed on a retry: rated hard, due in a day" \
	has "$(item "$r2")" '"kind":"drill","topic":"drill-round","due":'"$((t0 + 86400))"',"due_now":false'
check "the chain missed: due now" \
	has "$(item "$o1")" '"kind":"drill","topic":"drill-overflow","due":'"$t0"',"due_now":true'
printf '%s: %s\n' "$o1" "$a4" >"$tui_tmp/r"
"$FPTUTOR" review --answers "$tui_tmp/r" >"$tui_tmp/out"
check "review makes the lesson's drill again from its id" \
	grep -q "^$o1: passed" "$tui_tmp/out"
tui_stop
finish
