#!/bin/sh
# tui_answer.sh — answering in the full-screen tutor, in tmux at 80x24
# (tests/tui_lib.sh): the question the keys answer is marked and named,
# moving past an unanswered question is said once, text the grader cannot
# read is a fresh try, R after a pass keeps the pass, a long feedback can
# be read to its end, pastes (bracketed, and as a burst of keys) are text
# and are capped, the paste mode is off again in the shell (after q and
# after Ctrl-Z), and progress the store refuses is said on screen.
. "${top_srcdir:-.}/tests/lib.sh"

if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux is not installed: ./bootstrap installs it"
	exit 77
fi
. "$top_srcdir/tests/tui_lib.sh"

lessons=$top_srcdir/lessons
demo=$top_srcdir/tests/lessons/overflow-demo.lesson
L="FPTUTOR_LESSON_PATH=$lessons"

# paste FILE: the file as the terminal pastes it (bracketed when the
# program asked for it)
paste_file() {
	tui_tmux load-buffer -b p "$1" && tui_tmux paste-buffer -p -r -d -b p -t t
}

# ---- two questions on one step: the current one marked and named ------------
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn "$demo"
tui_wait "step 1/4"
press_until "Question demo-max-fp16" l 8
check "current: the numeric question is marked" on_screen "▶ Question demo-max-fp16"
check "current: the key bar names it" last_row "Enter answer demo-max-fp16"
# -> past it, unanswered: said once, and the player stays.
tui_keys Right
check "skip: said once" tui_wait "demo-max-fp16 is not answered: Enter answers it"
check "skip: still at the question" on_screen "▶ Question demo-max-fp16"
tui_keys Right
check "skip: -> again moves on" tui_wait "▶ Question demo-max-bits"
check "skip: the earlier question no longer marked" sh -c \
    "! tmux -S '$tui_sock' capture-pane -p -t t | grep -F -q '▶ Question demo-max-fp16'"
check "skip: the earlier question still shown" on_screen "  Question demo-max-fp16"
check "skip: the key bar follows" last_row "Enter answer demo-max-bits"
check "skip: nothing said at the next one yet" off_screen "is not answered"

# ---- text the grader cannot read: how to write it, and a fresh try -----------
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "65504"
tui_keys Enter
check "bits: a decimal is not a pattern" \
	tui_wait "'65504' is not a 16-bit pattern of fp16: write it in hex"
check "bits: the editor stays open" on_screen "Enter submits, Esc"
check "bits: not graded" off_screen "NOT PASSED"
tui_keys C-u
tui_type "0111101111111111"
tui_keys Enter
check "bits: the binary pattern passes" tui_wait "PASSED  score 1/1"
check "bits: the format message gone" off_screen "is not a 16-bit pattern"
tui_keys q
tui_exit_status >/dev/null

rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_wait "Question overflow-bf16"
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "73%"
tui_keys Enter
check "numeric: '73%' is a format message" \
	tui_wait "'73%' is not a number: write it as 65504, 1e-8 or inf"
check "numeric: not graded" off_screen "NOT PASSED"
tui_keys Escape
tui_gone "Enter submits, Esc"
check "numeric: after Esc nothing recorded" on_screen "Enter: type a number."
# An unread answer is no attempt: the summary says "not answered".
tui_keys End
tui_wait "step 6/6"
press_until "The end of the lesson" l 12
check "numeric: no attempt counted" sh -c \
    "tmux -S '$tui_sock' capture-pane -p -t t | grep -q 'overflow-bf16 .* not answered'"
tui_keys q
tui_exit_status >/dev/null

# ---- R after a pass keeps the pass ----------------------------------------------
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn "$demo"
tui_wait "step 1/4"
tui_keys PageDown
tui_wait "step 2/4"
tui_keys l l
tui_wait "Press the letter"
tui_keys a
check "R: a passes first" tui_wait "PASSED  score 1/1"
tui_keys R
check "R: the model answer shown" tui_wait "Model answer:"
check "R: still passed" on_screen "PASSED  score 1/1"
check "R: no NOT PASSED" off_screen "NOT PASSED"
# The summary's columns line up (its ids are 13 to 17 wide): the verdicts
# start in one column.
tui_keys End
tui_wait "step 4/4"
press_until "The end of the lesson" l 12
# The summary's columns line up: the status column starts at one place.
tui_screen | grep -E ' [0-9.]+/[0-9]+$' >"$tui_tmp/sum"
cols=$(sed -E 's/(not answered|not passed|passed) .*//' "$tui_tmp/sum" |
	awk '{ print length($0) }' | sort -u | wc -l)
