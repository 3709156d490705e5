#!/bin/sh
# hostile.sh — input meant to break the program: each case must end with
# a clear message on stderr, the documented exit status (doc/design.md,
# "The command line"), no crash, in bounded time (timeout 20 s) and memory
# (512 MB of address space, where the build allows a limit: a sanitizer build
# reserves terabytes of it and runs without).  The lesson files' own
# hostile cases (a 10 MB line, NUL bytes, invalid UTF-8, a directory, a
# FIFO, a symlink loop given to check-lesson) are in tests/lesson.sh; the
# bits command's in tests/cli.sh.  Here: the other commands and paths.
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-hostile.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
top=$(cd "$top_srcdir" && pwd)

limit=
command -v timeout >/dev/null 2>&1 && limit="timeout 20"
mem=
if (ulimit -v 524288 && "$FPTUTOR" --version) >/dev/null 2>&1; then
	mem="ulimit -v 524288;"
else
	echo "# no memory limit: this build does not run under ulimit -v"
fi

# run [<IN] ARGS...: fptutor with the limits; sets $st, $err (stderr), and
# leaves stdout in $tmp/o.
run() {
	sh -c "$mem exec $limit \"\$@\"" sh "$FPTUTOR" "$@" >"$tmp/o" 2>"$tmp/e"
	st=$?
	err=$(cat "$tmp/e")
}
# expect DESCRIPTION STATUS PATTERN: exit status and a line of stderr.
expect() {
	if [ "$st" -eq "$2" ] && printf '%s\n' "$err" | grep -q -e "$3"; then
		pass "$1"
	else
		fail "$1: status $st (want $2), stderr: $(printf '%s' "$err" | head -c 400)"
	fi
}
# with_path DIR ARGS...: run with FPTUTOR_LESSON_PATH=DIR.
with_path() {
	FPTUTOR_LESSON_PATH=$1
	export FPTUTOR_LESSON_PATH
	shift
	run "$@"
	unset FPTUTOR_LESSON_PATH
}
# repeat N STRING: STRING N times.
repeat() { awk -v n="$1" -v s="$2" 'BEGIN { while (n-- > 0) printf "%s", s }'; }

# ---- calc: deep nesting, long text, bad bytes ----------------------------
# 100,000 parentheses (the kernel caps one argument at 128 KiB, so the
# opening ones only): refused by length before any recursion.
run calc "$(repeat 100000 '(')1"
expect "calc: 100,000 nested parentheses" 65 "^fptutor: calc: .*expression too long"
# Within the length cap, the nesting cap speaks.
run calc "$(repeat 2000 '(')1$(repeat 2000 ')')"
expect "calc: 2,000 nested parentheses" 65 "^fptutor: calc: .*nested too deeply"
run calc "$(repeat 800 'exp(')1$(repeat 800 ')')"
expect "calc: 800 nested calls" 65 "^fptutor: calc: .*nested too deeply"
run calc "($(repeat 2000 '-')1)"
expect "calc: 2,000 unary minus signs" 65 "^fptutor: calc: .*nested too deeply"
run calc "[$(repeat 1000 '1,')1]"
[ "$st" -eq 0 ] && pass "calc: a 1,001-element vector" || fail "calc: a vector: status $st"
run calc "$(printf '1 + \377\376')"
expect "calc: invalid UTF-8 is named" 65 "unexpected byte 0xff (column 5)"
# A terminal escape in the expression is never echoed back raw.
run calc "$(printf '1 + \033]0;pwned\007 2')"
expect "calc: an escape sequence is refused" 65 "unexpected byte 0x1b"
if grep -q "$(printf '\033')" "$tmp/e"; then
	fail "calc: the escape byte was echoed to stderr"
else
	pass "calc: the escape byte is not echoed"
fi
run calc "$(printf '1 + \302\2332')"
grep -q "$(printf '\302\233')" "$tmp/e" && fail "calc: a C1 control was echoed" ||
	pass "calc: a C1 control (CSI) is not echoed"

# ---- user words echoed in messages: quoted, never raw ------------------
# no_raw DESCRIPTION: exit 2, and stderr holds no ESC or invalid byte.
esc=$(printf '\033')
no_raw() {
	if [ "$st" -eq 2 ] && ! grep -q "$esc" "$tmp/e" && ! grep -q "$(printf '\377')" "$tmp/e" &&
	    grep -q '\\x1b' "$tmp/e"; then
		pass "$1: quoted as \\x1b"
	else
		fail "$1: status $st, stderr: $(od -c "$tmp/e" | head -n 3)"
	fi
}
bad=$(printf -- '--x\033[2J\377')
for c in learn lab bits calc scaler train lessons play grade check-lesson help; do
	run "$c" "$bad" </dev/null
	no_raw "$c: an unknown option with an escape"
done
run "$bad";			no_raw "an unknown option with an escape"
run bits "$(printf -- '-\033')" 1;	no_raw "bits: an unknown short option that is an escape"
run play a "$(printf 'x\033[2J')";	no_raw "play: a second lesson with an escape"
run learn a "$(printf 'x\033[2J')";	no_raw "learn: a second lesson with an escape"
run lab "$(printf 'x\033[2J')";	no_raw "lab: an unknown lab with an escape"
run "$(printf 'x\033[2J')";	no_raw "an unknown command with an escape"
run help "$(printf 'x\033[2J')";	no_raw "help: an unknown command with an escape"
run bits -f "$(printf 'fp\033[2J')" 1;	no_raw "bits: an unknown format with an escape"
run calc -d "$(printf 'fp\033[2J')" 1;	no_raw "calc: an unknown dtype with an escape"
run lessons "$(printf 'x\033[2J')";	no_raw "lessons: an argument with an escape"
run grade "$(printf 'x\033[2J')" </dev/null;	no_raw "grade: a question id with an escape"

