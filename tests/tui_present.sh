#!/bin/sh
# tui_present.sh — presenter mode (`learn --present`) driven in tmux at
# 80x24 as a clicker drives it, on the overflow lesson.  What is checked,
# against the lesson file and `fptutor bits`, not against the player:
#   - PgDn alone, from step 1 to the end: every press changes the screen;
#     every step's title and every question appear; each value of each
#     bits block is walked bit by bit in each of its formats, in at least
#     as many distinct screens as the format has bits;
#   - PgUp alone goes back the same way to the first screen, walking the
#     bits again; Right and Left are PgDn and PgUp;
#   - '.' blanks the screen black and 'w' white, any key brings it back,
#     and neither answers a choice question (b does, as the option B);
#   - a question's verdict waits for v; the key bar and ? show the
#     presenter's keys;
#   - the progress file and its directory are untouched.
. "${top_srcdir:-.}/tests/lib.sh"

if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux is not installed: ./bootstrap installs it"
	exit 77
fi
. "$top_srcdir/tests/tui_lib.sh"
lesson=$top_srcdir/lessons/overflow.lesson
L=FPTUTOR_LESSON_PATH=$top_srcdir/lessons
check() {
	what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# A learner's progress file, made by an ordinary session.
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_keys PageDown PageDown
tui_wait "step 3/6"
tui_keys q
tui_exit_status >/dev/null
prog=$tui_state/fptutor/progress
[ -s "$prog" ] && pass "a progress file to leave alone" || fail "no progress file made"
ls -la --time-style=full-iso "$tui_state/fptutor" >"$tui_tmp/before"
cksum "$prog" >>"$tui_tmp/before"

tui_start 80 24 "$L" -- learn --present overflow
check "present: it starts at step 1, not where the learner stopped" tui_wait "step 1/6"
check "present: the key bar shows the clicker's keys" tui_wait "PgDn next  PgUp back"
check "present: the key bar shows the blank keys" tui_wait ". w blank"
tui_keys '?'
check "present: ? shows the presenter's keys" tui_wait "Presenter mode (what a clicker sends)"
tui_keys x
tui_gone "Presenter mode (what a clicker sends)"

# Right and Left are PgDn and PgUp.
tui_screen >"$tui_tmp/s0"
tui_keys Right
tui_changed "$tui_tmp/s0"
tui_screen >"$tui_tmp/right"
tui_keys Left
tui_changed "$tui_tmp/right"
tui_screen | cmp -s - "$tui_tmp/s0" && pass "present: Left undoes Right" ||
	fail "present: Left does not go back to the first screen"
tui_keys PageDown
tui_changed "$tui_tmp/s0"
tui_screen | cmp -s - "$tui_tmp/right" && pass "present: Right is PgDn" ||
	fail "present: Right and PgDn differ"
tui_keys PageUp
tui_changed "$tui_tmp/right"

# At the choice question overflow-scale: '.' and 'w' answer nothing, b
# does (it is option B), and the verdict waits for v.
at_choice() {
	tui_screen >"$tui_tmp/question"
	tui_keys .
	check "present: . blanks the screen" tui_gone "fptutor"
	tui_screen | grep -q '[^ ]' && fail "present: the black screen is not empty" ||
		pass "present: the black screen is empty"
	tui_keys x
	tui_wait "Question overflow-scale "
	tui_screen | cmp -s - "$tui_tmp/question" &&
		pass "present: a key brings the screen back, unanswered" ||
		fail "present: after . the question screen changed"
	tui_keys w
	check "present: w blanks the screen" tui_gone "fptutor"
	tui_keys x
	tui_wait "Question overflow-scale "
	tui_screen | cmp -s - "$tui_tmp/question" && pass "present: w answers nothing" ||
		fail "present: after w the question screen changed"
	tui_keys b
	check "present: b answers the question (it is option B)" tui_wait "hidden: v shows them"
	check "present: the verdict waits for v" sh -c \
	    "! tmux -S '$tui_sock' capture-pane -p -t t | grep -q 'PASSED'"
	tui_keys v
	check "present: v shows the verdict" tui_wait "PASSED"
	tui_golden present-verdict
}

# Forward with PgDn alone, to the end of the lesson.  (tui_lib.sh's
# helpers use $n: the counters here have names of their own.)
fwd=0
dead=0
choice=no
numeric=no
mkdir "$tui_tmp/fwd" "$tui_tmp/back"
tui_screen >"$tui_tmp/fwd/0"
while [ $fwd -lt 400 ] && ! grep -q "The end of the lesson" "$tui_tmp/fwd/$fwd"; do
	# A numeric question's key bar is the longest: cut down to fit, it
	# keeps v show, and q quit is always there whole.
	if [ $numeric = no ] && grep -q "Question overflow-bf16 " "$tui_tmp/fwd/$fwd"; then
		numeric=yes
		tail -n 1 "$tui_tmp/fwd/$fwd" | grep -q "Enter answer  v show .* q quit\$" &&
			pass "present: a numeric question's key bar: Enter, v, and q whole" ||
			fail "present: the numeric question's key bar: $(tail -n 1 "$tui_tmp/fwd/$fwd")"
	fi
	if [ $choice = no ] && grep -q "Question overflow-scale " "$tui_tmp/fwd/$fwd"; then
		choice=yes
		at_choice
	fi
	tui_screen >"$tui_tmp/cur"
	tui_keys PageDown
	if ! tui_changed "$tui_tmp/cur" 5; then
		dead=$((dead + 1))
		tui_tmux has-session -t t 2>/dev/null || { fail "present: tmux went away"; break; }
	fi
	fwd=$((fwd + 1))
	tui_screen >"$tui_tmp/fwd/$fwd"
done
[ $choice = yes ] || fail "present: PgDn never showed the question overflow-scale"
grep -q "The end of the lesson" "$tui_tmp/fwd/$fwd" &&
	pass "present: PgDn reaches the end in $fwd presses" ||
	fail "present: PgDn did not reach the end in $fwd presses"
[ $dead -eq 0 ] && pass "present: every PgDn changes the screen" ||
	fail "present: $dead PgDn presses changed nothing"
cat "$tui_tmp"/fwd/* >"$tui_tmp/fwd.all"
sed -n 's/^@step //p' "$lesson" | while read -r title; do
	grep -qF "$title" "$tui_tmp/fwd.all" && echo "ok $title" || echo "missing $title"
done >"$tui_tmp/steps"
grep -q '^missing' "$tui_tmp/steps" && fail "present: step titles not shown: $(grep '^missing' "$tui_tmp/steps" | tr '\n' ' ')" ||
	pass "present: every step's title is shown ($(grep -c '^ok' "$tui_tmp/steps"))"
for q in $(sed -n 's/^@question \([a-z0-9-]*\) .*/\1/p' "$lesson"); do
	grep -q "Question $q " "$tui_tmp/fwd.all" && pass "present: question $q is shown" ||
		fail "present: question $q is never shown"
done

# Every bit of every walk: for each value and format of the bits blocks,
# the screens headed "V in F, bit by bit" are at least F's width.
walks() {
	dir=$1
	sed -n 's/^@bits //p' "$lesson" | while read -r fmts values; do
		for v in $values; do
			for f in $(echo "$fmts" | tr ',' ' '); do
				hex=$("$FPTUTOR" bits --json -f "$f" "$v" | sed -n 's/.*"bits":"0x\([0-9a-f]*\)".*/\1/p')
				width=$(( ${#hex} * 4 ))
				seen=$(for s in "$dir"/*; do
					grep -q "^ $v in $f, bit by bit" "$s" && cksum <"$s"
				done | sort -u | wc -l)
				echo "$v $f $width $seen"
			done
		done
	done
}
walks "$tui_tmp/fwd" | while read -r v f width seen; do
	[ "$seen" -ge "$width" ] && echo "ok $v in $f: $seen screens for $width bits" ||
		echo "short $v in $f: $seen screens for $width bits"
done >"$tui_tmp/walks"
nw=$(grep -c . "$tui_tmp/walks")
[ "$nw" -ge 3 ] && ! grep -q '^short' "$tui_tmp/walks" &&
	pass "present: PgDn walks every bit of $nw walks" ||
	fail "present: walks: $(tr '\n' ';' <"$tui_tmp/walks")"

# Back with PgUp alone, to the first screen.
bk=0
cp "$tui_tmp/fwd/$fwd" "$tui_tmp/back/0"
while [ $bk -lt 400 ] && ! cmp -s "$tui_tmp/back/$bk" "$tui_tmp/fwd/0"; do
	tui_keys PageUp
	tui_changed "$tui_tmp/back/$bk" 5 || break	# also when tmux went away
	bk=$((bk + 1))
	tui_screen >"$tui_tmp/back/$bk"
done
cmp -s "$tui_tmp/back/$bk" "$tui_tmp/fwd/0" &&
	pass "present: PgUp returns to the first screen in $bk presses" ||
	fail "present: PgUp did not return to the first screen ($bk presses)"
walks "$tui_tmp/back" | while read -r v f width seen; do
	[ "$seen" -ge "$width" ] || echo "short $v in $f: $seen for $width"
done >"$tui_tmp/bwalks"
[ -s "$tui_tmp/bwalks" ] && fail "present: PgUp skips bits: $(cat "$tui_tmp/bwalks")" ||
	pass "present: PgUp walks every bit back"
cat "$tui_tmp"/back/* >"$tui_tmp/back.all"
for q in $(sed -n 's/^@question \([a-z0-9-]*\) .*/\1/p' "$lesson"); do
	grep -q "Question $q " "$tui_tmp/back.all" || echo "$q"
done >"$tui_tmp/bq"
[ -s "$tui_tmp/bq" ] && fail "present: PgUp skips questions: $(cat "$tui_tmp/bq")" ||
	pass "present: PgUp passes every question"

tui_keys q
tui_exit_status >/dev/null

# White, seen where tmux can show it: without colours the screen is
# reverse-video spaces (with colours the terminal's erase paints it, which
# a capture does not show).
tui_start 80 24 "$L" NO_COLOR=1 -- learn --present overflow
tui_wait "step 1/6"
tui_keys w
tui_gone "fptutor"
# (a capture names an attribute where it starts: once, on the first row;
# the rows after it are kept whole, 80 spaces, only when painted)
tui_tmux capture-pane -e -J -p -t t >"$tui_tmp/white"
first=$(head -n 1 "$tui_tmp/white" | grep -c "^$(printf '\033')\[[0-9;]*7m")
rows=$(sed "s/$(printf '\033')\[[0-9;]*m//g" "$tui_tmp/white" | grep -c '^ \{80\}$')
[ "$first" -eq 1 ] && [ "$rows" -eq 24 ] &&
	pass "present: w paints every row white (reverse video)" ||
	fail "present: w: reverse from the first row: $first; painted rows: $rows of 24"
tui_keys x
tui_wait "step 1/6"
tui_keys q
tui_exit_status >/dev/null

ls -la --time-style=full-iso "$tui_state/fptutor" >"$tui_tmp/after"
cksum "$prog" >>"$tui_tmp/after"
if cmp -s "$tui_tmp/before" "$tui_tmp/after"; then
	pass "present: the progress file and its directory are untouched"
else
	fail "present: the progress directory changed"
	diff "$tui_tmp/before" "$tui_tmp/after" | sed 's/^/# /'
fi
finish
