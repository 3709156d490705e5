#!/bin/sh
# tui.sh — the full-screen tutor driven through tmux (tests/tui_lib.sh):
# home, stepping the interview lesson, the bits walk, answering and
# feedback, choice and order questions, quitting and resuming, resizing
# below and above 80x24, NO_COLOR, the C locale, signals,
# Ctrl-Z, and the refusals that happen before the screen is touched.
#
#   tests/tui.sh     run (FPTUTOR and top_srcdir from make check); skipped
#                    (77) without tmux
#   FPTUTOR_UPDATE_GOLDEN=1 rewrites the screens of tests/golden/tui that
#                    differ (tests/lib.sh); review the diff before
#                    committing it
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/tui_lib.sh"

lessons=$top_srcdir/lessons
demo=$top_srcdir/tests/lessons/overflow-demo.lesson
L="FPTUTOR_LESSON_PATH=$lessons"

# ---- before the screen: not a terminal, bad lab, bad lesson --------------
out=$(FPTUTOR_LESSON_PATH=$lessons "$FPTUTOR" learn overflow </dev/null 2>&1)
st=$?
check "learn without a terminal: status 2" [ "$st" = 2 ]
check "learn without a terminal: the message" [ "$out" = \
    "fptutor: learn: standard input is not a terminal; use 'fptutor play' for scripted mode" ]
out=$("$FPTUTOR" lab nosuch </dev/null 2>&1)
st=$?
check "lab nosuch: usage error" [ "$st" = 2 ]
case $out in
*"no lab 'nosuch' (the labs: bits, calc, scaler, softmax, train, inspect)"*)
	pass "lab nosuch: lists the labs" ;;
*)	fail "lab nosuch: lists the labs"; echo "# $out" ;;
esac
# A program that ends at once can beat tmux to its own exit status, so a
# shell in the pane reports it.
in_shell() {	# in_shell COMMAND: a session running sh -c COMMAND (or sh -i)
	rm -rf "$tui_state"
	mkdir -p "$tui_state"
	tui_server 80 24 "env -u NO_COLOR TERM=xterm-256color \
LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME='$tui_state' \
FPTUTOR_LESSON_PATH='$lessons' PS1='$ ' $1"
}
in_shell "sh -c \"'$FPTUTOR' learn '$top_srcdir/tests/lessons/bad/bad-number.lesson'; echo status=\\\$?\""
check "a bad lesson: status 65" tui_wait "status=65"
check "a bad lesson: FILE:LINE:COL on the terminal" said "bad-number.lesson:6:21: error: "
check "a bad lesson: no screen drawn" off_screen "fptutor •"

tui_start 80 24 "$L" TERM=dumb -- learn overflow
check "TERM=dumb: refused with status 1" status_is 1
check "TERM=dumb: the reason, with the command" said "fptutor: learn: the terminal 'dumb' cannot move its cursor"
check "TERM=dumb: no progress recorded" [ ! -e "$tui_state/fptutor/progress" ]

# ---- home ---------------------------------------------------------------------
tui_start 80 24 "$L" --
check "home: drawn" tui_wait "Lessons"
tui_golden home
tui_keys '?'
check "home: ? opens the help" tui_wait "Help"
tui_keys x
check "home: any key closes the help" tui_gone "Help"
tui_keys q
check "home: q quits with status 0" status_is 0

