#!/bin/sh
# lesson_literals.sh — every number the engine computes is interpolated in
# the shipped lessons, never typed.  A result such as 65504, 9984,
# 99614720, 1.0252e-5 or 0.731 written as a literal in a lesson's prose,
# title, summary, prompts, options, hints or model answers fails this
# test, and so does a bit count or a bias written out ("10 fraction bits",
# "bias 15").  Inputs (10000 × 10000, 1e-8, 65520) are typed, of course.
# Not checked: comments, rubrics (the grader must match what learners
# type), block and @value directives (their arguments are inputs) and
# whatever is between braces (what the engine is asked to compute).
#
# A number matches a result when, written with the significant digits the
# number has (at least two, or the result's /N), the result reads the
# same: 0.73 and 0.7311 match 0.7310586, 6.55e4 matches 65504; 1e-8 (one
# digit) matches nothing, and 1.0 is not 1.00010002 (which needs five).
#
#   tests/lesson_literals.sh [FILE...]   default: lessons/*.lesson
. "${top_srcdir:-.}/tests/lib.sh"

# Results the engine computes for the lessons' inputs, at full precision.
results='65504 9984 99614720 1.02519989e-5 1.00117177e-8 0.731058579
0.268941421 5.96046448e-8 6.10351562e-5 2.98023224e-8 3.38953139e38
3.40282347e38 4.85165195e8 1.78482301e8 9.765625e-4 7.8125e-3
6.55174255e-4 9.99717e-9 1.17549435e-38 448 57344 1.00010002/5
1.00100005/4 0.313261688 0.367879441 1.0009765625/4 0.99951171875/4
10008 9992 100139008 99680256'

# check FILE: print FILE:LINE: literal NUMBER (= RESULT) for each hit.
check() {
	awk -v results="$results" '
	BEGIN {
		nr = split(results, R, /[ \t\n]+/)
		for (i = 1; i <= nr; i++) {
			M[i] = 2
			if (R[i] ~ /\//) { M[i] = substr(R[i], index(R[i], "/") + 1) + 0; sub(/\/.*/, "", R[i]) }
		}
	}
	function sig(t,   m, d) {	# significant digits of a number token
		m = t; sub(/[eE].*/, "", m)
		d = m; gsub(/[^0-9]/, "", d); sub(/^0+/, "", d)
		if (m !~ /\./) sub(/0+$/, "", d)
		return length(d)
	}
	function scan(text,   t, n, v, i, k, s) {
		gsub(/\{\{/, "", text)
		gsub(/\{[^}]*\}/, " ", text)	# computed values: engine input
		while (match(text, /[0-9][0-9,]*(\.[0-9]+)?([eE][-+]?[0-9]+)?/)) {
			t = substr(text, RSTART, RLENGTH)
			pre = RSTART > 1 ? substr(text, RSTART - 1, 1) : ""
			text = substr(text, RSTART + RLENGTH)
			sub(/,$/, "", t)
			if (t ~ /,[0-9][0-9][0-9]/) gsub(/,/, "", t)	# 65,504
			else sub(/,.*/, "", t)
			if (pre ~ /[A-Za-z_^]/) continue	# fp16, 2^15, e4m3
			n = sig(t)
			if (n < 2) continue
			v = t + 0
			s = sprintf("%.*e", n - 1, v)
			for (i = 1; i <= nr; i++)
				if (R[i] != "" && n >= M[i] &&
				    sprintf("%.*e", n - 1, R[i] + 0) == s) {
					printf "%s:%d: literal %s (the engine computes %s)\n",
					    FILENAME, FNR, t, R[i]
					bad = 1
				}
		}
	}
	function words(text) {
		gsub(/\{[^}]*\}/, " ", text)
		if (tolower(text) ~ /(^|[^0-9.])[0-9]+ (exponent|fraction|mantissa|significand) bits/ ||
		    tolower(text) ~ /bias (of |is )?[0-9]/) {
			printf "%s:%d: a bit count or bias typed: %s\n", FILENAME, FNR, text
			bad = 1
		}
	}
	FNR == 1 { inrubric = 0 }
	inrubric { if ($0 ~ /^@end[ \t]*$/) inrubric = 0; next }
	/^@rubric/ { inrubric = 1; next }
	/^#/ { next }
	/^@(title|summary|step|hint|answer)([ \t]|$)/ {
		t = $0; sub(/^@[a-z]+[ \t]*/, "", t); scan(t); words(t); next
	}
	/^@option[ \t]/ {
		t = $0; sub(/^@option[ \t]+[^ \t]+[ \t]*/, "", t); scan(t); words(t); next
	}
	/^@/ { next }		# blocks, @value, @correct, ...: inputs
	{ t = $0; sub(/^\\/, "", t); scan(t); words(t) }
	END { exit bad }
	' "$1"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-literals.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ $# -eq 0 ]; then
	set -- "$top_srcdir"/lessons/*.lesson
	# The check itself must be able to fail: a lesson with typed results
	# (and an allowed input, rubric and comment) is caught, line by line.
	cat >"$tmp/typed.lesson" <<'EOF'
# 65504 in a comment is fine
@lesson typed
@title The largest fp16, 65504
@summary 10000 x 10000 and 1e-8 are inputs; 65520 too.
@step One
fp16 has 10 fraction bits; bf16 turns 10000 into 9,984.
@question typed-q text
What is the softmax of [20, 19]?
@option A About [0.73, 0.27].
@rubric
concept limit 1: 65504 | 0.731
@end
@hint It is {calc fp32: softmax([20, 19]) ~3}, or 1.0252e-05 in fp16.
@answer {max fp16} and {round bf16 10000} are computed.
@end
EOF
	check "$tmp/typed.lesson" >"$tmp/typed.out"
	want='3: literal 65504
6: literal 9984
6: a bit count
9: literal 0.73
9: literal 0.27
13: literal 1.0252e-05'
	got=$(sed 's/^[^:]*:\([0-9]*\): \(literal [^ ]*\|a bit count\).*/\1: \2/' "$tmp/typed.out")
	if [ "$got" = "$want" ]; then
		pass "the check finds typed results, and only those"
	else
		printf '# want:\n%s\n# got:\n%s\n' "$want" "$got" | sed 's/^/# /'
		fail "the check finds typed results, and only those"
	fi
fi

n=0
for f in "$@"; do
	n=$((n + 1))
	if check "$f" >"$tmp/out"; then
		pass "no typed results in ${f##*/}"
	else
		sed 's/^/# /' "$tmp/out"
		fail "${f##*/} types what the engine computes (interpolate it: {max fp16}, {calc ...})"
	fi
done
[ "$n" -gt 0 ] || fail "no lesson checked"
finish
