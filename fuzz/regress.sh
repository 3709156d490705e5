#!/bin/sh
# regress.sh — replay, with the normal compiler, every input a fuzzer once
# broke on (fuzz/regress/TARGET/) and the seed corpora through the same
# entry points the fuzzers use (fuzz/replay_TARGET: fuzz/replay.c feeding
# fuzz/fuzz_TARGET.c).  A crash or a failed invariant fails the test.
. "${top_srcdir:-.}/tests/lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
for t in bits calc lesson grade progress npy safetensors; do
	prog=fuzz/replay_$t
	if [ ! -x "$prog" ]; then
		fail "$prog is not built"
		continue
	fi
	sh "$top_srcdir/fuzz/seeds.sh" "$t" "$tmp/$t" || fail "seeds for $t"
	set -- "$tmp/$t"
	[ -d "$top_srcdir/fuzz/regress/$t" ] && set -- "$@" "$top_srcdir/fuzz/regress/$t"
	if out=$(${FUZZ_WRAP:-} "$prog" "$@" 2>&1); then
		pass "fuzz $t: $(printf '%s\n' "$out" | tail -n 1)"
	else
		printf '%s\n' "$out" | tail -n 30 | sed 's/^/# /'
		fail "fuzz $t: an input crashed or broke an invariant"
	fi
done
finish
