#!/bin/sh
# layers.sh — check that src/ keeps its layers (doc/design.md, "Checking
# the layers").  From the bottom up:
#
#     fp  <  calc, train, grade, state, tensor  <  lesson  <  view  <  tui  <  cli
#
#   tools/layers.sh [--calls BUILDDIR] [--circles BUILDDIR] [SRCDIR]
#
# Over every .c and .h under SRCDIR (default: src beside this script):
#   - each #include "..." names its folder ("lesson/lesson.h"), a folder of
#     the list above, and a header that is there;
#   - no file includes a header of a folder above its own;
#   - neither the folders nor the files include each other in a circle;
#   - curses (<curses.h>, <ncurses...>, <term.h>, <panel.h>, <menu.h>,
#     <form.h>) is included under src/tui only.
# --calls BUILDDIR also reads the object files of BUILDDIR/src with nm:
#   - a function or variable is used only by its own folder or the folders
#     above it, and the folders do not call each other in a circle.
# --circles BUILDDIR lists the circles of the file graph (a file includes
# or calls another), each a set of files that all reach each other, and
# fails when there is one.
#
# Problems are printed as FILE:LINE: error: ... (FILE: error: ... for a
# call, WHAT: error: ... for a circle); the last line counts what was
# checked.  Exit status: 0 clean; 1 a problem; 2 usage.
set -u
LC_ALL=C
export LC_ALL

calls='' whole=''
while [ $# -gt 0 ]; do
	case $1 in
	--calls|--circles)
		[ $# -ge 2 ] || { echo "layers.sh: $1 needs a build tree" >&2; exit 2; }
		if [ "$1" = --calls ]; then calls=$2; else whole=$2; fi
		shift 2 ;;
	-h|--help) sed -n '2,24s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "layers.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -le 1 ] || { echo "layers.sh: one SRCDIR at most" >&2; exit 2; }
