#!/bin/sh
# layers.sh — src/ keeps its layers (doc/design.md, "Checking the
# layers"): tools/layers.sh passes on the source and, with --calls, on the
# objects of this build; and on a copy of the tree with one fault planted
# at a time it fails, naming the fault: an include of a layer above, an
# include that does not name its folder, curses outside src/tui, two
# folders of one level including each other, and (from objects compiled
# here) a call into a layer above and two files calling each other.
. "${top_srcdir:-.}/tests/lib.sh"
: "${abs_top_builddir:?set by make check}"
layers=$top_srcdir/tools/layers.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

if out=$(sh "$layers" "$top_srcdir/src" 2>&1); then
	pass "the includes of src/ keep the layers (${out##*layers: })"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	fail "the includes of src/ break the layers"
fi
if out=$(sh "$layers" --calls "$abs_top_builddir" "$top_srcdir/src" 2>&1); then
	pass "the calls between the objects keep the layers (${out##*layers: })"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	fail "the calls between the objects of this build break the layers"
fi
if out=$(sh "$layers" --circles "$abs_top_builddir" "$top_srcdir/src" 2>&1); then
	pass "no two files of src/ need each other (${out##*layers: })"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	fail "the files of src/ form a circle"
fi

# caught WHAT EXPECTED [OPTION...]: tools/layers.sh OPTION... on the copy
# in $tmp/src fails and says EXPECTED.
caught() {
	what=$1 expected=$2
	shift 2
	out=$(sh "$layers" "$@" "$tmp/src" 2>&1)
	st=$?
	if [ "$st" -eq 1 ] && printf '%s\n' "$out" | grep -qF -- "$expected"; then
		pass "a planted fault is caught: $what"
	else
		printf '%s\n' "$out" | sed 's/^/# /'
		fail "a planted fault is not caught (status $st): $what"
	fi
}
# copy: the sources of src/ into $tmp/src, afresh.
copy() {
	rm -rf "$tmp/src"
	mkdir "$tmp/src"
	(cd "$top_srcdir/src" && find . -name '*.[ch]' | tar -cf - -T -) |
	    (cd "$tmp/src" && tar -xf -)
}
# plant FILE LINE: add LINE at the end of the copy's FILE.
plant() { printf '%s\n' "$2" >>"$tmp/src/$1"; }

copy
plant view/term.c '#include "tui/tui_int.h"'
caught "src/view including src/tui" 'view includes "tui/tui_int.h", a layer above it'
copy
plant lesson/model.c '#include "cli/cli.h"'
caught "src/lesson including src/cli" 'lesson includes "cli/cli.h", a layer above it'
copy
plant fp/format.c '#include "fp.h"'
caught "an include without its folder" '"fp.h" does not name its folder'
copy
plant fp/format.c '#include "fp/nosuch.h"'
caught "an include of a missing header" '"fp/nosuch.h" is not in src'
copy
plant lesson/priv.h '#include <curses.h>'
caught "curses in src/lesson" 'error: <curses.h> outside src/tui'
copy
plant calc/calc_int.h '#include "train/scaler.h"'
plant train/toy_int.h '#include "calc/calc.h"'
caught "src/calc and src/train including each other" 'a circle of 2: calc train'

# From objects compiled here: fp/planted.c calls view/planted.c, and
# fp/planted.c and fp/other.c call each other.
copy
cc=${CC:-cc}
mkdir -p "$tmp/build/src/fp" "$tmp/build/src/view"
printf 'int view_planted(void) { return 1; }\n' >"$tmp/src/view/planted.c"
printf '%s\n' 'int view_planted(void), fp_other(void);' \
    'int fp_planted(void) { return view_planted(); }' \
    'int fp_third(void) { return fp_other(); }' >"$tmp/src/fp/planted.c"
printf '%s\n' 'int fp_planted(void);' \
    'int fp_other(void) { return fp_planted(); }' >"$tmp/src/fp/other.c"
if "$cc" -c -o "$tmp/build/src/view/planted.o" "$tmp/src/view/planted.c" &&
    "$cc" -c -o "$tmp/build/src/fp/planted.o" "$tmp/src/fp/planted.c" &&
    "$cc" -c -o "$tmp/build/src/fp/other.o" "$tmp/src/fp/other.c"; then
	caught "src/fp calling src/view" \
	    'fp/planted.c: error: uses view_planted of view/planted.c, a layer above it' \
	    --calls "$tmp/build"
	caught "two files calling each other" \
	    'a circle of 2: fp/other.c fp/planted.c' --circles "$tmp/build"
else
	fail "cannot compile the planted objects with $cc"
fi
finish