check "R: the summary keeps the pass" sh -c \
    "tmux -S '$tui_sock' capture-pane -p -t t | grep -Eq 'demo-overflow +[a-z ]+ passed'"
check "summary: one column for the verdicts ($(wc -l <"$tui_tmp/sum") rows)" \
	test "$cols" = 1 -a "$(wc -l <"$tui_tmp/sum")" -ge 4
tui_keys q
tui_exit_status >/dev/null

# ---- a long feedback: more below, and readable to its last line ---------------
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_keys End
tui_wait "step 6/6"
press_until "Question overflow (free text)" l 6
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "The loss is inf because the product overflows in the backward pass and the gradient scaler should be raised to fix it, since scaling up helps underflow and overflow alike."
tui_keys Enter
tui_wait "NOT PASSED"
tui_keys H
tui_wait "Hint 1:"
tui_keys R
check "long feedback: more below is marked" tui_wait "↓ more ↓"
check "long feedback: the verdict in view" on_screen "NOT PASSED"
# The grader's last point (it used to be cut at 600 bytes), then the
# model answer's last words.
press_until "give the exact product" Down 30
check "long feedback: Down reaches its last point" on_screen "give the exact product"
tui_keys Space
check "long feedback: space shows the rest" tui_wait "Model answer:"
check "long feedback: to the end" tui_gone "↓ more ↓"
check "long feedback: still the question" on_screen "step 6/6"
tui_keys q
tui_exit_status >/dev/null

# ---- pastes ---------------------------------------------------------------------
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_wait "Question overflow-bf16"
# Pasted with no editor open: refused whole, not run as keys (q quits).
printf 'q' >"$tui_tmp/q"
paste_file "$tui_tmp/q"
check "paste outside an editor: refused" tui_wait "A paste is text for an answer"
check "paste outside an editor: nothing run" on_screen "step 1/6"
tui_keys Enter
tui_wait "Enter submits, Esc"
# ESC, tab and line breaks inside a paste are text: nothing cancels,
# reveals or quits.
printf 'The product overflows fp16\033Rq\r\nand\tthen R q' >"$tui_tmp/esc"
paste_file "$tui_tmp/esc"
check "paste: ESC, CR LF and tab are text" \
	tui_wait "The product overflows fp16Rq and then R q"
check "paste: still in the editor" on_screen "Enter submits, Esc"
check "paste: nothing revealed" off_screen "Model answer"
tui_keys C-u
# A paste over 1 MiB lands at once, cut at the answer's cap with a message.
head -c 1048576 /dev/zero | tr '\0' x | fold -w 64 >"$tui_tmp/big"
printf 'end of the paste\n' >>"$tui_tmp/big"
t0=$(date +%s%N)
paste_file "$tui_tmp/big"
check "paste 1 MB: cut with a message" tui_wait "The paste was cut: an answer holds at most 2000 bytes"
t1=$(date +%s%N)
echo "# a paste of $(wc -c <"$tui_tmp/big") bytes landed in $(( (t1 - t0) / 1000000 )) ms"
check "paste 1 MB: the editor holds the start" on_screen "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
check "paste 1 MB: its end left out" off_screen "end of the paste"
check "paste 1 MB: still in the editor" on_screen "Enter submits, Esc"
tui_keys Escape
check "paste 1 MB: Esc still cancels" tui_gone "Enter submits, Esc"
tui_keys q
check "paste: q quits with status 0" status_is 0

