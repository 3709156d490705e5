#!/bin/sh
# screenshot.sh — the picture of the tutor in README.md and doc/screen.html,
# made from the real program, never drawn by hand: fptutor runs in a private
# tmux server at 80x24 on the first step of the overflow lesson, two items
# in (the calc trace and the first question), and the screen is captured
# twice: as plain text (doc/screen.txt, which the README shows in a code
# block) and with its attributes, converted to HTML by aha (doc/screen.html).
#
#   tools/screenshot.sh [-o DIR]     write DIR/screen.txt and DIR/screen.html
#                                    (default: doc/ beside this script)
#
# FPTUTOR names the program (default: src/fptutor in the current directory,
# the build tree).  The run is the same everywhere: a fixed size, TERM,
# locale and lesson file, a progress directory of its own that starts
# empty, and nothing on the screen that depends on the clock.  After an
# intended change of that screen, run this from the build tree, review the
# diff, and paste doc/screen.txt into README.md (tests/docs.sh checks that
# all three agree).  Exit status: 0 written; 1 a step failed; 2 usage.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/doc
case ${1:-} in
-o) [ $# -eq 2 ] || { echo "usage: $0 [-o DIR]" >&2; exit 2; }; out=$2 ;;
'') ;;
*) echo "usage: $0 [-o DIR]" >&2; exit 2 ;;
esac
prog=${FPTUTOR:-src/fptutor}
case $prog in /*) ;; *) prog=$(pwd)/$prog ;; esac
for c in tmux aha; do
	command -v $c >/dev/null 2>&1 ||
	    { echo "$0: $c not found: run ./bootstrap (Debian package $c)" >&2; exit 1; }
done
[ -x "$prog" ] || { echo "$0: $prog is not built (make)" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-shot.XXXXXX")
sock=$tmp/sock
tm() { tmux -S "$sock" -f /dev/null "$@"; }
# On the way out, q ends the program (it saves its progress into $tmp
# first), which ends the session and the server; only then is $tmp removed.
cleanup() {
	tm send-keys -t s q >/dev/null 2>&1 || :
	n=100
	while tm has-session -t s >/dev/null 2>&1 && [ "$n" -gt 0 ]; do
		sleep 0.05
		n=$((n - 1))
	done
	tm kill-server >/dev/null 2>&1 || :
	rm -rf "$tmp" 2>/dev/null || { sleep 1; rm -rf "$tmp"; }
}
trap cleanup EXIT
trap 'exit 1' INT TERM
mkdir "$tmp/state"

# until TEXT is on the screen (10 s), then until two captures agree, so a
# frame is never taken half drawn.
settle() {
	n=200
	until tm capture-pane -p -t s | grep -F -q -- "$1"; do
		n=$((n - 1))
		[ "$n" -gt 0 ] || { echo "$0: '$1' never appeared" >&2; exit 1; }
		sleep 0.05
	done
	tm capture-pane -e -p -t s >"$tmp/a"
	n=200
	while sleep 0.1; tm capture-pane -e -p -t s >"$tmp/b"; ! cmp -s "$tmp/a" "$tmp/b"; do
		mv "$tmp/b" "$tmp/a"
		n=$((n - 1))
		[ "$n" -gt 0 ] || { echo "$0: the screen never settled" >&2; exit 1; }
	done
}

tm start-server \; new-session -d -s s -x 80 -y 24 \
    "exec env -u NO_COLOR -u LANGUAGE TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 \
    XDG_STATE_HOME='$tmp/state' FPTUTOR_LESSON_PATH='$top/lessons' \
    '$prog' learn overflow" >/dev/null
tm set-option -t s status off >/dev/null
settle 'Step 1 of 6'
settle 'Enter: type a number'	# the step asks first
tm send-keys -t s Right		# (the first says the question is not answered)
settle 'is not answered'
tm send-keys -t s Right
tm send-keys -t s Right
settle 'stays finite in bf16'	# then shows the walk that answers it

mkdir -p "$out"
tm capture-pane -p -t s >"$tmp/screen.txt"
tm capture-pane -e -p -t s |
    aha --black --title 'fptutor, the overflow lesson at 80x24' >"$tmp/screen.html"
[ "$(grep -c '' "$tmp/screen.txt")" -eq 24 ] ||
    { echo "$0: the capture is not 24 lines" >&2; exit 1; }
cp "$tmp/screen.txt" "$tmp/screen.html" "$out/"
echo "wrote $out/screen.txt and $out/screen.html"