# ---- learn overflow: the overflow step, answering, feedback ----------------
tui_start 80 24 "$L" -- learn overflow
check "learn: step 1 of 6" tui_wait "step 1/6"
check "learn: the step asks first (predict, then see)" tui_wait "Question overflow-bf16"
check "learn: the answer is not on screen yet" off_screen "[calc]"
tui_golden overflow-question
tui_keys Space Space Space	# the first says the question is not answered
check "learn: space walks on to the calc block" tui_wait "[calc]"
tui_golden overflow-prose
tui_keys Left
check "Left: back to the prose (past the block's frames)" tui_gone "[calc]"
tui_keys Left
check "Left again: back to the question alone" tui_gone "The exact product"
check "Left again: the question" on_screen "Question overflow-bf16"
tui_keys Enter
check "answer: Enter opens the editor" tui_wait "Enter submits, Esc"
tui_type "100000000"
tui_keys Escape
check "answer: Esc cancels" tui_gone "Enter submits, Esc"
check "answer: nothing graded after Esc" off_screen "PASSED"
# Pasted text: its tab and line break are spaces, and what follows the
# line break is typed, not run as keys (R would reveal, q would quit).
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "$(printf '1e8\tis\nR q')"
check "paste: the tab and the line break typed as spaces" tui_wait "1e8 is R q"
check "paste: still in the editor" on_screen "Enter submits, Esc"
check "paste: nothing revealed" off_screen "Model answer"
tui_keys Escape
tui_gone "Enter submits, Esc"
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "100000000"
tui_keys Enter
check "answer: a wrong number fails" tui_wait "NOT PASSED  score 0/1"
tui_keys H
check "answer: H shows a hint" tui_wait "Hint 1:"
tui_keys Enter
check "retry: the editor again, with the last answer" tui_wait "Enter submits, Esc"
tui_keys C-u
tui_type "99614720"
tui_keys Enter
check "retry: the right number passes, as practice" tui_wait "PASSED ON RETRY (practice: the first try counts)  score 1/1"
tui_golden overflow-feedback
tui_tmux capture-pane -e -p -t t >"$tui_tmp/color"
# a foreground colour: SGR 30-37 or 38;..., not 39 (the default)
fg=$(printf '\033')'\[([0-9]+;)*3[0-8][;m]'
check "colour: the verdict is coloured" grep -Eq "$fg" "$tui_tmp/color"

# The free-text question: graded by its rubric, the feedback in full.
tui_keys End
check "End: the last step" tui_wait "step 6/6"
press_until "Question overflow (free text)" l 6
check "the free-text overflow question" on_screen "Question overflow (free text)"
tui_keys Enter
tui_wait "Enter submits, Esc"
tui_type "10000 x 10000 = 1e8, far above the fp16 max of 65504, so the forward product overflows to inf. Raising the loss scale won't help: it only scales the loss before backward. Compute that op in fp32 or use bf16."
tui_keys Enter
check "free text: graded and passed" tui_wait "PASSED  score"
tui_golden overflow-text-feedback
tui_keys l
check "the end: the summary of the lesson" tui_wait "The end of the lesson"
check "the end: first tries are the score" on_screen "1 of 6 questions passed first try, 1 on retry"
check "the end: the key bar offers only back" on_screen "← back  ? help  q quit"

# ---- quit and resume ---------------------------------------------------------
tui_keys Home
check "Home: the first step" tui_wait "step 1/6"
tui_keys PageDown
check "PgDn: the next step" tui_wait "step 2/6"
tui_keys q
check "q: status 0" status_is 0
tui_start 80 24 "$L" --
check "home: stopped at step 2/6" tui_wait "stopped at step 2/6"
check "home: best score kept" on_screen "best "
tui_golden home-resume
tui_keys Enter
check "resume: Enter opens overflow at step 2" tui_wait "Step 2 of 6"
tui_keys q
tui_wait "Lessons"
tui_keys r
check "r: restarts at step 1" tui_wait "Step 1 of 6"
tui_keys q q
check "q q: back home, then out" status_is 0

# ---- a very long answer: the verdict in view, below 26 rows of answer ------
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_keys End
tui_wait "step 6/6"
press_until "Question overflow (free text)" l 6
tui_keys Enter
tui_wait "Enter submits, Esc"
# (as long as an answer may be: 1994 bytes, under TUI_ANSWER_MAX's 2000;
# what is typed past that is not taken, so its last word would never show)
long=$(i=0; while [ $i -lt 263 ]; do printf 'word%d ' $i; i=$((i + 1)); done)
tui_type "$long"
check "long answer: typed in whole" tui_wait "word262"
tui_keys Enter
check "long answer: the verdict on screen" tui_wait "NOT PASSED  score 0/"
check "long answer: how to retry on screen" on_screen "Enter tries again"
tui_keys q
tui_exit_status >/dev/null

