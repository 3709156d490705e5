#!/bin/sh
# inspect.sh — `fptutor inspect` on files tests/mktensor writes (C, no
# Python): golden outputs (tests/golden/inspect/NAME.args holds the
# arguments, run in the fixture directory -> NAME.out, .err, .status),
# then the facts the JSON must hold and the bad files' exit statuses.
#
#   tests/inspect.sh            run (FPTUTOR and top_srcdir set by make check)
#   tests/inspect.sh --update   rewrite the golden files; review the diff
. "${top_srcdir:-.}/tests/lib.sh"

update=no
[ "${1:-}" = --update ] && update=yes
MKTENSOR=${MKTENSOR:-tests/mktensor}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-inspect.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/fix"
"$MKTENSOR" "$tmp/fix" || { fail "mktensor"; finish; exit 1; }
case $FPTUTOR in /*) ;; *) FPTUTOR=$(pwd)/$FPTUTOR ;; esac

golden="$top_srcdir/tests/golden/inspect"
for args in "$golden"/*.args; do
	base=${args%.args}
	name=${base##*/}
	a=$(cat "$args")
	(cd "$tmp/fix" && eval "\"\$FPTUTOR\" inspect $a") \
	    >"$tmp/out" 2>"$tmp/err"
	echo $? >"$tmp/status"
	if [ "$update" = yes ]; then
		cp "$tmp/out" "$base.out"
		cp "$tmp/status" "$base.status"
		if [ -s "$tmp/err" ]; then cp "$tmp/err" "$base.err"; else rm -f "$base.err"; fi
		continue
	fi
	: >"$tmp/noerr"
	ok=yes
	for part in out err status; do
		want=$base.$part
		[ -f "$want" ] || want=$tmp/noerr
		if ! cmp -s "$want" "$tmp/$part"; then
			ok=no
			echo "# inspect/$name: $part differs:"
			diff -u "$want" "$tmp/$part" | sed 's/^/# /' | head -40
		fi
	done
	[ $ok = yes ] && pass "golden inspect/$name" || fail "golden inspect/$name"
done
[ "$update" = yes ] && { echo "golden files rewritten"; exit 0; }

# ---- every bad file: one line naming it, exit 65, no crash ---------------
for f in truncated.safetensors short.safetensors header-too-long.safetensors \
    outside.safetensors overlap.safetensors dtype.safetensors \
    product.safetensors json.safetensors lies.npy npy-dtype.npy \
    npy-header-too-long.npy; do
	(cd "$tmp/fix" && "$FPTUTOR" inspect "$f") >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st -eq 65 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
	    grep -q "^$f: \(tensor [^:]*: \)\{0,1\}error: " "$tmp/err"; then
		pass "bad $f: $(cat "$tmp/err")"
	else
		fail "bad $f: status $st, stderr: $(cat "$tmp/err")"
	fi
done
# A bad file among good ones: the good ones are still shown, exit 65.
(cd "$tmp/fix" && "$FPTUTOR" inspect weights.npy lies.npy half.npy) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 65 ] && grep -q '^weights.npy: tensor weights$' "$tmp/out" &&
    grep -q '^half.npy: tensor half$' "$tmp/out" && pass "bad among good: 65, the rest shown" ||
    fail "bad among good: status $st"
# Missing file: 74.
"$FPTUTOR" inspect "$tmp/fix/none.npy" >/dev/null 2>"$tmp/err"
[ $? -eq 74 ] && grep -q "none.npy: error: cannot open" "$tmp/err" &&
    pass "missing file: 74" || fail "missing file"
# Usage errors: 2.
for a in "" "--format fp17 weights.npy" "--share 0 weights.npy" \
    "--share 101 weights.npy" "--tensor 'nomatch*' weights.npy" "--bogus x"; do
	(cd "$tmp/fix" && eval "\"\$FPTUTOR\" inspect $a") >/dev/null 2>&1
	st=$?
	[ $st -eq 2 ] && pass "usage '$a': 2" || fail "usage '$a': status $st"
done

# The inspect lab checks its file before the screen opens.
(cd "$tmp/fix" && "$FPTUTOR" lab inspect lies.npy) </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 65 ] && grep -q '^lies.npy: tensor lies: error: truncated' "$tmp/err" &&
    pass "lab inspect BAD: 65 before the screen" || fail "lab inspect BAD: $(cat "$tmp/err")"
(cd "$tmp/fix" && "$FPTUTOR" lab inspect none.npy) </dev/null >/dev/null 2>&1
[ $? -eq 74 ] && pass "lab inspect MISSING: 74" || fail "lab inspect MISSING"

# ---- facts on the JSON ----------------------------------------------------
# weights.npy holds 65504 and 70000 (in fp16 one overflows, the other not)
# and 1e-6 (an fp16 subnormal, not flushed).
j=$(cd "$tmp/fix" && "$FPTUTOR" inspect --json --format fp16 weights.npy)
case $j in
*'"fp16":{"flushed":0,"subnormal":1,"normal":9,"overflow":1,'*) pass "json: fp16 cast of weights.npy" ;;
*) fail "json: fp16 cast of weights.npy: $j" ;;
esac
case $j in
*'"zeros":1,'*'"max_abs":70000,'*) pass "json: zeros and max_abs" ;;
*) fail "json: zeros and max_abs: $j" ;;
esac

# ---- the lessons' dump is what `train --dump` writes ----------------------
"$FPTUTOR" train --mode fp32 --steps 1 --dump "$tmp/dump" >/dev/null &&
    cmp -s "$tmp/dump/fp32.safetensors" "$top_srcdir/lessons/data/toy-fp32.safetensors" &&
    pass "lessons/data/toy-fp32.safetensors is train --mode fp32 --steps 1 --dump" ||
    fail "lessons/data/toy-fp32.safetensors differs from train --dump"
j=$("$FPTUTOR" inspect --json --grad "$top_srcdir/lessons/data/toy-fp32.safetensors")
[ "$(printf '%s\n' "$j" | wc -l)" -eq 11 ] && pass "dump: 11 tensors" ||
    fail "dump: tensors: $(printf '%s\n' "$j" | wc -l)"
# The per-example hidden gradient: part flushes in fp16, a scale saves it.
case $(printf '%s\n' "$j" | grep '"tensor":"step1.grad_hidden"') in
*'"fp16":{"flushed":0,'*) fail "dump: nothing of grad_hidden flushes in fp16" ;;
*'"fp16":{"flushed":'*'"scale_log2":['*) pass "dump: grad_hidden flushes in fp16, a window exists" ;;
*) fail "dump: grad_hidden" ;;
esac
# train --dump into a place that cannot be written: 74.
"$FPTUTOR" train --steps 1 --dump /dev/null/x >/dev/null 2>"$tmp/err"
[ $? -eq 74 ] && grep -q -- '--dump: /dev/null/x: cannot create' "$tmp/err" &&
    pass "train --dump unwritable: 74" || fail "train --dump unwritable: $(cat "$tmp/err")"
finish
