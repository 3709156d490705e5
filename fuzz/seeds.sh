#!/bin/sh
# seeds.sh TARGET DIR — write the seed corpus of a fuzz target into DIR,
# one input per file, from what the project ships: the lessons (lesson),
# the expressions and values of the golden CLI tests (calc, bits), the
# labelled answers of tests/grade (grade, as "QUESTION-ID\nANSWER"),
# good and damaged progress files (progress), the tensor files of
# tests/mktensor (npy, safetensors; $MKTENSOR, default tests/mktensor), the
# class files of the golden tests with a format byte (class: 0 CSV, 1 JSON
# Lines).
# Expects $top_srcdir (default .).  Used by `make fuzz` and by the replay
# test (fuzz/regress.sh), so the seeds are replayed by `make check` too.
set -eu
top=${top_srcdir:-.}
target=$1
dir=$2
mkdir -p "$dir"
# One seed per distinct input, named by its checksum (so that pipelines,
# which run in subshells, need no shared counter).
put() {	# put [PREFIX-OCTAL] TEXT: one seed, no newline added
	if [ $# -eq 2 ]; then
		{ printf "\\$1"; printf '%s' "$2"; } >"$dir/tmp.$$"
	else
		printf '%s' "$1" >"$dir/tmp.$$"
	fi
	sum=$(cksum <"$dir/tmp.$$" | cut -d' ' -f1)
	mv "$dir/tmp.$$" "$dir/seed-$sum"
}
# The single-quoted arguments of the golden commands of one kind.
quoted() {
	sed -n "s/.*\$FPTUTOR\" $1 //p" "$top"/tests/golden/"$1"/*.cmd |
		grep -o "'[^']*'" | tr -d "'"
}
case $target in
lesson)
	for f in "$top"/lessons/*.lesson "$top"/tests/lessons/*.lesson \
	    "$top"/tests/lessons/bad/*.lesson; do
		[ -f "$f" ] || continue
		put "$(cat "$f")"
	done ;;
calc)
	# The policy byte (0 fp16, 6 autocast-fp16), then the expression.
	quoted calc | while IFS= read -r e; do
		put 000 "$e"
		put 006 "$e"
	done ;;
bits)
	for f in "$top"/tests/golden/bits/*.cmd "$top"/tests/golden/bits/*.in; do
		[ -f "$f" ] || continue
		tr ' \t' '\n\n' <"$f"
	done | grep -v -e '^-' -e FPTUTOR -e '^$' | tr -d "'\"" | sort -u |
	while IFS= read -r v; do put "$v"; done ;;
grade)
	# One awk for the 1,700 answers (a put for each, three processes,
	# was most of the replay test's time): one seed per distinct input,
	# as put makes them, named by its number instead.
	for f in "$top"/tests/grade/*.answers "$top"/tests/grade/*/*.answers; do
		[ -f "$f" ] && printf '%s\n' "$f"
	done | while IFS= read -r f; do
		q=${f##*/}
		printf '%s\n' "${q%.answers}"
		sed -n 's/^\(PASS\|FAIL\): //p' "$f" | sed 's/^/ /'
	done | awk -v dir="$dir" '
		!/^ / { q = $0; next }
		{ s = q "\n" substr($0, 2)
		  if (!(s in seen)) {
			seen[s] = 1
			f = dir "/seed-grade-" ++n
			printf "%s", s >f
			close(f)
		  } }' ;;
class)
	for f in "$top"/tests/golden/class/*.csv "$top"/tests/golden/class/*.in; do
		[ -f "$f" ] || continue
		put 000 "$(cat "$f")"
	done
	for f in "$top"/tests/golden/class/*.jsonl; do
		[ -f "$f" ] || continue
		put 001 "$(cat "$f")"
	done
	# rows the fuzz lesson (interview) has questions for
	put 000 'student,question,answer
ann,mock-overflow,"The product overflows fp16, so raise the loss scale."
ben,mock-next,A and C
ann,mock-next,"B"
'
	put 001 '{"student":"ann","question":"mock-softmax","answer":"exp(20) overflows; subtract the max"}
{"student":"ben","question":"mock-next","answer":"A, C"}
' ;;
progress)
	# Progress files: good ones of several shapes, and the damaged kinds
	# the store must set aside (a fuzzer mutates from both sides).
	h='fptutor-progress 1'
	put "$h
end 0
"
	put "$h
lesson overflow 2 6 0 3 5 1764000000 overflow bf16
lesson anatomy 4 5 1 4 4 1764000100
end 2
"
	put "$h
lesson a%20b%25c 0 1 0 0 0 5 q%20r
end 1
"
	put "$h
lesson a 1 2 0 0 0 5
"
	put "$h
lesson a 9 2 0 nan 0 5
end 1
"
	put "fptutor-progress 2
lesson overflow 2 6 0 3 5 1764000000 overflow-bf16
item question overflow:overflow-bf16 overflow relearn 0.40255000000000002 7.1948999999999996 1764000000 1764000000 1 1 1 0 0 1764000000
item drill round-1d0b14e4 drill-round review 3.173 5.282434422319005 1764259200 1764000000 1 0 1 1 0 1764000000
end 1 2
"
	put "fptutor-progress 2
end 0
"
	put "fptutor-progress 3
end 0 0
" ;;
npy|safetensors)
	# The files tests/mktensor writes (good and bad), and the lessons'
	# tensors; each file is one seed.
	"${MKTENSOR:-tests/mktensor}" "$dir" || exit 1
	for f in "$top"/lessons/*/*.safetensors; do
		[ -f "$f" ] && cp "$f" "$dir/"
	done
	for f in "$dir"/*.npy "$dir"/*.safetensors; do
		[ -f "$f" ] || continue
		case $target:$f in
		npy:*.npy | safetensors:*.safetensors) mv "$f" "$dir/seed-${f##*/}" ;;
		*) rm -f "$f" ;;
		esac
	done ;;
*)	echo "seeds.sh: unknown target '$target'" >&2; exit 2 ;;
esac