# ---- a block taller than the screen: space shows the rest first ------------
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn amp-step
tui_wait "step 1/5"
tui_keys PageDown PageDown
tui_wait "step 3/5"
tui_keys l
check "tall block: more below" tui_wait "more"
check "tall block: its last event below the screen" off_screen "step 11  grew"
tui_keys Space
check "tall block: space shows the rest" tui_wait "step 11  grew"
check "tall block: still step 3" on_screen "step 3/5"
tui_keys Space
check "tall block: space again, the next step" tui_wait "step 4/5"
tui_keys q
tui_exit_status >/dev/null

# ---- the bits walk: 10000 in fp16, bf16 and fp32 -------------------------------
rm -rf "$tui_state"	# a new learner
tui_start 80 24 "$L" -- learn anatomy
tui_wait "step 1/5"
tui_keys PageDown PageDown PageDown
check "PgDn x3: the bf16, fp32 and fp8 step" tui_wait "step 4/5"
press_until "bit by bit" Space 6
tui_screen >"$tui_tmp/walk0"
tui_keys Space
check "bits walk: space lights the next bit" tui_changed "$tui_tmp/walk0"
tui_keys Space Space Space Space
# The sixth frame is the first with the exponent's sum complete.
check "bits walk: the exponent summed after its last bit" tui_wait "= 28 − bias 15 = 13"
# The walk's golden is recorded once the bits widget (src/tui/bitsw.c) is in.
if [ -f "$golden_dir/bits-walk.screen" ] || [ "$golden_update" = yes ]; then
	tui_golden bits-walk
else
	echo "# SKIP screen bits-walk: no golden recorded yet"
fi
tui_keys q
tui_exit_status >/dev/null

# ---- the rounding walk in a lesson: 10000 into bf16, then 1e8 into fp16 -------
# The bits block has 16 frames for fp16's exact 10000, then 16 + 3 for
# bf16's (the cut; guard, round and sticky; the decision): the 34th space
# shows guard/round/sticky, two more reach the next block.
rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_keys PageDown
tui_wait "step 2/6"
i=0
while [ $i -lt 34 ]; do tui_keys Space; i=$((i + 1)); done
check "lesson walk: bf16's rounding shows guard, round and sticky" \
	tui_wait "guard 0, round 1, sticky 0"
check "lesson walk: the heading of the value walked" \
	on_screen "10000 in bf16, bit by bit"
tui_golden lesson-round-walk
tui_keys Space Space
check "lesson walk: the next block starts with its heading" \
	tui_wait "1e8 in fp16, bit by bit"
tui_keys q
tui_exit_status >/dev/null

# ---- a progress file damaged while the tutor runs ---------------------------
# The save sets it aside and says where, on a warning of up to three rows
# (the message names two long paths); the program goes on.
rm -rf "$tui_state"
tui_start 80 24 "$L" --
tui_wait "Lessons"
tui_keys Enter
tui_wait "step 1/5"
tui_keys q
tui_wait "Lessons"
printf 'junk\n' >"$tui_state/fptutor/progress"
tui_keys Enter
tui_wait "step 1/5"
tui_keys q
check "damaged progress: the warning on home" tui_wait "was damaged"
check "damaged progress: where it went is on screen" on_screen "set aside as"
check "damaged progress: the junk kept byte for byte" \
	sh -c 'cat "$1"/fptutor/progress.damaged-* | cmp -s - "$2"' sh "$tui_state" \
	"$(printf 'junk\n' >"$tui_tmp/junk"; echo "$tui_tmp/junk")"
check "damaged progress: still running" on_screen "Up/Down choose"
tui_keys q
check "damaged progress: q quits with status 0" status_is 0

# ---- resize below 80x24 and back -----------------------------------------------
rm -rf "$tui_state"	# a new learner
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_screen >"$tui_tmp/before"
tui_resize 60 20
check "60x20: the size message" tui_wait "fptutor needs at least 80x24 (now 60x20)"
tui_golden too-small
tui_resize 80 24
check "80x24 again: the lesson is back" tui_wait "step 1/6"
check "80x24 again: the same screen" sh -c "tmux -S '$tui_sock' capture-pane -p -t t | cmp -s - '$tui_tmp/before'"
tui_keys q
tui_exit_status >/dev/null

