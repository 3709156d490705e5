#!/bin/sh
# review.sh — spaced review end to end: scripted play and drill record
# only with --record; a wrong answer recorded is due now; a right review
# answer makes it not due now; a clock past its interval makes it due
# again; an answer to an item not due is said so and not rated; review
# --stats counts first tries; a lesson's drills are drill items.  Each run has its own state
# directory, the clock is FPTUTOR_NOW, lessons come from tests/lessons.
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-review.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
XDG_STATE_HOME=$tmp/state
FPTUTOR_LESSON_PATH=$(cd "$top_srcdir/tests/lessons" && pwd)
export XDG_STATE_HOME FPTUTOR_LESSON_PATH
t0=1767323045
day=86400

# check TEXT COMMAND...: pass when the command succeeds.
check() {
	what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}
# The --list --json line of item $1 at time $2.
item() { FPTUTOR_NOW=$2 $FPTUTOR review --list --json | grep -F "\"id\":\"$1\""; }
has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }

printf 'range-bias: 126\nrange-eps: 0.0078125\n' >"$tmp/a"
FPTUTOR_NOW=$t0 $FPTUTOR play fp16-range -a "$tmp/a" --json >/dev/null
check "play without --record records nothing" test ! -e "$XDG_STATE_HOME/fptutor/progress"
FPTUTOR_NOW=$t0 $FPTUTOR play fp16-range -a "$tmp/a" --json --record >/dev/null
check "play --record: exit 1 (a miss)" test $? -eq 1
l=$(item fp16-range:range-bias $t0)
check "a wrong recorded answer is due now" has "$l" '"kind":"question","topic":"fp16-range","due":1767323045,"due_now":true'
l=$(item fp16-range:range-eps $t0)
check "a right one is due in 3 days (FSRS-5, good)" has "$l" "\"due\":$((t0 + 3 * day)),\"due_now\":false"
check "an unanswered question is not scheduled" test -z "$(item fp16-range:range-wider $t0)"

printf 'fp16-range:range-bias: 127\n' >"$tmp/r"
FPTUTOR_NOW=$((t0 + 600)) $FPTUTOR review --answers "$tmp/r" --json >"$tmp/out"
check "review --answers: a right answer exits 0" test $? -eq 0
check "review --answers --json: rated, pass" grep -q '"id":"fp16-range:range-bias","kind":"question","answer":"127","rated":true,"pass":true' "$tmp/out"
l=$(item fp16-range:range-bias $((t0 + 600)))
check "a right review answer: not due now" has "$l" '"due_now":false'
due=$(printf '%s\n' "$l" | sed 's/.*"due":\([0-9]*\).*/\1/')
l=$(item fp16-range:range-bias "$due")
check "FPTUTOR_NOW at its interval: due again" has "$l" '"due_now":true'
l=$(item fp16-range:range-bias $((due - 1)))
check "a second before: not due" has "$l" '"due_now":false'

# An answer to an item not due: said so, neither graded nor rated (a
# wrong answer does not fail the run, the schedule stays).
before=$(item fp16-range:range-bias $((due - 1)))
printf 'fp16-range:range-bias: 1\n' >"$tmp/early"
FPTUTOR_NOW=$((due - 1)) $FPTUTOR review --answers "$tmp/early" >"$tmp/out"
check "not due: the run exits 0" test $? -eq 0
check "not due: said so" grep -q '^fp16-range:range-bias: not due until .*: not graded, not rated\.$' "$tmp/out"
check "not due: not graded" sh -c "! grep -q 'passed' '$tmp/out'"
check "not due: the schedule unchanged" test "$(item fp16-range:range-bias $((due - 1)))" = "$before"
FPTUTOR_NOW=$((due - 1)) $FPTUTOR review --answers "$tmp/early" --json >"$tmp/out"
check "not due --json: rated false" grep -qx '{"id":"fp16-range:range-bias","kind":"question","answer":"1","rated":false,"due":'"$due"',"due_now":false}' "$tmp/out"
check "not due --json: the schedule unchanged" test "$(item fp16-range:range-bias $((due - 1)))" = "$before"

printf 'fp16-range:range-bias: 1\n' >"$tmp/w"
FPTUTOR_NOW=$due $FPTUTOR review --answers "$tmp/w" >"$tmp/out"
check "review --answers: a wrong answer exits 1" test $? -eq 1
check "a missed review comes back in the same sitting" grep -q 'next: again in this sitting' "$tmp/out"

FPTUTOR_NOW=$due $FPTUTOR review --stats --json >"$tmp/out"
check "review --stats --json: first tries per topic" grep -qx '{"topic":"fp16-range","items":2,"tries":3,"first_try_passes":1,"accuracy":0.3333,"solid":0,"due_now":1}' "$tmp/out"

printf 'nope: 1\n' >"$tmp/u"
$FPTUTOR review --answers "$tmp/u" 2>"$tmp/err" >/dev/null
check "an unknown item is a warning naming it" grep -q "1:1: warning: no item 'nope' to answer" "$tmp/err"
$FPTUTOR review </dev/null >/dev/null 2>&1
check "review without a terminal: usage error" test $? -eq 2
$FPTUTOR review --list --stats >/dev/null 2>&1
check "--list and --stats together: usage error" test $? -eq 2
# Drills: recorded only with --record; a miss is due now; the review
# of a drill item regrades it by its id.
printf 'overflow-1-6e372283: no\n' >"$tmp/d"
FPTUTOR_NOW=$t0 $FPTUTOR drill --answers "$tmp/d" >/dev/null
check "drill --answers without --record records nothing" test -z "$(item overflow-1-6e372283 $t0)"
FPTUTOR_NOW=$t0 $FPTUTOR drill --answers "$tmp/d" --record >/dev/null
check "drill --record: a miss exits 1" test $? -eq 1
l=$(item overflow-1-6e372283 $t0)
check "a missed drill is a due drill item" has "$l" '"kind":"drill","topic":"drill-overflow","due":1767323045,"due_now":true'
printf 'overflow-1-6e372283: yes\n' >"$tmp/d"
FPTUTOR_NOW=$((t0 + 60)) $FPTUTOR review --answers "$tmp/d" >"$tmp/out"
check "review regrades the drill by its id" grep -q '^overflow-1-6e372283: passed' "$tmp/out"
l=$(item overflow-1-6e372283 $((t0 + 60)))
check "a right drill review: not due now" has "$l" '"due_now":false'
# A lesson's @drill questions, recorded by play, are drill items of their
# kind, made again from their ids alone.
printf 'round-2-8fa38868: up\nround-2-8ecfec12: up\n' >"$tmp/ld"
FPTUTOR_NOW=$t0 $FPTUTOR play "$top_srcdir/tests/lessons/drill/drill-demo.lesson" \
    -a "$tmp/ld" --record >/dev/null
l=$(item round-2-8fa38868 $t0)
check "a lesson's drill missed: a due drill item" has "$l" '"kind":"drill","topic":"drill-round","due":1767323045,"due_now":true'
l=$(item round-2-8ecfec12 $t0)
check "a lesson's drill passed: not due now" has "$l" '"kind":"drill","topic":"drill-round"'
check "a lesson's drill passed: not due now" has "$l" '"due_now":false'
check "its other drills, not answered, not scheduled" test -z "$(item overflow-3-0e188e4c $t0)"
finish
