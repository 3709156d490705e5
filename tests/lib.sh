# lib.sh — shared helpers for the shell tests: TAP-like pass/fail lines, a
# summary, and the one way every script compares (and rewrites) its golden
# files; sourced, not run.  Expects $FPTUTOR and $top_srcdir.
#
#   pass TEXT / fail TEXT     one result line
#   golden [-o] WANT GOT      compare the output in file GOT with the golden
#                             file WANT: 0 when equal, else the difference
#                             on "# " lines and 1.  -o: WANT may be absent,
#                             meaning an empty output.
#   run ARGS...               run $FPTUTOR ARGS: $st its status, $out and
#                             $err its stdout and stderr (through files
#                             in the script's $tmp)
#   expect TEXT STATUS RE     after run: pass when the status is STATUS and
#                             stderr matches the grep pattern RE
#   finish                    the summary; its status is the script's
#
# FPTUTOR_UPDATE_GOLDEN=1 in the environment turns every comparison into a
# rewrite: a golden file that differs (or is missing) is written from the
# output, named on a line "# updated: PATH" (with -o, an empty output
# removes it: "# removed: PATH"), and counts as equal; finish says how many.
# The other checks still run.  Review `git diff tests` before committing.
: "${FPTUTOR:?FPTUTOR must name the built program}"
: "${top_srcdir:=.}"
npass=0
nfail=0
golden_update=no
[ "${FPTUTOR_UPDATE_GOLDEN:-}" = 1 ] && golden_update=yes
golden_updated=0
golden_top=$(cd "$top_srcdir" && pwd)
pass() { npass=$((npass + 1)); printf 'ok %d - %s\n' $((npass + nfail)) "$1"; }
fail() { nfail=$((nfail + 1)); printf 'not ok %d - %s\n' $((npass + nfail)) "$1"; }

golden() {
	golden_opt=no
	[ "$1" = -o ] && { golden_opt=yes; shift; }
	if [ "$golden_opt" = yes ] && [ ! -e "$1" ]; then
		[ -s "$2" ] || return 0
	elif cmp -s "$1" "$2"; then
		return 0
	fi
	golden_name=${1#"$golden_top"/}
	golden_name=${golden_name#"$top_srcdir"/}
	if [ "$golden_update" = yes ]; then
		if [ "$golden_opt" = yes ] && [ ! -s "$2" ]; then
			rm -f "$1"
			echo "# removed: $golden_name"
		else
			mkdir -p "$(dirname "$1")" && cp "$2" "$1" || return 1
			echo "# updated: $golden_name"
		fi
		golden_updated=$((golden_updated + 1))
		return 0
	fi
	echo "# $golden_name differs:"
	if [ -e "$1" ]; then
		diff -u "$1" "$2"
	else
		diff -u /dev/null "$2"
	fi 2>&1 | head -60 | sed 's/^/# /'
	return 1
}

run() {
	"$FPTUTOR" "$@" >"$tmp/o" 2>"$tmp/e"
	st=$?
	out=$(cat "$tmp/o")
	err=$(cat "$tmp/e")
}
expect() {
	if [ "$st" -eq "$2" ] && printf '%s' "$err" | grep -q -e "$3"; then
		pass "$1"
	else
		fail "$1: status $st (want $2), stderr: $err"
	fi
}

finish() {
	[ "$golden_update" = yes ] &&
		echo "# FPTUTOR_UPDATE_GOLDEN: golden files rewritten: $golden_updated; review git diff"
	printf '%d passed, %d failed\n' "$npass" "$nfail"
	[ "$nfail" -eq 0 ]
}