# ---- grade: a huge answer, NUL bytes, invalid UTF-8 ----------------------
cd "$top" || exit 1	# the shipped lessons are found as ./lessons
head -c 50000000 /dev/zero | tr '\0' 'a' >"$tmp/big"
run grade overflow <"$tmp/big"
expect "grade: a 50 MB answer is cut, with a warning" 1 \
	"^fptutor: grade: warning: the answer is longer than 64 KiB"
# The same from a pipe: only 64 KiB are read, the writer is not waited on.
head -c 50000000 /dev/zero | tr '\0' 'x' |
	sh -c "$mem exec $limit \"\$@\"" sh "$FPTUTOR" grade overflow >/dev/null 2>"$tmp/e"
st=$?; err=$(cat "$tmp/e")
expect "grade: a 50 MB answer on a pipe" 1 "longer than 64 KiB"
head -c 4000 /dev/zero >"$tmp/nul"
run grade overflow <"$tmp/nul"
[ "$st" -eq 1 ] && grep -q "^overflow: not yet (no answer)" "$tmp/o" &&
	pass "grade: an answer of NUL bytes is no answer" ||
	fail "grade: NUL bytes: status $st, $(head -n 1 "$tmp/o")"
printf 'fp16 overflows\0to inf \377\376 in the forward pass: 1e8 > 65504\n' >"$tmp/mixed"
run grade overflow <"$tmp/mixed"
if [ "$st" -le 1 ] && grep -q "^overflow: " "$tmp/o" && grep -q "overflow" "$tmp/o"; then
	pass "grade: NUL and invalid UTF-8 inside an answer are read as spaces"
else
	fail "grade: NUL and invalid UTF-8: status $st, $(head -n 1 "$tmp/o")"
fi
head -c 300000 /dev/urandom >"$tmp/random"
run grade softmax <"$tmp/random"
[ "$st" -le 1 ] && pass "grade: random bytes: status $st" || fail "grade: random bytes: status $st"
run grade "$(printf 'over\377flow')" </dev/null
expect "grade: a question id of bad bytes" 2 "unknown question id 'over\\\\xffflow'"

# ---- play: answers files of bad bytes ------------------------------------
printf 'overflow: a\0b\n' >"$tmp/nul.answers"
run play lessons/interview.lesson --answers "$tmp/nul.answers"
expect "play: a NUL byte in the answers file" 65 "nul.answers:1:12: error: NUL byte"
run play lessons/interview.lesson --answers "$tmp"
expect "play: an answers file that is a directory" 65 "not a regular file (a directory)"

# ---- lesson paths: '..', symlink loops, directories, FIFOs --------------
run play ..
expect "play ..: neither an id nor a path" 2 "'..' is neither a lesson id nor a path"
run play ../no-such.lesson
expect "play ../no-such.lesson: cannot open" 74 "no-such.lesson: error: cannot open"
run grade ../overflow </dev/null
expect "grade ../overflow: not a question id" 2 "unknown question id '../overflow'"
# A path with '..' in it is taken as it is written.
run check-lesson "tests/../lessons/interview.lesson"
[ "$st" -eq 0 ] && pass "a lesson path through '..' is read as written" ||
	fail "check-lesson tests/../lessons/interview.lesson: status $st"
with_path "$top/tests/../tests/lessons" play overflow-demo
[ "$st" -eq 1 ] && pass "a search path entry through '..'" ||
	fail "FPTUTOR_LESSON_PATH with '..': status $st, $err"

mkdir "$tmp/loop" "$tmp/dir"
ln -s loop2.lesson "$tmp/loop/loop1.lesson"
ln -s loop1.lesson "$tmp/loop/loop2.lesson"
ln -s self "$tmp/self"
run play "$tmp/loop/loop1.lesson"
expect "play: a symlink loop as the lesson" 74 "loop1.lesson: error: cannot open"
with_path "$tmp/loop" play loop1
expect "play ID: a symlink loop on the search path is named" 74 "loop1.lesson: error: cannot open"
with_path "$tmp/self" lessons
[ "$st" -eq 0 ] && grep -q "^interview " "$tmp/o" &&
	pass "lessons: a search path entry that is a symlink loop is skipped" ||
	fail "lessons with a looping search path entry: status $st, $err"
with_path "$tmp/loop" lessons
expect "lessons: looping lesson files are reported" 74 "loop1.lesson: error: cannot open"
grep -q "^interview " "$tmp/o" && pass "lessons: the other lessons are still listed" ||
	fail "lessons: the good lessons are missing"

mkdir "$tmp/dir/d.lesson"
run play "$tmp/dir/d.lesson"
expect "play: a directory as the lesson" 65 "d.lesson: error: not a regular file (a directory)"
with_path "$tmp/dir" play d
expect "play ID: a directory on the search path" 65 "not a regular file (a directory)"
if mkfifo "$tmp/dir/f.lesson" 2>/dev/null; then
	run play "$tmp/dir/f.lesson"
	expect "play: a FIFO as the lesson (no hang)" 65 "f.lesson: error: not a regular file"
	with_path "$tmp/dir" lessons
	expect "lessons: a FIFO on the search path (no hang)" 65 "f.lesson: error: not a regular file"
	with_path "$tmp/dir" grade overflow </dev/null
	[ "$st" -eq 1 ] && pass "grade: a FIFO on the search path (no hang)" ||
		fail "grade with a FIFO on the path: status $st, $err"
	run play lessons/interview.lesson --answers "$tmp/dir/f.lesson"
	expect "play: a FIFO as the answers file (no hang)" 65 "not a regular file"
fi
run play "$tmp/dir/none.lesson"
expect "play: a missing lesson" 74 "none.lesson: error: cannot open: No such file"
finish
