#!/bin/sh
# lesson.sh — the lesson language from the outside:
#   1. every malformed lesson tests/lessons/bad/NAME.lesson gives exactly
#      the diagnostics beside it, NAME.diag (and exit 65, or 0 for
#      warn-*); that every message of the table (src/lesson/msg.def) is
#      shown by such a file is tests/check_lesson_msg's;
#   2. bad bytes and bad files never crash or hang, are rejected with a
#      located message, and nothing of them is played;
#   3. the example of fptutor-lesson(5) is a valid lesson and plays;
#   4. the search path: ids, shadowing, global question ids.
# The transcripts of `play` are golden files of tests/cli.sh
# (tests/golden/play).  FPTUTOR_UPDATE_GOLDEN=1 rewrites the .diag files
# (tests/lib.sh); review the diff.
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-lesson.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
top=$(cd "$top_srcdir" && pwd)
tests=$top/tests
# A hang is a failure: run with a time limit where the system has one.
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout 20"

# ---- 1. diagnostics ------------------------------------------------------
# Run from tests/, so that the file names in the messages are
# lessons/bad/NAME.lesson wherever the tree is.
cd "$tests" || exit 1
for f in lessons/bad/*.lesson; do
	name=${f##*/}
	name=${name%.lesson}
	$limit "$FPTUTOR" check-lesson -q "$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	{ cat "$tmp/err"; echo "exit $st"; } >"$tmp/got"
	case $name in warn-*) expect=0 ;; *) expect=65 ;; esac
	if [ "$st" -ne "$expect" ]; then
		fail "check-lesson $name: exit $st, want $expect"
	elif [ -s "$tmp/out" ]; then
		fail "check-lesson -q $name: printed on stdout"
	elif ! golden "$tests/lessons/bad/$name.diag" "$tmp/got"; then
		fail "check-lesson $name"
	else
		pass "check-lesson $name"
	fi
