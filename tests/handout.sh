#!/bin/sh
# handout.sh — `fptutor play LESSON --format markdown [--key]`: every
# shipped lesson's handout is read by a real CommonMark parser (cmark-gfm
# with the GFM table extension, to its XML tree), and the tree is checked
# against the lesson source and the engine's own `bits --json`:
#   - it parses, and it has one <table> per bits, round and calc block and
#     two per softmax block (counted in the .lesson file);
#   - one level-3 heading per @question, one level-2 heading per @step;
#   - every row of a bits or round table says what `fptutor bits --json`
#     says of that value in that format (value, bits, class);
#   - without --key no model answer is in it; with --key one per @answer.
. "${top_srcdir:-.}/tests/lib.sh"

if ! command -v cmark-gfm >/dev/null 2>&1; then
	echo "cmark-gfm not found: run ./bootstrap (Debian package cmark-gfm)" >&2
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-handout.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
FPTUTOR_LESSON_PATH="$top_srcdir/lessons"
export FPTUTOR_LESSON_PATH

# The body rows of the tables whose first header is "value": the text of
# each cell (code spans left out), tab-separated.
value_rows() {
	awk '
	/<table>/ { intab = 1; row = 0; keep = 0 }
	/<\/table>/ { intab = 0 }
	!intab { next }
	/<table_header>/ { hdr = 1; cell = 0 }
	/<\/table_header>/ { hdr = 0 }
	/<table_row>/ { row = 1; cell = 0; line = "" }
	/<table_cell>/ { cell++ }
	/<text xml:space="preserve">/ {
		t = $0
		sub(/.*<text xml:space="preserve">/, "", t)
		sub(/<\/text>.*/, "", t)
		if (hdr && cell == 1) keep = (t == "value")
		if (row && keep) line = line (line == "" ? "" : "\t") t
	}
	/<\/table_row>/ { if (keep) print line; row = 0 }
	' "$1"
}

for f in "$top_srcdir"/lessons/*.lesson; do
	id=$(basename "$f" .lesson)
	for key in "" --key; do
		"$FPTUTOR" play "$id" --format markdown $key >"$tmp/md" 2>"$tmp/err"
		st=$?
		if [ $st -ne 0 ] || [ -s "$tmp/err" ]; then
			fail "$id $key: exit $st: $(head -2 "$tmp/err")"
			continue
		fi
		if cmark-gfm -e table --to xml "$tmp/md" >"$tmp/xml" 2>"$tmp/err"; then
			pass "$id $key: the handout parses as CommonMark"
		else
			fail "$id $key: cmark-gfm: $(head -2 "$tmp/err")"
			continue
		fi
		want=$(( $(grep -c '^@\(bits\|round\|calc\) ' "$f") + 2 * $(grep -c '^@softmax ' "$f") ))
		got=$(grep -c '^ *<table>$' "$tmp/xml")
		[ "$got" -eq "$want" ] && pass "$id $key: $got tables, one per computed table" ||
			fail "$id $key: $got <table> elements, want $want"
		# a @drill block's N drills (3 when not given) are questions too
		drills=$(awk '/^@drill / { n = 3; for (i = 3; i <= NF; i++)
		    if ($i ~ /^[0-9]+$/) n = $i; s += n } END { print s + 0 }' "$f")
		want=$(( $(grep -c '^@question ' "$f") + drills ))
		got=$(grep -c '<heading level="3">' "$tmp/xml")
		[ "$got" -eq "$want" ] && pass "$id $key: $got questions" ||
			fail "$id $key: $got level-3 headings, want $want questions"
		want=$(grep -c '^@step ' "$f")
		got=$(grep -c '<heading level="2">' "$tmp/xml")
		[ "$got" -eq "$want" ] && pass "$id $key: $got steps" ||
			fail "$id $key: $got level-2 headings, want $want steps"
		got=$(grep -c 'preserve">Model answer:<' "$tmp/xml")
		want=0
		[ -n "$key" ] && want=$(( $(grep -c '^@answer' "$f") + drills ))
		[ "$got" -eq "$want" ] && pass "$id $key: $got model answers" ||
			fail "$id $key: $got model answers, want $want"
	done
	# the value tables against the engine
	value_rows "$tmp/xml" >"$tmp/rows"
	n=0
	bad=0
	while IFS='	' read -r value fmt stored hex class; do
		n=$((n + 1))
		j=$("$FPTUTOR" bits --json -f "$fmt" -- "$value" | head -n 1)
		case $j in
		*"\"bits\":\"$hex\""*"\"class\":\"$class\""*"\"value\":\"$stored\""*) ;;
		*)	bad=$((bad + 1)); echo "# $id: $value in $fmt: table says $stored $hex $class; bits: $j" ;;
		esac
	done <"$tmp/rows"
	if [ "$(grep -c '^@\(bits\|round\) ' "$f")" -gt 0 ] && [ $n -eq 0 ]; then
		fail "$id: no rows found in its value tables"
	else
		[ $bad -eq 0 ] && pass "$id: $n value-table rows agree with fptutor bits" ||
			fail "$id: $bad of $n value-table rows disagree with fptutor bits"
	fi
done

# A handout takes no answers; --key needs markdown.
"$FPTUTOR" play overflow --format markdown --answers /dev/null >/dev/null 2>&1
[ $? -eq 2 ] && pass "markdown with --answers is a usage error" || fail "markdown with --answers: not exit 2"
"$FPTUTOR" play overflow --key >/dev/null 2>&1
[ $? -eq 2 ] && pass "--key without markdown is a usage error" || fail "--key alone: not exit 2"
"$FPTUTOR" play overflow --format html >/dev/null 2>&1
[ $? -eq 2 ] && pass "--format html is a usage error" || fail "--format html: not exit 2"
finish