# ---- NO_COLOR and the C locale --------------------------------------------------
rm -rf "$tui_state"	# a new learner
tui_start 80 24 "$L" NO_COLOR=1 -- learn overflow
tui_wait "step 1/6"
tui_keys Enter	# the step's first item is its question
tui_wait "Enter submits"
tui_type "5"
tui_keys Enter
check "NO_COLOR: the verdict in words" tui_wait "NOT PASSED"
tui_golden no-color-feedback
tui_tmux capture-pane -e -p -t t >"$tui_tmp/mono"
check "NO_COLOR: no colour at all" sh -c "! grep -Eq '$fg' '$tui_tmp/mono'"
tui_keys q
tui_exit_status >/dev/null

rm -rf "$tui_state"	# a new learner
tui_start 80 24 "$L" LANG=C LC_ALL=C -- learn overflow
check "C locale: drawn" tui_wait "step 1/6"
tui_keys Space Space
# the text the question held back: drawn only after the second Space (the
# question's title is on screen after the first, which a loaded machine
# could capture)
tui_wait "not the exact product"
tui_golden c-locale
check "C locale: ASCII only" sh -c "! tmux -S '$tui_sock' capture-pane -p -t t | LC_ALL=C grep -q '[^ -~]'"
tui_keys q
tui_exit_status >/dev/null

# ---- choice and order questions (a lesson given by path) --------------------
rm -rf "$tui_state"	# a new learner
tui_start 80 24 "$L" -- learn "$demo"
tui_wait "step 1/4"
tui_keys PageDown
tui_wait "step 2/4"
tui_keys l l
check "choice: the options" tui_wait "Press the letter"
tui_keys b
check "choice: b answers B (not passed)" tui_wait "NOT PASSED"
check "choice: retry by letter, not Enter" on_screen "Press another letter to try again"
tui_keys a
check "choice: a answers A (passed, as practice)" tui_wait "PASSED ON RETRY (practice: the first try counts)  score 1/1"
tui_keys PageDown
tui_wait "step 3/4"
tui_keys l l l l
check "order: the items" tui_wait "K/J move it"
# from step backward clip update unscale to backward unscale clip step update
tui_keys J Down Down Down K K K Down Down K
tui_keys Enter
check "order: moved into the right order" tui_wait "PASSED  score 1/1"
tui_golden order-passed
tui_keys H
check "H: the hint" tui_wait "Hint 1:"
tui_keys q
tui_exit_status >/dev/null

# ---- presenter mode: tests/tui_present.sh ------------------------------------

# ---- signals and Ctrl-Z ---------------------------------------------------------
rm -rf "$tui_state"	# a new learner
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_keys PageDown PageDown
tui_wait "step 3/6"
kill -TERM "$(tui_tmux display-message -p -t t '#{pane_pid}')"
check "SIGTERM: exit status 143" status_is 143
check "SIGTERM: the terminal restored (no frame left)" tui_gone "step 3/6" 2
tui_start 80 24 "$L" --
check "SIGTERM: progress saved" tui_wait "stopped at step 3/6"
tui_keys q
tui_exit_status >/dev/null

rm -rf "$tui_state"
tui_start 80 24 "$L" -- learn overflow
tui_wait "step 1/6"
tui_keys PageDown
tui_wait "step 2/6"
tui_keys C-c
check "Ctrl-C: exit status 130" status_is 130
tui_start 80 24 "$L" -- learn overflow
check "Ctrl-C: progress saved, resumed at step 2" tui_wait "step 2/6"
tui_keys q
tui_exit_status >/dev/null

# Ctrl-Z needs a shell with job control to stop and resume the program.
in_shell "sh -i"
tui_wait '$'
tui_type "'$FPTUTOR' learn overflow"
tui_keys Enter
tui_wait "step 1/6"
tui_keys C-z
check "Ctrl-Z: stopped, back at the shell" tui_wait "Stopped"
check "Ctrl-Z: the terminal restored" tui_gone "step 1/6"
tui_type "fg"
tui_keys Enter
check "fg: the lesson redrawn" tui_wait "step 1/6"
tui_keys l l l	# (the first l says the question is not answered)
check "fg: keys work again" tui_wait "[calc]"
tui_keys q
tui_gone "step 1/6"	# out of the alternate screen: the shell reads again
tui_type "echo status=\$?"
tui_keys Enter
check "fg: q quits with status 0" tui_wait "status=0"

tui_stop
finish