done
n=$(ls lessons/bad/*.lesson | wc -l)
[ "$n" -ge 30 ] && pass "$n malformed lessons" || fail "only $n malformed lessons"
# Each expected output sits beside its lesson: none without the other.
orphans=
for f in lessons/bad/*.diag; do
	[ -f "${f%.diag}.lesson" ] || orphans="$orphans $f"
done
[ -z "$orphans" ] && pass "every .diag has its .lesson" ||
	fail "a .diag without its .lesson:$orphans"
grep -q 'too many diagnostics' lessons/bad/*.diag &&
	pass "a golden shows 'too many diagnostics'" ||
	fail "no golden shows 'too many diagnostics'"

# ---- 2. bad bytes and bad files ------------------------------------------
# rejects DESCRIPTION PATTERN FILE: check-lesson and play exit 65 (or 74
# for what cannot be read) with PATTERN on stderr, play prints nothing.
rejects() {
	$limit "$FPTUTOR" check-lesson "$3" >"$tmp/o" 2>"$tmp/e"
	st=$?
	$limit "$FPTUTOR" play "$3" >"$tmp/po" 2>/dev/null
	pst=$?
	if [ "$st" -ne "${4:-65}" ] || [ "$pst" -ne "${4:-65}" ]; then
		fail "$1: check-lesson exit $st, play exit $pst (want ${4:-65})"
	elif ! grep -q -e "$2" "$tmp/e"; then
		fail "$1: no '$2' in: $(head -c 300 "$tmp/e")"
	elif [ -s "$tmp/po" ]; then
		fail "$1: play printed part of a bad lesson"
	else
		pass "$1"
	fi
}
good=$tests/lessons/overflow-demo.lesson
mkdir "$tmp/l"
{ printf '@lesson big\n@title T\n@summary S.\n\n@step One\n'
  head -c 10485760 /dev/zero | tr '\0' x; printf '\n'; } >"$tmp/l/big.lesson"
rejects "a 10 MB line" "big.lesson:6:4097: error: line longer than 4096 bytes" "$tmp/l/big.lesson"
{ cat "$good"; head -c 2000000 /dev/zero | tr '\0' '\n'; } >"$tmp/l/overflow-demo.lesson"
rejects "a file over 1 MiB" "overflow-demo.lesson:[0-9]*:1: error: the file is larger than 1048576 bytes" "$tmp/l/overflow-demo.lesson"
printf '@lesson nul\n@title T\000\n' >"$tmp/l/nul.lesson"
rejects "a NUL byte" "nul.lesson:2:9: error: NUL byte" "$tmp/l/nul.lesson"
printf '@lesson u\n@title \303\050\n' >"$tmp/l/u.lesson"
rejects "invalid UTF-8" "u.lesson:2:8: error: invalid UTF-8 (byte \\\\xc3)" "$tmp/l/u.lesson"
printf '@lesson s\n@title \355\240\200\n' >"$tmp/l/s.lesson"
rejects "a UTF-8 surrogate" "s.lesson:2:8: error: invalid UTF-8" "$tmp/l/s.lesson"
printf '@lesson c\n@title \302\233[2J\n' >"$tmp/l/c.lesson"
rejects "a C1 control (CSI), named as one" "c.lesson:2:8: error: C1 control character U+009B" "$tmp/l/c.lesson"
rejects "a directory" "error: not a regular file (a directory)" "$tmp/l"
rejects "a missing file" "nothing.lesson: error: cannot open" "$tmp/l/nothing.lesson" 74
ln -s loop1.lesson "$tmp/l/loop2.lesson"
ln -s loop2.lesson "$tmp/l/loop1.lesson"
rejects "a symlink loop" "loop1.lesson: error: cannot open" "$tmp/l/loop1.lesson" 74
if mkfifo "$tmp/l/fifo.lesson" 2>/dev/null; then
	rejects "a FIFO (no hang)" "error: not a regular file" "$tmp/l/fifo.lesson"
fi
[ -c /dev/zero ] && rejects "a device" "error: not a regular file" /dev/zero
mkdir "$tmp/l/sub"
cp "$tests/lessons/bad/nul-byte.lesson" "$tmp/l/nul-byte.lesson"
(cd "$tmp/l/sub" && $limit "$FPTUTOR" check-lesson ../nul-byte.lesson) >/dev/null 2>"$tmp/e"
grep -q '^\.\./nul-byte\.lesson:6:13: error: NUL byte' "$tmp/e" &&
	pass "a path with .. is read as given and located" ||
	fail "a path with ..: $(cat "$tmp/e")"

# Truncated anywhere: every prefix of the example (every 7th byte) is
# either a valid lesson or rejected with a located error; never a crash.
# One check-lesson reads them all, each prefix under the example's name
# in a directory of its own (tN/, N its length): a prefix that loads is
# "tN/overflow-demo.lesson: ok", one that does not has a located error
# of its own (the errors of the question ids the valid ones share come
# after every "ok" line and name only those).  Exit 0 or 65, nothing
# else: a crash, a sanitizer's report or a hang fails them all.
size=$(wc -c <"$good")
mkdir "$tmp/t"
at=1 dirs=
while [ "$at" -lt "$size" ]; do
	dirs="$dirs t$at"
	at=$((at + 7))
done
(cd "$tmp/t" && mkdir $dirs && for d in $dirs; do
	head -c "${d#t}" "$good" >"$d/overflow-demo.lesson"
	echo "$d/overflow-demo.lesson"
done >list && ${limit:+timeout 300} "$FPTUTOR" check-lesson $(cat list) >out 2>err)
st=$?
awk 'FILENAME ~ /list$/ { want[$0] = 1; next }
    FILENAME ~ /out$/ && sub(/: ok: .*/, "") { seen[$0] = 1; next }
    FILENAME ~ /err$/ && sub(/:[0-9]+:[0-9]+: error: .*/, "") { seen[$0] = 1 }
    END { for (f in want) if (!(f in seen)) print "# truncated at " f }' \
    "$tmp/t/list" "$tmp/t/out" "$tmp/t/err" | sed 's|/overflow-demo.lesson| (no ok, no located error)|; s|at t|at |' >"$tmp/t/bad"
n=$(wc -l <"$tmp/t/list")
if [ "$st" -ne 0 ] && [ "$st" -ne 65 ]; then
	fail "truncations: check-lesson exit $st: $(head -c 300 "$tmp/t/err")"
elif [ -s "$tmp/t/bad" ] || [ "$n" -lt 100 ]; then
	cat "$tmp/t/bad"
	fail "$(wc -l <"$tmp/t/bad") of $n truncations misbehaved"
else
	pass "every truncation ($n) is rejected with a located message"
fi

# Random bytes, and the example with random bytes spliced in.
i=0
while [ $i -lt 20 ]; do
	head -c 3000 /dev/urandom >"$tmp/l/r.lesson"
	$limit "$FPTUTOR" check-lesson "$tmp/l/r.lesson" >/dev/null 2>&1
	st=$?
	{ head -c 1500 "$good"; head -c 64 /dev/urandom; tail -c +1600 "$good"; } \
	    >"$tmp/l/overflow-demo.lesson"
	$limit "$FPTUTOR" play "$tmp/l/overflow-demo.lesson" >/dev/null 2>&1
	st2=$?
	if { [ $st -ne 65 ]; } || { [ $st2 -ne 65 ] && [ $st2 -ne 1 ]; }; then
		cp "$tmp/l/r.lesson" "$tmp/l/overflow-demo.lesson" "${TMPDIR:-/tmp}/" 2>/dev/null
		fail "random bytes: exit $st / $st2 (inputs kept in ${TMPDIR:-/tmp})"
		break
	fi
	i=$((i + 1))
done
[ $i -eq 20 ] && pass "random and spliced bytes: rejected or played, no crash"