src=${1:-$(dirname "$0")/../src}
[ -d "$src" ] || { echo "layers.sh: no directory $src" >&2; exit 2; }
src=$(cd "$src" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
status=0

# The rank of each folder; the same rank means neither is above the other.
RANKS='fp=0 calc=1 train=1 grade=1 state=1 tensor=1 lesson=2 view=3 tui=4 cli=5'

(cd "$src" && find . -name '*.[ch]' | sed 's,^\./,,' | sort) >"$tmp/files"
[ -s "$tmp/files" ] || { echo "layers.sh: no sources under $src" >&2; exit 2; }

# Includes: the problems on stdout, "FROM TO" file edges in $tmp/inc.
(cd "$src" && awk -v ranks="$RANKS" -v edges="$tmp/inc" '
BEGIN {
	n = split(ranks, r, " ")
	for (i = 1; i <= n; i++) { split(r[i], kv, "="); rank[kv[1]] = kv[2] }
}
FNR == 1 {
	split(FILENAME, p, "/"); dir = p[1]
	if (!(dir in rank) || index(FILENAME, "/") == 0)
		printf "%s:1: error: not in a layer folder (%s)\n", FILENAME, ranks
}
/^[ \t]*#[ \t]*include[ \t]*</ {
	h = $0; sub(/^[^<]*</, "", h); sub(/>.*/, "", h)
	if (h ~ /^(n?cursesw?[.\/]|term\.h$|panel\.h$|menu\.h$|form\.h$)/ && dir != "tui")
		printf "%s:%d: error: <%s> outside src/tui\n", FILENAME, FNR, h
	next
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	nincludes++
	h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
	split(h, p, "/"); to = p[1]
	if (index(h, "/") == 0 || !(to in rank)) {
		printf "%s:%d: error: \"%s\" does not name its folder\n", FILENAME, FNR, h
		next
	}
	if ((getline line < h) < 0) {
		printf "%s:%d: error: \"%s\" is not in src\n", FILENAME, FNR, h
		next
	}
	close(h)
	if ((dir in rank) && rank[to] > rank[dir])
		printf "%s:%d: error: %s includes \"%s\", a layer above it\n",
		    FILENAME, FNR, dir, h
	print FILENAME, h > edges
}
END { printf "%d\n", nincludes > (edges ".n") }
' $(cat "$tmp/files")) >"$tmp/problems"
[ -f "$tmp/inc" ] || : >"$tmp/inc"

# folders FILE-EDGES: the folder edges of file edges, without self-edges.
folders() { awk '{ split($1, a, "/"); split($2, b, "/"); if (a[1] != b[1]) print a[1], b[1] }' "$1" | sort -u; }

# circles WHAT EDGES: each set of two or more nodes of EDGES ("FROM TO"
# lines) that all reach each other (Tarjan's strongly connected
# components), as an error line naming them in order.
circles() {
	awk '{ node[$1]; node[$2]; out[$1] = out[$1] " " $2 }
	function visit(v,    ws, k, i, w, c, comp) {
		idx[v] = low[v] = ++count; stack[++sp] = v; on[v] = 1
		k = split(out[v], ws, " ")
		for (i = 1; i <= k; i++) {
			w = ws[i]
			if (!(w in idx)) { visit(w); if (low[w] < low[v]) low[v] = low[w] }
			else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
		}
		if (low[v] == idx[v]) {
			c = 0; comp = ""
			do { w = stack[sp--]; on[w] = 0; c++; comp = comp " " w } while (w != v)
			if (c > 1) print c comp
		}
	}
	END { for (v in node) if (!(v in idx)) visit(v) }' "$2" |
	while read -r n members; do
		printf '%s: error: a circle of %d: %s\n' "$1" "$n" \
		    "$(printf '%s\n' $members | sort | tr '\n' ' ' | sed 's/ $//')"
	done | sort
}

folders "$tmp/inc" >"$tmp/inc.dirs"
circles "folders including each other" "$tmp/inc.dirs" >>"$tmp/problems"
circles "files including each other" "$tmp/inc" >>"$tmp/problems"
summary="$(wc -l <"$tmp/files") files, $(cat "$tmp/inc.n") includes, $(wc -l <"$tmp/inc.dirs") folder arrows"

# objects BUILDDIR: "FROM TO SYMBOL" for each function or variable one
# object file of BUILDDIR/src uses and another defines, named by their
# sources (automake names a target's object TARGET-NAME.o; it stands for
# NAME.c beside it).
objects() {
	b=$(cd "$1" 2>/dev/null && pwd) || { echo "layers.sh: no build tree $1" >&2; exit 2; }
	(cd "$b" && find src -name '*.o' | sort) | while read -r o; do
		s=${o#src/}; d=${s%/*}; f=${s##*/}; f=${f##*-}; f=$d/${f%.o}.c
		[ -f "$src/$f" ] && printf '%s %s\n' "$b/$o" "$f"
	done >"$tmp/objs"
	[ -s "$tmp/objs" ] || { echo "layers.sh: no objects under $1/src (make first)" >&2; exit 2; }
	awk '{ print $1 }' "$tmp/objs" | xargs nm -P -g -A >"$tmp/nm" 2>/dev/null ||
	    { echo "layers.sh: nm failed on $1/src" >&2; exit 1; }
	awk 'NR == FNR { src[$1 ":"] = $2; next }
	     { f = src[$1]; if (f == "") next }
	     $3 == "U" { use[f, $2] = 1; next }
	     { def[$2] = f }
	     END { for (k in use) { split(k, p, SUBSEP)
		     if ((p[2] in def) && def[p[2]] != p[1]) print p[1], def[p[2]], p[2] } }' \
	    "$tmp/objs" "$tmp/nm" | sort -u
}

if [ -n "$calls" ]; then
	objects "$calls" >"$tmp/uses" || exit $?
	awk '{ print $1, $2 }' "$tmp/uses" | sort -u >"$tmp/calls"
	folders "$tmp/calls" >"$tmp/calls.dirs"
	awk -v ranks="$RANKS" 'BEGIN { n = split(ranks, r, " ")
		for (i = 1; i <= n; i++) { split(r[i], kv, "="); rank[kv[1]] = kv[2] } }
	     { split($1, a, "/"); split($2, b, "/") }
	     rank[b[1]] > rank[a[1]] { print $1 ": error: uses " $3 " of " $2 ", a layer above it" }' \
	    "$tmp/uses" | sort >>"$tmp/problems"
	circles "folders calling each other" "$tmp/calls.dirs" >>"$tmp/problems"
	summary="$summary, $(wc -l <"$tmp/calls") file calls, $(wc -l <"$tmp/calls.dirs") folder calls"
fi

if [ -n "$whole" ]; then
	objects "$whole" >"$tmp/uses" || exit $?
	{ awk '{ print $1, $2 }' "$tmp/uses"; cat "$tmp/inc"; } | sort -u >"$tmp/all"
	circles "files that include or call each other" "$tmp/all" >"$tmp/circ"
	cat "$tmp/circ" >>"$tmp/problems"
	summary="$summary, $(wc -l <"$tmp/all") file arrows, $(wc -l <"$tmp/circ") circles"
fi

if [ -s "$tmp/problems" ]; then
	cat "$tmp/problems"
	status=1
fi
echo "layers: $summary; $(grep -c . "$tmp/problems") problems"
exit $status
