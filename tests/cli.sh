#!/bin/sh
# cli.sh — the command line as users meet it: golden files for whole
# outputs (tests/golden/*/NAME.cmd -> .out, .err, .status, optional .in),
# facts from doc/design.md, "What it teaches" checked on the JSON output,
# and bad input.  A missing .err means nothing on stderr.
#
#   tests/cli.sh            run (FPTUTOR and top_srcdir set by make check)
#   FPTUTOR_UPDATE_GOLDEN=1 rewrites the golden files that differ
#                           (tests/lib.sh); review the diff before
#                           committing it
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
export FPTUTOR

# ---- golden files --------------------------------------------------------
for cmd in "$top_srcdir"/tests/golden/*/*.cmd; do
	base=${cmd%.cmd}
	name=${base#"$top_srcdir"/tests/golden/}
	input=/dev/null
	[ -f "$base.in" ] && input=$base.in
	(cd "$top_srcdir/tests/golden" && sh "$cmd") <"$input" >"$tmp/out" 2>"$tmp/err"
	echo $? >"$tmp/status"
	ok=yes
	golden "$base.out" "$tmp/out" || ok=no
	golden -o "$base.err" "$tmp/err" || ok=no
	golden "$base.status" "$tmp/status" || ok=no
	[ $ok = yes ] && pass "golden $name" || fail "golden $name"
done

# ---- facts: the conversion rows of doc/design.md, "What it teaches" -----
# expect_json "ARGS" KEY VALUE: the first JSON line of `fptutor bits --json
# ARGS` has "KEY":"VALUE" (or "KEY":VALUE for numbers and arrays).
expect_json() {
	line=$($FPTUTOR bits --json $1 | head -n 1)
	case $line in
	*"\"$2\":\"$3\""* | *"\"$2\":$3,"* | *"\"$2\":$3}"*)
		pass "bits $1: $2 is $3" ;;
	*)	fail "bits $1: $2 should be $3 in: $line" ;;
	esac
}
expect_json "-f fp16 10000" value 10000
expect_json "-f fp16 10000" bits 0x70e2
expect_json "-f bf16 10000" value 9984
expect_json "-f bf16 99614720" value 99614720
expect_json "-f bf16 1e8" value 100139008
expect_json "-f fp32 1e8" value 100000000
expect_json "-f fp16 65504" bits 0x7bff
expect_json "-f fp16 65519.99" value 65504
expect_json "-f fp16 65520" value inf
expect_json "-f fp16 65520" flags '["inexact","overflow"]'
expect_json "-f fp16 1e8" value inf
expect_json "-f fp16 1e-8" value 0
expect_json "-f fp16 1e-8" flags '["inexact","underflow"]'
expect_json "-f bf16 1e-8" class normal
expect_json "-f fp32 1e-8" class normal
expect_json "-f fp16 1.024e-5" class subnormal
expect_json "-f fp16 0x1p-24" bits 0x0001
expect_json "-f fp16 0x1p-25" value 0
expect_json "-f fp16 2049.00000000000000000000001" value 2050
expect_json "-f fp16 2049" value 2048
expect_json "-f e4m3 448" bits 0x7e
expect_json "-f e4m3 464" value 448
expect_json "-f e4m3 480" value nan
expect_json "-f e4m3 inf" flags '["invalid"]'
expect_json "-f e5m2 57344" bits 0x7b
expect_json "-f e5m2 61440" value inf
expect_json "-f tf32 1" bits 0x1fc00
expect_json "-f fp16 -0" bits 0x8000
expect_json "--from-bits -f fp16 0x7bff" value 65504
expect_json "--from-bits -f fp16 0111101111111111" value 65504
expect_json "--from-bits -f bf16 0x7f80" class inf

# ---- bad input: message, exit status, nothing lost ---------------------
run bits foo;			expect "bad value names it, exits 65" 65 "not a number: 'foo'"
run bits 1e;			expect "1e is not a number" 65 "'1e' (at column 3)"
run bits -f fp99 1;		expect "unknown format is a usage error" 2 "unknown format 'fp99'"
run bits --frobnicate 1;	expect "unknown option is a usage error" 2 "unknown option '--frobnicate'"
run bits;			expect "no value is a usage error" 2 "no value given"
run frobnicate;			expect "unknown command is a usage error" 2 "unknown command 'frobnicate'"
run bits --from-bits -f fp16 0x17bff;	expect "too-wide pattern exits 65" 65 "not a 16-bit pattern of fp16"
run bits 1 foo 2 -f fp16 --json
expect "a bad argument does not stop the others" 65 "'foo'"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ] && pass "the good arguments are converted" ||
	fail "expected 2 JSON lines, got: $out"

printf '1\nfoo\n\n3\n' | "$FPTUTOR" bits --json -f fp16 - >"$tmp/o" 2>"$tmp/e"
st=$?; err=$(cat "$tmp/e")
expect "a bad stdin line is reported with its line" 65 "<stdin>:2:1: not a number: 'foo'"
[ "$(wc -l <"$tmp/o")" -eq 2 ] && pass "the other stdin lines are converted" ||
	fail "stdin: expected 2 lines of output"

printf '1\n2\0003\n4\n' | "$FPTUTOR" bits --json -f fp16 - >"$tmp/o" 2>"$tmp/e"
st=$?; err=$(cat "$tmp/e")
expect "a NUL byte is reported" 65 "<stdin>:2: contains a NUL byte"
[ "$(wc -l <"$tmp/o")" -eq 2 ] && pass "lines around a NUL are converted" ||
	fail "NUL: expected 2 lines of output"

printf '\377\376 1\n' | "$FPTUTOR" bits - >/dev/null 2>"$tmp/e"
st=$?; err=$(cat "$tmp/e")
expect "invalid UTF-8 is quoted as bytes" 65 "'\\\\xff\\\\xfe 1'"

# A literal may have 2 MiB (tests/bits_long.sh reads 10^6 digits); one
# byte more is refused, naming its length.
head -c 2097153 /dev/zero | tr '\0' 7 | "$FPTUTOR" bits - >/dev/null 2>"$tmp/e"
st=$?; err=$(cat "$tmp/e")
expect "a line of 2 MiB and a byte is refused" 65 \
	"<stdin>:1: value too long (2097153 bytes; at most 2097152)"

if [ -w /dev/full ]; then
	"$FPTUTOR" bits 1 >/dev/full 2>"$tmp/e"
	st=$?; err=$(cat "$tmp/e")
	expect "a write error exits 74" 74 "cannot write output"
fi

# Closed answers from a pipe: the newline echo adds, and blanks around the
# answer, are not part of it.  A wrong one fails as wrong, not as unreadable.
closed() {	# closed NAME QUESTION ANSWER STATUS GREP
	printf '%b' "$3" | "$FPTUTOR" grade "$2" >"$tmp/o" 2>&1
	st=$?
	if [ "$st" -eq "$4" ] && grep -q -- "$5" "$tmp/o" &&
	    ! grep -q "not one of the keys\|is not a number\|is not a 16-bit" "$tmp/o"; then
		pass "$1"
	else
		fail "$1: status $st: $(cat "$tmp/o")"
	fi
}
closed "echo B: the right choice passes" overflow-scale "B
" 0 "Right: B"
closed "echo A: a wrong choice fails as wrong" overflow-scale "A
" 1 "You chose A"
closed "a choice among blanks and CRLF" overflow-scale "  B \r
\r
" 0 "Right"
closed "an order from a pipe" amp-order " backward unscale clip step update
" 0 "pass"
closed "a number from a pipe" anatomy-max "65504
" 0 "Right"
closed "a bit pattern from a pipe" anatomy-max-bits "0x7bff
" 0 "Right"

# No lessons on the search path: said, with the directories, and status 2.
mkdir -p "$tmp/nolessons"
(cd "$tmp/nolessons" && FPTUTOR_LESSON_PATH="$tmp/nolessons" "$FPTUTOR" lessons \
    >"$tmp/o" 2>"$tmp/e")
st=$?; err=$(cat "$tmp/e")
expect "lessons: none found is status 2, naming the path" 2 \
    "no lessons found in $tmp/nolessons.*set FPTUTOR_LESSON_PATH"
# A mistyped id or directive: did you mean.
FPTUTOR_LESSON_PATH=$top_srcdir/lessons "$FPTUTOR" play overflw \
    >"$tmp/o" 2>"$tmp/e" </dev/null
st=$?; err=$(cat "$tmp/e")
expect "play overflw: did you mean 'overflow'" 2 "did you mean 'overflow'?"
FPTUTOR_LESSON_PATH=$top_srcdir/lessons "$FPTUTOR" play zzzzzzzz \
    >"$tmp/o" 2>"$tmp/e" </dev/null
st=$?; err=$(cat "$tmp/e")
case $err in
*"did you mean"*) fail "play zzzzzzzz: no far-fetched suggestion: $err" ;;
*)	pass "play zzzzzzzz: no far-fetched suggestion" ;;
esac

# Random bytes: any status but a crash (signals give 128 + n).
head -c 200000 /dev/urandom >"$tmp/random"
"$FPTUTOR" bits -f all - <"$tmp/random" >/dev/null 2>&1
st=$?
[ "$st" -eq 0 ] || [ "$st" -eq 65 ] && pass "random bytes on stdin: status $st" ||
	fail "random bytes on stdin: status $st"

finish
