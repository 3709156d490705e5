#!/bin/sh
# bits_long.sh — `fptutor bits` on literals of a million digits: read
# whole and rounded once, the sticky bit set by a 1 in the 999999th place.
#
# The literals are made here: a halfway point of fp16 written out in
# decimal by awk (1 + 2^-11 lies halfway between fp16's 1 and 1 + 2^-10,
# 1 + 3 x 2^-11 between 1 + 2^-10 and 1 + 2^-9; awk's doubles print them
# exactly), then padded with zeros to 999999 places, plus or minus one
# unit of the last place.  A tie goes to the even neighbour; a hair above
# rounds up, a hair below down, whichever neighbour is even.  Also: the
# same in the JSON, through an argument as well as a line of standard
# input, and a literal of exactly 2 MiB read (one byte more is refused:
# tests/cli.sh).  How fast this is, is a figure of `make bench`
# (bench/bench_bits.sh), not a test.
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-long.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
places=999999
LC_ALL=C; export LC_ALL	# the text view's ASCII symbols: ->, ...

# repeat CHAR N: N copies of CHAR.
repeat() { head -c "$2" /dev/zero | tr '\0' "$1"; }
# exact K: 1 + K/2048 written out, every digit after the point (11).
exact() { awk -v k="$1" 'BEGIN { printf "%.11f", 1 + k / 2048 }'; }
# literal HALF SIGN: HALF to $places places, then +1, -1 or 0 in the last.
literal() {
	h=$1 n=$((places - 11))
	case $2 in
	+) printf '%s' "$h"; repeat 0 $((n - 1)); printf '1\n' ;;
	0) printf '%s' "$h"; repeat 0 "$n"; printf '\n' ;;
	-)	# ...75 - 10^-999999 = ...74999...9: the last digit of h is 5
		printf '%s' "${h%5}4"; repeat 9 "$n"; printf '\n' ;;
	esac
}
# bits_of FILE: the fp16 pattern `bits --json -` gives the literal in FILE.
bits_of() {
	"$FPTUTOR" bits --json -f fp16 - <"$1" |
	    sed -n 's/.*"bits":"\(0x[0-9a-f]*\)".*/\1/p'
}
# walk_of FILE: the guard/round/sticky line of the text view.
walk_of() {
	"$FPTUTOR" bits -f fp16 - <"$1" | sed -n 's/.*cut at .|.: //p'
}

h1=$(exact 1)	# between 0x3c00 (even) and 0x3c01
h3=$(exact 3)	# between 0x3c01 and 0x3c02 (even)
[ "$h1" = 1.00048828125 ] && [ "$h3" = 1.00146484375 ] &&
	pass "awk writes the halfway points out exactly" ||
	fail "awk's halfway points: $h1 $h3"

# check NAME HALF SIGN BITS WALK
check() {
	literal "$2" "$3" >"$tmp/v"
	len=$(wc -c <"$tmp/v")
	got=$(bits_of "$tmp/v")
	walk=$(walk_of "$tmp/v")
	if [ "$len" -ne $((places + 3)) ]; then
		fail "$1: the literal has $len bytes, want $((places + 3))"
	elif [ "$got" != "$4" ]; then
		fail "$1: bits $got, want $4"
	elif [ "$walk" != "$5" ]; then
		fail "$1: walk '$walk', want '$5'"
	else
		pass "$1: $4, $5"
	fi
}
check "1 + 2^-11 exactly, a tie: stays on even 1" "$h1" 0 0x3c00 \
	"guard 1, round 0, sticky 0 -> tie, stays even"
check "1 + 2^-11 + 10^-999999 rounds up" "$h1" + 0x3c01 \
	"guard 1, round 0, sticky 1 -> round up"
check "1 + 2^-11 - 10^-999999 rounds down" "$h1" - 0x3c00 \
	"guard 0, round 1, sticky 1 -> round down"
check "1 + 3 x 2^-11 exactly, a tie: up to even 0x3c02" "$h3" 0 0x3c02 \
	"guard 1, round 0, sticky 0 -> tie, rounds up to even"
check "1 + 3 x 2^-11 + 10^-999999 rounds up" "$h3" + 0x3c02 \
	"guard 1, round 0, sticky 1 -> round up"
check "1 + 3 x 2^-11 - 10^-999999 rounds down, off the even one" "$h3" - 0x3c01 \
	"guard 0, round 1, sticky 1 -> round down"

# The heading names a long literal by its ends and its length.
literal "$h1" + >"$tmp/v"
head=$("$FPTUTOR" bits -f fp16 - <"$tmp/v" | head -n 1)
case $head in
"1.00048828125000000000000000000000000000...000000000001 (1000001 bytes) in fp16: 1.0009765625, rounded up (normal)")
	pass "the heading: the literal's ends and its length" ;;
*)	fail "the heading: $head" ;;
esac
# The JSON echoes the input whole.
n=$("$FPTUTOR" bits --json -f fp16 - <"$tmp/v" | sed 's/.*"input":"\([0-9.]*\)".*/\1/' | wc -c)
[ "$n" -eq 1000002 ] && pass "JSON: the input whole" || fail "JSON: input of $n bytes"

# An argument takes the same bound (where the system lets one be that
# long: Linux caps a single argument at 128 KiB).
short=$(literal "$h1" - | head -c 100000)
got=$("$FPTUTOR" bits --json -f fp16 "$short" | sed -n 's/.*"bits":"\(0x[0-9a-f]*\)".*/\1/p')
[ "$got" = 0x3c00 ] && pass "a 100 kB argument: 1 + 2^-11 - a hair rounds down" ||
	fail "a 100 kB argument: got '$got'"

# 2 MiB exactly: 1.000...01 (2097152 bytes) is above 1 by 10^-2097150.
{ printf '1.'; repeat 0 2097149; printf '1\n'; } >"$tmp/v"
got=$(bits_of "$tmp/v")
walk=$(walk_of "$tmp/v")
[ "$got" = 0x3c00 ] && [ "$walk" = "guard 0, round 0, sticky 1 -> round down" ] &&
	pass "2 MiB exactly is read: 1 and a sticky bit" ||
	fail "2 MiB: bits '$got', walk '$walk'"
finish