# ---- the paste mode is off in the shell: after q and after Ctrl-Z -------------
shell() {	# a session running sh -i
	rm -rf "$tui_state"
	mkdir -p "$tui_state"
	tui_server 80 24 "env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 \
LC_ALL=C.UTF-8 XDG_STATE_HOME='$tui_state' FPTUTOR_LESSON_PATH='$lessons' \
PS1='$ ' sh -i"
	tui_wait '$'
}
printf 'pasted' >"$tui_tmp/word"
# cat -v shows the marks a terminal still in paste mode would wrap a
# paste in: ^[[200~pasted^[[201~.
pasted_plain() {
	tui_type "cat -v"
	tui_keys Enter
	paste_file "$tui_tmp/word"
	tui_keys Enter
	tui_wait "pasted" && off_screen "200~"
	r=$?
	tui_keys C-c
	# and back at the prompt before the next command is typed (typed
	# while cat still read, it went to cat and was lost with it)
	at_prompt || r=1
	return $r
}
# The last line written is the shell's bare prompt.
at_prompt() {
	n=600
	while [ "$n" -gt 0 ]; do
		[ "$(tui_screen | grep -v '^$' | tail -n 1)" = '$' ] && return 0
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}
shell
tui_type "'$FPTUTOR' learn overflow; echo status=\$?"
tui_keys Enter
tui_wait "step 1/6"
tui_keys q
check "q: back at the shell" tui_wait "status=0"
check "q: paste mode off" pasted_plain
tui_type "'$FPTUTOR' learn overflow"
tui_keys Enter
tui_wait "step 1/6"
tui_keys C-z
check "Ctrl-Z: stopped" tui_wait "Stopped"
check "Ctrl-Z: paste mode off" pasted_plain
tui_type "fg"
tui_keys Enter
check "fg: the lesson again" tui_wait "step 1/6"
tui_keys Enter
tui_wait "Enter submits, Esc"
paste_file "$tui_tmp/esc"
check "fg: paste mode on again" tui_wait "The product overflows fp16Rq and then R q"
tui_keys Escape
tui_gone "Enter submits, Esc"
tui_keys q
tui_gone "step 1/6"

# ---- progress the store refuses: said, not dropped -----------------------------
# A store of 4096 records (its most) takes no new lesson.
rm -rf "$tui_state"
mkdir -p "$tui_state/fptutor"
awk 'BEGIN { print "fptutor-progress 1"
	for (i = 0; i < 4096; i++) printf "lesson x%04d 0 1 0 0 0 1700000000\n", i
	print "end 4096" }' >"$tui_state/fptutor/progress"
tui_start 80 24 "$L" --
tui_wait "Lessons"
tui_keys Enter
tui_wait "step 1/"
tui_keys PageDown
tui_wait "Step 2 of"
tui_keys q
check "full store: the warning on home" tui_wait "not recorded"
check "full store: it names the lesson" on_screen "progress of '"
tui_keys q
check "full store: q quits with status 0" status_is 0
check "full store: the warning on stderr too" sh -c \
    "tmux -S '$tui_sock' capture-pane -p -J -S -20 -t t | grep -F -q 'not recorded'"

# Home shows a step the lesson has: a finished record ends at the top, a
# lesson that shrank starts again from step 1.
rm -rf "$tui_state"
mkdir -p "$tui_state/fptutor"
cat >"$tui_state/fptutor/progress" <<EOF
fptutor-progress 1
lesson anatomy 5 5 1 1 1 1700000000
lesson overflow 999999 1000000 0 0 0 1700000000
end 2
EOF
tui_start 80 24 "$L" --
tui_wait "Lessons"
check "home: no step past the end" off_screen "step 6/5"
check "home: no step of a longer lesson" off_screen "1000000"
check "home: the shrunk lesson from step 1" on_screen "step 1/6"
tui_keys q
tui_exit_status >/dev/null

# No lessons on the search path: home says where it looked.
mkdir -p "$tui_tmp/empty"
here=$(pwd)
cd "$tui_tmp/empty" || exit 99
tui_start 80 24 "FPTUTOR_LESSON_PATH=$tui_tmp/empty" --
cd "$here" || exit 99
check "no lessons: home says so" tui_wait "No lessons found in $tui_tmp/empty"
check "no lessons: and what to do" on_screen "FPTUTOR_LESSON_PATH"
tui_keys q
tui_exit_status >/dev/null

tui_stop
finish
