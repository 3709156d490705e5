#!/bin/sh
# bench_bits.sh — how fast `fptutor bits --json -` converts a large batch.
#
#   bench/bench_bits.sh SRC_FPTUTOR     (run by `make bench`)
#
# Writes 1,000,000 deterministic values (awk, a Park-Miller generator: the
# same file with any POSIX awk) to a temp file: short and long decimals of
# every magnitude from 1e-12 to 1e12, both signs, integers, exact fp16 and
# bf16 ties, hex floats, and a few inf/nan/-0.  Times the JSON conversion
# (best of 3) and prints the figures against the goal; then one literal
# of a million digits, inside and beyond double's range.  A figure, not a
# test: the exit status is 0 unless the program could not run.  Leaves no
# files behind.
set -u
prog=${1:?usage: bench_bits.sh SRC_FPTUTOR}
n=1000000

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

awk -v n="$n" '
function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function pick(k) { return int(rnd() * k) }
BEGIN {
	seed = 20240601
	for (i = 0; i < n; i++) {
		s = rnd() < 0.4 ? "-" : ""
		k = pick(20)
		if (k < 8) {		# 1 to 9 significant digits, 1e-12..1e12
			v = (1 + 9 * rnd()) * 10 ^ (pick(25) - 12)
			printf "%s%." (1 + pick(9)) "g\n", s, v
		} else if (k < 11) {	# the realistic range 1e-8..1e5, 17 digits
			printf "%s%.17g\n", s, (1 + 9 * rnd()) * 10 ^ (pick(14) - 8)
		} else if (k < 13) {	# integers
			printf "%s%d\n", s, pick(200000)
		} else if (k < 15) {	# exact fp16 ties (2049 = 2048 + half an ulp)
			printf "%s%.25g\n", s, (2049 + 2 * pick(1024)) * 2 ^ (pick(30) - 25)
		} else if (k < 17) {	# exact bf16 ties
			printf "%s%.25g\n", s, (257 + 2 * pick(128)) * 2 ^ (pick(40) - 30)
		} else if (k < 19) {	# hex floats
			printf "%s0x1.%03xp%d\n", s, pick(4096), pick(60) - 30
		} else {
			j = pick(5)
			printf "%s\n", j == 0 ? "inf" : j == 1 ? "-nan" : j == 2 ? "-0" : \
			    j == 3 ? "2049.00000000000000000001" : "1e-8"
		}
	}
}' >"$tmp/values" || exit 1
lines=$(wc -l <"$tmp/values")

# Wall-clock seconds with nanoseconds: GNU date's %N.
now() { date +%s.%N; }
case $(now) in
*[!0-9.]* | *.) echo "bench_bits: needs a date(1) with %N; no figure"; exit 0 ;;
esac
# best_of FILE ARGS...: the best of 3 runs, in seconds, of the program
# with ARGS on FILE; nothing and status 1 (reported) when it fails.
best_of() {
	f=$1 b=
	shift
	for run in 1 2 3; do
		t0=$(now)
		"$prog" "$@" <"$f" >/dev/null 2>"$tmp/err" || {
			echo "bench_bits: $prog $* failed:" >&2
			head -5 "$tmp/err" >&2
			return 1
		}
		t1=$(now)
		b=$(echo "$t0 $t1 ${b:-}" | awk '{ d = $2 - $1; if ($3 != "" && $3 < d) d = $3; printf "%.3f", d }')
	done
	echo "$b"
}
best=$(best_of "$tmp/values" bits --json -) || exit 1
out=$("$prog" bits --json - <"$tmp/values" | wc -l)

echo "bits --json -: $lines values -> $out JSON lines (fp16, bf16)"
echo "  best of 3: $best s ($(echo "$lines $best" | awk '{ printf "%.0f", $1 / $2 }') values/s)"
echo "$best" | awk '{ printf "  goal: 1M values in under 1 s: %s\n", $1 < 1 ? "met" : "NOT met" }'

# One literal of a million digits, every format and the text view (the
# walk): 1 + 2^-11 + 10^-999999, read by strtod in place; and 7 repeated
# a million times, beyond double's range, read again exactly (GMP).
{ printf '1.00048828125'; head -c 999987 /dev/zero | tr '\0' 0; printf '1\n'; } >"$tmp/long"
{ head -c 1000000 /dev/zero | tr '\0' 7; printf '\n'; } >"$tmp/huge"
t_long=$(best_of "$tmp/long" bits -f all -) || exit 1
t_huge=$(best_of "$tmp/huge" bits -f all -) || exit 1
echo "bits -f all -: one literal of 10^6 digits, best of 3"
echo "  1 + 2^-11 + 10^-999999 (in double's range): $t_long s"
echo "  7 x 10^6 digits (beyond it, read exactly):  $t_huge s"
echo "$t_long $t_huge" | awk '{ printf "  goal: well under 1 s each: %s\n", $1 < 0.5 && $2 < 0.5 ? "met" : "NOT met" }'
exit 0
