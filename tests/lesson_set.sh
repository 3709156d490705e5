#!/bin/sh
# lesson_set.sh — the shipped lessons (lessons/*.lesson) as a learner meets
# them:
#   1. check-lesson passes on each, without a warning;
#   2. `play` with the model answers (tests/golden/lessons/NAME.answers)
#      passes every question (exit 0), and with a wrong answer to every
#      question (NAME.wrong) passes none and exits 1;
#   3. the transcript with the model answers, in the C locale, is
#      tests/golden/lessons/NAME.out;
#   4. each lesson has a live block, at least two kinds of question, and a
#      hint for every question; a step's heading and opening prose fit one
#      80 x 24 screen, and no line the lesson writes is wider than 80;
#   5. question ids are unique across the set, and the five graded
#      interview questions live in the lessons of their topics;
#   6. every lesson is installed (lessons/local.mk or Makefile.am).
#
#   tests/lesson_set.sh    run (FPTUTOR and top_srcdir set by make check)
#   FPTUTOR_UPDATE_GOLDEN=1 rewrites the transcripts that differ
#                          (tests/lib.sh); review the diff
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-lessonset.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
top=$(cd "$top_srcdir" && pwd)
gold=$top/tests/golden/lessons
FPTUTOR_LESSON_PATH=$top/lessons
export FPTUTOR_LESSON_PATH

n=0
for f in "$top"/lessons/*.lesson; do
	name=${f##*/}
	name=${name%.lesson}
	n=$((n + 1))
	LC_ALL=C "$FPTUTOR" play "$name" --answers "$gold/$name.answers" \
	    >"$tmp/out" 2>"$tmp/err"
	st=$?

	# 1. valid, no warning
	if "$FPTUTOR" check-lesson -q "$f" 2>"$tmp/ck" && [ ! -s "$tmp/ck" ]; then
		pass "$name: check-lesson"
	else
		sed 's/^/# /' "$tmp/ck"
		fail "$name: check-lesson"
	fi

	# 2. the model answers pass, every question answered
	"$FPTUTOR" play "$name" --json --answers "$gold/$name.answers" >"$tmp/json" 2>&1
	if [ "$st" -eq 0 ] && [ ! -s "$tmp/err" ] &&
	    grep -q '"summary".*"pass":true' "$tmp/json"; then
		pass "$name: the model answers pass"
	else
		grep -v '"pass":true' "$tmp/json" | sed 's/^/# /' | head -5
		fail "$name: the model answers: exit $st"
	fi
	"$FPTUTOR" play "$name" --json --answers "$gold/$name.wrong" >"$tmp/wjson" 2>"$tmp/werr"
	wst=$?
	nq=$(grep -c '"question"' "$tmp/wjson")
	nans=$(grep -c '"answered":true' "$tmp/wjson")
	nright=$(grep -c '"question".*"pass":true' "$tmp/wjson")
	if [ "$wst" -eq 1 ] && [ "$nq" -gt 0 ] && [ "$nans" -eq "$nq" ] &&
	    [ "$nright" -eq 0 ] && [ ! -s "$tmp/werr" ]; then
		pass "$name: wrong answers fail ($nq of $nq)"
	else
		grep '"pass":true' "$tmp/wjson" | sed 's/^/# passed: /'
		fail "$name: wrong answers: exit $wst, $nans of $nq answered, $nright passed"
	fi

	# 3. the transcript
	if golden "$gold/$name.out" "$tmp/out"; then
		pass "$name: transcript"
	else
		fail "$name: transcript differs (FPTUTOR_UPDATE_GOLDEN=1, then review)"
	fi

	# 4. shape: blocks, question kinds, hints, screen sizes
	kinds=$(sed -n 's/^@question [^ ]* \([a-z]*\).*/\1/p' "$f" | sort -u | wc -l)
	nquest=$(grep -c '^@question ' "$f")
	blocks=$(grep -Ec '^@(bits|round|calc|scaling|softmax|scaler|plot|train)( |$)' "$f")
	nohint=$(awk '/^@question /{ if (q && !h) print q; q = $2; h = 0 }
	    /^@hint /{ h = 1 } END { if (q && !h) print q }' "$f")
	if [ "$kinds" -ge 2 ] && [ "$blocks" -ge 1 ] && [ -z "$nohint" ]; then
		pass "$name: $blocks blocks, $nquest questions of $kinds kinds, hints"
	else
		fail "$name: $blocks blocks, $kinds kinds of question, no hint: $nohint"
	fi
	# The view re-flows prose to 72 columns; a block's own view is the
	# engine's (skipped: from its "[kind]" heading to the next question or
	# step).  A step's heading and prose up to its first block or question
	# must fit 24 rows.
	LC_ALL=C.UTF-8 "$FPTUTOR" play "$name" --answers "$gold/$name.answers" 2>/dev/null |
	awk -v name="$name" '
	/^Step [0-9]+ of [0-9]+: / { inblock = 0; intro = 1; rows = 0; step = $0 }
	/^Question / || /^Summary$/ { inblock = 0; intro = 0 }
	/^\[[a-z]+\] / { inblock = 1; intro = 0 }
	intro { if (++rows > 22) { print name ": " step ": its prose runs past one screen"; bad = 1; intro = 0 } }
	!inblock && length($0) > 80 { print name ": wider than 80: " $0; bad = 1 }
	END { exit bad }' >"$tmp/shape"
	if [ $? -eq 0 ]; then
		pass "$name: fits 80 columns, prose of each step fits 24 rows"
	else
		sed 's/^/# /' "$tmp/shape"
		fail "$name: screen size"
	fi

	# 6. installed
	if grep -q "lessons/$name\.lesson" "$top/lessons/local.mk" "$top/Makefile.am"; then
		pass "$name: installed"
	else
		fail "$name: not listed in dist_lesson_DATA (lessons/local.mk)"
	fi
done
[ "$n" -ge 8 ] && pass "$n shipped lessons" || fail "only $n shipped lessons"

# 5. ids: `fptutor lessons` refuses a set with a shared question id; each
# graded interview question is asked by the lesson of its topic.
"$FPTUTOR" lessons --json >"$tmp/list" 2>"$tmp/lerr"
st=$?
if [ "$st" -eq 0 ] && [ ! -s "$tmp/lerr" ]; then
	pass "fptutor lessons lists the set"
else
	sed 's/^/# /' "$tmp/lerr"
	fail "fptutor lessons: exit $st"
fi
sed 's/.*"questions":\[\([^]]*\)\].*/\1/' "$tmp/list" | tr ',' '\n' |
    sort | uniq -d >"$tmp/dups"
[ -s "$tmp/dups" ] && fail "question ids asked twice: $(tr '\n' ' ' <"$tmp/dups")" ||
	pass "question ids are unique"
for pair in overflow:overflow underflow:underflow step-order:amp-step \
    softmax:softmax bf16:range-precision; do
	id=${pair%%:*}
	want=${pair#*:}
	got=$(grep "\"$id\"" "$tmp/list" | sed 's/^{"id":"\([^"]*\)".*/\1/' | tr '\n' ' ')
	[ "$got" = "$want " ] && pass "question $id is in lesson $want" ||
		fail "question $id is in: ${got:-no lesson} (want $want)"
done
finish