# ---- 3. the man page's example -----------------------------------------
page=$top/man/fptutor-lesson.5
literal() {	# the Nth literal block of EXAMPLES, unescaped
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh DIAG/p' "$page" |
	awk -v want="$1" '/^\.Bd -literal/ { n++; on = n == want; next }
		/^\.Ed/ { on = 0 } on' |
	sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\&//g'
}
literal 1 >"$tmp/overflow-demo.lesson"
literal 2 >"$tmp/example.answers"
id=$(sed -n 's/^@lesson //p' "$tmp/overflow-demo.lesson")
if [ "$id" = overflow-demo ] && "$FPTUTOR" check-lesson -q "$tmp/overflow-demo.lesson" 2>"$tmp/e"; then
	pass "the example of fptutor-lesson(5) is a valid lesson"
else
	fail "the example of fptutor-lesson(5): $(cat "$tmp/e")"
fi
"$FPTUTOR" play "$tmp/overflow-demo.lesson" --answers "$tmp/example.answers" --json >"$tmp/o" 2>"$tmp/e"
st=$?
# Its answers pass every question but the free-text one (not graded yet).
if [ $st -eq 1 ] && [ "$(grep -c '"pass":true' "$tmp/o")" -eq 5 ] &&
    grep -q '"question":"demo-softmax".*"pass":false' "$tmp/o"; then
	pass "the example's answers file plays"
else
	fail "the example's answers: exit $st: $(cat "$tmp/o" "$tmp/e")"
fi

# ---- 4. finding lessons --------------------------------------------------
cd "$tmp" || exit 1		# no ./lessons here
mkdir "$tmp/a" "$tmp/b"
cp "$good" "$tmp/a/"
sed 's/^@title .*/@title Shadowed/' "$good" >"$tmp/b/overflow-demo.lesson"
sed -e 's/^@lesson .*/@lesson second/' -e 's/^@title .*/@title Second/' "$good" \
    >"$tmp/b/second.lesson"
FPTUTOR_LESSON_PATH=$tmp/a:$tmp/b "$FPTUTOR" lessons --json >"$tmp/o" 2>"$tmp/e"
st=$?
if [ $st -eq 65 ] && [ "$(wc -l <"$tmp/o")" -eq 2 ] &&
    ! grep -q Shadowed "$tmp/o" &&
    grep -q "second.lesson:[0-9]*:[0-9]*: error: question id 'demo-max-fp16' is also used by $tmp/a/overflow-demo.lesson" "$tmp/e"; then
	pass "lessons: the first directory wins; question ids are global"
else
	fail "lessons: exit $st: $(cat "$tmp/o" "$tmp/e")"
fi
FPTUTOR_LESSON_PATH=$tmp/a "$FPTUTOR" play overflow-demo --json >/dev/null 2>&1
[ $? -eq 1 ] && pass "play finds a lesson by id" || fail "play by id"
# b's second lesson defines the same question ids: play and grade refuse,
# naming both files.
FPTUTOR_LESSON_PATH=$tmp/b "$FPTUTOR" play overflow-demo --json >/dev/null 2>"$tmp/e"
st=$?
[ $st -eq 65 ] && grep -q "question id 'demo-[a-z0-9-]*' is defined twice on the lesson path, in $tmp/b/overflow-demo.lesson and in $tmp/b/second.lesson" "$tmp/e" &&
	pass "play refuses a question id defined twice, naming both files" ||
	fail "play with a clash: exit $st: $(cat "$tmp/e")"
echo "the product overflows" | FPTUTOR_LESSON_PATH=$tmp/b "$FPTUTOR" grade demo-softmax >/dev/null 2>"$tmp/e"
st=$?
# (grade finds the clash while it looks for the question's file, and says
# so as a diagnostic of the second file, naming the first)
[ $st -eq 65 ] && grep -q "question id 'demo-[a-z0-9-]*' is also used by" "$tmp/e" &&
    grep -q "$tmp/b/overflow-demo.lesson" "$tmp/e" && grep -q "$tmp/b/second.lesson" "$tmp/e" &&
	pass "grade refuses a question id defined twice, naming both files" ||
	fail "grade with a clash: exit $st: $(cat "$tmp/e")"
(cd "$tmp/a" && FPTUTOR_LESSON_PATH=$tmp/b "$FPTUTOR" play ..) >/dev/null 2>"$tmp/e"
st=$?
[ $st -eq 2 ] && grep -q "'..' is neither a lesson id nor a path" "$tmp/e" &&
	pass "'..' is not an id: nothing is looked up" || fail "play ..: exit $st"
"$FPTUTOR" check-lesson -q "$tmp/a/overflow-demo.lesson" "$tmp/b/second.lesson" 2>"$tmp/e"
st=$?
[ $st -eq 65 ] && grep -q "also used by" "$tmp/e" &&
	pass "check-lesson: question ids are unique across files" ||
	fail "check-lesson across files: exit $st"

finish
