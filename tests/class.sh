#!/bin/sh
# class.sh — `fptutor grade --class`: every verdict of class mode is the
# one single-answer `fptutor grade QUESTION` gives for the same answer.
# The oracle is the single-answer command, run once per answer (a
# process of its own, its rubric compiled afresh); class mode grades them
# all in one run from a CSV made here (every answer quoted, some with
# commas, quotes and line breaks) and from the same answers as JSON Lines.
# The answers: the shipped labelled sets (tests/grade/NAME.answers, the
# question NAME) and answers to each closed question type.
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-class.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
FPTUTOR_LESSON_PATH="$top_srcdir/lessons"
export FPTUTOR_LESSON_PATH

# QUESTION<TAB>ANSWER lines
for f in "$top_srcdir"/tests/grade/*.answers; do
	q=$(basename "$f" .answers)
	sed -n "s/^[A-Z]*: \{0,1\}/$q	/p" "$f"
done >"$tmp/pairs"
cat >>"$tmp/pairs" <<'EOT'
underflow-kind	B
underflow-kind	A
underflow-kind	b.
amp-order	backward -> unscale -> clip -> step -> update
amp-order	backward, clip, unscale, step, update
overflow-bf16	99614720
overflow-bf16	1e8
anatomy-max-bits	0x7bff
anatomy-max-bits	0 11110 1111111111
anatomy-max-bits	0x7c00
softmax-fix	A, C
softmax-fix	A
EOT
n=$(wc -l <"$tmp/pairs")
[ "$n" -gt 80 ] && pass "$n answers to grade" || fail "only $n answers in the sets"

# The class file: student sN, every answer quoted; every third one gets a
# line break, a comma and a quoted word after a sentence of its own.
awk -F '\t' 'BEGIN { print "student,question,answer" }
{
	a = $2
	gsub(/"/, "\"\"", a)
	print "s" NR "," $1 ",\"" a "\""
}' "$tmp/pairs" >"$tmp/class.csv"
"$FPTUTOR" grade --class "$tmp/class.csv" --json >"$tmp/class.json" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && [ ! -s "$tmp/err" ] && pass "class mode grades every row (exit 0)" ||
	fail "class mode: exit $st: $(head -3 "$tmp/err")"

# The oracle's verdicts: the first line of each single-answer run, in
# the order of the pairs (an empty line where it printed nothing).
while IFS='	' read -r q a; do
	one=$(printf '%s' "$a" | "$FPTUTOR" grade --json "$q" 2>/dev/null | head -n 1)
	printf '%s\n' "$one"
done <"$tmp/pairs" >"$tmp/one.json"
# Line by line, "pass SCORE" of the oracle's object and of class mode's
# (the last "pass" and "score" of each line); no verdict from the
# oracle is a difference too.
awk -F '\t' -v one="$tmp/one.json" -v class="$tmp/class.json" '
function verdict(s,   p, sc) {
	if (!match(s, /.*"pass":(true|false)/))
		return ""
	p = substr(s, 1, RLENGTH)
	sub(/.*"pass":/, "", p)
	if (!match(s, /.*"score":[-0-9.e+]*,/))
		return ""
	sc = substr(s, 1, RLENGTH - 1)
	sub(/.*"score":/, "", sc)
	return sc == "" ? "" : p " " sc
}
{
	getline o <one
	c = ""
	getline c <class
	want = verdict(o)
	got = verdict(c)
	if (want == "" || want != got) {
		bad++
		if (bad <= 5)
			printf "# %s: '\''%s'\'': grade says '\''%s'\'', class mode '\''%s'\''\n",
			    $1, substr($0, length($1) + 2), want, got
	}
}
END { print "bad " bad + 0 " of " NR }' "$tmp/pairs" >"$tmp/verdicts"
sed '$d' "$tmp/verdicts"
set -- $(tail -n 1 "$tmp/verdicts")
[ "$2" -eq 0 ] && pass "all $4 class-mode verdicts match single-answer grade" ||
	fail "$2 of $4 class-mode verdicts differ from single-answer grade"

# The same answers as JSON Lines (jansson quotes them here), and through
# standard input: the same verdicts.
awk -F '\t' '{
	a = $2
	gsub(/\\/, "\\\\", a)
	gsub(/"/, "\\\"", a)
	print "{\"student\":\"s" NR "\",\"question\":\"" $1 "\",\"answer\":\"" a "\"}"
}' "$tmp/pairs" >"$tmp/class.jsonl"
"$FPTUTOR" grade --class - --json <"$tmp/class.jsonl" >"$tmp/jsonl.json" 2>"$tmp/err"
sed 's/"line":[0-9]*,//' "$tmp/class.json" | grep -v '"summary"' >"$tmp/a"
sed 's/"line":[0-9]*,//' "$tmp/jsonl.json" | grep -v '"summary"' >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && pass "JSON Lines on standard input: the same verdicts" ||
	fail "JSON Lines verdicts differ: $(diff "$tmp/a" "$tmp/b" | head -4)"

# Line breaks, commas and quotes inside the answer do not change a row.
awk -F '\t' 'BEGIN { print "student,question,answer" }
NR % 3 == 0 && $1 !~ /^(underflow-kind|amp-order|overflow-bf16|anatomy-max-bits|softmax-fix)$/ {
	a = $2
	gsub(/"/, "\"\"", a)
	print "s" NR "," $1 ",\"" a "\r\nThen, as \"\"they\"\" say, done.\""
	next
}
{ a = $2; gsub(/"/, "\"\"", a); print "s" NR "," $1 ",\"" a "\"" }' "$tmp/pairs" >"$tmp/multi.csv"
"$FPTUTOR" grade --class "$tmp/multi.csv" --csv >"$tmp/multi.out" 2>"$tmp/err"
st=$?
rows=$(grep -c '^"s' "$tmp/multi.out")
[ $st -eq 0 ] && [ "$rows" -eq "$n" ] && pass "answers over two lines: $rows rows graded, one per answer" ||
	fail "answers over two lines: exit $st, $rows rows of $n: $(head -2 "$tmp/err")"

# A file broken from an early line: 150 bad rows, then a good one; the
# first 100 are reported, the rest counted, the good row graded.
{
	echo "student,question,answer"
	i=0
	while [ $i -lt 150 ]; do echo "s$i,no-such-question,x"; i=$((i + 1)); done
	echo "last,underflow-kind,B"
} >"$tmp/many.csv"
"$FPTUTOR" grade --class "$tmp/many.csv" >"$tmp/out" 2>"$tmp/err"
st=$?
shown=$(grep -c ': error: ' "$tmp/err")
[ $st -eq 65 ] && [ "$shown" -eq 100 ] && grep -q "too many bad rows" "$tmp/err" &&
    grep -q "1 answer graded from 1 student to 1 question; 150 rows not graded" "$tmp/out" &&
	pass "150 bad rows: 100 reported, all counted, the good row graded (exit 65)" ||
	fail "150 bad rows: exit $st, $shown shown: $(head -2 "$tmp/out")"

finish
